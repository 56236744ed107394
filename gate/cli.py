"""``ralph-gate``: decide completion from the report, the task list and git (DESIGN §9).

Printed last: INCOMPLETE → the open tasks, one a line (or the reason);
COMPLETE → ``<promise>COMPLETE</promise>``; COMPLETE-WITH-GAPS →
``<promise>COMPLETE-WITH-GAPS</promise>`` then the gap rows; BLOCKED →
``<promise>BLOCKED:reason</promise>``. ``--json`` prints one JSON object
instead. Exit codes: 0 COMPLETE / COMPLETE-WITH-GAPS, 1 INCOMPLETE, 2 BLOCKED
or bad input, 3 COMPLETE-WITH-GAPS with ``--strict``.

Staleness: the report records the commit it describes (its HEAD line, else
``head`` in the JSON beside it, else the last commit that changed the report
file). It is stale when any other file changed after that commit — committed
since, or uncommitted now — except the report files, the task file and the
agent's loop state under ``.ralph/`` (``.ralph/specs/`` still counts).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from ralph_validate.core.errors import InputError
from ralph_validate.core.git import Git
from ralph_validate.core.specs import find_spec
from ralph_validate.core.specs.json_formats import parse_json_tasks
from ralph_validate.core.specs.kiro import parse_tasks
from ralph_validate.core.specs.model import Task
from ralph_validate.gate import log
from ralph_validate.gate.decide import Verdict, decide
from ralph_validate.gate.final import mark_final
from ralph_validate.gate.report_reader import ParsedReport, ReportUnavailable, read_report

REPORT_NAMES = (
    "validation-report.md",
    "validation-report.json",
    "validation-report.sarif",
    "validation-report.junit.xml",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(message)


def build_parser() -> argparse.ArgumentParser:
    """The gate's arguments."""
    p = _Parser(prog="ralph-gate", description="Decide completion by fixed rules.")
    p.add_argument("--repo", type=Path, default=Path("."), help="repository (default: .)")
    p.add_argument("--spec", required=True, help="spec NAME or PATH")
    p.add_argument("--report", type=Path, help="report (default: <spec>/validation-report.md)")
    p.add_argument("--tasks", type=Path, help="task list (default: the spec's)")
    p.add_argument("--strict", action="store_true", help="exit 3 on COMPLETE-WITH-GAPS")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--max-stalls", type=int, help="INCOMPLETE runs at one HEAD before BLOCKED")
    return p


def _ignored_for_staleness(path: str, report: str, tasks: set[str]) -> bool:
    name = PurePosixPath(path).name
    if path in tasks or path == report or name in REPORT_NAMES:
        return True
    return (path.startswith(".ralph/") and not path.startswith(".ralph/specs/")) or name in (
        "progress.txt",
        "progress.md",
    )


def staleness(git: Git, parsed: ParsedReport, report_rel: str, tasks: set[str]) -> str | None:
    """Why the report no longer describes the repository, or None when it does."""
    recorded = parsed.head
    if recorded is None:
        last = git.run("log", "-1", "--format=%H", "--", report_rel).strip()
        if not last:
            changed = [
                f for f in git.dirty_files() if not _ignored_for_staleness(f, report_rel, tasks)
            ]
            if changed:
                return f"the report records no commit and {changed[0]} has uncommitted changes"
            return None
        recorded = last
    if git.try_resolve(recorded) is None:
        return f"the report describes commit {recorded[:12]}, unknown to this repository"
    changed = [
        f for f in git.changed_since(recorded) if not _ignored_for_staleness(f, report_rel, tasks)
    ]
    if changed:
        more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
        return f"stale report: {changed[0]}{more} changed after commit {recorded[:12]}"
    return None


def _relative(repo: Path, path: Path) -> str:
    resolved = path.resolve()
    if not resolved.is_relative_to(repo):
        raise InputError(f"{path} is outside the repository")
    return resolved.relative_to(repo).as_posix()


def _read_tasks(path: Path, rel: str) -> tuple[bytes, tuple[Task, ...]]:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read the task list {rel}: {err.strerror}") from None
    if path.suffix == ".json":
        return data, parse_json_tasks(data, rel)[2]
    return data, parse_tasks(data, rel)


def _task_line(task: Task) -> str:
    box = {"open": " ", "in_progress": "-", "queued": "~"}.get(task.state.value, " ")
    label = f"{task.id} {task.title}" if task.id else task.title
    return f"- [{box}] {label} ({PurePosixPath(task.file).name}:{task.line})"


def _print(verdict: Verdict, as_json: bool, final_marked: bool) -> None:
    one_line = " ".join(verdict.reason.replace("<", "(").split())
    promise = {
        "COMPLETE": "<promise>COMPLETE</promise>",
        "COMPLETE-WITH-GAPS": "<promise>COMPLETE-WITH-GAPS</promise>",
        "BLOCKED": f"<promise>BLOCKED:{one_line}</promise>",
    }.get(verdict.name)
    if as_json:
        print(
            json.dumps(
                {
                    "verdict": verdict.name,
                    "exit_code": verdict.exit_code,
                    "reason": verdict.reason,
                    "open_tasks": [
                        {"id": t.id, "title": t.title, "file": t.file, "line": t.line}
                        for t in verdict.open_tasks
                    ],
                    "gaps": [
                        {"table": g.table, "cells": list(g.cells), "status": g.status}
                        for g in verdict.gaps
                    ],
                    "final_marked": final_marked,
                    "promise": promise,
                },
                ensure_ascii=False,
            )
        )
        return
    print(f"ralph-gate: {verdict.name}: {verdict.reason}")
    if verdict.name == "COMPLETE-WITH-GAPS":
        print(promise)
        for gap in verdict.gaps:
            print(f"{gap.status}: {gap.table}: " + " | ".join(gap.cells))
    elif promise is not None:
        print(promise)
    else:
        for task in verdict.open_tasks:
            print(_task_line(task))


def run(argv: Sequence[str]) -> int:
    """The gate; returns the exit code."""
    args = build_parser().parse_args(argv)
    git = Git.open(args.repo)
    repo = git.root
    head = git.head()
    spec = find_spec(repo, args.spec)
    spec_dir = repo / spec.path if spec.path != "." else repo
    tasks_path = (
        args.tasks
        if args.tasks is not None
        else (repo / spec.tasks_file if spec.tasks_file else None)
    )
    tasks: tuple[Task, ...] = ()
    judged = b""
    tasks_rel = ""
    if tasks_path is not None:
        tasks_path = tasks_path if tasks_path.is_absolute() else Path.cwd() / tasks_path
        tasks_rel = (
            tasks_path.resolve().relative_to(repo).as_posix()
            if tasks_path.resolve().is_relative_to(repo)
            else tasks_path.name
        )
        judged, tasks = _read_tasks(tasks_path, tasks_rel)
    report_path = args.report if args.report is not None else spec_dir / "validation-report.md"
    report_path = report_path if report_path.is_absolute() else Path.cwd() / report_path
    report_rel = _relative(repo, report_path)
    parsed: ParsedReport | None = None
    problem: str | None = None
    try:
        parsed = read_report(report_path)
    except ReportUnavailable as err:
        problem = err.message
    if parsed is not None:
        problem = staleness(git, parsed, report_rel, {tasks_rel} if tasks_rel else set())
    cap = args.max_stalls or spec.max_rejections or 3
    if cap < 1:
        raise InputError("--max-stalls must be at least 1")
    verdict = decide(tasks, parsed, problem, log.stalls(repo, spec.name, head), cap, args.strict)
    final_marked = False
    finals = [t for t in tasks if t.final]
    if verdict.mark_final and finals and tasks_path is not None and tasks_path.suffix != ".json":
        final_marked = mark_final(tasks_path, finals[0], judged, repo / ".ralph" / "gate.lock")
    log.append(
        repo,
        {
            "spec": spec.name,
            "head": head,
            "verdict": verdict.name,
            "exit_code": verdict.exit_code,
            "reason": verdict.reason,
            "report": report_rel,
            "report_sha256": log.sha256_of(report_path),
            "tasks": tasks_rel or None,
            "tasks_sha256": log.sha256_of(tasks_path),
            "final_marked": final_marked,
        },
    )
    _print(verdict, args.json, final_marked)
    return verdict.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: errors are one line on stderr with exit 2, never a traceback."""
    try:
        return run(list(sys.argv[1:] if argv is None else argv))
    except InputError as err:
        print(f"ralph-gate: error: {err.message}", file=sys.stderr)
        return 2
    except Exception as err:  # bugs too end as one line and exit 2; FINAL is never marked then
        print(f"ralph-gate: error: internal error ({type(err).__name__}: {err})", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
