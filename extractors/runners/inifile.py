"""INI, TOML and JSON reading that keeps the line of every key (configparser, tomllib and json
drop it)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from ...core.bounded import toml_loads

_SECTION = re.compile(r"^\[([^\]]+)\]\s*(?:[#;].*)?$")
_KEY = re.compile(r"^([^=:\s][^=:]*?)\s*[=:]\s?(.*)$")


@dataclass(frozen=True)
class IniValue:
    """One ``key = value`` of an INI section, continuation lines joined with newlines."""

    key: str
    value: str
    line: int
    value_line: int


def read_ini(text: str) -> dict[str, dict[str, IniValue]]:
    """Sections of an INI file: section -> key -> value with its line (iniconfig's rules)."""
    sections: dict[str, dict[str, IniValue]] = {}
    current: dict[str, IniValue] | None = None
    last: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(("#", ";")):
            continue
        if raw[:1].isspace() and current is not None and last is not None:
            held = current[last]
            joined = f"{held.value}\n{stripped}" if held.value else stripped
            first = held.value_line if held.value else number
            current[last] = IniValue(held.key, joined, held.line, first)
            continue
        section = _SECTION.match(stripped)
        if section:
            current = sections.setdefault(section.group(1).strip(), {})
            last = None
            continue
        key = _KEY.match(stripped)
        if key and current is not None:
            name = key.group(1).strip()
            current[name] = IniValue(name, _strip_comment(key.group(2).strip()), number, number)
            last = name
    return sections


def _strip_comment(value: str) -> str:
    """An inline `` # comment`` is not part of the value (iniconfig strips it)."""
    return re.split(r"\s[#;]", value, maxsplit=1)[0].strip()


def read_toml(text: str) -> dict[str, Any] | None:
    """The parsed TOML document, or None when it does not parse."""
    try:
        return toml_loads(text)
    except tomllib.TOMLDecodeError:
        return None


def toml_key_line(text: str, table: str, key: str) -> int:
    """The line of ``key`` inside ``[table]`` (dotted keys too); the table's line, else 1."""
    header = re.compile(
        r"^\s*\[\s*" + r"\s*\.\s*".join(map(re.escape, table.split("."))) + r"\s*\]"
    )
    key_re = re.compile(r"^\s*[\"']?" + re.escape(key) + r"[\"']?\s*=")
    dotted = re.compile(
        r"^\s*" + r"\s*\.\s*".join(map(re.escape, [*table.split("."), key])) + r"\s*="
    )
    lines = text.splitlines()
    table_line = 0
    inside = False
    for number, line in enumerate(lines, 1):
        if dotted.match(line):
            return number
        if line.lstrip().startswith("["):
            inside = bool(header.match(line)) and not line.lstrip().startswith("[[")
            if inside and not table_line:
                table_line = number
            continue
        if inside and key_re.match(line):
            return number
    return table_line or 1


def json_key_line(source: str, keys: tuple[str, ...]) -> int:
    """The line of the nested key ``keys`` in a JSON text (searched in order), else 1."""
    position = 0
    for key in keys:
        found = re.compile(r'"' + re.escape(key) + r'"\s*:').search(source, position)
        if found is None:
            return 1
        position = found.start()
    return source.count("\n", 0, position) + 1
