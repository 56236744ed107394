"""TI006 skipped-test: a skipped test reports green without running."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Skip
from ...findings import Finding
from ..rule import FileContext, FileRule


class SkippedTest(FileRule):
    """## What it does
    Finds tests made not to run: `@pytest.mark.skip`, `@pytest.mark.xfail`
    without a condition, `@unittest.skip`, `pytest.skip()` in a body,
    `self.skipTest()`, `it.skip`, `xit`, `it.todo`, `describe.skip`, and `.only`
    (which skips every other test). Conditional skips (`skipif(sys.platform ...)`)
    are not reported: they document where a test cannot run.

    ## Why is this bad?
    A skipped test reports success in the summary line and checks nothing.

    ## Example
    ```python
    @pytest.mark.skip(reason="flaky")
    def test_checkout():
        assert checkout() == "ok"
    ```

    Use instead: fix the test, or delete it and say so.

    ## How to suppress
    `# ralph-validate: ignore[TI006] <reason>` on the decorator line or above.
    """

    id = "TI006"
    kind = "test.skipped"
    name = "skipped-test"
    summary = "A test that is skipped, marked todo, or focused with .only."
    message = "{how}: test does not run"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Unconditional skips, xfails, todos and focused (``.only``) tests."""
        for s in facts.of_type(Skip):
            if not s.conditional:
                yield self.finding(s, how=s.how)
