"""The done-state vocabulary of JSON task lists: every value is done, not done or unread."""

from __future__ import annotations

import json

import pytest

from ralph_validate.core.specs import TaskState
from ralph_validate.core.specs.done_states import read_done_state
from ralph_validate.core.specs.json_formats import read_json_tasks


@pytest.mark.parametrize(
    ("entry", "state"),
    [
        ({"passes": True}, TaskState.DONE),
        ({"passes": False}, TaskState.OPEN),
        ({"complete": True, "started": True}, TaskState.DONE),
        ({"completed": False}, TaskState.OPEN),
        ({"done": True}, TaskState.DONE),
        ({"status": "done"}, TaskState.DONE),
        ({"status": "Completed"}, TaskState.DONE),
        ({"status": "PASSING"}, TaskState.DONE),
        ({"state": "passing"}, TaskState.DONE),
        ({"status": "merged"}, TaskState.DONE),
        ({"status": "not_started"}, TaskState.OPEN),
        ({"status": "not-started"}, TaskState.OPEN),
        ({"status": "TODO"}, TaskState.OPEN),
        ({"status": "pending"}, TaskState.OPEN),
        ({"status": "in-progress"}, TaskState.IN_PROGRESS),
        ({"status": "In Progress"}, TaskState.IN_PROGRESS),
        ({"status": "queued"}, TaskState.QUEUED),
        ({"passes": True, "status": "pass"}, TaskState.DONE),
        ({"passes": False, "status": "pending"}, TaskState.OPEN),
        ({"completed": ["2026-01-02 step one"], "status": "done"}, TaskState.DONE),
        ({"title": "no state at all"}, TaskState.OPEN),
    ],
)
def test_a_value_of_the_vocabulary_is_read(entry: dict, state: TaskState) -> None:
    read = read_done_state(entry)
    assert (read.state, read.why_unread) == (state, None)


@pytest.mark.parametrize(
    ("entry", "why"),
    [
        ({"status": "blocked"}, "'status' = \"blocked\" is neither a done nor an open state"),
        ({"status": "cancelled"}, "'status' = \"cancelled\" is neither a done nor an open state"),
        ({"state": "ready_for_qa"}, "'state' = \"ready_for_qa\" is neither"),
        ({"passes": "maybe"}, "'passes' = \"maybe\" is not true or false"),
        ({"passes": "true"}, "'passes' = \"true\" is not true or false"),
        ({"passes": 1}, "'passes' = 1 is not true or false"),
        ({"passes": None}, "'passes' = null is not true or false"),
        ({"status": 3}, "'status' = 3 is neither"),
        ({"passes": True, "status": "partial"}, "its state fields disagree ('passes' = true, "),
        ({"complete": True, "status": "todo"}, "its state fields disagree ('complete' = true, "),
    ],
)
def test_a_value_outside_it_is_unread_never_open_or_done(entry: dict, why: str) -> None:
    read = read_done_state(entry)
    assert read.state is None
    assert read.why_unread is not None and read.why_unread.startswith(why)


def test_an_unread_entry_is_a_requirement_but_no_task() -> None:
    data = json.dumps(
        {"tasks": [{"id": "A", "title": "a", "passes": True}, {"id": "B", "title": "b"}]}
        | {"note": "x"}
    ).encode()
    read = read_json_tasks(data, ".agent/tasks.json")
    assert [(t.id, t.state) for t in read.tasks] == [("A", TaskState.DONE), ("B", TaskState.OPEN)]
    blocked = json.dumps([{"id": "A", "title": "a", "status": "blocked"}]).encode()
    read = read_json_tasks(blocked, ".agent/tasks.json")
    assert ([r.id for r in read.requirements], read.tasks) == (["A"], ())
    assert [(u.line, u.what) for u in read.unread] == [
        (1, "A: done state not read: 'status' = \"blocked\" is neither a done nor an open state")
    ]
