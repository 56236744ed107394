"""Every annotated fixture under fixtures/rules: `ruleid: X` lines fire, `ok: X` lines do not.

An annotation (`# ruleid: TI001`, `// ok: PH002`, `<!-- ruleid: PH001 -->`) applies to the
next line that is not itself an annotation. Any finding on a line not annotated `ruleid`
for its rule is a false positive.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.integrity import detect_tests
from ralph_validate.validator.checks.placeholders import detect_placeholders
from ralph_validate.validator.rules import list_rules
from ralph_validate.validator.rules.annotations import annotations

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "rules"
FILES = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and "weakened" not in p.parts)
KIND = {r.id: r.kind for r in list_rules()}


def findings_of(path: Path) -> set[tuple[str, int]]:
    rel = path.relative_to(ROOT).as_posix()
    facts = extract(rel, path.read_bytes())
    found = detect_tests(facts) + detect_placeholders(facts, ())
    return {(f.rule, f.line) for f in found}


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(FIXTURES).as_posix() for p in FILES])
def test_fixture_annotations_match_findings(path: Path) -> None:
    must, must_not = annotations(path.read_text(encoding="utf-8"))
    actual = findings_of(path)
    assert must - actual == set(), "missed"
    assert actual - must == set(), "false positives"
    assert must_not & actual == set()


def test_every_rule_has_positive_and_negative_fixtures() -> None:
    positives: Counter[str] = Counter()
    negatives: Counter[str] = Counter()
    for path in FILES:
        must, must_not = annotations(path.read_text(encoding="utf-8"))
        positives.update(rule for rule, _ in must)
        negatives.update(rule for rule, _ in must_not)
    file_rules = {r for r in KIND if r.startswith(("TI", "PH")) and r != "TI009"}
    assert {r for r in file_rules if positives[r] == 0} == set()
    assert {r for r in file_rules if negatives[r] == 0} - {"TI006"} <= {"TI008"}


WEAKENED = FIXTURES / "weakened"


@pytest.mark.parametrize("name", sorted(p.name for p in (WEAKENED / "head").iterdir()))
def test_weakened_against_base(name: str) -> None:
    from ralph_validate.validator.checks.integrity import weakened

    rel = f"tests/{name}"
    head = extract(rel, (WEAKENED / "head" / name).read_bytes())
    base = extract(rel, (WEAKENED / "base" / name).read_bytes())
    must, must_not = annotations((WEAKENED / "head" / name).read_text(encoding="utf-8"))
    must = {(rule, line) for rule, line in must if rule == "TI009"}
    actual = {(f.rule, f.line) for f in weakened(head, base)}
    assert must - actual == set(), "missed"
    assert actual - must == set(), "false positives"
    assert must_not & actual == set()
