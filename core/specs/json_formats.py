"""JSON task lists: snarktank ``prd.json``, ralph-loop ``prd.json``, ``feature_list.json``,
``.agent/tasks.json``.

Every entry is both a requirement (a row to trace) and a task (what the gate
counts); "checked" is ``passes: true`` and a missing ``passes`` means not yet.
Ids: story ids for PRDs, ``F1``, ``F2``... (1-based position) for features,
the task's ``id`` for ``.agent/tasks.json``; criteria are ``<id>.1``, ``<id>.2``...
A ralph-loop PRD's ``Spec.scope`` is the union of its stories' ``scope[]`` in
first-seen order; each story also keeps its own. A top-level list is a feature
list when its entries carry ``description`` and no ``id``, an agent task list
when they carry ``id``; an empty list takes its format from the file name.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from ..errors import InputError
from .model import Criterion, Requirement, Task, TaskState, is_final_title
from .text import decode

Parsed = tuple[str, tuple[Requirement, ...], tuple[Task, ...], tuple[str, ...]]


def load_json(data: bytes, path: str) -> Any:
    """Parsed JSON, or InputError naming the file and the position."""
    try:
        return json.loads(decode(data, path))
    except json.JSONDecodeError as err:
        raise InputError(
            f"{path} is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None


class _Lines:
    """Finds the line a JSON value is written on, scanning forward through the text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def find(self, key: str, value: str) -> int:
        """Line of ``"key": value`` (or of the value alone) at or after the last one found."""
        spelled = json.dumps(value, ensure_ascii=False)
        pair = re.compile(re.escape(json.dumps(key)) + r"\s*:\s*" + re.escape(spelled))
        match = pair.search(self.text, self.at)
        index = match.start() if match else self.text.find(spelled, self.at)
        if index < 0:
            return self.text.count("\n", 0, self.at) + 1
        self.at = index + 1
        return self.text.count("\n", 0, index) + 1

    def value(self, value: str) -> int:
        """Line of a string in an array, at or after the current entry."""
        spelled = json.dumps(value, ensure_ascii=False)
        index = self.text.find(spelled, self.at)
        if index < 0:
            return self.text.count("\n", 0, self.at) + 1
        self.at = index + len(spelled)
        return self.text.count("\n", 0, index) + 1


@dataclass(frozen=True)
class _Entry:
    id: str
    title: str
    body: str
    criteria: tuple[str, ...]
    passes: bool
    scope: tuple[str, ...]
    key: str  # the JSON key whose value locates the entry
    located_by: str


class _Shape:
    """Type checks that name the file and the entry in their message."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, what: str) -> InputError:
        return InputError(f"{self.path}: {where} {what}")

    def text(self, entry: dict[str, Any], key: str, where: str, required: bool) -> str | None:
        value = entry.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"needs a non-empty string '{key}'")
        return value

    def strings(self, entry: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
        value = entry.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(where, f"has '{key}' that is not a list of strings")
        return tuple(value)

    def passes(self, entry: dict[str, Any], where: str) -> bool:
        value = entry.get("passes", False)
        if not isinstance(value, bool):
            raise self.fail(where, f"has 'passes' = {json.dumps(value)}, not true or false")
        return value

    def objects(self, items: list[Any], where: str) -> list[dict[str, Any]]:
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.fail(f"{where}[{index}]", "is not an object")
        return items


def _stories(parsed: dict[str, Any], shape: _Shape, ralph_loop: bool) -> list[_Entry]:
    key = "stories" if ralph_loop else "userStories"
    criteria_key = "acceptance_criteria" if ralph_loop else "acceptanceCriteria"
    entries = []
    for index, story in enumerate(shape.objects(parsed[key], key)):
        where = f"{key}[{index}]"
        sid = str(shape.text(story, "id", where, required=True))
        title = shape.text(story, "title", where, required=False) or sid
        description = shape.text(story, "description", where, required=False) or ""
        scope = shape.strings(story, "scope", where) if ralph_loop else ()
        criteria = shape.strings(story, criteria_key, where)
        passes = shape.passes(story, where)
        entries.append(_Entry(sid, title, description, criteria, passes, scope, "id", sid))
    return entries


def _features(parsed: list[dict[str, Any]], shape: _Shape) -> list[_Entry]:
    entries = []
    for index, feature in enumerate(parsed, start=1):
        where = f"feature {index}"
        description = str(shape.text(feature, "description", where, required=True))
        steps = shape.strings(feature, "steps", where)
        passes = shape.passes(feature, where)
        entries.append(
            _Entry(f"F{index}", description, "", steps, passes, (), "description", description)
        )
    return entries


def _agent_tasks(parsed: list[dict[str, Any]], shape: _Shape) -> list[_Entry]:
    entries = []
    for index, task in enumerate(parsed):
        where = f"task {index + 1}"
        tid = str(shape.text(task, "id", where, required=True))
        title = str(shape.text(task, "title", where, required=True))
        passes = shape.passes(task, where)
        entries.append(_Entry(tid, title, "", (), passes, (), "id", tid))
    return entries


def _kind(parsed: Any, path: str, shape: _Shape) -> str:
    if isinstance(parsed, dict):
        for key, kind in (("userStories", "snarktank-prd"), ("stories", "ralph-loop-prd")):
            if key in parsed:
                if not isinstance(parsed[key], list):
                    raise shape.fail(f"'{key}'", "is not a list")
                return kind
    if isinstance(parsed, list):
        shape.objects(parsed, "list")
        if not parsed:
            name = PurePosixPath(path).name
            return "feature-list" if name == "feature_list.json" else "agent-tasks"
        if all("id" in e for e in parsed):
            return "agent-tasks"
        if all("description" in e and "id" not in e for e in parsed):
            return "feature-list"
        raise shape.fail(
            "list",
            "mixes entries: each needs 'id' (.agent/tasks.json) or 'description' "
            "without 'id' (feature_list.json)",
        )
    raise InputError(
        f"{path} is not a known task list (expected prd.json with userStories or stories, "
        "a feature_list.json list or an .agent/tasks.json list)"
    )


def parse_json_tasks(data: bytes, path: str) -> Parsed:
    """(format, requirements, tasks, scope globs) of a JSON task list."""
    parsed = load_json(data, path)
    shape = _Shape(path)
    kind = _kind(parsed, path, shape)
    if kind in ("snarktank-prd", "ralph-loop-prd"):
        entries = _stories(parsed, shape, ralph_loop=kind == "ralph-loop-prd")
    elif kind == "feature-list":
        entries = _features(parsed, shape)
    else:
        entries = _agent_tasks(parsed, shape)
    seen: set[str] = set()
    lines = _Lines(decode(data, path))
    requirements: list[Requirement] = []
    tasks: list[Task] = []
    for entry in entries:
        if entry.id in seen:
            raise InputError(f"{path}: id {entry.id} appears more than once")
        seen.add(entry.id)
        line = lines.find(entry.key, entry.located_by)
        criteria = tuple(
            Criterion(f"{entry.id}.{n}", text, lines.value(text))
            for n, text in enumerate(entry.criteria, start=1)
        )
        body = " ".join([entry.body, *entry.criteria]).strip() or entry.title
        requirements.append(
            Requirement(entry.id, entry.title, body, criteria, path, line, entry.scope)
        )
        tasks.append(_task(entry, path, line))
    scope = tuple(dict.fromkeys(glob for entry in entries for glob in entry.scope))
    return kind, tuple(requirements), tuple(tasks), scope


def _task(entry: _Entry, path: str, line: int) -> Task:
    return Task(
        id=entry.id,
        title=entry.title,
        state=TaskState.DONE if entry.passes else TaskState.OPEN,
        optional=False,
        depth=0,
        requirement_refs=(entry.id,),
        refs_all=False,
        final=is_final_title(entry.title),
        file=path,
        line=line,
    )
