"""The decision table of DESIGN §9, as a pure function. One function per row.

| row | situation                                           | verdict            | exit         |
|-----|-----------------------------------------------------|--------------------|--------------|
| 1   | a non-FINAL, non-optional task not done (any depth) | INCOMPLETE         | 1            |
| 2   | report missing, unreadable or stale                 | INCOMPLETE         | 1            |
| 3   | all tasks done, report has no FAIL/UNKNOWN          | COMPLETE           | 0            |
| 4   | all tasks done, report has FAIL or UNKNOWN          | COMPLETE-WITH-GAPS | 0 (3 strict) |
| 5   | the Nth INCOMPLETE in a row with no new commit      | BLOCKED            | 2            |

Rows 1 and 2 are tried first; when one holds, row 5 turns it into BLOCKED
once it is the ``max_stalls``-th consecutive INCOMPLETE at the same HEAD.
"Not done" is every state but ``[x]``/``[X]`` (``[-]`` and ``[~]`` included).
FINAL is marked only on rows 3 and 4. Spec structure that no reader understood
(``Spec.unread``: a box in a style not read, a requirements file with no section
read) is an UNKNOWN like an UNKNOWN cell: it can never give row 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.specs.model import Task, Unread
from .report_reader import ParsedReport, StatusRow


@dataclass(frozen=True)
class Verdict:
    """What the gate decided and why."""

    name: str  # COMPLETE | COMPLETE-WITH-GAPS | INCOMPLETE | BLOCKED
    exit_code: int
    reason: str
    open_tasks: tuple[Task, ...] = ()
    gaps: tuple[StatusRow, ...] = ()
    mark_final: bool = False
    unread: tuple[Unread, ...] = ()


def open_tasks(tasks: Sequence[Task]) -> tuple[Task, ...]:
    """Tasks that block completion: not done, not FINAL, not optional."""
    return tuple(t for t in tasks if not t.checked and not t.final and not t.optional)


def row_task_not_done(tasks: Sequence[Task]) -> Verdict | None:
    """Row 1: a task other than FINAL or an optional one is not done."""
    blocking = open_tasks(tasks)
    if not blocking:
        return None
    return Verdict("INCOMPLETE", 1, f"{len(blocking)} task(s) not done", open_tasks=blocking)


def row_report_unusable(report: ParsedReport | None, problem: str | None) -> Verdict | None:
    """Row 2: the report is missing, unreadable or stale (``problem`` says which)."""
    if problem is None and report is not None:
        return None
    return Verdict("INCOMPLETE", 1, problem or "no validation report")


def row_stalled(incomplete: Verdict, stalls_before: int, max_stalls: int) -> Verdict | None:
    """Row 5: this INCOMPLETE is the ``max_stalls``-th in a row at the same HEAD."""
    runs = stalls_before + 1
    if runs < max_stalls:
        return None
    reason = f"{runs} gate runs INCOMPLETE with no new commit: {incomplete.reason}"
    return Verdict("BLOCKED", 2, reason, open_tasks=incomplete.open_tasks)


def row_complete(report: ParsedReport, unread: Sequence[Unread]) -> Verdict | None:
    """Row 3: every task done, no FAIL or UNKNOWN cell, the whole spec read."""
    if report.gaps or unread:
        return None
    reason = f"all tasks done; {len(report.rows)} report row(s), all PASS"
    return Verdict("COMPLETE", 0, reason, mark_final=True)


def row_complete_with_gaps(report: ParsedReport, unread: Sequence[Unread], strict: bool) -> Verdict:
    """Row 4: every task done, but the report has FAIL or UNKNOWN cells, or part of the
    spec could not be read (UNKNOWN)."""
    fails = sum(1 for g in report.gaps if g.status == "FAIL")
    unknowns = len(report.gaps) - fails
    reason = f"all tasks done; the report has {fails} FAIL and {unknowns} UNKNOWN row(s)"
    if unread:
        reason += f"; {len(unread)} part(s) of the spec not read (UNKNOWN)"
    return Verdict(
        "COMPLETE-WITH-GAPS",
        3 if strict else 0,
        reason,
        gaps=report.gaps,
        mark_final=True,
        unread=tuple(unread),
    )


def decide(
    tasks: Sequence[Task],
    report: ParsedReport | None,
    report_problem: str | None,
    stalls_before: int,
    max_stalls: int,
    strict: bool,
    unread: Sequence[Unread] = (),
) -> Verdict:
    """Apply the table.

    ``report_problem`` says why the report cannot be used (missing, unreadable,
    stale) or is None; ``stalls_before`` counts the INCOMPLETE/BLOCKED runs just
    before this one for the same spec at the same HEAD; ``unread`` lists the spec
    parts no reader understood.
    """
    incomplete = row_task_not_done(tasks) or row_report_unusable(report, report_problem)
    if incomplete is not None:
        return row_stalled(incomplete, stalls_before, max_stalls) or incomplete
    if report is None:
        raise ValueError("row 2 lets no missing report through")
    return row_complete(report, unread) or row_complete_with_gaps(report, unread, strict)
