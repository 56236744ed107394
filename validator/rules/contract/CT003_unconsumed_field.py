"""CT003 unconsumed-field: a produced field nobody reads is work or data that goes nowhere."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...findings import Finding
from ...report.model import ContractRow
from .rows import MESSAGES, ContractRule, contract_findings


class UnconsumedField(ContractRule):
    """## What it does
    Reports a field a producer writes that no reader of the value reads. Inside
    a closed boundary (a private function read only in its own file, a state
    result the state machine drops) it is FAIL; when the value escapes (the
    execution output, an HTTP response, an exported function) it is UNKNOWN.

    ## Why is this bad?
    An unread field is work nobody uses, and often the other half of a renamed
    field: the producer writes `rows`, the reader was changed to `count`.

    ## Example
    A `ResultSelector` keeps `Payload.count`; the handler also computes
    `Payload.rows`, and no state reads it.

    Use instead: read the field where it is needed, or stop producing it.

    ## How to suppress
    `# ralph-validate: ignore[CT003] <reason>` on the written field's line.
    """

    id = "CT003"
    kind = "contract.unconsumed-field"
    name = "unconsumed-field"
    summary = "A produced field nobody reads."
    question = 3
    field_side = "producer"
    message = MESSAGES

    def detect(self, facts: Iterable[ContractRow], context: None) -> Iterator[Finding]:
        """The non-PASS contract rows that answer this rule's question."""
        return contract_findings(self, facts)
