"""JSON task lists: snarktank and ralph-loop PRDs, feature_list.json, .agent/tasks.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs import TaskState, parse_json_tasks, read_json_tasks

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "specs"


def test_snarktank_stories_are_requirements_and_tasks() -> None:
    data = (FIXTURES / "snarktank-prd" / "tasks" / "priority" / "prd.json").read_bytes()
    kind, reqs, tasks, scope = parse_json_tasks(data, "tasks/priority/prd.json")
    assert (kind, scope) == ("snarktank-prd", ())
    assert [(r.id, r.title, r.line, [(c.id, c.line) for c in r.criteria]) for r in reqs] == [
        ("US-001", "Add a priority column", 7, [("US-001.1", 11), ("US-001.2", 12)]),
        ("US-002", "Show a priority badge", 19, [("US-002.1", 22)]),
    ]
    assert reqs[0].text == (
        "As a developer I need to store a task's priority. "
        "Add priority column: 'high' | 'medium' | 'low' (default 'medium') "
        "Migration runs on an existing database"
    )
    assert [(t.id, t.state, t.requirement_refs, t.line, t.final) for t in tasks] == [
        ("US-001", TaskState.DONE, ("US-001",), 7, False),
        ("US-002", TaskState.OPEN, ("US-002",), 19, False),
    ]


def test_ralph_loop_scope_is_the_union_in_order_and_each_story_keeps_its_own() -> None:
    data = (FIXTURES / "ralph-loop-prd" / "prd.json").read_bytes()
    kind, reqs, tasks, scope = parse_json_tasks(data, "prd.json")
    assert kind == "ralph-loop-prd"
    assert scope == ("lib/**/*.sh", "!lib/vendor/**", "lib/net/*.sh", "tests/net/**")
    assert [r.scope for r in reqs] == [
        ("lib/**/*.sh", "!lib/vendor/**"),
        ("lib/net/*.sh", "!lib/vendor/**", "tests/net/**"),
        (),
    ]
    assert [c.id for c in reqs[0].criteria] == ["FIX-001.1", "FIX-001.2"]
    assert [(t.id, t.checked, t.final) for t in tasks] == [
        ("FIX-001", True, False),
        ("FIX-002", False, False),
        ("FIX-003", False, True),
    ]


def test_feature_list_ids_are_one_based_positions() -> None:
    data = (FIXTURES / "feature-list" / "feature_list.json").read_bytes()
    kind, reqs, tasks, _ = parse_json_tasks(data, "feature_list.json")
    assert kind == "feature-list"
    assert [(r.id, r.title, r.line, [c.id for c in r.criteria]) for r in reqs] == [
        ("F1", "Search filters results as the user types", 4, ["F1.1", "F1.2", "F1.3"]),
        ("F2", "Dark mode follows the system setting", 10, []),
    ]
    assert [(t.id, t.checked) for t in tasks] == [("F1", True), ("F2", False)]


def test_agent_tasks_are_requirements_and_tasks_with_final() -> None:
    data = (FIXTURES / "agent-tasks" / ".agent" / "tasks.json").read_bytes()
    kind, reqs, tasks, _ = parse_json_tasks(data, ".agent/tasks.json")
    assert kind == "agent-tasks"
    assert [(r.id, r.title, r.text) for r in reqs] == [
        ("TASK-7", "Export invoices as PDF", "Export invoices as PDF"),
        ("TASK-8", "Email invoices monthly", "Email invoices monthly"),
        ("TASK-9", "final: release checklist", "final: release checklist"),
    ]
    assert [(t.checked, t.final, t.line) for t in tasks] == [
        (True, False, 2),
        (False, False, 3),
        (False, True, 4),
    ]


@pytest.mark.parametrize(
    ("title", "final"),
    [("FINAL validation", True), ("3. FINAL: gate", True), ("Finalize docs", False)],
)
def test_json_final_follows_the_markdown_rule(title: str, final: bool) -> None:
    data = json.dumps([{"id": "T-1", "title": title, "passes": False}]).encode()
    assert [t.final for t in parse_json_tasks(data, ".agent/tasks.json")[2]] == [final]


def test_missing_passes_means_not_yet_and_an_empty_list_takes_the_file_name() -> None:
    data = b'{"userStories": [{"id": "US-9", "title": "New"}]}'
    assert [t.state for t in parse_json_tasks(data, "prd.json")[2]] == [TaskState.OPEN]
    assert parse_json_tasks(b"[]", "feature_list.json")[0] == "feature-list"
    assert parse_json_tasks(b"[]", ".agent/tasks.json")[0] == "agent-tasks"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"userStories": [}', "prd.json is not valid JSON: Expecting value at line 1 column 18"),
        (b"\xff\xfe[]", "prd.json is not UTF-8 text (invalid byte at offset 0)"),
        (b'{"userStories": {"id": "US-1"}}', "prd.json: 'userStories' is not a list"),
        (b'{"stories": ["FIX-1"]}', "prd.json: stories[0] is not an object"),
        (
            b'{"userStories": [{"title": "no id"}]}',
            "prd.json: userStories[0] needs a non-empty string 'id'",
        ),
        (
            b'{"userStories": [{"id": " "}]}',
            "prd.json: userStories[0] needs a non-empty string 'id'",
        ),
        (
            b'{"userStories": [{"id": true}]}',
            "prd.json: userStories[0] needs a non-empty string 'id'",
        ),
        (
            b'{"userStories": [{"id": "US-1", "acceptanceCriteria": 3}]}',
            "prd.json: userStories[0] has 'acceptanceCriteria' that is not a list of strings",
        ),
        (
            b'{"stories": [{"id": "F", "scope": ["src/**", 3]}]}',
            "prd.json: stories[0] has 'scope' that is not a list of strings",
        ),
        (
            b'[{"description": "d", "steps": [1]}]',
            "prd.json: feature 1 has 'steps' that is not a list of strings",
        ),
        (b'[{"description": ""}]', "prd.json: feature 1 needs a non-empty string 'description'"),
        (b'[{"id": "T-1"}]', "prd.json: task 1 needs a non-empty string 'title'"),
        (b'[{"id": "T-1", "title": "a"}, {"description": "b"}]', "prd.json: list mixes entries"),
        (
            b'[{"id": "T-1", "title": "a"}, {"id": "T-1", "title": "b"}]',
            "prd.json: id T-1 appears more than once",
        ),
        (b'{"items": []}', "prd.json is not a known task list"),
        (b'["Distance_KM", "Is_Weekend"]', "prd.json: list[0] is not an object"),
        (b"42", "prd.json is not a known task list"),
    ],
)
def test_malformed_json_is_one_clear_line_naming_the_file(data: bytes, message: str) -> None:
    with pytest.raises(InputError) as err:
        parse_json_tasks(data, "prd.json")
    assert err.value.message.startswith(message)
    assert "\n" not in err.value.message


def test_numeric_ids_are_located_on_their_own_line() -> None:
    data = (
        b'{"tasks": [\n {"id": 10, "title": "ten", "status": "done"},\n'
        b' {"id": 1, "title": "one"}\n]}'
    )
    read = read_json_tasks(data, ".agent/tasks.json")
    assert [(t.id, t.line, t.state) for t in read.tasks] == [
        ("10", 2, TaskState.DONE),
        ("1", 3, TaskState.OPEN),
    ]
