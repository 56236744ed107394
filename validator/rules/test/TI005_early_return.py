"""TI005 early-return: a return with assertions after it skips them when taken."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Assertion, Return
from ...findings import Finding
from ..rule import FileContext, FileRule


class EarlyReturn(FileRule):
    """## What it does
    Finds a `return` in a test's own body with assertions after it (a `return`
    inside a helper closure or callback is not the test's).

    ## Why is this bad?
    The assertions after it never run when the return is taken — often exactly
    in the case the test should catch (`if (!response.ok) return;`).

    A return taken only when a value is absent (`if (!user) return;`,
    `if (user == null) return`) after an assertion earlier in the test that the value
    is present (`expect(user).not.toBeNull()`, `toBeDefined()`, `assert.ok(user)`) is
    not reported: the assertion fails first, so the return only narrows the type for
    the compiler and never skips anything.

    ## Example
    ```python
    def test_fetch():
        response = fetch()
        if response.status != 200:
            return
        assert response.json() == {"ok": True}
    ```

    Use instead:
    ```python
    def test_fetch():
        response = fetch()
        assert response.status == 200
        assert response.json() == {"ok": True}
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI005] <reason>` on the line or the line above.
    """

    id = "TI005"
    kind = "test.early-return"
    name = "early-return"
    summary = "A return that skips the assertions after it."
    message = "return skips {count} assertion(s) after it"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Returns in a test's own body that have assertions after them."""
        asserted = _asserted_present(facts)
        for r in facts.of_type(Return):
            if r.assertions_after == 0:
                continue
            if r.absent_guard and any(
                line < r.line for line in asserted.get((r.symbol, r.absent_guard), ())
            ):
                continue
            yield self.finding(r, count=r.assertions_after)


# Matchers that fail when their subject is absent, and those that fail, negated, when it is.
_PRESENT = frozenset(
    {"toBeDefined", "toBeTruthy", "toBeInstanceOf", "exist", "ok", "assert", "isOk", "isDefined"}
    | {"isNotNull", "isNotUndefined", "notEqual", "notStrictEqual", "toHaveProperty"}
)
_ABSENT = frozenset({"toBeNull", "toBeUndefined", "toBeFalsy", "null", "undefined", "isNull"})


def _asserted_present(facts: FileFacts) -> dict[tuple[str, str], list[int]]:
    """(test, subject text) -> lines of assertions that fail when the subject is absent."""
    out: dict[tuple[str, str], list[int]] = {}
    for a in facts.of_type(Assertion):
        if a.conditional or not a.operands:
            continue
        method = a.method.rsplit(".", 1)[-1]
        if (method in _PRESENT and not a.negated) or (method in _ABSENT and a.negated):
            out.setdefault((a.symbol, a.operands[0].text), []).append(a.line)
    return out
