"""CT003 unconsumed-field: a produced field nobody reads is work or data that goes nowhere."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...contracts.observations import (
    Escape,
    Holder,
    Observation,
    UncheckedState,
    UnreadField,
)
from ...findings import Finding, Status
from ...report.model import Question
from .rows import MESSAGES, ContractRule, ContractTable

# Why a field no state reads may still be read, by where the value goes (first match wins).
_MACHINE_ESCAPES = (
    (
        Escape.TASK_INPUT,
        "nobody in the state machine reads it; it is passed to a task (or a JSONata state) "
        "whose reads are not known",
    ),
    (
        Escape.EXECUTION_OUTPUT,
        "nobody in the state machine reads it; it reaches the execution output",
    ),
    (
        Escape.SHARED_FUNCTION,
        "nobody in the state machine reads it; the function is also invoked outside it (an "
        "API, a URL, an event source), whose readers are not known",
    ),
)
_CODE_ESCAPES = "no reader here reads it; the value also goes where we cannot see"
_DROPPED = {
    Holder.CODE: "no reader of this value reads it",
    Holder.STATE_MACHINE: "nobody reads it before the state machine drops it",
}


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
    question = Question.UNCONSUMED_FIELD
    field_side = "producer"
    message = MESSAGES

    def detect(self, facts: Iterable[Observation], context: ContractTable) -> Iterator[Finding]:
        """Per unread field: FAIL when the value stays with the readers seen, UNKNOWN when
        it also goes where readers are not seen."""
        for seen in facts:
            if isinstance(seen, UncheckedState) and seen.unresolved:
                why = f"what the function returns is not known: {seen.unresolved}"
                yield from context.answer(
                    self, seen, status=Status.UNKNOWN, reason=why, producer=seen.at, at=seen.at
                )
                continue
            if not isinstance(seen, UnreadField):
                continue
            status, why = Status.FAIL, _DROPPED[seen.holder]
            if seen.holder is Holder.STATE_MACHINE:
                found = [w for escape, w in _MACHINE_ESCAPES if escape in seen.escapes]
                if found:
                    status, why = Status.UNKNOWN, found[0]
            elif seen.escapes:
                status, why = Status.UNKNOWN, _CODE_ESCAPES
            yield from context.answer(
                self, seen, status=status, reason=why, producer=seen.written, at=seen.written
            )
