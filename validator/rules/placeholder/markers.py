"""TODO-style markers: reported as such, and read as "not final" next to a stub or a value."""

from __future__ import annotations

import re

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Comment

MARKER = r"(?<![\w-])(TODO|FIXME|XXX|HACK|TBD)(?![\w-])"
# A marker starts the comment (after bullets, boxes or comment leaders) or is followed by
# ":" / "(" / " -": "TODO: x", "# FIXME(jo)", "<!-- TBD -->". "the TODO list" is prose.
_MARKER_LEADING = re.compile(r"^[\s\-*+>#/!<\[\]x]*" + MARKER + r"(?:\b|$)")
_MARKER_TAGGED = re.compile(MARKER + r"\s*(?::|\(|-\s)")
_SUPPRESSION = re.compile(r"ralph-validate:\s*ignore\[")
_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?<![\w])'[^']*'(?![\w])")


def is_marker(text: str) -> bool:
    """True when a comment line is itself a TODO-style placeholder (quoted patterns aside)."""
    if _SUPPRESSION.search(text):
        return False
    bare = _QUOTED.sub(" ", text)
    # A table cell starts afresh: "| Rollback | TBD |" has a marker cell.
    cells = bare.split("|")
    return any(_MARKER_LEADING.search(cell) for cell in cells) or bool(_MARKER_TAGGED.search(bare))


def todo_lines(facts: FileFacts) -> dict[int, str]:
    """Line → symbol of every comment that is a TODO-style marker."""
    return {c.line: c.symbol for c in facts.of_type(Comment) if is_marker(c.text)}
