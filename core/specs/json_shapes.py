"""Where the entries of a JSON task list are, and which format the file is.

The shapes read (counts from a sample of public repositories in ``docs/formats.md``):

- a top-level list of entries (feature_list.json, .agent/tasks.json, some prd.json);
- an object holding the list under ``userStories`` (snarktank PRD), ``stories``
  (ralph-loop PRD), ``features`` (feature list) or ``tasks`` (agent task list), beside
  any other keys (``branchName``, ``project``...);
- an object with ``phases``: each phase holding its entries under one of those keys
  (nested stories), or, holding none, being an entry itself.

Anything else is refused with one line naming the file: a list of strings or numbers,
an object with none of those keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from ..errors import InputError

CONTAINERS = (
    ("userStories", "snarktank-prd"),
    ("stories", "ralph-loop-prd"),
    ("features", "feature-list"),
    ("tasks", "agent-tasks"),
)
PHASES = "phases"
_BY_FILE_NAME = {"feature_list.json": "feature-list", "tasks.json": "agent-tasks"}


@dataclass(frozen=True)
class Entry:
    """One entry object and where it sits (``userStories[2]``, ``phases[0].tasks[1]``)."""

    where: str
    value: dict[str, Any]


def fail(path: str, where: str, what: str) -> InputError:
    """An error naming the file and the entry."""
    return InputError(f"{path}: {where} {what}")


def _objects(items: list[Any], where: str, path: str) -> list[dict[str, Any]]:
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise fail(path, f"{where}[{index}]", "is not an object")
    return items


def _list_at(parsed: dict[str, Any], key: str, path: str, where: str) -> list[dict[str, Any]]:
    value = parsed[key]
    if not isinstance(value, list):
        raise fail(path, f"'{where}'", "is not a list")
    return _objects(value, where, path)


def _nested(phase: dict[str, Any]) -> str | None:
    return next((key for key, _ in CONTAINERS if isinstance(phase.get(key), list)), None)


def _phase_entries(parsed: dict[str, Any], path: str) -> Iterator[Entry]:
    for index, phase in enumerate(_list_at(parsed, PHASES, path, PHASES)):
        key = _nested(phase)
        if key is None:
            yield Entry(f"{PHASES}[{index}]", phase)
            continue
        where = f"{PHASES}[{index}].{key}"
        for inner, item in enumerate(_list_at(phase, key, path, where)):
            yield Entry(f"{where}[{inner}]", item)


def _top_list_kind(items: list[dict[str, Any]], path: str) -> str:
    name = PurePosixPath(path).name
    if name in _BY_FILE_NAME:
        return _BY_FILE_NAME[name]
    if not items:
        return "agent-tasks"
    if all("id" in e for e in items):
        return "agent-tasks"
    if all("id" not in e for e in items):
        return "feature-list"
    raise fail(
        path,
        "list",
        "mixes entries: each needs 'id' (.agent/tasks.json) or 'description' "
        "without 'id' (feature_list.json)",
    )


def locate(parsed: Any, path: str) -> tuple[str, list[Entry]]:
    """(format, entries in file order) of a parsed JSON task list; InputError otherwise."""
    if isinstance(parsed, list):
        items = _objects(parsed, "list", path)
        return _top_list_kind(items, path), [Entry(f"[{i}]", e) for i, e in enumerate(items)]
    if isinstance(parsed, dict):
        for key, kind in CONTAINERS:
            if key in parsed:
                items = _list_at(parsed, key, path, key)
                return kind, [Entry(f"{key}[{i}]", e) for i, e in enumerate(items)]
        if PHASES in parsed:
            return "phased-tasks", list(_phase_entries(parsed, path))
    raise InputError(
        f"{path} is not a known task list (expected a list of entries, or an object with "
        "userStories, stories, features, tasks or phases holding them)"
    )
