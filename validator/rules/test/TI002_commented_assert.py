"""TI002 commented-assert: a commented-out assertion no longer checks anything."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Comment
from ...findings import Finding
from ..rule import FileContext, FileRule


class CommentedAssert(FileRule):
    """## What it does
    Finds assertions left in comments inside a live test, in every assertion
    style: plain `# assert total == 3`, unittest's `# self.assertEqual(...)` and
    `# self.fail(...)`, `# with pytest.raises(ValueError):`, mock and helper
    checks (`# sender.assert_called_once_with(...)`), `// expect(total).toBe(3)`
    (jest, vitest, chai, `chai.expect`, `expect.assertions(n)`, `expect.soft`,
    `expectTypeOf`), `// assert.equal(...)` and `// assert(ok)` (node:assert,
    namespace and named imports such as `strictEqual`), chai's `should`, sinon's
    `sinon.assert.*`, CDK template assertions, AVA's `t.is(...)`. A comment is read
    exactly as the same line of live code would be, through the file's imports.
    Prose such as `# we assert that the cart is empty` is not reported.

    ## Why is this bad?
    The check the test was written for no longer runs; the test still passes
    and still looks like it checks something.

    ## Example
    ```js
    it('adds', () => {
      const total = add(1, 2);
      // expect(total).toBe(3);
    });
    ```

    Use instead:
    ```js
    it('adds', () => {
      expect(add(1, 2)).toBe(3);
    });
    ```

    ## Limits
    Not reported yet (a known miss, marked `todoruleid` in the rule's fixtures): an
    assertion commented out over several lines (`# self.assertEqual(` then
    `#     value, "ok")`), since no one of its lines parses alone. node-tap's
    `t.equal(...)` is read as an assertion neither live nor commented out.

    ## How to suppress
    `// ralph-validate: ignore[TI002] <reason>` on the line or the line above.
    """

    id = "TI002"
    kind = "test.commented-assert"
    name = "commented-assert"
    summary = "An assertion left in a comment inside a test."
    message = "assertion in a comment: {comment}"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Comments inside tests that hold an assertion's code."""
        for c in facts.of_type(Comment):
            if c.in_test and _holds_assertion(c):
                yield self.finding(c, comment=c.text.strip())


def _holds_assertion(c: Comment) -> bool:
    """True when the extractor read the comment's text as an assertion's code: each language
    parses it and asks its one check vocabulary (prose such as "assert that it works" does
    not parse as a check)."""
    return c.code in ("assert", "check")
