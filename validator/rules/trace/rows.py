"""Trace rules read the requirement rows the traceability check built, one kind each."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...findings import Finding, Status
from ...report.model import RequirementRow
from ..rule import AnyRule


def requirement_findings(rule: AnyRule, rows: Iterable[RequirementRow]) -> Iterator[Finding]:
    """A finding at the requirement's heading for every non-PASS row of ``rule``'s kind."""
    for row in rows:
        if row.status is not Status.PASS and row.kind == rule.kind:
            yield rule.finding(
                row,
                status=row.status,
                symbol=f"requirement {row.id}",
                id=row.id,
                reason=row.reason,
            )
