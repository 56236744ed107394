"""TI004 broad-raises: an expected-exception check that any error satisfies says nothing."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Assertion
from ...findings import Finding
from ..rule import FileContext, FileRule
from .common import names_any_exception, test_ids


class BroadRaises(FileRule):
    """## What it does
    Finds `pytest.raises(Exception)`, `pytest.raises(BaseException)` and
    `self.assertRaises(Exception)` without a `match=` or message check.
    Jest's `toThrow()` without an argument is not reported: JavaScript code
    rarely throws typed errors, so the bare form is the idiom, not a shortcut.

    ## Why is this bad?
    Any error passes — a `TypeError` from a typo as much as the `ValueError` the
    test is about. The test no longer says which failure is expected.

    ## Example
    ```python
    with pytest.raises(Exception):
        parse("x")
    ```

    Use instead:
    ```python
    with pytest.raises(ValueError, match="not a number"):
        parse("x")
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI004] <reason>` on the line or the line above.
    """

    id = "TI004"
    kind = "test.swallowed-exception"
    name = "broad-raises"
    summary = "An expected-exception check that accepts any exception."
    message = "expects any exception: {assertion}"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """``raises(Exception)``-style checks in tests without a message match."""
        tests = test_ids(facts)
        for a in facts.of_type(Assertion):
            if (
                a.symbol in tests
                and (a.style == "raises" or a.method in _EXPECTS_RAISE)
                and not a.has_match
                and names_any_exception(a.exception_types)
            ):
                yield self.finding(a, assertion=a.text)


_EXPECTS_RAISE = {"assertRaises", "assertWarns", "failUnlessRaises"}
