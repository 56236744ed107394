"""Where each ``exclude``/``ignore`` entry of the settings is written: its line and comment.

``tomllib`` gives values without positions; a suppression is reported at the line of its
entry, so this small scanner walks the TOML text line by line (tables, dotted keys, arrays
over several lines, strings holding ``#`` or brackets) and finds the string literals of
the two lists. The values themselves still come from ``tomllib``: an entry the scanner
cannot place is reported at its key's line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

from ..core.bounded import toml_loads

LISTED_KEYS = ("exclude", "ignore")
_TABLE = re.compile(r"^\s*\[(?!\[)(?P<name>[^\]]*)\]\s*$")
_STRING = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'")
_TOKEN = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'|[\[\]]")
_KEY = re.compile(r"^\s*(?P<key>[^=\"']*(?:(?:\"[^\"]*\"|'[^']*')[^=\"']*)*)=(?P<rest>.*)$")


@dataclass(frozen=True)
class EntryLine:
    """One string of an ``exclude``/``ignore`` list, where it is written."""

    key: str
    value: str
    line: int
    comment: str  # the text after ``#`` on that line, "" when there is none


def _split_comment(line: str) -> tuple[str, str]:
    """(code, comment) of a TOML line: the first ``#`` outside a string starts the comment."""
    index = 0
    while index < len(line):
        char = line[index]
        if char in "\"'":
            match = _STRING.match(line, index)
            index = match.end() if match else len(line)
            continue
        if char == "#":
            return line[:index], line[index + 1 :].strip()
        index += 1
    return line, ""


def _dotted(name: str) -> tuple[str, ...]:
    """``tool."ralph-validate"`` -> ("tool", "ralph-validate")."""
    parts = re.findall(r"\"[^\"]*\"|'[^']*'|[^.\s]+", name)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


def _decoded(literal: str) -> str | None:
    try:
        value = toml_loads(f"v = {literal}")["v"]
    except tomllib.TOMLDecodeError:
        return None
    return value if isinstance(value, str) else None


def entry_lines(text: str, table: tuple[str, ...]) -> tuple[list[EntryLine], dict[str, int]]:
    """The entries of ``exclude``/``ignore`` in ``table`` (``()`` for the top level) with
    their lines, and the line of each key."""
    entries: list[EntryLine] = []
    key_lines: dict[str, int] = {}
    current: tuple[str, ...] = ()
    open_key: str | None = None
    depth = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        code, comment = _split_comment(raw)
        if open_key is None:
            header = _TABLE.match(code)
            if header:
                current = _dotted(header.group("name"))
                continue
            assignment = _KEY.match(code)
            if not assignment:
                continue
            path = current + _dotted(assignment.group("key"))
            if path[:-1] != table or path[-1] not in LISTED_KEYS:
                continue
            open_key, code, depth = path[-1], assignment.group("rest"), 0
            key_lines.setdefault(open_key, number)
        for match in _TOKEN.finditer(code):
            token = match.group()
            if token in "[]":
                depth += 1 if token == "[" else -1
                continue
            value = _decoded(token)
            if value is not None and depth > 0:
                entries.append(EntryLine(open_key, value, number, comment))
        if depth <= 0:
            open_key = None
    return entries, key_lines
