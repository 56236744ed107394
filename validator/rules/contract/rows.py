"""Contract rules judge the engine's observations, one question each, into table rows.

The contract engine (``validator/contracts/``) observes every boundary; each rule of
this family answers its question (``question``: Q1-Q4 of DESIGN §6) over those
observations, PASS included, writing one row of the Cross-component integrity table per
answer into the ``ContractTable`` it is given and yielding the finding of every FAIL or
UNKNOWN row.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from ...contracts.observations import Observation
from ...findings import Finding, Status
from ...report.model import ContractRow, FieldRef, Location, Question
from ..rule import Rule

# The field keeps two findings of one boundary apart (also when telling new findings
# from those already at BASE); it is left out when the reason already names it.
MESSAGES = MappingProxyType(
    {
        "field": "{boundary}: {field}: {reason}",
        "boundary": "{boundary}: {reason}",
    }
)


@dataclass(frozen=True)
class Answer:
    """A row of the table, the files it rests on, and its finding unless PASS."""

    row: ContractRow
    files: frozenset[str]
    finding: Finding | None


class ContractTable:
    """The rows the contract rules answer, in the order they answered them."""

    def __init__(self) -> None:
        self.answers: list[Answer] = []

    def answer(
        self,
        rule: ContractRule,
        seen: Observation,
        *,
        status: Status,
        reason: str,
        producer: FieldRef | None = None,
        consumer: FieldRef | None = None,
        at: FieldRef | None = None,
        files: Iterable[str] = (),
    ) -> tuple[Finding, ...]:
        """Record ``rule``'s answer about the boundary ``seen``: a row located at ``at`` and
        given the rule's kind unless PASS; the row's finding, if any, is returned.
        ``files`` are further files the answer rests on besides the observation's."""
        answered = status is not Status.PASS
        row = ContractRow(
            question=rule.question,
            boundary=seen.boundary,
            producer=producer,
            consumer=consumer,
            status=status,
            reason=reason,
            kind=rule.kind if answered else None,
            location=Location(at.file, at.line) if at is not None and answered else None,
        )
        finding = rule.row_finding(row)
        rests_on = seen.files | {f for f in files if f}
        self.answers.append(Answer(row, frozenset(rests_on), finding))
        return () if finding is None else (finding,)

    def run(self, rule: ContractRule, observations: Iterable[Observation]) -> list[Finding]:
        """Let ``rule`` answer over ``observations``: its findings, each also kept with its
        row in ``answers``."""
        return list(rule.detect(observations, self))


class ContractRule(Rule[Iterable[Observation], ContractTable], ABC):
    """A rule answering one contract question (``question``) over the engine's observations."""

    question: ClassVar[Question]
    field_side: ClassVar[str]  # "consumer" or "producer": whose field path the message names

    def row_finding(self, row: ContractRow) -> Finding | None:
        """The finding a FAIL or UNKNOWN row of this rule stands for, at its location."""
        if row.status is Status.PASS or row.kind != self.kind or row.location is None:
            return None
        side = row.consumer if self.field_side == "consumer" else row.producer
        ref = side or row.producer
        field = ref.path if ref is not None else ""
        args = {"boundary": row.boundary, "reason": row.reason}
        if field and field not in row.reason:
            return self.finding(
                row.location, variant="field", status=row.status, field=field, **args
            )
        return self.finding(row.location, variant="boundary", status=row.status, **args)
