"""Mark the FINAL task done: one byte changes, nothing else; atomically, under a lock.

The task reader records the byte offset of the state character inside the
FINAL task's ``[ ]``. Marking re-reads the file under the lock, checks that it
is byte-identical to what was judged and that the byte sits between ``[`` and
``]``, then writes the file with that one byte set to ``x`` through a temporary
file and a rename. CRLF, BOM, Unicode and trailing notes are untouched
because no other byte is. A second run finds ``x`` and writes nothing.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ralph_validate.core.atomic import atomic_write_bytes
from ralph_validate.core.errors import InputError
from ralph_validate.core.specs.model import Task


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


def mark_final(tasks_file: Path, task: Task, judged: bytes, lock_path: Path) -> bool:
    """Set FINAL's box to ``x``; True when the file changed, False when it was already marked.

    InputError when the file changed since it was judged or the offset is not a box.
    """
    if task.box_offset is None:
        raise InputError(f"{tasks_file.name}: the FINAL task has no checkbox to mark")
    with file_lock(lock_path):
        current = tasks_file.read_bytes()
        if current != judged:
            raise InputError(f"{tasks_file.name} changed while the gate was deciding; not marked")
        at = task.box_offset
        if (
            not (0 < at < len(current) - 1)
            or current[at - 1 : at] != b"["
            or (current[at + 1 : at + 2] != b"]")
        ):
            raise InputError(f"{tasks_file.name}: FINAL's checkbox is not at the expected byte")
        if current[at : at + 1] in (b"x", b"X"):
            return False
        atomic_write_bytes(tasks_file, current[:at] + b"x" + current[at + 1 :])
        return True
