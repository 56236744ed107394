"""The plain alternatives of a regular expression: ``^(png|jpe?g|gif)$`` -> png, gif.

A regex that accepts a fixed set of words is an allow-list written another way; the words
are the alternatives of its first group whose alternatives are words (an escaped dot
allowed: ``tar\\.gz``). Alternatives with other syntax (``jpe?g``) are no constant value
and are left out. Language-neutral: the readers hand in the pattern's text.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"^(?:[A-Za-z0-9_-]|\\[.\-])+$")


def _groups(pattern: str) -> list[str]:
    """The text inside each parenthesised group, innermost last, escapes kept."""
    found: list[str] = []
    stack: list[int] = []
    escaped = False
    for i, char in enumerate(pattern):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "(":
            stack.append(i + 1)
        elif char == ")" and stack:
            start = stack.pop()
            found.append(pattern[start:i])
    return found


def alternatives(pattern: str) -> list[str]:
    """The plain words of the first group (or of the whole pattern, anchors aside) with
    two or more alternatives, at least one a word; [] when there is none."""
    candidates = [*_groups(pattern), pattern.strip("^$")]
    for group in candidates:
        body = re.sub(r"^\?(?::|P?<[A-Za-z_]\w*>)", "", group)
        parts = body.split("|")
        words = [p.replace("\\", "") for p in parts if _WORD.match(p)]
        if len(parts) >= 2 and words:
            return words
    return []
