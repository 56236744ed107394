"""find_spec and read_tasks: name search order, paths, naming, refusals."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs import find_spec, read_tasks
from ralph_validate.core.specs.survey import spec_paths

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "specs"


def copy_fixture(name: str, tmp_path: Path) -> Path:
    repo = tmp_path / name
    shutil.copytree(FIXTURES / name, repo, symlinks=True)
    return repo


# (fixture repo, --spec) -> name, path, format, tasks_file, requirements_file, #reqs, #tasks
FOUND = {
    ("kiro-checkout", "checkout"): (
        "checkout",
        ".kiro/specs/checkout",
        "kiro",
        ".kiro/specs/checkout/tasks.md",
        ".kiro/specs/checkout/requirements.md",
        2,
        7,
    ),
    ("specs-import", "csv-import"): (
        "csv-import",
        "specs/csv-import",
        "kiro",
        "specs/csv-import/tasks.md",
        "specs/csv-import/requirements.md",
        2,
        5,
    ),
    ("ralph-retry", "retry-policy"): (
        "retry-policy",
        ".ralph/specs/retry-policy",
        "kiro",
        ".ralph/specs/retry-policy/tasks.md",
        None,
        0,
        5,
    ),
    ("snarktank-prd", "tasks/priority"): (
        "priority",
        "tasks/priority",
        "snarktank-prd",
        "tasks/priority/prd.json",
        "tasks/priority/prd.json",
        2,
        2,
    ),
    ("ralph-loop-prd", "prd.json"): ("prd", ".", "ralph-loop-prd", "prd.json", "prd.json", 3, 3),
    ("feature-list", "."): (
        "feature_list",
        ".",
        "feature-list",
        "feature_list.json",
        "feature_list.json",
        2,
        2,
    ),
    ("agent-tasks", ".agent/tasks.json"): (
        "tasks",
        ".",
        "agent-tasks",
        ".agent/tasks.json",
        ".agent/tasks.json",
        3,
        3,
    ),
    ("goalkeeper", ".claude/goals/nightly-export"): (
        "nightly-export",
        ".claude/goals/nightly-export",
        "goalkeeper",
        None,
        ".claude/goals/nightly-export/contract.md",
        2,
        0,
    ),
}


@pytest.mark.parametrize(("fixture", "spec"), sorted(FOUND))
def test_each_fixture_spec_is_found_and_described(fixture: str, spec: str, tmp_path: Path) -> None:
    found = find_spec(copy_fixture(fixture, tmp_path), spec)
    assert (
        found.name,
        found.path,
        found.format,
        found.tasks_file,
        found.requirements_file,
        len(found.requirements),
        len(found.tasks),
    ) == FOUND[(fixture, spec)]


def kiro(repo: Path, folder: str, task: str = "Do it") -> Path:
    path = repo / folder
    path.mkdir(parents=True)
    (path / "requirements.md").write_text("### Requirement 1\n\n**User Story:** x\n")
    (path / "tasks.md").write_text(f"- [ ] 1. {task}\n  - _Requirements: 1.1_\n")
    return path


def test_a_name_is_searched_in_kiro_then_specs_then_ralph_specs(tmp_path: Path) -> None:
    kiro(tmp_path, ".ralph/specs/billing", "from ralph")
    assert find_spec(tmp_path, "billing").tasks[0].title == "from ralph"
    kiro(tmp_path, "specs/billing", "from specs")
    assert find_spec(tmp_path, "billing").tasks[0].title == "from specs"
    kiro(tmp_path, ".kiro/specs/billing", "from kiro")
    assert find_spec(tmp_path, "billing").tasks[0].title == "from kiro"


def test_a_folder_that_only_shares_the_name_does_not_hide_the_spec(tmp_path: Path) -> None:
    (tmp_path / "billing").mkdir()
    kiro(tmp_path, "specs/billing")
    assert find_spec(tmp_path, "billing").path == "specs/billing"


def test_paths_relative_absolute_and_to_single_files(tmp_path: Path) -> None:
    folder = kiro(tmp_path, "docs/plans/export")
    assert find_spec(tmp_path, "docs/plans/export").name == "export"
    assert find_spec(tmp_path, str(folder)).path == "docs/plans/export"
    by_file = find_spec(tmp_path, "docs/plans/export/requirements.md")
    assert (by_file.tasks_file, len(by_file.tasks)) == ("docs/plans/export/tasks.md", 1)
    (folder / "plan.md").write_text("- [x] 1. Custom list\n- [ ] 2. FINAL gate\n")
    custom = find_spec(tmp_path, "docs/plans/export/plan.md")
    assert (custom.tasks_file, custom.requirements_file, [t.final for t in custom.tasks]) == (
        "docs/plans/export/plan.md",
        "docs/plans/export/requirements.md",
        [False, True],
    )


def test_a_markdown_file_with_a_definition_of_done_is_a_contract(tmp_path: Path) -> None:
    (tmp_path / "goal.md").write_text("---\ndefinition_of_done:\n  - Done\n---\n")
    spec = find_spec(tmp_path, "goal.md")
    assert (spec.format, spec.name, spec.path) == ("goalkeeper", "goal", ".")


def test_folder_priority_prefers_kiro_then_prd(tmp_path: Path) -> None:
    folder = tmp_path / "specs" / "mixed"
    folder.mkdir(parents=True)
    (folder / "feature_list.json").write_text(json.dumps([{"description": "d"}]))
    assert find_spec(tmp_path, "mixed").format == "feature-list"
    (folder / "prd.json").write_text(json.dumps({"userStories": [{"id": "US-1"}]}))
    assert find_spec(tmp_path, "mixed").format == "snarktank-prd"
    (folder / "tasks.md").write_text("- [ ] 1. Kiro wins\n")
    assert find_spec(tmp_path, "mixed").format == "kiro"


def test_self_reports_next_to_the_spec_are_not_read(tmp_path: Path) -> None:
    folder = kiro(tmp_path, "specs/audit")
    (folder / "fix_plan.md").write_text("- [x] 1. Do it\n- [x] 2. Everything else\n")
    (folder / "progress.txt").write_bytes(b"\xff not even text")
    (folder / "progress.md").write_text("- [x] 1. Do it\n")
    spec = find_spec(tmp_path, "audit")
    assert [(t.title, t.checked, t.file) for t in spec.tasks] == [
        ("Do it", False, "specs/audit/tasks.md")
    ]


@pytest.mark.parametrize(
    "target",
    [
        "specs/audit/progress.txt",
        "specs/audit/fix_plan.md",
        ".agent/logs/iteration-3.md",
        ".ralph/state.md",
    ],
)
def test_pointing_at_a_self_report_is_refused(target: str, tmp_path: Path) -> None:
    kiro(tmp_path, "specs/audit")
    (tmp_path / target).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / target).write_text("- [x] 1. Do it\n")
    for read in (lambda: find_spec(tmp_path, target), lambda: read_tasks(tmp_path, Path(target))):
        with pytest.raises(InputError) as err:
            read()
        assert err.value.message == (
            f"{target} is an agent self-report, not a spec; point --spec at the spec"
        )


def test_ralph_specs_is_a_spec_location_not_loop_state(tmp_path: Path) -> None:
    kiro(tmp_path, ".ralph/specs/retry")
    tasks = read_tasks(tmp_path, Path(".ralph/specs/retry/tasks.md"))
    assert [t.file for t in tasks] == [".ralph/specs/retry/tasks.md"]


def test_spec_paths_resolving_outside_the_repository_are_refused(tmp_path: Path) -> None:
    outside = kiro(tmp_path, "elsewhere/leak")
    repo = tmp_path / "repo"
    (repo / "specs").mkdir(parents=True)
    (repo / "specs" / "leak").symlink_to(outside)
    (repo / "tasks.md").symlink_to(outside / "tasks.md")
    for spec in ("specs/leak", "leak", "tasks.md", str(outside), "../elsewhere/leak"):
        with pytest.raises(InputError) as err:
            find_spec(repo, spec)
        assert err.value.message.endswith("is outside the repository"), spec
    with pytest.raises(InputError, match="outside the repository"):
        read_tasks(repo, Path("tasks.md"))


def test_a_symlink_inside_the_repository_is_followed(tmp_path: Path) -> None:
    kiro(tmp_path, "specs/real")
    (tmp_path / "specs" / "alias").symlink_to(tmp_path / "specs" / "real")
    assert find_spec(tmp_path, "alias").path == "specs/real"


def test_a_dot_specs_folder_is_found_by_name_and_surveyed(tmp_path: Path) -> None:
    kiro(tmp_path, ".specs/alpha", "from dot specs")
    assert find_spec(tmp_path, "alpha").tasks[0].title == "from dot specs"
    files = [
        ".specs/alpha/requirements.md",
        ".specs/alpha/tasks.md",
        "app/.specs/beta/tasks.md",
        "x.specs/gamma/tasks.md",
        ".specs/notes.md",
    ]
    assert spec_paths(files) == [".specs/alpha", "app/.specs/beta"]


def test_a_missing_spec_says_where_it_looked(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        find_spec(tmp_path, "nope")
    assert err.value.message == (
        "spec 'nope' not found (looked for the path nope, then in "
        ".kiro/specs/nope/, specs/nope/, .ralph/specs/nope/, .specs/nope/)"
    )


def test_a_folder_without_spec_files_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "specs" / "empty").mkdir(parents=True)
    (tmp_path / "specs" / "empty" / "design.md").write_text("# Design\n")
    with pytest.raises(InputError) as err:
        find_spec(tmp_path, "empty")
    assert err.value.message.startswith("specs/empty holds no spec (looked for requirements.md")


def test_an_unknown_file_type_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "spec.txt").write_text("- [ ] 1. a\n")
    with pytest.raises(InputError, match=r"^spec\.txt is not a spec file"):
        find_spec(tmp_path, "spec.txt")


def test_read_tasks_picks_markdown_or_json_by_suffix_then_content(tmp_path: Path) -> None:
    (tmp_path / "tasks.md").write_text("- [x] 1. a\n- [ ] 2. FINAL b\n")
    assert [(t.id, t.final) for t in read_tasks(tmp_path, Path("tasks.md"))] == [
        ("1", False),
        ("2", True),
    ]
    (tmp_path / "feature_list.json").write_text(json.dumps([{"description": "d", "passes": True}]))
    assert [t.id for t in read_tasks(tmp_path, Path("feature_list.json"))] == ["F1"]
    (tmp_path / "todo").write_text('[{"id": "T-1", "title": "t", "passes": false}]')
    assert [t.id for t in read_tasks(tmp_path, tmp_path / "todo")] == ["T-1"]
