"""CT002 missing-field: a field read that the producer never writes is undefined at run time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...contracts.observations import (
    AmbiguousRead,
    EnumComparison,
    FieldRead,
    ModelRead,
    Observation,
    UncheckedState,
    UnknownModel,
    UnreadablePath,
)
from ...contracts.shape import Presence
from ...findings import Finding, Status
from ...report.model import FieldRef, Question
from .model_text import allowed_text, fields_text
from .rows import MESSAGES, ContractRule, ContractTable

_GUARDED = "missing, but only read under an existence check"


def _names(states: tuple[str, ...], shown: int = 4) -> str:
    """``A, B, C and 2 more states`` / ``state A``."""
    if len(states) == 1:
        return f"state {states[0]}"
    head = ", ".join(states[:shown])
    more = len(states) - shown
    return f"states {head} and {more} more" if more > 0 else f"states {head}"


class MissingField(ContractRule):
    """## What it does
    Follows a read (attribute chain, subscript, `.get("k")`, destructuring, a
    JSONPath in a `Choice`, `Parameters` or `ResultSelector`) to the producer
    wired to it and checks that the producer writes the field. A read under an
    explicit existence check or a default (`"k" in d`, `d.get("k") is not None`,
    `x.k !== undefined`, `??`, `IsPresent`) is not missing, nor is a read that
    copes with an absent field by itself outside a condition (`return
    d.get("k")`, `x.k?.y`). A truth test or a comparison (`if (x.k)`,
    `if d.get("k")`, `x.k?.y === "a"`) of a field the producer never writes
    is a read: its branch can never be taken. When the producer cannot be
    resolved the cell is UNKNOWN, except for a read of the Lambda invoke
    envelope itself (`$.Paylod` next to `Payload`, `StatusCode`,
    `ExecutedVersion`, `SdkHttpMetadata`, `SdkResponseMetadata`), which the
    integration fixes whatever the handler returns.

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
    question = Question.MISSING_FIELD
    field_side = "consumer"
    message = MESSAGES

    def detect(self, facts: Iterable[Observation], context: ContractTable) -> Iterator[Finding]:
        """Per read: PASS when the producer writes the field (or an existence check guards
        it), UNKNOWN when the producer or its answer is not known, else FAIL."""
        for seen in facts:
            if isinstance(seen, FieldRead):
                yield from self._read(seen, context)
            elif isinstance(seen, AmbiguousRead):
                yield from self._ambiguous(seen, context)
            elif isinstance(seen, ModelRead):
                yield from self._model_read(seen, context)
            elif isinstance(seen, EnumComparison):
                yield from self._enum(seen, context)
            elif isinstance(seen, UnreadablePath):
                why = f"path {seen.expression} is not understood"
                yield from self._answer(context, seen, Status.UNKNOWN, why, seen.consumer)
            elif isinstance(seen, UncheckedState) and seen.unmodelled:
                verb = "uses" if len(seen.states) == 1 else "use"
                why = (
                    f"{_names(seen.states)} {verb} {seen.unmodelled} expressions, whose "
                    "reads are not checked"
                )
                yield from self._answer(context, seen, Status.UNKNOWN, why, seen.at)
            elif isinstance(seen, UnknownModel) and not seen.mocked:
                why = f"botocore has no service model named {seen.service!r}"
                yield from self._answer(context, seen, Status.UNKNOWN, why, seen.at)

    def _answer(
        self,
        table: ContractTable,
        seen: Observation,
        status: Status,
        why: str,
        consumer: FieldRef,
        producer: FieldRef | None = None,
    ) -> tuple[Finding, ...]:
        """A row about one read, located at the read."""
        return table.answer(
            self,
            seen,
            status=status,
            reason=why,
            producer=producer,
            consumer=consumer,
            at=consumer,
        )

    def _read(self, seen: FieldRead, table: ContractTable) -> tuple[Finding, ...]:
        read = seen.consumer
        if not seen.guard_understood and seen.presence is Presence.ABSENT and seen.resolved:
            why = "read under an existence check whose path is not understood"
            return self._answer(table, seen, Status.UNKNOWN, why, read)
        if seen.execution_input:
            why = "reads the execution input, whose schema is not known"
            return self._answer(table, seen, Status.UNKNOWN, why, read)
        if seen.presence is Presence.PRESENT:
            return self._answer(
                table, seen, Status.PASS, "written by the producer", read, seen.written
            )
        # A producer whose code is not known can only answer UNKNOWN below what is known of
        # it; an absence is decided by the known part (an integration's fixed envelope).
        if seen.unresolved is not None and seen.presence is not Presence.ABSENT:
            why = f"the producer behind {seen.producer} is not known: {seen.unresolved}"
            return self._answer(table, seen, Status.UNKNOWN, why, read)
        if seen.presence is Presence.UNKNOWN:
            why = f"{seen.producer} may or may not write {seen.path}"
            return self._answer(table, seen, Status.UNKNOWN, why, read, seen.written)
        # Written elsewhere (naming drift): the row names where the producer does write it.
        producer = seen.elsewhere or seen.written
        if seen.guarded:
            return self._answer(table, seen, Status.PASS, _GUARDED, read, producer)
        why = f"reads {seen.path}; {seen.producer} does not write {seen.written.path}"
        if seen.truth_test:
            # ``if (event.foo)`` of a field no return writes: the branch can never be taken.
            why = (
                f"reads {seen.path} only in a truth test or through ?.; "
                f"{seen.producer} never writes {seen.written.path}"
            )
        return self._answer(table, seen, Status.FAIL, why, read, producer)

    def _ambiguous(self, seen: AmbiguousRead, table: ContractTable) -> tuple[Finding, ...]:
        """Never FAIL: the producer really serving the value may be none of those matched
        (a base URL we cannot read)."""
        labels = ", ".join(seen.producers)
        read = seen.consumer
        if seen.presences == {Presence.PRESENT}:
            why = "written by every producer"
            return self._answer(table, seen, Status.PASS, why, read, seen.written)
        if seen.presences == {Presence.ABSENT} and seen.guarded:
            return self._answer(table, seen, Status.PASS, _GUARDED, read)
        if seen.presences == {Presence.ABSENT}:
            why = f"none of {labels} writes {seen.path}; which one answers is not known"
        else:
            why = f"the value may come from any of {labels}; they differ on {seen.path}"
        return self._answer(table, seen, Status.UNKNOWN, why, read)

    def _model_read(self, seen: ModelRead, table: ContractTable) -> tuple[Finding, ...]:
        read = seen.consumer
        if seen.in_model:
            why = f"in the {seen.model} output"
            return self._answer(table, seen, Status.PASS, why, read, seen.written)
        if seen.guarded:
            why = "not in the model, but only read under an existence check"
            return self._answer(table, seen, Status.PASS, why, read, seen.written)
        why = (
            f"reads {seen.path}; the {seen.model} output has no {seen.missing} in "
            f"{seen.inside or 'the response'} ({fields_text(seen.members)})"
        )
        return self._answer(table, seen, Status.FAIL, why, read, seen.written)

    def _enum(self, seen: EnumComparison, table: ContractTable) -> tuple[Finding, ...]:
        bad = [v for v in seen.values if v not in seen.allowed]
        if not bad:
            why = f"compares {seen.path} with values of its enum"
            return self._answer(table, seen, Status.PASS, why, seen.consumer, seen.field)
        why = (
            f"compares {seen.path} with {', '.join(map(repr, bad))}; the {seen.model} "
            f"model {allowed_text(bad, seen.allowed)}"
        )
        return self._answer(table, seen, Status.FAIL, why, seen.consumer, seen.field)
