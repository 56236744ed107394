"""The four contract questions and the report row each answer becomes (DESIGN §6)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from ..findings import Status
from ..report.model import ContractRow, FieldRef, Location
from ..rules import rules_of
from ..rules.contract.rows import ContractRule


class Question(IntEnum):
    """A cross-component question; its value is the ``question`` number of the report (Q1-Q4)."""

    MOCK_DRIFT = 1
    MISSING_FIELD = 2
    UNCONSUMED_FIELD = 3
    NAMING_DRIFT = 4

    @property
    def kind(self) -> str:
        """The finding kind a FAIL or UNKNOWN answer carries: that of the contract rule
        answering this question (``validator/rules/contract/``)."""
        rules = (r for r in rules_of("contract") if isinstance(r, ContractRule))
        return next(r.kind for r in rules if r.question == self)


@dataclass(frozen=True)
class Answer:
    """A report row plus the files it rests on."""

    row: ContractRow
    files: frozenset[str]


def answer_row(
    *,
    question: Question,
    boundary: str,
    status: Status,
    reason: str,
    files: Iterable[str],
    producer: FieldRef | None = None,
    consumer: FieldRef | None = None,
    at: FieldRef | None = None,
) -> Answer:
    """One report row: located at ``at`` and given its ``contract.*`` kind unless PASS."""
    answered = status is not Status.PASS
    location = Location(at.file, at.line) if at is not None and answered else None
    row = ContractRow(
        question=question,
        boundary=boundary,
        producer=producer,
        consumer=consumer,
        status=status,
        reason=reason,
        kind=question.kind if answered else None,
        location=location,
    )
    return Answer(row, frozenset(f for f in files if f))
