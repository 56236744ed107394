"""``ralph-validate formats``: what was read from each spec of the repository.

``ralph-validate formats [--repo DIR] [--spec NAME|PATH] [--json]`` lists every spec
(``core.specs.survey``): its format, its requirements with their criteria counts, its
tasks with their done state, and every part that was there but not read, with
file:line. Output is sorted by path and identical from run to run.

Exit codes: 0 every spec read whole; 1 some part not read (an UNKNOWN for the gate)
or a spec file refused; 2 bad input (not a git repository, ``--spec`` not found or
refused), one line on stderr.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from ..core.errors import InputError
from ..core.git import Git
from ..core.inert import inert_json, inert_text
from ..core.specs.model import Task
from ..core.specs.survey import SpecReading, read_all, read_spec

_STATE_ORDER = ("done", "open", "in_progress", "queued")


def _where(file: str | None, line: int) -> str:
    return f"{PurePosixPath(file or '').name}:{line}"


def _task_state(task: Task) -> str:
    state = task.state.value
    return f"{state} (optional)" if task.optional else state


def _refs(task: Task) -> str:
    """The requirements a Markdown task names (a JSON entry is its own requirement)."""
    if task.box_offset is None:
        return ""
    named = ["all"] if task.refs_all else list(task.requirement_refs)
    return f" -> {', '.join(named)}" if named else ""


def _counts(tasks: Sequence[Task]) -> str:
    counted = Counter(t.state.value for t in tasks)
    parts = [f"{counted[s]} {s.replace('_', ' ')}" for s in _STATE_ORDER if counted[s]]
    return ", ".join(parts) if parts else "none"


def _text(reading: SpecReading) -> list[str]:
    if reading.refused is not None:
        return [f"{reading.path}: refused: {reading.refused}"]
    criteria = sum(len(r.criteria) for r in reading.requirements)
    lines = [f"{reading.path}: {reading.format}"]
    if reading.requirements_file is not None:
        lines.append(
            f"  requirements: {len(reading.requirements)} read from "
            f"{reading.requirements_file} ({criteria} acceptance criteria)"
        )
        lines += [
            f"    {r.id}  {r.title}  ({_where(r.file, r.line)}, {len(r.criteria)} criteria)"
            for r in reading.requirements
        ]
    if reading.tasks_file is not None:
        lines.append(
            f"  tasks: {len(reading.tasks)} read from {reading.tasks_file} "
            f"({_counts(reading.tasks)})"
        )
        lines += [
            f"    [{_task_state(t)}] {t.id or '-'}  {t.title}  ({_where(t.file, t.line)}){_refs(t)}"
            for t in reading.tasks
        ]
    lines.append(f"  not read: {len(reading.unread)}")
    lines += [f"    UNKNOWN {_where(u.file, u.line)}  {u.what}" for u in reading.unread]
    return lines


def _as_json(reading: SpecReading) -> dict[str, Any]:
    return {
        "path": reading.path,
        "format": reading.format,
        "refused": reading.refused,
        "requirements_file": reading.requirements_file,
        "requirements": [
            {"id": r.id, "title": r.title, "line": r.line, "criteria": [c.id for c in r.criteria]}
            for r in reading.requirements
        ],
        "tasks_file": reading.tasks_file,
        "tasks": [
            {
                "id": t.id,
                "title": t.title,
                "state": t.state.value,
                "optional": t.optional,
                "final": t.final,
                "line": t.line,
                "requirement_refs": list(t.requirement_refs),
            }
            for t in reading.tasks
        ],
        "unread": [{"file": u.file, "line": u.line, "what": u.what} for u in reading.unread],
    }


def _summary(readings: Sequence[SpecReading]) -> str:
    refused = sum(1 for r in readings if r.refused is not None)
    partial = sum(1 for r in readings if r.refused is None and r.unread)
    whole = len(readings) - refused - partial
    return (
        f"{len(readings)} spec(s): {whole} read whole, {partial} with parts not read, "
        f"{refused} refused"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The subcommand's options."""
    parser.add_argument("--repo", type=Path, default=Path("."), help="repository (default: .)")
    parser.add_argument("--spec", help="only this spec (NAME or PATH)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run_formats(args: argparse.Namespace) -> int:
    """Print what was read from the specs; the exit code says whether all was read."""
    git = Git.open(args.repo)
    repo = git.root.resolve()
    if args.spec is not None:
        reading = read_spec(repo, args.spec)
        if reading.refused is not None:
            raise InputError(reading.refused)
        readings = [reading]
    else:
        readings = read_all(repo, sorted(set(git.ls_files()) | set(git.untracked())))
    if args.json:
        document = {"specs": [_as_json(r) for r in readings], "summary": _summary(readings)}
        print(inert_json(document, indent=2))
    else:
        for reading in readings:
            print(inert_text("\n".join(_text(reading))))
        print(_summary(readings) if readings else "no spec found in this repository")
    incomplete = any(r.refused is not None or r.unread for r in readings)
    return 1 if incomplete else 0
