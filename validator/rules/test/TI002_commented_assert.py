"""TI002 commented-assert: a commented-out assertion no longer checks anything."""

from __future__ import annotations

import re
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
    (jest, vitest, chai, `chai.expect`), `// assert.equal(...)` and
    `// assert(ok)` (node:assert), chai's `should`, tap/ava `t.is(...)`. Prose
    such as `# we assert that the cart is empty` is not reported.

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
    `#     value, "ok")`), since no one of its lines parses alone.

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
    """True when a comment's text is an assertion's code in one of the test styles."""
    # Where the extractor parses comments it says whether the text is a check, by the
    # language's one check vocabulary (prose like "assert that it works" does not parse).
    if c.code in ("assert", "check"):
        return True
    return c.code == "unparsed" and bool(_ASSERT_CODE.match(c.text.strip()))


_ASSERT_CODE = re.compile(
    r"^(?:assert\s+(?:not\s+)?\S.*(?:==|!=|<=|>=|<|>|\bis\b|\bin\b|\(|\[|\.).*"
    r"|assert\s+[A-Za-z_][\w.]*\s*$"
    # unittest: self.assert*(...), self.fail(...); pytest.fail(...)
    r"|self\.(?:assert\w*|fail)\(.*|pytest\.(?:fail|raises)\(.*"
    # mocks and helper libraries: mock.assert_called_once_with(...),
    # np.testing.assert_allclose(...), assert_that(x).is_equal_to(y)
    r"|(?:[A-Za-z_][\w.]*\.)?assert_\w+\(.*"
    # jest / vitest / chai expect chains, chai's should, node:assert and assert(...)
    r"|(?:await\s+)?(?:chai\.)?expect\(.*\)\s*\.\s*\w+.*|assert\.\w+\(.*"
    r"|assert\s*\(.*\)\s*;?|[\w.\])]+\.should\.\w+.*"
    # tap / ava
    r"|t\.(?:is|not|equal|notEqual|ok|notOk|same|deepEqual|notDeepEqual|true|false|truthy"
    r"|falsy|throws|notThrows|like|match|regex)\(.*)$"
)
