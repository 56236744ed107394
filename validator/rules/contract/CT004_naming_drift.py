"""CT004 naming-drift: one concept spelled two ways across a boundary is a field read as missing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...contracts.observations import FieldRead, ModelRead, Observation
from ...contracts.shape import Presence
from ...findings import Finding, Status
from ...report.model import Question
from .rows import MESSAGES, ContractRule, ContractTable


class NamingDrift(ContractRule):
    """## What it does
    When a read is missing, looks for the same field in the same producer under
    another spelling (`user_id`/`userId`, `-`/`_`, plural/singular, common
    abbreviations) or at another depth (`Payload.passed` against
    `Payload.details.passed`). Reported only across one boundary.

    ## Why is this bad?
    The two sides of one boundary name one concept differently; one of them is
    wrong, and the read yields nothing.

    ## Example
    A FastAPI route returns `{"estimated_delivery": ...}`; the TypeScript client
    reads `order.estimatedDelivery`.

    Use instead: agree on one name (a response model with an alias, or the
    client reading the wire name).

    ## How to suppress
    `# ralph-validate: ignore[CT004] <reason>` on the read's line.
    """

    id = "CT004"
    kind = "contract.naming-drift"
    name = "naming-drift"
    summary = "Two sides of one boundary name one field differently."
    question = Question.NAMING_DRIFT
    field_side = "consumer"
    message = MESSAGES

    def detect(self, facts: Iterable[Observation], context: ContractTable) -> Iterator[Finding]:
        """FAIL per read the known producer does not write where read but writes at another
        depth or under another spelling."""
        for seen in facts:
            if isinstance(seen, FieldRead) and seen.elsewhere is not None:
                missing = seen.presence is Presence.ABSENT and seen.resolved
                if not missing or not seen.guard_understood:
                    continue
                how = "at another depth" if seen.same_name else "spelled differently"
                why = f"reads {seen.path}; {seen.producer} writes {seen.elsewhere.path} ({how})"
                elsewhere = seen.elsewhere
            elif isinstance(seen, ModelRead) and seen.near is not None and not seen.in_model:
                why = f"reads {seen.path}; the {seen.model} output has {seen.near.path}"
                elsewhere = seen.near
            else:
                continue
            yield from context.answer(
                self,
                seen,
                status=Status.FAIL,
                reason=why,
                producer=elsewhere,
                consumer=seen.consumer,
                at=seen.consumer,
            )
