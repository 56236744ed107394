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
    Finds assertions left in comments inside a live test
    (`# assert total == 3`, `// expect(total).toBe(3)`). Prose such as
    `# we assert that the cart is empty` is not reported.

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
        python = facts.language == "python"
        for c in facts.of_type(Comment):
            # Python comments are parsed by the extractor; prose like "assert that it works"
            # does not parse. Other languages: the assertion's code shape.
            looks_like_code = (
                (c.code == "assert" or (c.code == "call" and _ASSERT_CODE.match(c.text.strip())))
                if python
                else bool(_ASSERT_CODE.match(c.text.strip()))
            )
            if c.in_test and looks_like_code:
                yield self.finding(c, comment=c.text.strip())


_ASSERT_CODE = re.compile(
    r"^(?:assert\s+(?:not\s+)?\S.*(?:==|!=|<=|>=|<|>|\bis\b|\bin\b|\(|\[|\.).*"
    r"|assert\s+[A-Za-z_][\w.]*\s*$"
    r"|self\.assert\w*\(.*|(?:await\s+)?expect\(.*\)\s*\.\s*\w+.*|assert\.\w+\(.*"
    r"|[\w.\])]+\.should\.\w+.*|pytest\.raises\(.*|t\.(?:equal|ok|same|deepEqual)\(.*)$"
)
