"""JSON task lists: PRDs (``prd.json``), feature lists (``feature_list.json``) and agent
task lists (``.agent/tasks.json``), in every shape of ``json_shapes``.

Every entry is both a requirement (a row to trace) and a task (what the gate
counts). Its done state comes from ``done_states`` (``passes``, ``complete``,
``status``, ``state``...); an entry whose state is outside that vocabulary is not a
task but an ``Unread`` (UNKNOWN for the gate), like a Markdown box in a style not
read. A missing state means not yet.

Ids: the entry's ``id`` (a string or a number); without one, the 1-based position
with the format's letter (``F1`` for features, ``T1`` for tasks, ``S1`` for stories
and phases). Titles: ``title``, else ``name``, ``description``, ``task``, ``feature``,
``behavior``, ``summary``. Criteria are ``<id>.1``, ``<id>.2``... from the first of
``acceptanceCriteria``, ``acceptance_criteria``, ``acceptance``, ``criteria``,
``steps``, ``pass_criteria``, ``doneCriteria``, ``dod``: a list of strings, or of
objects whose ``text``/``description``/``title`` is taken, or one string (one criterion).
A ralph-loop PRD's ``Spec.scope`` is the union of its stories' ``scope[]`` in first-seen order; each
story also keeps its own.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..bounded import json_loads
from ..errors import InputError
from .done_states import read_done_state
from .json_shapes import CONTAINERS, PHASES, Entry, fail, locate
from .model import Criterion, Requirement, Task, TaskState, Unread, is_final_title
from .text import decode

Parsed = tuple[str, tuple[Requirement, ...], tuple[Task, ...], tuple[str, ...]]

TITLE_KEYS = ("title", "name", "description", "task", "feature", "behavior", "summary")
CRITERIA_KEYS = (
    "acceptanceCriteria",
    "acceptance_criteria",
    "acceptance",
    "criteria",
    "steps",
    "pass_criteria",
    "doneCriteria",
    "dod",
)
_CRITERION_TEXT = ("text", "description", "title")
_ID_LETTER = {"feature-list": "F", "agent-tasks": "T"}
_STORY_KINDS = ("snarktank-prd", "ralph-loop-prd")


def load_json(data: bytes, path: str) -> Any:
    """Parsed JSON, or InputError naming the file and the position."""
    try:
        return json_loads(decode(data, path))
    except json.JSONDecodeError as err:
        raise InputError(
            f"{path} is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None


class _Lines:
    """Finds the line a JSON value is written on, scanning forward through the text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def find(self, key: str, value: Any) -> int:
        """Line of ``"key": value`` (or of the value alone) at or after the last one found."""
        spelled = json.dumps(value, ensure_ascii=False)
        # a number ends where the value ends: "id": 1 is not "id": 10
        pair = re.compile(
            re.escape(json.dumps(key)) + r"\s*:\s*" + re.escape(spelled) + r"(?![\w.])"
        )
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
    state: TaskState | None
    why_unread: str | None
    scope: tuple[str, ...]
    key: str  # the JSON key whose value locates the entry
    located_by: Any


def _text(entry: dict[str, Any], key: str, where: str, path: str) -> str | None:
    value = entry.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise fail(path, where, f"needs a non-empty string '{key}'")
    return value


def _strings(entry: dict[str, Any], key: str, where: str, path: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if isinstance(value, str):
        return (value,) if value.strip() else ()
    if not isinstance(value, list):
        raise fail(path, where, f"has '{key}' that is not a list of strings")
    found: list[str] = []
    for item in value:
        if isinstance(item, dict):
            item = next((item[k] for k in _CRITERION_TEXT if isinstance(item.get(k), str)), None)
        if not isinstance(item, str):
            raise fail(path, where, f"has '{key}' that is not a list of strings")
        found.append(item)
    return tuple(found)


def _id(entry: dict[str, Any], where: str, path: str) -> str | None:
    value = entry.get("id")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip():
        raise fail(path, where, "needs a non-empty string 'id'")
    return str(value)


def _title(entry: dict[str, Any], where: str, path: str, required: str | None) -> str | None:
    for key in TITLE_KEYS:
        if isinstance(entry.get(key), str) and entry[key].strip():
            return entry[key]
    if required is not None:
        raise fail(path, where, f"needs a non-empty string '{required}'")
    return None


def _entry(kind: str, found: Entry, position: int, path: str) -> _Entry:
    entry, where = found.value, _where(kind, found.where, position)
    eid = _id(entry, where, path)
    if kind in _STORY_KINDS and eid is None:
        raise fail(path, where, "needs a non-empty string 'id'")
    required = "title" if eid is not None else "description"
    title = _title(entry, where, path, None if kind in _STORY_KINDS else required)
    criteria_key = next((k for k in CRITERIA_KEYS if k in entry), None)
    criteria = _strings(entry, criteria_key, where, path) if criteria_key else ()
    scope = _strings(entry, "scope", where, path) if kind == "ralph-loop-prd" else ()
    description = _text(entry, "description", where, path) if kind in _STORY_KINDS else None
    body = description if description is not None and description != title else ""
    done = read_done_state(entry)
    if eid is not None:
        key, located_by = "id", entry["id"]
    else:
        key = next(k for k in TITLE_KEYS if entry.get(k) == title)
        located_by = title
    name = eid if eid is not None else f"{_ID_LETTER.get(kind, 'S')}{position}"
    return _Entry(
        name, title or name, body, criteria, done.state, done.why_unread, scope, key, located_by
    )


def _where(kind: str, where: str, position: int) -> str:
    """How an error names the entry: ``userStories[0]``, ``feature 1``, ``task 1``."""
    if where.startswith("[") and kind in ("feature-list", "agent-tasks"):
        return f"{'feature' if kind == 'feature-list' else 'task'} {position}"
    return where


@dataclass(frozen=True)
class JsonTaskList:
    """What a JSON task list declares, and the entries whose done state was not read."""

    kind: str
    requirements: tuple[Requirement, ...]
    tasks: tuple[Task, ...]
    scope: tuple[str, ...]
    unread: tuple[Unread, ...]
    # The list declares no entry at all: read, but nothing to trace or to tick (also in
    # ``unread``). A spec whose task list is empty is not "no requirements": UNKNOWN.
    empty: Unread | None = None


EMPTY_LIST = "the task list declares no story, task or feature: nothing was read to trace"


def _empty_list_line(text: str) -> int:
    """Line of the key holding the empty list (``"userStories": []``), else line 1."""
    keys = "|".join(re.escape(k) for k in (*(key for key, _ in CONTAINERS), PHASES))
    match = re.search(rf'"(?:{keys})"\s*:', text)
    return text.count("\n", 0, match.start()) + 1 if match else 1


def read_json_tasks(data: bytes, path: str) -> JsonTaskList:
    """The JSON task list in ``data``; InputError for a shape no reader knows."""
    kind, found = locate(load_json(data, path), path)
    entries = [_entry(kind, f, n, path) for n, f in enumerate(found, start=1)]
    seen: set[str] = set()
    lines = _Lines(decode(data, path))
    requirements: list[Requirement] = []
    tasks: list[Task] = []
    unread: list[Unread] = []
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
        if entry.state is None:
            what = f"{entry.id}: done state not read: {entry.why_unread}"
            unread.append(Unread(path, line, what))
        else:
            tasks.append(_task(entry, entry.state, path, line))
    scope = tuple(dict.fromkeys(glob for entry in entries for glob in entry.scope))
    empty = None if entries else Unread(path, _empty_list_line(lines.text), EMPTY_LIST)
    if empty is not None:
        unread.append(empty)
    return JsonTaskList(kind, tuple(requirements), tuple(tasks), scope, tuple(unread), empty)


def parse_json_tasks(data: bytes, path: str) -> Parsed:
    """(format, requirements, tasks, scope globs) of a JSON task list."""
    read = read_json_tasks(data, path)
    return read.kind, read.requirements, read.tasks, read.scope


def _task(entry: _Entry, state: TaskState, path: str, line: int) -> Task:
    return Task(
        id=entry.id,
        title=entry.title,
        state=state,
        optional=False,
        depth=0,
        requirement_refs=(entry.id,),
        refs_all=False,
        final=is_final_title(entry.title),
        file=path,
        line=line,
    )
