"""Glob dialects of the runners: micromatch (Jest, Vitest) translated to regular expressions."""

from __future__ import annotations

import re
from functools import cache


def _brace_alternatives(body: str) -> list[str] | None:
    """Split ``a,b{c,d}`` at top-level commas, or None when there is none."""
    depth = 0
    parts, start = [], 0
    for index, char in enumerate(body):
        if char in "{(":
            depth += 1
        elif char in "})":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(body[start:index])
            start = index + 1
    if not parts:
        return None
    parts.append(body[start:])
    return parts


def _closing(pattern: str, start: int, opening: str, closing: str) -> int:
    """Index of the bracket closing the one at ``start``, or -1."""
    depth = 0
    for index in range(start, len(pattern)):
        if pattern[index] == opening:
            depth += 1
        elif pattern[index] == closing:
            depth -= 1
            if depth == 0:
                return index
    return -1


def _translate(pattern: str) -> str:
    """The regex body of a micromatch glob (``**``, ``*``, ``?``, classes, braces, extglobs)."""
    out: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        nxt = pattern[index + 1] if index + 1 < len(pattern) else ""
        if char in "?*+@!" and nxt == "(":
            end = _closing(pattern, index + 1, "(", ")")
            if end > 0:
                inner = "|".join(_translate(p) for p in pattern[index + 2 : end].split("|"))
                suffix = {"?": "?", "*": "*", "+": "+", "@": ""}.get(char)
                if suffix is None:
                    out.append(f"(?:(?!(?:{inner})$)[^/]*)")
                else:
                    out.append(f"(?:{inner}){suffix}")
                index = end + 1
                continue
        if char == "*" and nxt == "*":
            at_start = index == 0 or pattern[index - 1] == "/"
            after = pattern[index + 2 : index + 3]
            if at_start and after == "/":
                out.append("(?:[^/]*(?:/[^/]*)*/)?")
                index += 3
                continue
            out.append(".*")
            index += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", index + 1)
            if end < 0:
                out.append(re.escape(char))
            else:
                body = pattern[index + 1 : end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                index = end + 1
                continue
        elif char == "{":
            end = _closing(pattern, index, "{", "}")
            alternatives = _brace_alternatives(pattern[index + 1 : end]) if end > 0 else None
            if alternatives is not None:
                out.append("(?:" + "|".join(_translate(a) for a in alternatives) + ")")
                index = end + 1
                continue
            out.append(re.escape(char))
        elif char == "\\" and nxt:
            out.append(re.escape(nxt))
            index += 2
            continue
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)


@cache
def micromatch_regex(pattern: str) -> re.Pattern[str]:
    """A compiled regex matching whole paths the way micromatch matches ``pattern``."""
    negated = pattern.startswith("!")
    body = _translate(pattern[1:] if negated else pattern)
    return re.compile(f"^{body}$")


def micromatch(path: str, pattern: str) -> bool:
    """Whether ``path`` matches ``pattern`` (a leading ``!`` is handled by the caller)."""
    return micromatch_regex(pattern.lstrip("!")).match(path) is not None
