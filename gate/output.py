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

So whenever there is a promise tag, it is alone on the last line. Spec parts
no reader understood (``Spec.unread``) are UNKNOWN gaps too, printed as
``- UNKNOWN | spec structure | <what> (tasks.md:4)``.

Text taken from the task list, the report, file names or error messages is
neutralised before it is printed (``one_line``): one line; ``<`` written
``&lt;``, so a title or cell cannot fake a promise tag and the BLOCKED reason
has no ``<`` (as ``BLOCKED:[^<]*`` matchers expect); control characters (ESC
of ANSI/OSC sequences, BEL, C1 controls, DEL) and bidirectional overrides
written as ``\\x1b``/``\\u202e`` escapes, so none reaches the terminal. Nothing
is interpreted as markup (``[/x]`` prints as it is).

``--json`` prints one JSON object instead: ``verdict``, ``exit_code``,
``reason``, ``open_tasks`` (id, title, state, file, line), ``gaps`` (table,
cells, status, raw_status, line), ``unread`` (file, line, what),
``final_marked`` and ``promise`` (the tag, or null for INCOMPLETE). Every
``<`` of the text is escaped ``\\u003c`` and every non-ASCII character as
``\\uXXXX``, so the only literal ``<promise>`` of the output is the gate's own
tag in ``promise``.
"""

from __future__ import annotations

import json
from pathlib import PurePosixPath

from ..core.inert import inert_json, one_line
from ..core.specs.model import Task, TaskState, Unread
from .decide import Verdict
from .report_reader import StatusRow

_BOXES = {TaskState.OPEN: " ", TaskState.IN_PROGRESS: "-", TaskState.QUEUED: "~"}
__all__ = ["as_json", "gap_line", "one_line", "promise", "task_line", "text", "unread_line"]


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
    return f"- [{_BOXES.get(task.state, 'x')}] {one_line(label)} ({one_line(where)})"


def gap_line(gap: StatusRow, report_name: str) -> str:
    """``- FAIL | Table | cell | cell (validation-report.md:16)``."""
    parts = [gap.status, *([gap.table] if gap.table else []), *gap.cells]
    return f"- {one_line(' | '.join(parts))} ({report_name}:{gap.line})"


def unread_line(unread: Unread) -> str:
    """``- UNKNOWN | spec structure | not read as a task: [o] x (tasks.md:4)``."""
    where = f"{PurePosixPath(unread.file).name}:{unread.line}"
    return f"- UNKNOWN | spec structure | {one_line(unread.what)} ({one_line(where)})"


def text(verdict: Verdict, report_name: str) -> str:
    """The text output, promise tag last."""
    lines = [f"ralph-gate: {verdict.name}: {one_line(verdict.reason)}"]
    lines += [task_line(t) for t in verdict.open_tasks]
    lines += [gap_line(g, one_line(report_name)) for g in verdict.gaps]
    lines += [unread_line(u) for u in verdict.unread]
    tag = promise(verdict)
    if tag is not None:
        lines.append(tag)
    return "\n".join(lines)


def as_json(verdict: Verdict, final_marked: bool) -> str:
    """The ``--json`` output: one object; only ``promise`` may hold a literal ``<``."""
    body = {
        "verdict": verdict.name,
        "exit_code": verdict.exit_code,
        "reason": verdict.reason,
        "open_tasks": [
            {"id": t.id, "title": t.title, "state": t.state.value, "file": t.file, "line": t.line}
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
        "unread": [{"file": u.file, "line": u.line, "what": u.what} for u in verdict.unread],
        "final_marked": final_marked,
    }
    tag = promise(verdict)
    return inert_json(body)[:-1] + f', "promise": {json.dumps(tag)}}}'
