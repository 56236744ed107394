"""TR001/TR002 decide each requirement's row from its evidence; the rest are PASS."""

from __future__ import annotations

from dataclasses import replace

from ralph_validate.validator.checks.traceability import judge_requirements, requirement_findings
from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import Location, TestRef
from ralph_validate.validator.rules.trace.rows import RequirementTable
from ralph_validate.validator.rules.trace.TR001_requirement_unimplemented import (
    RequirementUnimplemented,
)
from ralph_validate.validator.rules.trace.TR002_requirement_untested import RequirementUntested
from ralph_validate.validator.trace.observed import RequirementEvidence

SPEC = ".kiro/specs/rows/requirements.md"
CODE = (Location("src/check.py", 4),)
HONEST = (TestRef("tests/test_check.py", "test_req_1_short_table", 3),)
FLAGGED = (TestRef("tests/test_check.py", "test_req_1_always_true", 9),)


def _evidence(**changes: object) -> RequirementEvidence:
    seen = {
        "id": "1",
        "title": "Check the table",
        "file": SPEC,
        "line": 5,
        "implementation": CODE,
        "tests": HONEST,
        "flagged": (),
        "missing_created": (),
    }
    seen.update(changes)
    return RequirementEvidence(**seen)  # type: ignore[arg-type]


def _one(rule: object, seen: RequirementEvidence) -> tuple[RequirementTable, list]:
    table = RequirementTable()
    return table, table.run(rule, [seen])  # type: ignore[arg-type]


def test_a_requirement_no_code_implements_fails_at_its_heading() -> None:
    seen = _evidence(implementation=(), tests=())
    table, findings = _one(RequirementUnimplemented(), seen)
    (row,) = table.rows([seen])
    assert (row.status, row.kind, row.decided_by) == (
        Status.FAIL,
        "trace.unimplemented",
        "analysis",
    )
    assert row.reason == "no production code names requirement 1 or matches its terms"
    assert [(f.rule, f.file, f.line, f.symbol, f.message) for f in findings] == [
        (
            "TR001",
            SPEC,
            5,
            "requirement 1",
            "requirement 1: no production code names requirement 1 or matches its terms",
        )
    ]


def test_a_promised_file_missing_at_head_fails_even_with_code_and_tests() -> None:
    seen = _evidence(missing_created=("src/report.py", "src/other.py"))
    table, _ = _one(RequirementUnimplemented(), seen)
    (row,) = table.rows([seen])
    assert (row.status, row.reason) == (
        Status.FAIL,
        "acceptance criterion says Created src/report.py; no such file at HEAD",
    )
    assert (row.implementation, row.tests) == (CODE, HONEST)
    # Not implemented, so not a question of tests.
    table, findings = _one(RequirementUntested(), _evidence(missing_created=("x.py",), tests=()))
    assert findings == []


def test_implemented_without_any_test_is_unknown() -> None:
    seen = _evidence(tests=())
    table, findings = _one(RequirementUntested(), seen)
    (row,) = table.rows([seen])
    assert (row.status, row.kind, row.reason) == (
        Status.UNKNOWN,
        "trace.untested",
        "implemented; no test covers it",
    )
    assert [(f.rule, f.status) for f in findings] == [("TR002", Status.UNKNOWN)]


def test_implemented_with_only_weakened_tests_is_unknown_and_names_them() -> None:
    seen = _evidence(tests=(), flagged=FLAGGED)
    table, _ = _one(RequirementUntested(), seen)
    assert table.rows([seen])[0].reason == (
        "implemented; its only covering tests are flagged by test integrity: "
        "tests/test_check.py::test_req_1_always_true"
    )


def test_the_honest_twin_implemented_and_honestly_tested_is_pass_with_no_finding() -> None:
    seen = _evidence(flagged=FLAGGED)
    for rule in (RequirementUnimplemented(), RequirementUntested()):
        table, findings = _one(rule, seen)
        assert findings == []
        assert [r.status for r in table.rows([seen])] == [Status.PASS]
    (row,) = judge_requirements([seen])
    assert (row.status, row.kind, row.reason) == (
        Status.PASS,
        None,
        "implemented and covered by an honest test",
    )
    assert (row.implementation, row.tests) == (CODE, HONEST)


def test_every_requirement_gets_one_row_in_spec_order() -> None:
    rows = judge_requirements(
        [
            _evidence(id="2", line=9, implementation=(), tests=()),
            _evidence(id="1"),
            _evidence(id="3", line=12, tests=()),
        ]
    )
    assert [(r.id, r.status, r.kind) for r in rows] == [
        ("2", Status.FAIL, "trace.unimplemented"),
        ("1", Status.PASS, None),
        ("3", Status.UNKNOWN, "trace.untested"),
    ]
    assert [(f.rule, f.line) for f in requirement_findings(rows)] == [("TR001", 9), ("TR002", 12)]


def test_a_row_the_llm_pass_turned_fail_is_worded_by_the_rule_of_its_kind() -> None:
    (row,) = judge_requirements([_evidence(tests=())])
    failed = replace(row, status=Status.FAIL, decided_by="llm", reason="LLM: no test calls it")
    passed = replace(row, status=Status.PASS, kind=None, decided_by="llm")
    assert [(f.rule, f.status, f.message) for f in requirement_findings([failed, passed])] == [
        ("TR002", Status.FAIL, "requirement 1: LLM: no test calls it")
    ]
