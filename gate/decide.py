"""The decision table of DESIGN §9, as a pure function. Read it top to bottom.

| situation                                            | verdict            | exit      |
|------------------------------------------------------|--------------------|-----------|
| N runs INCOMPLETE with no new commit between them    | BLOCKED            | 2         |
| a non-FINAL, non-optional task not done (any depth)  | INCOMPLETE         | 1         |
| report missing, unreadable or stale                  | INCOMPLETE         | 1         |
| all tasks done, report has no FAIL/UNKNOWN           | COMPLETE           | 0         |
| all tasks done, report has FAIL or UNKNOWN           | COMPLETE-WITH-GAPS | 0 (3 strict) |

FINAL is marked only on the last two rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ralph_validate.core.specs.model import Task
from ralph_validate.gate.report_reader import ParsedReport, StatusRow


@dataclass(frozen=True)
class Verdict:
    """What the gate decided and why."""

    name: str  # COMPLETE | COMPLETE-WITH-GAPS | INCOMPLETE | BLOCKED
    exit_code: int
    reason: str
    open_tasks: tuple[Task, ...] = ()
    gaps: tuple[StatusRow, ...] = ()
    mark_final: bool = False


def open_tasks(tasks: Sequence[Task]) -> tuple[Task, ...]:
    """Tasks that block completion: not done, not FINAL, not optional."""
    return tuple(t for t in tasks if not t.checked and not t.final and not t.optional)


def decide(
    tasks: Sequence[Task],
    report: ParsedReport | None,
    report_problem: str | None,
    stalls_before: int,
    max_stalls: int,
    strict: bool,
) -> Verdict:
    """Apply the table. ``report_problem`` says why the report cannot be used (or None);
    ``stalls_before`` counts the INCOMPLETE runs just before this one at the same HEAD."""
    blocking = open_tasks(tasks)
    if blocking:
        incomplete = Verdict(
            "INCOMPLETE", 1, f"{len(blocking)} task(s) not done", open_tasks=blocking
        )
    elif report_problem is not None or report is None:
        incomplete = Verdict("INCOMPLETE", 1, report_problem or "no report")
    else:
        incomplete = None
    if incomplete is not None:
        if stalls_before + 1 >= max_stalls:
            reason = (
                f"{stalls_before + 1} gate runs INCOMPLETE with no new commit: {incomplete.reason}"
            )
            return Verdict("BLOCKED", 2, reason, incomplete.open_tasks)
        return incomplete
    assert report is not None  # narrowed above: no problem means a report was read
    if not report.gaps:
        return Verdict(
            "COMPLETE", 0, "all tasks done; the report has no FAIL or UNKNOWN", mark_final=True
        )
    fails = sum(1 for g in report.gaps if g.status == "FAIL")
    unknowns = len(report.gaps) - fails
    return Verdict(
        "COMPLETE-WITH-GAPS",
        3 if strict else 0,
        f"all tasks done; the report has {fails} FAIL and {unknowns} UNKNOWN row(s)",
        gaps=report.gaps,
        mark_final=True,
    )
