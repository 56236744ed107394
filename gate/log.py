"""``.ralph/gate-log.jsonl``: one JSON line per decision; the stall counter reads it back.

Each line is a JSON object with sorted keys: ``time`` (ISO 8601 UTC; the log
may carry times, reports may not), ``spec``, ``head``, ``verdict``,
``exit_code``, ``reason``, ``report`` + ``report_sha256``, ``tasks`` +
``tasks_sha256`` (of the bytes judged) and ``final_marked``.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path

LOG = Path(".ralph") / "gate-log.jsonl"


def sha256_of(path: Path | None) -> str | None:
    """The file's sha256, or None when there is no such file."""
    if path is None or not path.is_file():
        return None
    return sha256_bytes(path.read_bytes())


def sha256_bytes(data: bytes) -> str:
    """The sha256 of ``data``, hex."""
    return hashlib.sha256(data).hexdigest()


def append(repo: Path, entry: dict[str, object]) -> None:
    """Append one decision (with the current UTC time) as a JSON line."""
    path = repo / LOG
    path.parent.mkdir(parents=True, exist_ok=True)
    stamped = {"time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), **entry}
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(stamped, ensure_ascii=False, sort_keys=True) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


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
            entry = json.loads(line)
        except ValueError:
            continue
        if not isinstance(entry, dict) or entry.get("spec") != spec:
            continue
        if entry.get("head") != head or entry.get("verdict") not in ("INCOMPLETE", "BLOCKED"):
            break
        count += 1
    return count
