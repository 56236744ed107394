"""Mark the FINAL task done: one byte changes, nothing else; atomically, under a lock.

The task reader records the byte offset of the state character inside the
FINAL task's ``[ ]``. The gate holds an exclusive ``flock`` on the lock file
``ralph-gate.lock`` in the repository's git directory while it judges and writes
(one lock per repository, so two gates never race on the task file or the log;
inside ``.git`` so that a gate stopped by bad input leaves the work tree as it
was; the task file itself is never opened for locking, since the rename below
replaces it). A
second gate waits for the lock up to a timeout, then stops with a one-line
error and writes nothing. Under the lock the task file is re-read and must be
byte-identical to what was judged, with the byte between ``[`` and ``]``. The
new bytes (that one byte set to ``x``) go to a temporary file, then a rename
(``core.atomic``); a symlinked task file is written through to its target, so
the link stays a link. CRLF, a BOM, Unicode and trailing notes are untouched
because no other byte is.

The byte may be `` `` (open), ``-`` (in progress) or ``~`` (queued); ``x`` or
``X`` means already marked and nothing is written (a second run is a no-op).
Anything else is doubtful input: refused with InputError, nothing written.
JSON task lists are never edited; the caller does not call this for them.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core.atomic import atomic_write_bytes
from ..core.errors import InputError
from ..core.specs.model import Task

LOCK_NAME = "ralph-gate.lock"  # in the git directory shared by the repository's worktrees
LOCK_TIMEOUT = 60.0  # seconds a second gate waits for the first
_POLL = 0.02
MARKABLE = (b" ", b"-", b"~")
MARKED = (b"x", b"X")


@contextmanager
def file_lock(lock_path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """An exclusive advisory lock on ``lock_path`` (created if needed), waited for up to
    ``timeout`` seconds; InputError when another process still holds it then."""
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as err:
                if err.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise
            if time.monotonic() >= deadline:
                raise InputError(
                    f"another ralph-gate held {lock_path.name} for {timeout:g}s; nothing was "
                    "written (run again, or give --lock-timeout more seconds)"
                )
            time.sleep(_POLL)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
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


def final_bytes(tasks_file: Path, task: Task, judged: bytes) -> bytes | None:
    """The task file's new bytes with FINAL marked; None when it is already marked.

    Call it under the lock. InputError when the file changed since it was judged or
    the offset is not a box.
    """
    try:
        current = tasks_file.read_bytes()
    except OSError as err:
        raise InputError(f"cannot re-read {tasks_file.name}: {err.strerror}") from None
    if current != judged:
        raise InputError(f"{tasks_file.name} changed while the gate was deciding; not marked")
    return marked_bytes(current, task, tasks_file.name)


def mark_final(tasks_file: Path, task: Task, judged: bytes, lock_path: Path) -> bool:
    """Take the lock and set FINAL's box to ``x``; True when the file changed, False when
    it was already marked (for callers that keep no log; the gate itself writes the log
    and the task file together, see ``cli``)."""
    with file_lock(lock_path):
        marked = final_bytes(tasks_file, task, judged)
        if marked is None:
            return False
        atomic_write_bytes(tasks_file, marked)
        return True
