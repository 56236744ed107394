"""CT002 missing-field: a field read that the producer never writes is undefined at run time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...findings import Finding
from ...report.model import ContractRow
from .rows import MESSAGES, ContractRule, contract_findings


class MissingField(ContractRule):
    """## What it does
    Follows a read (attribute chain, subscript, `.get("k")`, destructuring, a
    JSONPath in a `Choice`, `Parameters` or `ResultSelector`) to the producer
    wired to it and checks that the producer writes the field. A read under an
    existence check (`"k" in d`, `d.get("k") is not None`, `IsPresent`, `?.`) is
    not missing. When the producer cannot be resolved the cell is UNKNOWN.

    ## Why is this bad?
    The read yields nothing at run time: a Choice fails the execution, code
    sees `undefined`/`None` and takes the wrong branch.

    ## Example
    ```ts
    Condition.booleanEquals('$.countResult.Payload.passed', true)
    // while the Lambda returns { success: true, details: { passed } }
    ```

    Use instead: read the path the producer writes
    (`$.countResult.Payload.details.passed`), or guard the read with an
    existence check when the field is optional.

    ## How to suppress
    `# ralph-validate: ignore[CT002] <reason>` on the read's line.
    """

    id = "CT002"
    kind = "contract.missing-field"
    name = "missing-field"
    summary = "A field is read that the resolved producer does not write."
    question = 2
    field_side = "consumer"
    message = MESSAGES

    def detect(self, facts: Iterable[ContractRow], context: None) -> Iterator[Finding]:
        """The non-PASS contract rows that answer this rule's question."""
        return contract_findings(self, facts)
