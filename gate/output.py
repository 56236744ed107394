"""What the gate prints: a summary line, the details, and the promise tag LAST.

Text output, line by line (stdout):

- first line, always: ``ralph-gate: <VERDICT>: <reason>``
- INCOMPLETE: then the open tasks, one a line, in file order:
  ``- [ ] 2.1 Create API Bridge class (tasks.md:17)`` (the box shows the task's
  state, `` ``, ``-`` or ``~``); when no task is open (the report is missing,
  unreadable or stale) the first line is also the last and carries the reason;
- COMPLETE: then ``<promise>COMPLETE</promise>``;
- COMPLETE-WITH-GAPS: then the gap rows, one a line, in report order:
  ``- FAIL | <table heading> | <cell> | <cell> ... (validation-report.md:16)``,
  then ``<promise>COMPLETE-WITH-GAPS</promise>``;
- BLOCKED: then the open tasks (if any), then ``<promise>BLOCKED:<reason></promise>``.

So whenever there is a promise tag, it is alone on the last line. Text taken
from the task list or the report never contains ``<`` (it is written
``&lt;``), so a title or cell cannot fake a promise tag, and the BLOCKED
reason is one line without ``<`` (as ``BLOCKED:[^<]*`` matchers expect).

``--json`` prints one JSON object instead: ``verdict``, ``exit_code``,
``reason``, ``open_tasks`` (id, title, state, file, line), ``gaps`` (table,
cells, status, raw_status, line), ``final_marked`` and ``promise`` (the tag, or
null for INCOMPLETE).
"""

from __future__ import annotations

import json
from pathlib import PurePosixPath

from ..core.specs.model import Task, TaskState
from .decide import Verdict
from .report_reader import StatusRow

_BOXES = {TaskState.OPEN: " ", TaskState.IN_PROGRESS: "-", TaskState.QUEUED: "~"}


def one_line(text: str) -> str:
    """``text`` on one line, with ``<`` written ``&lt;``."""
    return " ".join(text.split()).replace("<", "&lt;")


def promise(verdict: Verdict) -> str | None:
    """The promise tag of a verdict; INCOMPLETE has none."""
    if verdict.name == "BLOCKED":
        return f"<promise>BLOCKED:{one_line(verdict.reason)}</promise>"
    if verdict.name in ("COMPLETE", "COMPLETE-WITH-GAPS"):
        return f"<promise>{verdict.name}</promise>"
    return None


def task_line(task: Task) -> str:
    """``- [ ] 2.1 Title (tasks.md:17)``."""
    label = f"{task.id} {task.title}" if task.id else task.title
    where = f"{PurePosixPath(task.file).name}:{task.line}"
    return f"- [{_BOXES.get(task.state, 'x')}] {one_line(label)} ({where})"


def gap_line(gap: StatusRow, report_name: str) -> str:
    """``- FAIL | Table | cell | cell (validation-report.md:16)``."""
    parts = [gap.status, *([gap.table] if gap.table else []), *gap.cells]
    return f"- {one_line(' | '.join(parts))} ({report_name}:{gap.line})"


def text(verdict: Verdict, report_name: str) -> str:
    """The text output, promise tag last."""
    lines = [f"ralph-gate: {verdict.name}: {one_line(verdict.reason)}"]
    lines += [task_line(t) for t in verdict.open_tasks]
    lines += [gap_line(g, report_name) for g in verdict.gaps]
    tag = promise(verdict)
    if tag is not None:
        lines.append(tag)
    return "\n".join(lines)


def as_json(verdict: Verdict, final_marked: bool) -> str:
    """The ``--json`` output: one object."""
    return json.dumps(
        {
            "verdict": verdict.name,
            "exit_code": verdict.exit_code,
            "reason": verdict.reason,
            "open_tasks": [
                {
                    "id": t.id,
                    "title": t.title,
                    "state": t.state.value,
                    "file": t.file,
                    "line": t.line,
                }
                for t in verdict.open_tasks
            ],
            "gaps": [
                {
                    "table": g.table,
                    "cells": list(g.cells),
                    "status": g.status,
                    "raw_status": g.raw_status,
                    "line": g.line,
                }
                for g in verdict.gaps
            ],
            "final_marked": final_marked,
            "promise": promise(verdict),
        },
        ensure_ascii=False,
    )
