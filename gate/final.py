"""Mark the FINAL task done: one byte changes, nothing else; atomically, under a lock.

The task reader records the byte offset of the state character inside the
FINAL task's ``[ ]``. Marking takes an exclusive ``flock`` on the lock file
``.ralph/gate.lock`` in the repository (one lock per repository, so two gates
for two specs never race on a shared file, and the task file itself is never
opened for locking, since the rename below replaces it), then re-reads the
task file and checks that it is byte-identical to what was judged and that the
byte sits between ``[`` and ``]``. The file is then written with that one byte
set to ``x`` through a temporary file and a rename. CRLF, a BOM, Unicode and
trailing notes are untouched because no other byte is.

The byte may be `` `` (open), ``-`` (in progress) or ``~`` (queued); ``x`` or
``X`` means already marked and nothing is written (a second run is a no-op).
Anything else is doubtful input: refused with InputError, nothing written.
JSON task lists are never edited; the caller does not call this for them.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core.atomic import atomic_write_bytes
from ..core.errors import InputError
from ..core.specs.model import Task

LOCK = Path(".ralph") / "gate.lock"
MARKABLE = (b" ", b"-", b"~")
MARKED = (b"x", b"X")


@contextmanager
def file_lock(lock_path: Path) -> Iterator[None]:
    """An exclusive advisory lock on ``lock_path`` (created if needed)."""
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def marked_bytes(data: bytes, task: Task, name: str) -> bytes | None:
    """``data`` with FINAL's box set to ``x``; None when already marked; InputError if doubtful."""
    at = task.box_offset
    if at is None:
        raise InputError(f"{name}: the FINAL task has no checkbox to mark")
    if not 0 < at < len(data) - 1 or data[at - 1 : at] != b"[" or data[at + 1 : at + 2] != b"]":
        raise InputError(f"{name}: FINAL's checkbox is not at the expected byte; not marked")
    state = data[at : at + 1]
    if state in MARKED:
        return None
    if state not in MARKABLE:
        raise InputError(f"{name}: FINAL's checkbox holds {state!r}, not a task state; not marked")
    return data[:at] + b"x" + data[at + 1 :]


def mark_final(tasks_file: Path, task: Task, judged: bytes, lock_path: Path) -> bool:
    """Set FINAL's box to ``x``; True when the file changed, False when it was already marked.

    InputError when the file changed since it was judged or the offset is not a box.
    """
    with file_lock(lock_path):
        try:
            current = tasks_file.read_bytes()
        except OSError as err:
            raise InputError(f"cannot re-read {tasks_file.name}: {err.strerror}") from None
        if current != judged:
            raise InputError(f"{tasks_file.name} changed while the gate was deciding; not marked")
        marked = marked_bytes(current, task, tasks_file.name)
        if marked is None:
            return False
        atomic_write_bytes(tasks_file, marked)
        return True
