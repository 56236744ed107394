"""``ralph-gate``: decide completion from the report, the task list and git (DESIGN §9).

``ralph-gate [--repo DIR] --spec NAME|PATH [--report F] [--tasks F] [--strict] [--json]
[--max-stalls N] [--lock-timeout SECONDS]``

``--report`` defaults to ``<spec folder>/validation-report.md``, ``--tasks`` to
the spec's task file; relative paths are taken from the current directory.
``--max-stalls`` defaults to the spec's ``max_rejections`` (goalkeeper
contracts), else 3. Exit codes: 0 COMPLETE or COMPLETE-WITH-GAPS, 1
INCOMPLETE, 2 BLOCKED or bad input, 3 COMPLETE-WITH-GAPS with ``--strict``.
The printed output is described in ``output``, staleness in ``staleness``,
FINAL marking in ``final``, the decision log in ``log``.

Bad input (not a git repository, unknown spec, unreadable or unparseable task
list, a report that is not a Markdown report, two FINAL tasks to mark) is one
line on stderr, ``ralph-gate: error: ...``, exit 2, and nothing is written: no
FINAL mark, no log entry.

One gate at a time per repository: the gate first takes ``ralph-gate.lock`` in
the git directory (waiting up to ``--lock-timeout`` seconds, default 60, then
exit 2 with a one-line message), so a second gate judges what the first wrote;
it then removes the task file's leftover temporary files (``.tasks.md.*.tmp`` of
our own naming, left by a gate killed before its rename) and judges. Its writes
are ordered so that a failure leaves every file as it was: the marked task file
is first written to a temporary file, then the log line is appended, then the
rename; a failed rename cuts the log line off again. A failed write is exit 2
with one line and nothing changed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.atomic import Staged, stage_bytes, stale_temps
from ..core.errors import InputError
from ..core.git import Git
from ..core.specs import find_spec, read_task_file
from ..core.specs.model import Spec, Task, Unread
from . import log, output
from .decide import Verdict, decide
from .final import LOCK_NAME, LOCK_TIMEOUT, file_lock, final_bytes
from .report_reader import ParsedReport, ReportUnavailable, read_report
from .staleness import why_stale

DEFAULT_MAX_STALLS = 3
REPORT_NAME = "validation-report.md"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(message)


def build_parser() -> argparse.ArgumentParser:
    """The gate's arguments."""
    p = _Parser(prog="ralph-gate", description="Decide completion by fixed rules.")
    p.add_argument("--repo", type=Path, default=Path("."), help="repository (default: .)")
    p.add_argument("--spec", required=True, help="spec NAME or PATH")
    p.add_argument("--report", type=Path, help=f"report (default: <spec folder>/{REPORT_NAME})")
    p.add_argument("--tasks", type=Path, help="task list (default: the spec's)")
    p.add_argument("--strict", action="store_true", help="exit 3 on COMPLETE-WITH-GAPS")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--max-stalls",
        type=int,
        help=f"the Nth INCOMPLETE at one HEAD is BLOCKED (default: {DEFAULT_MAX_STALLS})",
    )
    p.add_argument(
        "--lock-timeout",
        type=float,
        default=LOCK_TIMEOUT,
        help=f"seconds to wait for another gate of this repository (default: {LOCK_TIMEOUT:g})",
    )
    return p


def _relative(repo: Path, path: Path) -> str | None:
    """``path`` relative to the repository (POSIX), or None when it lies outside."""
    try:
        resolved = path.resolve()
    except (RuntimeError, OSError):  # a symlink loop (ELOOP), or a path the OS refuses
        raise InputError(f"{path.name} is a symlink loop or cannot be resolved") from None
    return resolved.relative_to(repo).as_posix() if resolved.is_relative_to(repo) else None


@dataclass(frozen=True)
class TaskList:
    """The judged task file: its path, the exact bytes judged and the tasks they hold."""

    path: Path
    rel: str
    data: bytes
    tasks: tuple[Task, ...]
    unread: tuple[Unread, ...]

    @property
    def editable(self) -> bool:
        """Markdown lists get FINAL marked; JSON lists (no box offsets) are never edited."""
        return any(t.box_offset is not None for t in self.tasks)


def _read_bytes(path: Path, rel: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read the task list {rel}: {err.strerror}") from None


def load_task_list(repo: Path, path: Path) -> TaskList:
    """Read the task file once and parse exactly those bytes (re-read to be sure)."""
    rel = _relative(repo, path)
    if rel is None:
        raise InputError(f"task list {path} is outside the repository")
    before = _read_bytes(path, rel)
    tasks, unread = read_task_file(repo, path)
    if _read_bytes(path, rel) != before:
        raise InputError(f"{rel} changed while it was read; run the gate again")
    return TaskList(path, rel, before, tasks, unread)


def _final_task(task_list: TaskList) -> Task | None:
    finals = [t for t in task_list.tasks if t.final]
    if len(finals) > 1:
        lines = ", ".join(str(t.line) for t in finals)
        raise InputError(f"{task_list.rel} has {len(finals)} FINAL tasks (lines {lines})")
    return finals[0] if finals else None


def _absolute(path: Path) -> Path:
    return path if path.is_absolute() else Path.cwd() / path


def _judge_report(git: Git, path: Path, judged: set[str]) -> tuple[ParsedReport | None, str | None]:
    """The parsed report and why it cannot be used (missing, unreadable, stale), if so."""
    try:
        parsed = read_report(path)
    except ReportUnavailable as err:
        return None, err.message
    rel = _relative(git.root, path)
    if rel is None and parsed.head is None:
        return parsed, f"report {path.name} is outside the repository and records no commit"
    return parsed, why_stale(git, parsed.head, rel, judged)


def _max_stalls(given: int | None, from_spec: int | None) -> int:
    cap = given if given is not None else from_spec
    cap = cap if cap is not None else DEFAULT_MAX_STALLS
    if cap < 1:
        raise InputError(f"--max-stalls must be at least 1 (got {cap})")
    return cap


@dataclass(frozen=True)
class Decision:
    """One judgement of the inputs, and what it would write."""

    verdict: Verdict
    task_list: TaskList | None
    final: Task | None
    report_path: Path


def _judge(git: Git, head: str, spec: Spec, args: argparse.Namespace, cap: int) -> Decision:
    """Read the task list and the report, and apply the decision table; writes nothing."""
    repo = git.root.resolve()
    tasks_file = _absolute(args.tasks) if args.tasks is not None else None
    if tasks_file is None and spec.tasks_file is not None:
        tasks_file = repo / spec.tasks_file
    task_list = load_task_list(repo, tasks_file) if tasks_file is not None else None
    tasks = task_list.tasks if task_list is not None else ()
    final = _final_task(task_list) if task_list is not None and task_list.editable else None
    spec_dir = repo / spec.path
    spec_dir = spec_dir if spec_dir.is_dir() else spec_dir.parent
    report_path = _absolute(args.report) if args.report is not None else spec_dir / REPORT_NAME
    judged = _judged_paths(repo, task_list)
    parsed, problem = _judge_report(git, report_path, judged)
    unread = list(spec.requirements_unread)
    unread += task_list.unread if task_list is not None else ()
    unread = list(dict.fromkeys(unread))  # a JSON list is both the requirements and the tasks
    stalls = log.stalls(repo, spec.name, head)
    verdict = decide(tasks, parsed, problem, stalls, cap, args.strict, unread)
    return Decision(verdict, task_list, final, report_path)


def _judged_paths(repo: Path, task_list: TaskList | None) -> set[str]:
    """The task file's target (``rel``) and, when it is a symlink, the link's own path:
    edits to either are ticks, not code changes."""
    if task_list is None:
        return set()
    link = Path(os.path.abspath(task_list.path))
    named = link.relative_to(repo).as_posix() if link.is_relative_to(repo) else None
    return {task_list.rel, *([named] if named else [])}


def _lock_path(git: Git) -> Path:
    """The gate's lock file, in the git directory all worktrees share."""
    common = Path(git.run("rev-parse", "--git-common-dir").strip())
    return (common if common.is_absolute() else git.root / common) / LOCK_NAME


def _remove_leftovers(repo: Path, spec: Spec, tasks: Path | None) -> None:
    """Delete the temporary files a killed gate left beside the task file (our naming only,
    and only inside the repository: a task file elsewhere is refused, not cleaned up after)."""
    path = _absolute(tasks) if tasks is not None else None
    if path is None and spec.tasks_file is not None:
        path = repo / spec.tasks_file
    if path is None or _relative(repo, path) is None:
        return
    for leftover in stale_temps(path):
        leftover.unlink(missing_ok=True)


def run(argv: Sequence[str]) -> int:
    """The gate; returns the exit code."""
    args = build_parser().parse_args(argv)
    git = Git.open(args.repo)
    repo = git.root.resolve()
    head = git.head()
    spec = find_spec(repo, args.spec)
    cap = _max_stalls(args.max_stalls, spec.max_rejections)
    if args.lock_timeout < 0:
        raise InputError(f"--lock-timeout must not be negative (got {args.lock_timeout:g})")
    with file_lock(_lock_path(git), args.lock_timeout):
        _remove_leftovers(repo, spec, args.tasks)
        decision = _judge(git, head, spec, args, cap)
        final_marked = _write(repo, spec.name, head, decision)
    verdict = decision.verdict
    print(
        output.as_json(verdict, final_marked)
        if args.json
        else output.text(verdict, decision.report_path.name)
    )
    return verdict.exit_code


def _write(repo: Path, spec: str, head: str, decision: Decision) -> bool:
    """Mark FINAL (when the verdict says so) and log the decision: both, or neither."""
    task_list, final = decision.task_list, decision.final
    marked = None
    if decision.verdict.mark_final and final is not None and task_list is not None:
        marked = final_bytes(task_list.path, final, task_list.data)
    staged: Staged | None = None
    if marked is not None and task_list is not None:
        if not task_list.path.resolve().stat().st_mode & 0o222:
            # A rename would replace it whatever its mode (and root may write anything):
            # a task file someone made read-only is not edited.
            raise InputError(f"the task list {task_list.path.name} is read-only; FINAL not marked")
        staged = stage_bytes(task_list.path, marked)
    try:
        appended = _record(repo, spec, head, decision, staged is not None)
        if staged is not None:
            try:
                staged.commit()
            except BaseException:
                appended.undo()
                raise
    finally:
        if staged is not None:
            staged.discard()
    return staged is not None


def _record(
    repo: Path, spec: str, head: str, decision: Decision, final_marked: bool
) -> log.Appended:
    task_list, verdict, report_path = decision.task_list, decision.verdict, decision.report_path
    return log.append(
        repo,
        {
            "spec": spec,
            "head": head,
            "verdict": verdict.name,
            "exit_code": verdict.exit_code,
            "reason": verdict.reason,
            "report": _relative(repo, report_path) or str(report_path),
            "report_sha256": log.sha256_of(report_path),
            "tasks": task_list.rel if task_list else None,
            "tasks_sha256": log.sha256_bytes(task_list.data) if task_list else None,
            "final_marked": final_marked,
        },
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: errors are one line on stderr with exit 2, never a traceback."""
    try:
        return run(list(sys.argv[1:] if argv is None else argv))
    except InputError as err:
        print(f"ralph-gate: error: {output.one_line(err.message)}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"ralph-gate: error: {output.one_line(str(err))}", file=sys.stderr)
        return 2
    except Exception as err:  # a bug too ends as one line and exit 2; FINAL is never marked then
        detail = output.one_line(f"{type(err).__name__}: {err}")
        print(f"ralph-gate: error: internal error ({detail})", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
