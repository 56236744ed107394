"""``.ralph/gate-log.jsonl``: one JSON line per decision; the stall counter reads it back.

Each line is a JSON object with sorted keys: ``time`` (ISO 8601 UTC; the log
may carry times, reports may not), ``spec``, ``head``, ``verdict``,
``exit_code``, ``reason``, ``report`` + ``report_sha256``, ``tasks`` +
``tasks_sha256`` (of the bytes judged) and ``final_marked``.

An append can be undone (``Appended.undo``: the file is cut back to its old
length, or removed when the append created it), so the gate can write its
log line and its FINAL mark together or not at all. A line left half-written
by a killed process is closed with a newline before the next one is added, so
every later line stays a JSON line (the stall counter skips the broken one).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..core.atomic import write_all
from ..core.bounded import json_loads

LOG = Path(".ralph") / "gate-log.jsonl"


def sha256_of(path: Path | None) -> str | None:
    """The file's sha256, or None when there is no such file."""
    if path is None or not path.is_file():
        return None
    return sha256_bytes(path.read_bytes())


def sha256_bytes(data: bytes) -> str:
    """The sha256 of ``data``, hex."""
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Appended:
    """One line added to the log; ``undo`` puts the file back as it was."""

    path: Path
    old_size: int
    created: bool

    def undo(self) -> None:
        """Cut the log back to its length before the append (remove it if the append made it)."""
        if self.created:
            self.path.unlink(missing_ok=True)
        else:
            os.truncate(self.path, self.old_size)


def append(repo: Path, entry: dict[str, object]) -> Appended:
    """Append one decision (with the current UTC time) as a JSON line, flushed to disk.

    When the write fails the file is left as it was and the OSError is raised."""
    path = repo / LOG
    path.parent.mkdir(parents=True, exist_ok=True)
    stamped = {"time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), **entry}
    line = (json.dumps(stamped, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
    created = not path.exists()
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        done = Appended(path, size, created)
        try:
            if size and os.pread(fd, 1, size - 1) != b"\n":
                line = b"\n" + line  # a line cut short by a killed gate stays on its own
            write_all(fd, line)
            os.fsync(fd)
        except BaseException:
            done.undo()
            raise
    finally:
        os.close(fd)
    return done


def stalls(repo: Path, spec: str, head: str) -> int:
    """How many of the latest decisions for ``spec`` in a row were INCOMPLETE/BLOCKED at ``head``.

    Entries for other specs are skipped; any other verdict or another HEAD ends
    the count. BLOCKED counts too, so a blocked loop stays blocked until a new
    commit (or until the work is complete)."""
    path = repo / LOG
    if not path.is_file():
        return 0
    count = 0
    for line in reversed(path.read_text(encoding="utf-8", errors="replace").splitlines()):
        try:
            entry = json_loads(line)
        except ValueError:
            continue
        if not isinstance(entry, dict) or entry.get("spec") != spec:
            continue
        if entry.get("head") != head or entry.get("verdict") not in ("INCOMPLETE", "BLOCKED"):
            break
        count += 1
    return count
