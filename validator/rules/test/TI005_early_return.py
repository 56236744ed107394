"""TI005 early-return: a return with assertions after it skips them when taken."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Return
from ...findings import Finding
from ..rule import FileContext, FileRule


class EarlyReturn(FileRule):
    """## What it does
    Finds a `return` in a test's own body with assertions after it (a `return`
    inside a helper closure or callback is not the test's).

    ## Why is this bad?
    The assertions after it never run when the return is taken — often exactly
    in the case the test should catch (`if (!response.ok) return;`).

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
        for r in facts.of_type(Return):
            if r.assertions_after > 0:
                yield self.finding(r, count=r.assertions_after)
