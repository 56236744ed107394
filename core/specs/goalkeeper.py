"""goalkeeper ``contract.md``: YAML front matter between ``---`` lines, then free prose.

The front matter declares ``objective``, ``definition_of_done[]``,
``validator.command`` and ``max_rejections``. Each Definition-of-Done item
becomes requirement ``DoD-1``, ``DoD-2``...; a contract has no task list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from ..bounded import yaml_load
from ..errors import InputError
from .model import Requirement
from .text import decode

_FRONT = re.compile(r"\A---[ \t]*\r?\n(?P<yaml>.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)


@dataclass(frozen=True)
class Contract:
    """What a contract declares: its DoD rows and the settings the gate honours."""

    slug: str | None
    objective: str | None
    requirements: tuple[Requirement, ...]
    validator_command: str | None
    max_rejections: int | None


def has_front_matter(data: bytes) -> bool:
    """True when ``data`` opens with a ``---`` front-matter line (after an optional BOM)."""
    return data.removeprefix(b"\xef\xbb\xbf").startswith((b"---\n", b"---\r\n"))


def _front_matter(text: str, path: str) -> dict[str, Any]:
    match = _FRONT.match(text)
    if match is None:
        raise InputError(f"{path} has no YAML front matter between --- lines")
    try:
        front = yaml_load(match.group("yaml"))
    except yaml.YAMLError as err:
        problem = getattr(err, "problem", None) or "cannot be parsed"
        raise InputError(f"{path}: front matter is not valid YAML ({problem})") from None
    if not isinstance(front, dict):
        raise InputError(f"{path}: front matter is not a mapping of keys to values")
    return front


def _optional_text(front: dict[str, Any], key: str, path: str) -> str | None:
    value = front.get(key)
    if value is not None and not isinstance(value, str):
        raise InputError(f"{path}: '{key}' must be a string")
    return value


def _dod_line(text: str, item: str, after: int) -> int:
    """1-based line of the DoD item in the file (the list's first line when quoted oddly)."""
    lines = text.splitlines()
    for number in range(after, len(lines) + 1):
        if item[:40] in lines[number - 1]:
            return number
    return after


def parse_contract(data: bytes, path: str) -> Contract:
    """The contract in ``data``; InputError for missing or malformed front matter."""
    text = decode(data, path)
    front = _front_matter(text, path)
    items = front.get("definition_of_done")
    if not isinstance(items, list) or not items or not all(isinstance(i, str) for i in items):
        raise InputError(f"{path}: definition_of_done must be a non-empty list of strings")
    validator = front.get("validator", {})
    if not isinstance(validator, dict):
        raise InputError(f"{path}: 'validator' must be a mapping with a 'command'")
    rejections = front.get("max_rejections")
    if rejections is not None and (
        isinstance(rejections, bool) or not isinstance(rejections, int) or rejections < 1
    ):
        raise InputError(f"{path}: max_rejections must be a positive whole number")
    start = next(
        (n for n, line in enumerate(text.splitlines(), 1) if "definition_of_done" in line), 1
    )
    requirements = []
    line = start
    for n, item in enumerate(items, start=1):
        line = _dod_line(text, item, line)
        requirements.append(Requirement(f"DoD-{n}", item, item, (), path, line))
    return Contract(
        slug=_optional_text(front, "slug", path),
        objective=_optional_text(front, "objective", path),
        requirements=tuple(requirements),
        validator_command=_optional_text(validator, "command", path),
        max_rejections=rejections,
    )
