"""Promise tags agents print, and the Ralph exit codes they map to.

Tags: ``<promise>COMPLETE</promise>``, ``<promise>BLOCKED:reason</promise>``,
``<promise>DECIDE:question</promise>`` and ``<promise>TASK-ID:DONE</promise>``
(progress display only: it never ends a loop). Tags are looked for in the raw
output and in a final summary; when several appear, COMPLETE wins over BLOCKED,
which wins over DECIDE. A bare "COMPLETE" without the tag is not a tag.

>>> parse_promises("work...\\n<promise>BLOCKED:no credentials</promise>").decisive
Promise(kind='BLOCKED', text='no credentials')
>>> parse_promises("all good, COMPLETE").decisive is None
True
>>> exit_code_for(parse_promises("<promise>DECIDE:REST or GraphQL?</promise>").decisive)
3
"""

from __future__ import annotations

import re
from dataclasses import dataclass

EXIT_COMPLETE = 0
EXIT_MAX_ITERATIONS = 1
EXIT_BLOCKED = 2
EXIT_DECIDE = 3

_TAG = re.compile(r"<promise>\s*(.*?)\s*</promise>", re.DOTALL)
_TASK_DONE = re.compile(r"^(?P<id>[A-Za-z][A-Za-z0-9._-]*-[A-Za-z0-9._-]+|[A-Za-z0-9._-]+):DONE$")
_PRIORITY = {"COMPLETE": 0, "BLOCKED": 1, "DECIDE": 2}


@dataclass(frozen=True)
class Promise:
    """One recognised tag: ``kind`` is COMPLETE, BLOCKED, DECIDE or TASK_DONE."""

    kind: str
    text: str = ""


@dataclass(frozen=True)
class Promises:
    """Every tag found, in order, and the one that decides the loop."""

    found: tuple[Promise, ...]

    @property
    def decisive(self) -> Promise | None:
        """The loop-ending tag by priority COMPLETE > BLOCKED > DECIDE, or None."""
        ending = [p for p in self.found if p.kind in _PRIORITY]
        return min(ending, key=lambda p: _PRIORITY[p.kind]) if ending else None

    @property
    def tasks_done(self) -> tuple[str, ...]:
        """Task ids announced with ``TASK-ID:DONE``, in order, without repeats."""
        return tuple(dict.fromkeys(p.text for p in self.found if p.kind == "TASK_DONE"))


def _classify(body: str) -> Promise | None:
    body = " ".join(body.split())
    if body == "COMPLETE":
        return Promise("COMPLETE")
    for kind in ("BLOCKED", "DECIDE"):
        if body.startswith(kind + ":"):
            return Promise(kind, body[len(kind) + 1 :].strip())
    match = _TASK_DONE.match(body)
    if match:
        return Promise("TASK_DONE", match.group("id"))
    return None


def parse_promises(output: str, final_summary: str | None = None) -> Promises:
    """All promise tags in ``output`` and then in ``final_summary``."""
    found: list[Promise] = []
    for text in (output, final_summary or ""):
        for match in _TAG.finditer(text):
            promise = _classify(match.group(1))
            if promise is not None:
                found.append(promise)
    return Promises(tuple(found))


def exit_code_for(promise: Promise | None) -> int:
    """The Ralph exit code of a decisive tag; no tag means the loop ran out of iterations."""
    if promise is None:
        return EXIT_MAX_ITERATIONS
    return {"COMPLETE": EXIT_COMPLETE, "BLOCKED": EXIT_BLOCKED, "DECIDE": EXIT_DECIDE}.get(
        promise.kind, EXIT_MAX_ITERATIONS
    )
