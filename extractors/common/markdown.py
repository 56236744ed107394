"""Markdown prose blocks as Comment facts, for placeholder checks.

markdown-it-py splits the document into blocks and leaves code (fenced and
indented blocks) out of the prose. Of each block, inline code spans and quoted
phrases are blanked out: a sentence that *quotes* ``// TODO: real
implementation`` talks about a placeholder, it is not one.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

from ..facts import Fact
from ..facts.integrity import Comment
from .dispatch import SourceFile, register
from .languages import extensions

_PARSER = MarkdownIt("commonmark").enable("table")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL)  # spans may wrap lines
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|‘[^’\n]*’|(?<![\w])'[^'\n]*'(?![\w])")


def prose(line: str) -> str:
    """The line with inline code and quoted phrases replaced by a space."""
    return _QUOTED.sub(" ", _CODE_SPAN.sub(" ", line))


def extract_markdown(source: SourceFile) -> tuple[Fact, ...]:
    """One Comment fact per block of prose (paragraph, list item, heading, table row, HTML
    comment), at the block's first line: a paragraph wrapped so that a line starts with
    "TODO." is still one sentence."""
    facts: list[Fact] = []
    for token in _PARSER.parse(source.text):
        if token.map is None or token.type not in ("inline", "html_block"):
            continue
        cleaned = " ".join(prose(token.content).split())
        if cleaned:
            facts.append(Comment(file=source.path, line=token.map[0] + 1, text=cleaned))
    return tuple(facts)


register("markdown", extensions("markdown"), extract_markdown)
