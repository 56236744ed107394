"""TI008 conditional-assert: when every assertion is conditional, the test may check nothing."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import TestCase
from ...findings import Finding, Status
from ..rule import FileContext, FileRule
from .common import own_and_helper_assertions


class ConditionalAssert(FileRule):
    """## What it does
    Finds tests whose every assertion sits under a condition (`if`, a loop, a
    `switch`, `&&`) that may not hold. Reported as UNKNOWN: the condition may
    always hold.

    ## Why is this bad?
    When the condition is false — an empty list, an error response — the test
    passes without checking anything.

    ## Example
    ```js
    it('lists orders', async () => {
      const orders = await list();
      for (const o of orders) expect(o.id).toBeDefined();
    });
    ```

    Use instead:
    ```js
    it('lists orders', async () => {
      const orders = await list();
      expect(orders).toHaveLength(2);
      for (const o of orders) expect(o.id).toBeDefined();
    });
    ```

    ## How to suppress
    `// ralph-validate: ignore[TI008] <reason>` on the test's line or above.
    """

    id = "TI008"
    whole_test = True
    kind = "test.conditional-assert"
    name = "conditional-assert"
    summary = "Every assertion of the test is under a condition."
    severity = Status.UNKNOWN
    message = "every assertion of {test} is under a condition"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Tests whose assertions (own and helpers') all sit under a condition."""
        assertions = own_and_helper_assertions(facts)
        for t in facts.of_type(TestCase):
            found = assertions.get(t.symbol, [])
            if found and all(a.conditional for a in found):
                yield self.finding(t, test=t.name)
