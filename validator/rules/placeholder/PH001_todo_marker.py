"""PH001 todo-marker: a TODO left in place marks work the agent did not do."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.common.languages import is_prose
from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Comment
from ...findings import Finding
from ..rule import FileContext, FileRule
from .markers import marker_word


class TodoMarker(FileRule):
    """## What it does
    Finds TODO, FIXME, XXX, HACK and TBD markers in code comments, and in
    Markdown lines that are themselves placeholders (`TODO: add an example`).
    In a code comment a marker counts anywhere when written in capitals
    (`# handles refunds (TODO)`), in any letter case when tagged (`# todo: x`,
    `// Fixme(jo)`), and `fixme` in any case anywhere. Not reported: a marker
    inside a longer word, a hyphenated word, a path, a file name or a URL
    (`hackathon`, `xxxl`, `TODO.md`, `.../fixme/...`), an untagged lower-case
    `todo` in a sentence ("the todo items"), prose that quotes the pattern in
    backticks or quotes, a marker inside a string literal, and a Markdown
    sentence that merely mentions "the TODO list".

    ## Why is this bad?
    A marker is a promise that something is missing. Work that still carries it
    is not done.

    ## Example
    ```python
    def total(items):
        # TODO: apply discounts
        return sum(items)
    ```

    Use instead: do the work, or record it as an open task in the spec.

    ## How to suppress
    `# ralph-validate: ignore[PH001] <reason>` on the line or the line above.
    """

    id = "PH001"
    kind = "placeholder.todo"
    name = "todo-marker"
    summary = "A TODO/FIXME/XXX/HACK/TBD placeholder."
    message = "{word} left in place: {text}"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Comments that are themselves TODO/FIXME/XXX/HACK/TBD markers."""
        markdown = is_prose(facts.language)
        for c in facts.of_type(Comment):
            word = marker_word(c.text, markdown)
            if word is not None:
                yield self.finding(c, word=word, text=c.text.strip()[:120])
