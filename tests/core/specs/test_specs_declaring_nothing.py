"""A spec file that exists and declares no requirement, story or task is read as such: an
unread part of the spec (UNKNOWN), never "the spec declares no requirements" (PASS). A
requirements file holding only its title beside tasks that carry the work is no
requirement section, and stays silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from ralph_validate.core.specs import find_spec
from ralph_validate.core.specs.discover import read_task_file

EMPTY_LISTS = [
    ("prd.json", '{"branchName": "x", "userStories": []}\n', 1),
    (".agent/tasks.json", '{\n  "branchName": "agent/x",\n  "tasks": []\n}\n', 3),
    ("feature_list.json", '{\n  "project": "x",\n  "features": [\n  ]\n}\n', 3),
    ("feature_list.json", "[]\n", 1),
    ("prd.json", '{"project": "x",\n "phases": []}\n', 2),
    ("prd.json", '{"stories": [],\n "branchName": "x"}\n', 1),
]


@pytest.mark.parametrize(("name", "text", "line"), EMPTY_LISTS)
def test_an_empty_task_list_is_an_unread_part_of_the_spec(
    tmp_path: Path, name: str, text: str, line: int
) -> None:
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_text(text)
    spec = find_spec(tmp_path, name)
    assert (spec.requirements, spec.tasks) == ((), ())
    [unread] = spec.unread
    assert (unread.file, unread.line) == (name, line)
    assert "declares no story, task or feature" in unread.what
    tasks, task_unread = read_task_file(tmp_path, Path(name))
    assert tasks == () and task_unread == (unread,)


def test_a_task_list_with_entries_has_no_such_part(tmp_path: Path) -> None:
    (tmp_path / "prd.json").write_text(
        '{"branchName": "x", "userStories": [{"id": "US-1", "title": "t", "passes": false}]}'
    )
    spec = find_spec(tmp_path, "prd.json")
    assert [r.id for r in spec.requirements] == ["US-1"] and spec.unread == ()


def _kiro(root: Path, files: dict[str, str]) -> Path:
    folder = root / ".kiro/specs/shop"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def test_a_kiro_spec_with_a_titled_requirements_file_and_no_task_declares_nothing(
    tmp_path: Path,
) -> None:
    _kiro(tmp_path, {"requirements.md": "# Requirements\n"})
    spec = find_spec(tmp_path, "shop")
    [unread] = spec.unread
    assert (unread.file, unread.line) == (".kiro/specs/shop/requirements.md", 1)
    assert "declares no requirement and no task" in unread.what


@pytest.mark.parametrize(
    "files",
    [
        {"requirements.md": "# Requirements\n", "tasks.md": "- [ ] 1. Do it\n"},
        {"tasks.md": "# Tasks\n\n- [x] 1. Do it\n"},
    ],
)
def test_a_spec_with_no_requirement_section_but_tasks_stays_silent(
    tmp_path: Path, files: dict[str, str]
) -> None:
    _kiro(tmp_path, files)
    spec = find_spec(tmp_path, "shop")
    assert spec.requirements == () and len(spec.tasks) == 1
    assert spec.unread == ()
