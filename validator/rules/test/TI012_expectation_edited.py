"""TI012 expectation-edited: a test's expected value was edited to match changed code."""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from ....extractors.common.languages import knowledge_of
from ....extractors.facts import FileFacts
from ...findings import Finding, Status
from ...report.model import Location
from ...testdiff.model import Change, MapValue
from ..rule import FileContext, FileRule
from .common import tests_by_name


def _shown(value: object, language: str) -> str:
    """An expected value as the test's language writes it."""
    knowledge = knowledge_of(language)
    return knowledge.show_value(value) if knowledge is not None else repr(value)


def _extends(before: object, after: object) -> bool:
    """True when an expected object literal only gained keys: every BASE key keeps its value,
    so the check pins down all it did and more (a new field of the result)."""
    if not isinstance(before, MapValue) or not isinstance(after, MapValue):
        return False
    return all(item in after.items for item in before.items)


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split()).rstrip(";")


class ExpectationEdited(FileRule):
    """## What it does
    Finds a BASE assertion whose expected value was changed (`== 3` → `== 4`,
    `toEqual({total: 18})` → `toEqual({total: 16})`, another expected exception,
    an exact check made approximate around another number: `== 0.0` →
    `== pytest.approx(50.0)`, `toBe(9)` → `toBeCloseTo(10)`; around the same
    number with a wider tolerance it is a weakened test) in a change set that
    also changed the production code the test reaches through its imports, and
    where the spec's requirements did not change. When
    the spec changed in the same change set, the edit may be what was asked for:
    the cell is UNKNOWN, as it is when no spec is known. An expected value edited
    while the code it checks did not change, and an expected object that only
    gained keys (every BASE field keeps its value), are not reported here (the weakened-test
    rule reports it when the new check is weaker).

    ## Why is this bad?
    The test was written to pin a behaviour down. Changing the code and then
    changing the test's expectation to whatever the new code returns makes the
    test agree with any behaviour: a regression is recorded as the new truth.

    ## Example
    ```python
    # BASE: src/shop/cart.py returns 18 for [10, 10]
    assert member_total([10, 10]) == 18
    # HEAD: the discount code changed and the test was made to agree
    assert member_total([10, 10]) == 16
    ```

    Use instead: keep the expectation and fix the code, or change the spec's
    requirement first so the new value is what was asked for.

    ## How to suppress
    `# ralph-validate: ignore[TI012] <reason>` on the line or the line above.
    """

    id = "TI012"
    kind = "test.expectation-edited"
    name = "expectation-edited"
    summary = "An expected value edited in the change set that changed the code it checks."
    reads_base = True
    message = MappingProxyType(
        {
            "unexplained": "{edit}, while {code} changed and the spec did not",
            "spec-changed": "{edit}, while {code} changed and so did the spec",
            "no-spec": "{edit}, while {code} changed; no spec says whether it was asked for",
            "no-base": "tests not compared with BASE ({why}): an expected value edited since "
            "BASE is not known; --base REF compares them",
        }
    )

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Edited expectations of tests whose reached production code changed too."""
        comparison = context.comparison
        if comparison is None or not context.changed_code:
            return
        if context.spec_changed is None:
            variant, status = "no-spec", Status.UNKNOWN
        elif context.spec_changed:
            variant, status = "spec-changed", Status.UNKNOWN
        else:
            variant, status = "unexplained", Status.FAIL
        code = ", ".join(context.changed_code)
        tests = tests_by_name(facts)
        for compared in comparison.tests:
            test = tests.get(compared.head_name or compared.name)
            if test is None:
                continue
            for change in compared.changes:
                if change.change is not Change.EXPECTED_EDITED or change.head_line is None:
                    continue
                if _extends(change.base_value, change.head_value):
                    continue
                was, now = _one_line(change.base_text), _one_line(change.head_text)
                # A value of None is either a literal null or an expression: show values only
                # when both sides are known literals, else the assertions as written.
                if change.base_value is not None and change.head_value is not None:
                    before = _shown(change.base_value, comparison.language)
                    after = _shown(change.head_value, comparison.language)
                    edit = f"expected value edited from {before} to {after}: {was} -> {now}"
                else:
                    edit = f"expectation edited: {was} -> {now}"
                yield self.finding(
                    Location(facts.path, change.head_line),
                    variant=variant,
                    status=status,
                    symbol=test.symbol,
                    edit=edit,
                    code=code,
                )
