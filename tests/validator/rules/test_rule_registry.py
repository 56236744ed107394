"""The registry: every rule is collected from its own module, and is named nowhere else."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.findings import KINDS, Status
from ralph_validate.validator.rules import get_rule, list_rules, rules_of
from ralph_validate.validator.rules.rule import FileContext

ROOT = Path(__file__).resolve().parents[3]
VALIDATOR = ROOT / "validator"
RULES = ROOT / "validator" / "rules"
# The installed package's sources (pyproject's package-dir): where ids and kinds may not leak.
SOURCES = sorted(
    p
    for folder in ("package", "core", "extractors", "validator", "gate")
    for p in (ROOT / folder).rglob("*.py")
    if "__pycache__" not in p.parts
)
MODULE = re.compile(r"^(?P<id>[A-Z]{2}\d{3})_(?P<name>[a-z0-9_]+)\.py$")


def _rule_modules() -> dict[str, Path]:
    return {m["id"]: p for p in RULES.rglob("*.py") if (m := MODULE.match(p.name))}


def test_every_rule_lives_in_its_own_module_named_after_it() -> None:
    modules = _rule_modules()
    rules = list_rules()
    assert sorted(modules) == [r.id for r in rules]
    for rule in rules:
        path = modules[rule.id]
        assert path.name == f"{rule.id}_{rule.name.replace('-', '_')}.py"
        assert path.parent.name == rule.family == rule.kind.split(".")[0]
        assert type(rule).__module__.endswith(f".{path.parent.name}.{path.stem}")


def test_each_rule_id_appears_in_exactly_one_source_module() -> None:
    for rule in list_rules():
        pattern = re.compile(rf"\b{rule.id}\b")
        holders = [p.relative_to(ROOT).as_posix() for p in SOURCES if pattern.search(p.read_text())]
        assert holders == [_rule_modules()[rule.id].relative_to(ROOT).as_posix()], rule.id


def _string_constants(path: Path) -> set[str]:
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_kinds_are_typed_only_in_rule_modules_and_the_vocabulary() -> None:
    allowed = {VALIDATOR / "findings.py", *_rule_modules().values()}
    for path in SOURCES:
        if path in allowed:
            continue
        typed = _string_constants(path) & set(KINDS)
        assert typed == set(), path.relative_to(ROOT).as_posix()


def test_every_rule_kind_is_in_the_vocabulary_and_documented_in_sections() -> None:
    for rule in list_rules():
        assert rule.kind in KINDS
        assert rule.severity in (Status.FAIL, Status.UNKNOWN)
        headings = [line for line in rule.doc.splitlines() if line.startswith("## ")]
        assert headings[:3] == ["## What it does", "## Why is this bad?", "## Example"], rule.id
        assert "Use instead:" in rule.doc and "## How to suppress" in rule.doc, rule.id


def test_families_hold_the_rules_of_their_kind_prefix() -> None:
    assert [r.id for r in rules_of("trace")] == ["TR001", "TR002", "TR003"]
    assert [r.id for r in rules_of("scope")] == ["SC001"]
    assert [r.id for r in rules_of("contract")] == ["CT001", "CT002", "CT003", "CT004"]
    assert all(r.kind.startswith("test.") for r in rules_of("test"))


def test_get_rule_is_case_insensitive_and_names_the_known_ids() -> None:
    assert get_rule("ph002").name == "stub-body"
    with pytest.raises(InputError, match=r"unknown rule 'XX001' \(known: CT001, "):
        get_rule("XX001")


def test_a_rule_builds_its_findings_with_its_own_id_kind_and_message() -> None:
    facts = extract("tests/test_cart.py", b"def test_total():\n    assert True\n")
    rule = get_rule("TI001")
    (finding,) = rule.detect(facts, FileContext())
    assert (finding.rule, finding.kind, finding.status) == ("TI001", "test.tautology", Status.FAIL)
    assert (finding.file, finding.line, finding.symbol) == (
        "tests/test_cart.py",
        2,
        "tests/test_cart.py::test_total",
    )
    assert finding.message == "cannot fail: assert True"


def test_a_rule_with_several_messages_needs_the_variant() -> None:
    rule = get_rule("TI009")
    facts = extract("tests/test_cart.py", b"def test_total():\n    assert 1 == 1\n")
    (test,) = [t for t in facts.facts if type(t).__name__ == "TestCase"]
    made = rule.finding(test, variant="skipped", test="test_total", how="skip")
    assert made.message == "test_total is newly skipped (skip)"
    with pytest.raises(TypeError, match="name a variant exactly when"):
        rule.finding(test, test="test_total")


_PLUGIN = '''
from ralph_validate.extractors.facts.integrity import Comment
from ralph_validate.validator.rules.rule import FileRule


class LaterMarker(FileRule):
    """## What it does
    Finds `LATER:` comments.
    """

    id = "ZZ001"
    kind = "placeholder.todo"
    name = "later-marker"
    summary = "A LATER marker."
    message = "later: {text}"

    def detect(self, facts, context):
        for c in facts.of_type(Comment):
            if c.text.strip().startswith("LATER:"):
                yield self.finding(c, text=c.text.strip())
'''

_USE_PLUGIN = """
from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.placeholders import detect_placeholders
from ralph_validate.validator.rules import get_rule, rules_of
print(get_rule("zz001").name, [r.id for r in rules_of("placeholder")])
facts = extract("shop/a.py", b"x = 1\\n# LATER: settle the rate\\n")
print([(f.rule, f.line, f.message) for f in detect_placeholders(facts, ())])
"""


def test_a_third_party_rule_joins_through_the_entry_point_group(tmp_path: Path) -> None:
    (tmp_path / "acme_rules.py").write_text(_PLUGIN)
    dist = tmp_path / "acme_rules-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-rules\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[ralph_validate.rules]\nacme = acme_rules\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", _USE_PLUGIN], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.splitlines() == [
        "later-marker ['PH001', 'PH002', 'PH003', 'PH004', 'ZZ001']",
        "[('ZZ001', 2, 'later: LATER: settle the rate')]",
    ]


def test_the_kinds_are_those_of_the_rules_each_in_its_family_table() -> None:
    """Each kind is typed once, in its rules: the vocabulary is read from the registry."""
    from ralph_validate.validator.findings import TABLES

    assert set(KINDS) == {rule.kind for rule in list_rules()}
    assert {kind: KINDS[kind] for kind in KINDS} == {
        kind: TABLES[kind.split(".", 1)[0]] for kind in KINDS
    }
    assert KINDS["test.removed"] == "test-integrity"
    assert KINDS["contract.missing-field"] == "cross-component"
    assert "test.nothing" not in KINDS
