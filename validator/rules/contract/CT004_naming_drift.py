"""CT004 naming-drift: one concept spelled two ways across a boundary is a field read as missing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...findings import Finding
from ...report.model import ContractRow
from .rows import MESSAGES, ContractRule, contract_findings


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
    question = 4
    field_side = "consumer"
    message = MESSAGES

    def detect(self, facts: Iterable[ContractRow], context: None) -> Iterator[Finding]:
        """The non-PASS contract rows that answer this rule's question."""
        return contract_findings(self, facts)
