"""Contract rules read the rows the contract engine answered, one question each."""

from __future__ import annotations

from abc import ABC
from collections.abc import Iterable, Iterator
from types import MappingProxyType
from typing import ClassVar

from ...findings import Finding, Status
from ...report.model import ContractRow
from ..rule import Rule

# The field keeps two findings of one boundary apart (also when telling new findings
# from those already at BASE); it is left out when the reason already names it.
MESSAGES = MappingProxyType(
    {
        "field": "{boundary}: {field}: {reason}",
        "boundary": "{boundary}: {reason}",
    }
)


class ContractRule(Rule[Iterable[ContractRow], None], ABC):
    """A rule answering one contract question (``question``) over the engine's rows."""

    question: ClassVar[int]
    field_side: ClassVar[str]  # "consumer" or "producer": whose field path the message names


def contract_findings(rule: ContractRule, rows: Iterable[ContractRow]) -> Iterator[Finding]:
    """A finding at the offending line for every non-PASS row of ``rule``'s question."""
    for row in rows:
        if row.question != rule.question or row.status is Status.PASS:
            continue
        if row.kind is None or row.location is None:
            continue
        side = row.consumer if rule.field_side == "consumer" else row.producer
        ref = side or row.producer
        field = ref.path if ref is not None else ""
        args = {"boundary": row.boundary, "reason": row.reason}
        if field and field not in row.reason:
            yield rule.finding(
                row.location, variant="field", status=row.status, field=field, **args
            )
        else:
            yield rule.finding(row.location, variant="boundary", status=row.status, **args)
