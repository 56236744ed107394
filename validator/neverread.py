"""The one place that says which files the audit never reads.

Agent self-reports — progress logs, loop state, status lines of fix plans —
state the conclusions the audit must verify. Reading them would prime the
audit (and the LLM pass) with the agent's own claims, so they are dropped
from the change set and the fact store, and the LLM never sees them.
The tool's own reports are skipped too: a report is not evidence of itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePosixPath

_NAMES = frozenset(
    {
        "progress.txt",
        "progress.md",
        "fix_plan.md",
        "validation-report.md",
        "validation-report.json",
        "validation-report.sarif",
        "validation-report.junit.xml",
    }
)
# Folders of agent state, wherever they sit; ``.ralph/specs/`` is a spec location, not state.
_STATE_DIRS = (".ralph/", ".agent/logs/", ".agent/history/", ".claude/ralph-loop")
_KEPT = (".ralph/specs/",)
_FILES = frozenset({".claude/ralph-loop.local.md", ".agent/STEERING.md"})


def is_never_read(path: str) -> bool:
    """True for agent self-reports and the tool's own outputs (repo-relative POSIX path)."""
    posix = path[2:] if path.startswith("./") else path
    if PurePosixPath(posix).name in _NAMES or posix in _FILES:
        return True
    padded = "/" + posix
    if any(f"/{kept}" in padded for kept in _KEPT):
        return False
    return any(padded.startswith("/" + d) or f"/{d}" in padded for d in _STATE_DIRS)


def filter_readable(paths: Iterable[str]) -> list[str]:
    """The paths the audit may read, sorted, without repeats."""
    return sorted({p for p in paths if not is_never_read(p)})
