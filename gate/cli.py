"""``ralph-gate``: decide completion from the report, the task list and git (DESIGN §9).

``ralph-gate [--repo DIR] --spec NAME|PATH [--report F] [--tasks F] [--strict] [--json]
[--max-stalls N]``

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
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError
from ..core.git import Git
from ..core.specs import find_spec, read_tasks
from ..core.specs.model import Task
from . import log, output
from .decide import Verdict, decide
from .final import LOCK, mark_final
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
    return p


def _relative(repo: Path, path: Path) -> str | None:
    """``path`` relative to the repository (POSIX), or None when it lies outside."""
    resolved = path.resolve()
    return resolved.relative_to(repo).as_posix() if resolved.is_relative_to(repo) else None


@dataclass(frozen=True)
class TaskList:
    """The judged task file: its path, the exact bytes judged and the tasks they hold."""

    path: Path
    rel: str
    data: bytes
    tasks: tuple[Task, ...]

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
    tasks = read_tasks(repo, path)
    if _read_bytes(path, rel) != before:
        raise InputError(f"{rel} changed while it was read; run the gate again")
    return TaskList(path, rel, before, tasks)


def _final_task(task_list: TaskList) -> Task | None:
    finals = [t for t in task_list.tasks if t.final]
    if len(finals) > 1:
        lines = ", ".join(str(t.line) for t in finals)
        raise InputError(f"{task_list.rel} has {len(finals)} FINAL tasks (lines {lines})")
    return finals[0] if finals else None


def _absolute(path: Path) -> Path:
    return path if path.is_absolute() else Path.cwd() / path


def _judge_report(
    git: Git, path: Path, tasks_rel: str | None
) -> tuple[ParsedReport | None, str | None]:
    """The parsed report and why it cannot be used (missing, unreadable, stale), if so."""
    try:
        parsed = read_report(path)
    except ReportUnavailable as err:
        return None, err.message
    rel = _relative(git.root, path)
    if rel is None and parsed.head is None:
        return parsed, f"report {path.name} is outside the repository and records no commit"
    return parsed, why_stale(git, parsed.head, rel, {tasks_rel} if tasks_rel else set())


def _max_stalls(given: int | None, from_spec: int | None) -> int:
    cap = given if given is not None else from_spec
    cap = cap if cap is not None else DEFAULT_MAX_STALLS
    if cap < 1:
        raise InputError(f"--max-stalls must be at least 1 (got {cap})")
    return cap


def run(argv: Sequence[str]) -> int:
    """The gate; returns the exit code."""
    args = build_parser().parse_args(argv)
    git = Git.open(args.repo)
    repo = git.root.resolve()
    head = git.head()
    spec = find_spec(repo, args.spec)
    cap = _max_stalls(args.max_stalls, spec.max_rejections)
    tasks_file = _absolute(args.tasks) if args.tasks is not None else None
    if tasks_file is None and spec.tasks_file is not None:
        tasks_file = repo / spec.tasks_file
    task_list = load_task_list(repo, tasks_file) if tasks_file is not None else None
    tasks = task_list.tasks if task_list is not None else ()
    final = _final_task(task_list) if task_list is not None and task_list.editable else None
    spec_dir = repo / spec.path
    spec_dir = spec_dir if spec_dir.is_dir() else spec_dir.parent
    report_path = _absolute(args.report) if args.report is not None else spec_dir / REPORT_NAME
    parsed, problem = _judge_report(git, report_path, task_list.rel if task_list else None)
    stalls = log.stalls(repo, spec.name, head)
    verdict = decide(tasks, parsed, problem, stalls, cap, args.strict)
    final_marked = False
    if verdict.mark_final and final is not None and task_list is not None:
        final_marked = mark_final(task_list.path, final, task_list.data, repo / LOCK)
    _record(repo, spec.name, head, verdict, report_path, task_list, final_marked)
    print(
        output.as_json(verdict, final_marked)
        if args.json
        else output.text(verdict, report_path.name)
    )
    return verdict.exit_code


def _record(
    repo: Path,
    spec: str,
    head: str,
    verdict: Verdict,
    report_path: Path,
    task_list: TaskList | None,
    final_marked: bool,
) -> None:
    log.append(
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
