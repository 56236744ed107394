"""Is the report still about this code? Compare the commit it records with the work tree.

Rule (DESIGN §9, "stale"):

1. The commit the report describes is the HEAD sha its header records (or
   ``head`` of the JSON report beside it, see ``report_reader``).
2. A report that records no commit (hand-written) describes the last commit
   that changed the report file; a report that was never committed is
   compared with uncommitted changes only.
3. A recorded sha that git does not know makes the report stale.
4. The report is stale when any file that counts changed after that commit:
   in a commit since (``git diff <sha> HEAD``) or uncommitted now (modified,
   staged or untracked and not ignored).

Files that do not count: the report files themselves (any
``validation-report.*``), the task file(s) being judged (ticking boxes is not
a code change), and agent state that the validator never reads — ``.ralph/``
(cache, gate log, lock, loop state) except ``.ralph/specs/``, ``.agent/logs/``,
``progress.txt`` and ``progress.md``, and the temporary files of our atomic
writes of those (``.tasks.md.k3j9x_2a.tmp``: a gate or validator killed before its
rename leaves one; the gate removes the task file's own under its lock).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import PurePosixPath

from ..core.atomic import temp_target_name
from ..core.git import Git

AGENT_STATE_NAMES = ("progress.txt", "progress.md")


def counts(path: str, report: str | None, tasks: Collection[str]) -> bool:
    """True when a change to ``path`` can make the report stale."""
    posix = PurePosixPath(path)
    target = temp_target_name(posix.name)
    if target is not None and counts(str(posix.parent / target), report, tasks) is False:
        return False  # a leftover temporary file of a file that does not count either
    name = posix.name
    if path == report or path in tasks or name.startswith("validation-report."):
        return False
    if path.startswith(".ralph/") and not path.startswith(".ralph/specs/"):
        return False
    return not (path.startswith(".agent/logs/") or name in AGENT_STATE_NAMES)


def _describe(changed: list[str], since: str) -> str:
    more = f" and {len(changed) - 1} more file(s)" if len(changed) > 1 else ""
    return f"stale report: {changed[0]}{more} changed {since}"


def _counting(files: Iterable[str], report: str | None, tasks: Collection[str]) -> list[str]:
    return sorted(f for f in files if counts(f, report, tasks))


def why_stale(
    git: Git, recorded: str | None, report: str | None, tasks: Collection[str]
) -> str | None:
    """Why the report no longer describes the repository, or None when it still does.

    ``report`` and ``tasks`` are repo-relative POSIX paths (``report`` None when
    the report lies outside the repository).
    """
    if recorded is None:
        last = git.run("log", "-1", "--format=%H", "--", report).strip() if report else ""
        if not last:
            dirty = _counting(git.dirty_files(), report, tasks)
            if not dirty:
                return None
            return _describe(dirty, "(uncommitted; the report records no commit)")
        recorded = last
    if git.try_resolve(recorded) is None:
        return f"stale report: it describes commit {recorded[:12]}, unknown to this repository"
    changed = _counting(git.changed_since(recorded), report, tasks)
    return _describe(changed, f"after commit {recorded[:12]}") if changed else None
