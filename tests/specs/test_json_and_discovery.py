"""JSON task lists, goalkeeper contracts, and finding a spec by name or path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs import find_spec, read_tasks
from ralph_validate.core.specs.json_formats import parse_json_tasks

SNARKTANK = {
    "project": "MyApp",
    "userStories": [
        {
            "id": "US-001",
            "title": "Add priority field",
            "description": "Store priority.",
            "acceptanceCriteria": ["Add priority column", "Typecheck passes"],
            "passes": True,
        },
        {"id": "US-002", "title": "Show priority badge", "acceptanceCriteria": [], "passes": False},
    ],
}
RALPH_LOOP = {
    "stories": [
        {
            "id": "FIX-001",
            "title": "Fix parser",
            "scope": ["src/**", "!src/vendor/**"],
            "acceptance_criteria": ["Created reports/FIX-001.md with findings"],
            "passes": False,
        },
        {
            "id": "FIX-002",
            "title": "FINAL gate",
            "scope": ["tests/**"],
            "acceptance_criteria": [],
            "passes": False,
        },
    ]
}


def parse(obj: object, name: str = "prd.json") -> tuple:
    return parse_json_tasks(json.dumps(obj, indent=2).encode(), name)


def test_snarktank_stories_are_requirements_and_tasks() -> None:
    kind, reqs, tasks, scope = parse(SNARKTANK)
    assert kind == "snarktank-prd"
    assert [(r.id, r.title, [c.id for c in r.criteria]) for r in reqs] == [
        ("US-001", "Add priority field", ["US-001.1", "US-001.2"]),
        ("US-002", "Show priority badge", []),
    ]
    assert [(t.id, t.checked, t.line) for t in tasks] == [
        ("US-001", True, 5),
        ("US-002", False, 15),
    ]
    assert scope == ()


def test_ralph_loop_stories_carry_scope_and_final() -> None:
    kind, _, tasks, scope = parse(RALPH_LOOP)
    assert kind == "ralph-loop-prd"
    assert scope == ("src/**", "!src/vendor/**", "tests/**")
    assert [t.final for t in tasks] == [False, True]


def test_feature_list_and_agent_tasks() -> None:
    features = [
        {"category": "functional", "description": "New chat", "steps": ["Click"], "passes": True},
        {"category": "style", "description": "Dark mode", "steps": [], "passes": False},
    ]
    kind, reqs, tasks, _ = parse(features, "feature_list.json")
    assert kind == "feature-list"
    assert [(r.id, r.title) for r in reqs] == [("F1", "New chat"), ("F2", "Dark mode")]
    assert [t.checked for t in tasks] == [True, False]
    agent = [
        {"id": "TASK-12", "title": "Branding", "passes": True},
        {"id": "TASK-13", "title": "Crawl endpoint", "passes": False},
    ]
    kind, _, tasks, _ = parse(agent, ".agent/tasks.json")
    assert kind == "agent-tasks"
    assert [(t.id, t.checked) for t in tasks] == [("TASK-12", True), ("TASK-13", False)]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{not json", "prd.json is not valid JSON"),
        (b'{"userStories": [{"title": "no id"}]}', "userStories[0] has no string 'id'"),
        (b'{"userStories": [{"id": "US-1", "passes": "yes"}]}', "has 'passes' that is not true"),
        (b'{"something": 1}', "is not a known task list"),
        (b"\xff\xfe", "is not UTF-8"),
    ],
)
def test_malformed_json_is_a_clear_error(data: bytes, message: str) -> None:
    with pytest.raises(InputError) as err:
        parse_json_tasks(data, "prd.json")
    assert message in err.value.message


def make_kiro(root: Path, where: str, name: str) -> Path:
    folder = root / where / name
    folder.mkdir(parents=True)
    (folder / "requirements.md").write_text("### Requirement 1\n\n**User Story:** x\n")
    (folder / "tasks.md").write_text("- [ ] 1. Do it\n  - _Requirements: 1.1_\n")
    return folder


def test_name_search_order_is_kiro_then_specs_then_ralph(tmp_path: Path) -> None:
    make_kiro(tmp_path, ".ralph/specs", "billing")
    make_kiro(tmp_path, "specs", "billing")
    assert find_spec(tmp_path, "billing").path == "specs/billing"
    make_kiro(tmp_path, ".kiro/specs", "billing")
    spec = find_spec(tmp_path, "billing")
    assert (spec.name, spec.path, spec.format) == ("billing", ".kiro/specs/billing", "kiro")
    assert spec.tasks_file == ".kiro/specs/billing/tasks.md"


def test_path_to_a_folder_or_a_file(tmp_path: Path) -> None:
    make_kiro(tmp_path, "docs/specs", "export")
    assert find_spec(tmp_path, "docs/specs/export").name == "export"
    assert find_spec(tmp_path, "docs/specs/export/tasks.md").tasks_file == (
        "docs/specs/export/tasks.md"
    )
    (tmp_path / "prd.json").write_text(json.dumps(SNARKTANK))
    spec = find_spec(tmp_path, "prd.json")
    assert (spec.name, spec.format, spec.tasks_file) == ("prd", "snarktank-prd", "prd.json")


def test_goalkeeper_contract_definition_of_done_rows(tmp_path: Path) -> None:
    folder = tmp_path / ".claude/goals/migrate"
    folder.mkdir(parents=True)
    (folder / "contract.md").write_text(
        "---\nslug: migrate\nobjective: Move the suite to vitest without regressions.\n"
        "definition_of_done:\n  - All tests import vitest\n  - jest.config is removed\n"
        "validator:\n  command: pnpm test\nmax_rejections: 4\n---\n\n## Context\n"
    )
    spec = find_spec(tmp_path, ".claude/goals/migrate")
    assert (spec.format, spec.name, spec.max_rejections) == ("goalkeeper", "migrate", 4)
    assert [(r.id, r.title, r.line) for r in spec.requirements] == [
        ("DoD-1", "All tests import vitest", 5),
        ("DoD-2", "jest.config is removed", 6),
    ]
    assert spec.validator_command == "pnpm test"


def test_missing_spec_says_where_it_looked(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        find_spec(tmp_path, "nope")
    assert err.value.message == (
        "spec 'nope' not found (looked in .kiro/specs/nope/, specs/nope/, .ralph/specs/nope/)"
    )


def test_spec_path_outside_the_repository_is_refused(tmp_path: Path) -> None:
    outside = make_kiro(tmp_path, "elsewhere", "x")
    repo = tmp_path / "repo"
    (repo / "specs").mkdir(parents=True)
    (repo / "specs" / "x").symlink_to(outside)
    with pytest.raises(InputError, match="outside the repository"):
        find_spec(repo, "specs/x")
    with pytest.raises(InputError, match="outside the repository"):
        find_spec(repo, str(outside))


def test_folder_without_a_spec_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "specs" / "empty").mkdir(parents=True)
    with pytest.raises(InputError, match="holds no spec"):
        find_spec(tmp_path, "empty")


def test_read_tasks_reads_markdown_and_json(tmp_path: Path) -> None:
    (tmp_path / "tasks.md").write_text("- [x] 1. a\n- [ ] 2. FINAL b\n")
    assert [t.final for t in read_tasks(tmp_path, Path("tasks.md"))] == [False, True]
    (tmp_path / "feature_list.json").write_text(json.dumps([{"description": "d", "passes": True}]))
    assert [t.checked for t in read_tasks(tmp_path, Path("feature_list.json"))] == [True]
