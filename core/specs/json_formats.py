"""JSON task lists: snarktank ``prd.json``, ralph-loop ``prd.json``, ``feature_list.json``,
``.agent/tasks.json``; and goalkeeper's ``contract.md`` (YAML front matter).

In JSON lists "checked" is ``passes: true``. Entries become both requirements
(the rows to trace) and tasks (what the gate counts).
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs.model import Criterion, Requirement, Task, TaskState

_FINAL = re.compile(r"^(?:\d+\.\s*)?final\b", re.IGNORECASE)


def load_json(data: bytes, path: str) -> Any:
    """Parsed JSON, or InputError naming the file and the position."""
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise InputError(f"{path} is not valid JSON: {err.msg} at line {err.lineno}") from None


def _line_of(text: str, needle: str, after: int = 0) -> int:
    """1-based line of the first ``needle`` at or after line ``after`` (1 when absent)."""
    lines = text.splitlines()
    for number in range(max(after, 1), len(lines) + 1):
        if needle in lines[number - 1]:
            return number
    return 1


def _passes(entry: dict[str, Any], path: str, where: str) -> bool:
    value = entry.get("passes", False)
    if not isinstance(value, bool):
        raise InputError(f"{path}: {where} has 'passes' that is not true or false")
    return value


def _strings(entry: dict[str, Any], key: str, path: str, where: str) -> list[str]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{path}: {where} has '{key}' that is not a list of strings")
    return value


def kind_of(data: Any) -> str | None:
    """Which JSON task-list format ``data`` is, or None."""
    if isinstance(data, dict) and isinstance(data.get("userStories"), list):
        return "snarktank-prd"
    if isinstance(data, dict) and isinstance(data.get("stories"), list):
        return "ralph-loop-prd"
    if isinstance(data, list) and all(isinstance(e, dict) for e in data):
        if data and all("description" in e and "id" not in e for e in data):
            return "feature-list"
        return "agent-tasks"
    return None


def _entry_task(
    tid: str, title: str, passes: bool, path: str, line: int, optional: bool = False
) -> Task:
    return Task(
        id=tid,
        title=title,
        state=TaskState.DONE if passes else TaskState.OPEN,
        optional=optional,
        depth=0,
        requirement_refs=(tid,),
        refs_all=False,
        final=_FINAL.match(title) is not None,
        file=path,
        line=line,
    )


def parse_json_tasks(
    data: bytes, path: str
) -> tuple[str, tuple[Requirement, ...], tuple[Task, ...], tuple[str, ...]]:
    """(format, requirements, tasks, scope globs) of a JSON task list."""
    parsed = load_json(data, path)
    text = data.decode("utf-8")
    kind = kind_of(parsed)
    requirements: list[Requirement] = []
    tasks: list[Task] = []
    scope: list[str] = []
    if kind in ("snarktank-prd", "ralph-loop-prd"):
        key = "userStories" if kind == "snarktank-prd" else "stories"
        criteria_key = "acceptanceCriteria" if kind == "snarktank-prd" else "acceptance_criteria"
        after = 0
        for index, story in enumerate(parsed[key]):
            where = f"{key}[{index}]"
            if not isinstance(story, dict) or not isinstance(story.get("id"), str):
                raise InputError(f"{path}: {where} has no string 'id'")
            sid, title = story["id"], str(story.get("title", story["id"]))
            line = _line_of(text, f'"{sid}"', after)
            after = line
            criteria = tuple(
                Criterion(f"{sid}.{n}", c, _line_of(text, c[:40], line))
                for n, c in enumerate(_strings(story, criteria_key, path, where), start=1)
            )
            body = " ".join([str(story.get("description", "")), *(c.text for c in criteria)])
            requirements.append(Requirement(sid, title, body.strip(), criteria, path, line))
            tasks.append(_entry_task(sid, title, _passes(story, path, where), path, line))
            if kind == "ralph-loop-prd":
                scope += [g for g in _strings(story, "scope", path, where) if g not in scope]
    elif kind == "feature-list":
        after = 0
        for index, feature in enumerate(parsed, start=1):
            where = f"feature {index}"
            description = feature.get("description")
            if not isinstance(description, str):
                raise InputError(f"{path}: {where} has no string 'description'")
            fid = f"F{index}"
            line = _line_of(text, '"description"', after + 1)
            after = line
            steps = tuple(
                Criterion(f"{fid}.{n}", s, line)
                for n, s in enumerate(_strings(feature, "steps", path, where), start=1)
            )
            body = " ".join([description, *(s.text for s in steps)])
            requirements.append(Requirement(fid, description, body, steps, path, line))
            tasks.append(_entry_task(fid, description, _passes(feature, path, where), path, line))
    elif kind == "agent-tasks":
        after = 0
        for index, entry in enumerate(parsed):
            where = f"task {index + 1}"
            if not isinstance(entry.get("id"), str) or not isinstance(entry.get("title"), str):
                raise InputError(f"{path}: {where} needs string 'id' and 'title'")
            line = _line_of(text, f'"{entry["id"]}"', after)
            after = line
            requirements.append(
                Requirement(entry["id"], entry["title"], entry["title"], (), path, line)
            )
            tasks.append(
                _entry_task(entry["id"], entry["title"], _passes(entry, path, where), path, line)
            )
    else:
        raise InputError(
            f"{path} is not a known task list (expected prd.json userStories/stories, "
            "feature_list.json or .agent/tasks.json)"
        )
    return str(kind), tuple(requirements), tuple(tasks), tuple(scope)


def parse_contract(data: bytes, path: str) -> tuple[tuple[Requirement, ...], dict[str, Any]]:
    """goalkeeper ``contract.md``: Definition-of-Done items as requirements, plus front matter."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
    match = re.match(r"^\ufeff?---\r?\n(.*?)\r?\n---\r?\n", text, re.DOTALL)
    if match is None:
        raise InputError(f"{path} has no YAML front matter between --- lines")
    try:
        front = yaml.safe_load(match.group(1))
    except yaml.YAMLError as err:
        raise InputError(f"{path}: front matter is not valid YAML ({err.problem})") from None
    if not isinstance(front, dict):
        raise InputError(f"{path}: front matter is not a mapping")
    items = front.get("definition_of_done")
    if not isinstance(items, list) or not items or not all(isinstance(i, str) for i in items):
        raise InputError(f"{path}: definition_of_done must be a non-empty list of strings")
    requirements = tuple(
        Requirement(f"DoD-{n}", item, item, (), path, _line_of(text, item[:40]))
        for n, item in enumerate(items, start=1)
    )
    return requirements, front
