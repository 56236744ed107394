"""Markdown prose lines as Comment facts, for placeholder checks.

markdown-it-py finds the code (fenced and indented blocks), which is not
prose. Of each prose line, inline code spans and quoted phrases are blanked
out: a sentence that *quotes* ``// TODO: real implementation`` talks about a
placeholder, it is not one.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

from ralph_validate.extractors.dispatch import SourceFile, register
from ralph_validate.extractors.facts import Fact
from ralph_validate.extractors.integrity_facts import Comment

_PARSER = MarkdownIt("commonmark")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|‘[^’\n]*’|(?<![\w])'[^'\n]*'(?![\w])")


def prose(line: str) -> str:
    """The line with inline code and quoted phrases replaced by a space."""
    return _QUOTED.sub(" ", _CODE_SPAN.sub(" ", line))


def extract_markdown(source: SourceFile) -> tuple[Fact, ...]:
    """One Comment fact per non-blank prose line."""
    text = source.text
    code_lines: set[int] = set()
    for token in _PARSER.parse(text):
        if token.type in ("fence", "code_block") and token.map is not None:
            code_lines.update(range(token.map[0], token.map[1]))
    facts: list[Fact] = []
    for index, line in enumerate(text.splitlines()):
        if index in code_lines or not line.strip():
            continue
        cleaned = " ".join(prose(line).split())
        if cleaned:
            facts.append(Comment(file=source.path, line=index + 1, text=cleaned))
    return tuple(facts)


register("markdown", (".md", ".markdown"), extract_markdown)
