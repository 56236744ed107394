"""Which code a comment line stands beside, by the comment syntax of Python and
JavaScript/TypeScript (``#``, ``//``, ``/* */``): a pragma covers that code."""

from __future__ import annotations

_MARKERS = ("#", "//", "/*")
_CONTINUATION = "*"  # a line inside a block comment


def code_at(lines: list[str], line: int) -> str:
    """The code a comment on ``line`` (1-based) covers: the code before the comment on that
    line, else the next of the five lines after it that holds code; "" when none does."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    for marker in _MARKERS:
        before = text.split(marker, 1)[0].strip()
        if marker in text and before:
            return before
    for following in lines[line : line + 5]:
        stripped = following.strip()
        if stripped and not stripped.startswith((*_MARKERS, _CONTINUATION)):
            return stripped
    return ""
