"""CT001 mock-drift: tests that pass against a mock's shape break on the real producer's."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...contracts.observations import (
    MockComparison,
    MockedRead,
    ModelStub,
    Observation,
    UnknownModel,
)
from ...contracts.shape import Presence
from ...findings import Finding, Status
from ...report.model import Question
from .model_text import allowed_text, fields_text
from .rows import MESSAGES, ContractRule, ContractTable


class MockDrift(ContractRule):
    """## What it does
    Compares a test double with the real producer it stands in for, on the
    fields the code under test reads: `mock.patch(..., return_value=...)`,
    `MagicMock(return_value=...)`, `jest.mock` + `mockResolvedValue`, a Step
    Functions Local `MockConfigFile.json` response. The double's value is followed
    through the test file (constants, tables, factories, JSON files it loads). A field
    the real producer only ever sets to a few string literals (`"PAID"`, `"NEW"`) is
    enum-like: a mock setting it to another literal is a drift too (for a field always
    set to one literal, only another spelling of it, `"paid"` for `"PAID"`); a field
    the producer passes through or computes has no such set and is not compared by
    value.
    A JavaScript module double
    (`jest.mock`/`vi.mock`) is compared only for the consumers its test reaches through
    its imports (a hook mocked in a page's test is not checked against a component the
    page never renders); when an import of the test's own files does not resolve, what
    it reaches is not known and every consumer of the module is compared.

    ## Why is this bad?
    The tests pass against the mock's shape; the deployed code meets the real
    one. A field the mock has and the producer lacks (or the reverse) changes
    the outcome as soon as the real implementation runs.

    ## Example
    The handler returns `{success, details: {passed}}`; the Step Functions Local
    mock answers `{"Payload": {"passed": true}}`, so the Choice that reads
    `$.countResult.Payload.passed` passes in the test and fails when deployed.

    Use instead: mock the shape the producer returns
    (`{"Payload": {"success": true, "details": {"passed": true}}}`).

    ## How to suppress
    `# ralph-validate: ignore[CT001] <reason>` on the mock's line. A mock in
    JSON (`MockConfigFile.json`) cannot carry a comment: leave the file out
    with `exclude`, or turn the rule off with `ignore = ["CT001"]` in the
    configuration.
    """

    id = "CT001"
    kind = "contract.mock-drift"
    name = "mock-drift"
    summary = "A mock's shape differs from the real producer in a field the code reads."
    question = Question.MOCK_DRIFT
    field_side = "producer"
    message = MESSAGES

    def detect(self, facts: Iterable[Observation], context: ContractTable) -> Iterator[Finding]:
        """Per mock: FAIL at the first read it answers otherwise than the real producer can,
        UNKNOWN when a real producer is not known, else PASS; per stubbed SDK response:
        FAIL at every key the model lacks or enum value it does not allow."""
        for seen in facts:
            if isinstance(seen, MockComparison):
                yield from self._compare(seen, context)
            elif isinstance(seen, ModelStub):
                yield from self._stub(seen, context)
            elif isinstance(seen, UnknownModel) and seen.mocked:
                why = f"botocore has no service model named {seen.service!r}"
                yield from context.answer(
                    self, seen, status=Status.UNKNOWN, reason=why, consumer=seen.at, at=seen.at
                )

    def _compare(self, seen: MockComparison, table: ContractTable) -> Iterator[Finding]:
        unknown = False
        for read in seen.reads:
            if not read.producer_known:
                unknown = True
                continue
            stray = stray_values(read)
            if drifts(read) or stray:
                if stray:
                    real = ", ".join(map(repr, sorted(read.real_values or ())))
                    why = (
                        f"the mock sets {read.path} to {', '.join(map(repr, stray))}; the real "
                        f"{read.producer} only writes {real}"
                    )
                elif read.fake is Presence.PRESENT:
                    why = f"the mock has {read.path}, the real {read.producer} does not"
                else:
                    why = f"the mock lacks {read.path}, the real {read.producer} writes it"
                yield from table.answer(
                    self,
                    seen,
                    status=Status.FAIL,
                    reason=why,
                    producer=read.written,
                    consumer=read.consumer,
                    at=read.mock_field,
                    files=read.files,
                )
                return
        if not seen.reads:
            return
        if unknown:
            status, why = Status.UNKNOWN, "the real producer is not known"
        else:
            status, why = Status.PASS, "the mock agrees with the producer on every field read"
        yield from table.answer(self, seen, status=status, reason=why, at=seen.mock)

    def _stub(self, seen: ModelStub, table: ContractTable) -> Iterator[Finding]:
        reported: list[tuple[str, ...]] = []
        for entry in seen.entries:
            if any(entry.path[: len(r)] == r for r in reported):
                continue  # inside a key already reported
            if not entry.in_model:
                reported.append(entry.path)
                hint = f"; did you mean {entry.near}?" if entry.near else ""
                hint = hint or f" ({fields_text(entry.members)})"
                why = (
                    f"the mock has {'.'.join(entry.path)}; the {seen.model} output has no "
                    f"{entry.missing} in {entry.inside or 'the response'}{hint}"
                )
                yield from table.answer(
                    self, seen, status=Status.FAIL, reason=why, producer=entry.written, at=entry.at
                )
            elif entry.value is not None and entry.allowed and entry.value not in entry.allowed:
                reported.append(entry.path)
                why = (
                    f"the mock sets {'.'.join(entry.path)} to {entry.value!r}; the "
                    f"{seen.model} model {allowed_text([entry.value], entry.allowed)}"
                )
                yield from table.answer(
                    self, seen, status=Status.FAIL, reason=why, producer=entry.field, at=entry.at
                )
        if not reported:
            why = f"every key and enum value is in the {seen.model} output"
            yield from table.answer(
                self, seen, status=Status.PASS, reason=why, producer=seen.response
            )


def stray_values(read: MockedRead) -> list[str]:
    """The string literals the mock gives an enum-like field that the real producer never
    writes: the code under test takes a branch, or misses one, that the deployed code does
    not. Enum-like: the producer writes a closed set of two literals or more; a field it
    always sets to one literal may be a constant of a simple producer, and a mock
    exploring another state of it (``"closed"`` beside ``"open"``) is not drift, but one
    spelling the same literal otherwise (``"paid"`` for ``"PAID"``) is."""
    if read.real is not Presence.PRESENT or read.fake is not Presence.PRESENT:
        return []
    if not read.real_values or not read.fake_values:
        return []
    stray = sorted(read.fake_values - read.real_values)
    if len(read.real_values) >= 2:
        return stray
    spellings = {_spelling(v) for v in read.real_values}
    return [v for v in stray if _spelling(v) in spellings]


def _spelling(value: str) -> str:
    """A literal without case and separators: ``in-progress`` and ``IN_PROGRESS`` meet."""
    return "".join(c for c in value.casefold() if c.isalnum())


def drifts(read: MockedRead) -> bool:
    """True when the mock's answer for the read is one no alternative of the real producer
    gives, and the code does not tolerate the difference: a field declared optional, or read
    under an existence check covering the whole path, copes with either answer."""
    if read.optional or Presence.UNKNOWN in (read.real, read.fake) or read.real is read.fake:
        return False
    if read.tolerated or Presence.UNKNOWN in read.possible:
        return False
    return read.fake not in read.possible
