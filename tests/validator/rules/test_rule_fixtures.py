"""Every rule's folder under fixtures/rules, run as a real audit: the findings agree with the
folder's `ruleid:`/`ok:`/`todoruleid:` annotations and, message for message, with its
expected.txt (rewrite those with `python -m ralph_validate.validator.rules.harness --update`
and review the diff).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ralph_validate.validator.rules import get_rule, list_rules
from ralph_validate.validator.rules.annotations import read_annotations
from ralph_validate.validator.rules.harness import (
    EXPECTED,
    head_tree,
    main,
    problems,
    rule_folders,
    run_folder,
)

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / "rules"
FOLDERS = rule_folders(FIXTURES)


def _known_misses(folder: Path) -> list[tuple[str, str, int]]:
    """The folder's ``todoruleid:`` annotations: (rule, file, line), sorted."""
    tree = head_tree(folder)
    misses = []
    for path in sorted(p for p in tree.rglob("*") if p.is_file() and p.name != EXPECTED):
        found = read_annotations(path.read_text(encoding="utf-8", errors="replace"))
        rel = path.relative_to(tree).as_posix()
        misses += [(rule, rel, line) for rule, line in found.todo]
    return sorted(misses)


WITH_MISSES = [f for f in FOLDERS if _known_misses(f)]


def test_every_rule_has_a_fixture_folder() -> None:
    assert [f.name for f in FOLDERS] == [r.id for r in list_rules()]
    assert sorted(p.name for p in FIXTURES.iterdir()) == [f.name for f in FOLDERS]


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_findings_match_the_annotations_and_the_expected_file(folder: Path) -> None:
    assert problems(folder, run_folder(folder)) == []


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_each_folder_shows_its_rule_firing_and_a_clean_look_alike(folder: Path) -> None:
    labels: dict[str, set[str]] = {"must": set(), "must_not": set()}
    tree = head_tree(folder)
    for path in (p for p in tree.rglob("*") if p.is_file() and p.name != EXPECTED):
        found = read_annotations(path.read_text(encoding="utf-8", errors="replace"))
        labels["must"] |= {rule for rule, _ in found.must}
        labels["must_not"] |= {rule for rule, _ in found.must_not}
    assert folder.name in labels["must"]
    assert folder.name in labels["must_not"]


def test_annotation_forms_own_line_trailing_lists_and_known_misses() -> None:
    text = (
        "# ruleid: CT002, CT004\n"
        "value = level['inStock']\n"
        "# todoruleid: TI001\n"
        "# ok: TI002\n"
        "assert 2 + 2 == 4\n"
        'TARGET = "staging"  # ruleid: SC001\n'
    )
    found = read_annotations(text)
    assert found.must == {("CT002", 2), ("CT004", 2), ("SC001", 6)}
    assert found.todo == {("TI001", 5)}
    assert found.must_not == {("TI002", 5)}


def test_the_harness_reports_a_stale_expected_file_and_a_known_miss_that_fires(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "PH001"
    shutil.copytree(FIXTURES / "PH001", folder)
    source = folder / "placeholders.py"
    source.write_text(source.read_text().replace("# ruleid: PH001", "# todoruleid: PH001", 1))
    expected = folder / EXPECTED
    expected.write_text(expected.read_text().replace("TODO left", "FIXME left", 1))
    found = problems(folder, run_folder(folder))
    assert found == [
        "todoruleid fires now: PH001 at placeholders.py:6",
        f"{expected} differs from the findings (regenerate with --update)",
    ]


def test_update_rewrites_the_expected_file_from_the_findings(tmp_path: Path) -> None:
    folder = tmp_path / "SC001"
    shutil.copytree(FIXTURES / "SC001", folder)
    (folder / EXPECTED).unlink()
    assert main([str(folder)]) == 1
    assert main(["--update", str(folder)]) == 0
    assert (folder / EXPECTED).read_text() == (FIXTURES / "SC001" / EXPECTED).read_text()


def test_known_misses_are_annotated_in_their_rules_folder_and_documented() -> None:
    misses = [(f.name, m) for f in WITH_MISSES for m in _known_misses(f)]
    assert len(misses) >= 3
    for folder, (rule, _, _) in misses:
        assert rule == folder
        assert "## Limits" in get_rule(rule).doc, rule


@pytest.mark.parametrize("folder", WITH_MISSES, ids=[f.name for f in WITH_MISSES])
def test_each_known_miss_is_still_missed(folder: Path, tmp_path: Path) -> None:
    """Turned into ``ruleid:``, every ``todoruleid:`` line is reported missed: the harness
    passes on the real folder because the miss is known, not because the line fires."""
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    for path in (p for p in copy.rglob("*") if p.is_file() and p.name != EXPECTED):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("todoruleid:", "ruleid:"), encoding="utf-8")
    missed = [f"missed: {rule} at {file}:{line}" for rule, file, line in _known_misses(folder)]
    assert problems(copy, run_folder(copy)) == missed
