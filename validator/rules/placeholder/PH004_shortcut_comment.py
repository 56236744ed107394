"""PH004 shortcut-comment: a comment that admits its code is provisional marks unfinished work."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.common.languages import is_prose, is_unread
from ....extractors.common.paths import is_test_path
from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Comment, TestCase
from ...findings import Finding
from ..rule import FileContext, FileRule
from .markers import marker_word, shortcut


class ShortcutComment(FileRule):
    """## What it does
    Finds comments in production code that say the code next to them is not
    final without using a TODO marker: "for now", "temporary hack/workaround/fix",
    "this is temporary", "simplified version/logic", "hardcoded until …" /
    "hardcoded for the demo" / "hardcoded to make the tests pass", "hack",
    "quick fix", "quick and dirty", "stubbed out", "just a stub", "placeholder
    implementation/value", "dummy implementation", "fake data", "fix/revisit/see
    later" (not "later stages"), "in a real
    implementation …", "in production this would …". A word that describes
    rather than admits is not reported: "temporary directory", "simplified
    Chinese", "hardcoded for RFC 7231 compliance because …", "placeholder text
    of the input". Test files, Markdown, quoted phrases and URLs are not
    checked; a comment that is a TODO-style marker is reported as one, not twice.

    A phrase the comment uses to describe something other than its code's own
    incompleteness is not reported either:

    - sample data or a placeholder named under a hypothesis or a negation ("wicks
      would be fake data", "instead of mock data"), with the purpose or the condition
      it serves ("mock data for the storybook", "use mock data in tests", "fallback
      mock data used when the API server is not running"), or shown on screen ("the
      tile shows the placeholder until the user resumes");
    - a "for now" of the program's run, a condition that passes by itself ("non-410
      errors are transient, skip for now", "until the user resumes"), or of a third
      party's behaviour told in the present, the third party (an API, server, backend,
      upstream, SDK, library, browser, platform, …, or a product named in mixed or upper
      case) being the first actor of the clause ("for now the upstream API returns only
      the first page", "GitHub caps the page size at 100 for now"), when the comment
      defers nothing ("later", "until", "yet", "proper", "real"). Still reported:
      "transient errors: skip for now, add retries later", "this only handles USD for
      now", "the price defaults to 0 for now", "the API returns every row, so we only
      show the first page for now".

    ## Why is this bad?
    An agent that takes a shortcut often says so in a comment and nowhere else:
    the code passes its tests while doing less than the task asked.

    ## Example
    ```python
    def shipping_cost(order):
        # Flat rate for now, zones later
        return 4.99
    ```

    Use instead: implement the rule the task describes, or leave the task open.

    ## How to suppress
    `# ralph-validate: ignore[PH004] <reason>` on the line or the line above.
    """

    id = "PH004"
    kind = "placeholder.todo"
    name = "shortcut-comment"
    summary = "A comment admitting that the code next to it is a shortcut."
    message = "comment admits a shortcut ({phrase}): {text}"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Production-code comments that call their code provisional."""
        if is_prose(facts.language) or is_unread(facts.language):
            return
        if is_test_path(facts.path) or facts.of_type(TestCase):
            return
        for c in facts.of_type(Comment):
            if c.in_test or marker_word(c.text, markdown=False):
                continue
            phrase = shortcut(c.text)
            if phrase is not None:
                yield self.finding(c, phrase=phrase, text=c.text.strip()[:120])
