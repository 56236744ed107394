"""Trace rules judge each requirement's evidence into a row of the traceability table.

The tracer (``validator/trace/``) gathers, per requirement, its implementation sites,
its covering tests (those test integrity flagged apart) and the promised files missing
at HEAD. Each rule of this family decides, in ``detect``, the requirements its kind
covers, writing their rows into the ``RequirementTable`` it is given; the table makes
the PASS row of a requirement no rule judged (``covered``).
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Iterable
from typing import TypeVar

from ...findings import Finding, Status
from ...report.model import RequirementRow
from ...trace.observed import RequirementEvidence
from ..rule import Rule

COVERED = "implemented and covered by an honest test"


class RequirementTable:
    """The requirement rows the trace rules decide, one per requirement."""

    def __init__(self) -> None:
        self._rows: dict[tuple[str, str, int], RequirementRow] = {}
        self._extra: list[RequirementRow] = []

    def decide(
        self, rule: TraceRule, seen: RequirementEvidence, *, status: Status, reason: str
    ) -> tuple[Finding, ...]:
        """Record ``rule``'s verdict on one requirement, and return its finding. The first
        rule (lowest id) to judge a requirement decides its row."""
        key = (seen.id, seen.file, seen.line)
        if key in self._rows:
            return ()
        row = RequirementRow(
            id=seen.id,
            title=seen.title,
            status=status,
            implementation=seen.implementation,
            tests=seen.tests,
            decided_by="analysis",
            reason=reason,
            file=seen.file,
            line=seen.line,
            kind=None if status is Status.PASS else rule.kind,
        )
        self._rows[key] = row
        finding = rule.row_finding(row)
        return () if finding is None else (finding,)

    def keep(self, row: RequirementRow) -> None:
        """Keep a row no requirement's evidence stands behind (a file not understood)."""
        self._extra.append(row)

    def extra(self) -> list[RequirementRow]:
        """The rows kept with ``keep``, in the order kept."""
        return list(self._extra)

    def run(self, rule: TraceRule, evidence: Iterable[RequirementEvidence]) -> list[Finding]:
        """Let ``rule`` judge ``evidence``: its findings, each also kept with its row."""
        return list(rule.detect(evidence, self))

    def rows(self, evidence: Iterable[RequirementEvidence]) -> list[RequirementRow]:
        """A row per requirement, in the order given: the verdict a rule recorded, else
        ``covered``."""
        return [self._rows.get((s.id, s.file, s.line)) or covered(s) for s in evidence]


def covered(seen: RequirementEvidence) -> RequirementRow:
    """The PASS row of a requirement no trace rule faults: implemented (no rule finds it
    unimplemented) and covered by an honest test (no rule finds it untested)."""
    return RequirementRow(
        id=seen.id,
        title=seen.title,
        status=Status.PASS,
        implementation=seen.implementation,
        tests=seen.tests,
        decided_by="analysis",
        reason=COVERED,
        file=seen.file,
        line=seen.line,
    )


def implemented(seen: RequirementEvidence) -> bool:
    """True when production code implements the requirement and every file it promises
    to create exists."""
    return bool(seen.implementation) and not seen.missing_created and not seen.missing_named


FactsT = TypeVar("FactsT", contravariant=True)


class RowRule(Rule[FactsT, "RequirementTable"], ABC):
    """A trace-family rule whose verdicts are rows of the traceability table: each
    non-PASS row of its kind stands for one finding (also after the LLM pass)."""

    def row_finding(self, row: RequirementRow) -> Finding | None:
        """The finding a FAIL or UNKNOWN row of this rule's kind stands for, at the
        requirement's heading."""
        if row.status is Status.PASS or row.kind != self.kind:
            return None
        return self.finding(
            row, status=row.status, symbol=f"requirement {row.id}", id=row.id, reason=row.reason
        )


class TraceRule(RowRule[Iterable[RequirementEvidence]], ABC):
    """A rule deciding the requirements of its kind from their evidence."""
