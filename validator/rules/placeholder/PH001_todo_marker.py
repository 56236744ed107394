"""PH001 todo-marker: a TODO left in place marks work the agent did not do."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Comment
from ...findings import Finding
from ..rule import FileContext, FileRule
from .markers import MARKER, is_marker


class TodoMarker(FileRule):
    """## What it does
    Finds TODO, FIXME, XXX, HACK and TBD markers in code comments, and in
    Markdown lines that are themselves placeholders (`TODO: add an example`).
    Prose that quotes the pattern in backticks or quotes is not reported, nor is
    a marker inside a string literal, nor a sentence that merely mentions
    "the TODO list".

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
        for c in facts.of_type(Comment):
            if is_marker(c.text):
                marker = re.search(MARKER, c.text)
                word = marker.group(1) if marker else "TODO"
                yield self.finding(c, word=word, text=c.text.strip()[:120])
