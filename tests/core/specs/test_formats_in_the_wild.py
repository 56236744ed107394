"""Every task-format shape of the survey (docs/formats.md) read into the one model.

Each folder of ``fixtures/formats/`` is a repository in the style of one shape seen in
public agent-built repositories; its ``case.json`` says what must be read from it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ralph_validate.core.specs import find_spec, read_task_file

CASES = Path(__file__).resolve().parents[3] / "fixtures" / "formats"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "case.json").is_file())


def load(name: str, tmp_path: Path) -> tuple[dict, Path]:
    root = tmp_path / name
    shutil.copytree(CASES / name / "repo", root)
    return json.loads((CASES / name / "case.json").read_text(encoding="utf-8")), root


@pytest.mark.parametrize("name", NAMES)
def test_each_shape_reads_its_requirements_and_done_states(name: str, tmp_path: Path) -> None:
    case, root = load(name, tmp_path)
    spec = find_spec(root, case["spec"])
    assert spec.format == case["format"]
    assert [r.id for r in spec.requirements] == case["requirements"]
    tasks, unread = read_task_file(root, Path(str(spec.tasks_file)))
    assert [t.id for t in tasks if t.checked] == case["done"]
    assert [t.id for t in tasks if not t.checked] == case["open"]
    found = [u.line for u in unread] + [
        u.line for u in spec.unread if u.file == spec.requirements_file
    ]
    assert sorted(set(found)) == case["unread_lines"]


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("kiro-")])
def test_kiro_trailers_in_any_language_name_their_requirements(name: str, tmp_path: Path) -> None:
    case, root = load(name, tmp_path)
    spec = find_spec(root, case["spec"])
    assert {t.id: list(t.requirement_refs) for t in spec.tasks} == case["refs"]
    criteria = {c.id for r in spec.requirements for c in r.criteria}
    assert {ref for refs in case["refs"].values() for ref in refs} <= criteria


def test_the_invented_language_keeps_titles_stories_and_continuation_lines(tmp_path) -> None:
    _, root = load("kiro-invented-language", tmp_path)
    first, second = find_spec(root, "blorp").requirements
    assert (first.title, first.line, second.title, second.line) == (
        "Krumbo tallen",
        7,
        "Krumbo retur",
        17,
    )
    assert first.text.startswith("Ka ein plakker, ik wol ta krumbo tallen")
    assert [(c.id, c.line, c.text) for c in first.criteria] == [
        ("1.1", 13, "WENN krumbos im plak zin, DANN tallt ta blorp ta som"),
        ("1.2", 14, "WENN ta plak lerr is, DANN tallt ta blorp 0 ok mit ein langer zeil"),
    ]
