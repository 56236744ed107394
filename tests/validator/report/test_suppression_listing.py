"""Every suppression in effect in the JSON and Markdown reports, and suppressed SARIF results."""

from __future__ import annotations

import importlib.util
import json
from dataclasses import replace
from pathlib import Path

import jsonschema

from ralph_validate.gate.report_reader import read_report
from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.report.json_report import render_json
from ralph_validate.validator.report.markdown import render_markdown
from ralph_validate.validator.report.model import Report, SuppressedFinding, Suppression
from ralph_validate.validator.report.sarif import render_sarif

_SPEC = importlib.util.spec_from_file_location(
    "_listing_sarif_cases", Path(__file__).with_name("test_sarif_and_junit.py")
)
assert _SPEC is not None and _SPEC.loader is not None
SARIF_CASES = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(SARIF_CASES)

INLINE = Suppression(
    "src/count.ts", 7, ("PH003",), "the API documents 9999 as its cap", "inline", True
)
EXCLUDE = Suppression("pyproject.toml", 4, ("*",), "", "config", True, ("vendor/**",))
STALE = Suppression("pyproject.toml", 6, ("TI007",), "legacy", "config", False)
HIDDEN = Finding(
    "placeholder.sentinel", "PH003", Status.FAIL, "src/count.ts", 8, "sentinel 9999 in MAX"
)
EXCLUDED = Finding("placeholder.todo", "PH001", Status.FAIL, "vendor/x.py", 2, "TODO left")


def with_suppressions() -> Report:
    return replace(
        SARIF_CASES.sample_report(),
        suppressions=(STALE, INLINE, EXCLUDE),
        suppressed=(SuppressedFinding(HIDDEN, INLINE), SuppressedFinding(EXCLUDED, EXCLUDE)),
    )


def test_the_json_lists_every_suppression_sorted_before_the_summary() -> None:
    data = json.loads(render_json(with_suppressions()))
    assert list(data)[-2:] == ["suppressions", "summary"]
    assert data["suppressions"] == [
        {
            "file": "pyproject.toml",
            "line": 4,
            "rules": ["*"],
            "paths": ["vendor/**"],
            "reason": "",
            "source": "config",
            "used": True,
        },
        {
            "file": "pyproject.toml",
            "line": 6,
            "rules": ["TI007"],
            "paths": [],
            "reason": "legacy",
            "source": "config",
            "used": False,
        },
        {
            "file": "src/count.ts",
            "line": 7,
            "rules": ["PH003"],
            "paths": [],
            "reason": "the API documents 9999 as its cap",
            "source": "inline",
            "used": True,
        },
    ]
    assert data["summary"] == SARIF_CASES.sample_report().summary()


def test_a_report_without_suppressions_keeps_its_bytes() -> None:
    report = SARIF_CASES.sample_report()
    assert "suppressions" not in json.loads(render_json(report))
    assert "Suppressions" not in render_markdown(report)
    assert "suppressions" not in render_sarif(report)


def test_the_markdown_lists_them_after_the_tables_and_the_gate_reads_the_same_rows() -> None:
    report = with_suppressions()
    text = render_markdown(report)
    tail = text.split("## Suppressions in effect\n\n", 1)[1]
    assert tail.splitlines() == [
        "- `pyproject.toml:4` config exclude vendor/** (keeps files out of the audit): "
        "no reason given",
        "- `pyproject.toml:6` config ignore[TI007] (hid nothing): legacy",
        "- `src/count.ts:7` inline ignore[PH003] (hid a finding): the API documents 9999 as "
        "its cap",
    ]
    plain = render_markdown(SARIF_CASES.sample_report())
    assert text.startswith(plain)


def test_the_gate_reads_the_same_status_rows_with_or_without_the_list(tmp_path: Path) -> None:
    listed, plain = tmp_path / "listed.md", tmp_path / "plain.md"
    listed.write_text(render_markdown(with_suppressions()), encoding="utf-8")
    plain.write_text(render_markdown(SARIF_CASES.sample_report()), encoding="utf-8")
    assert read_report(listed).rows == read_report(plain).rows


def test_suppressed_findings_are_sarif_results_with_their_suppression() -> None:
    log = json.loads(render_sarif(with_suppressions()))
    jsonschema.validate(log, SARIF_CASES.sarif_schema())
    run = log["runs"][0]
    got = [
        (
            r["ruleId"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r.get("suppressions"),
        )
        for r in run["results"]
    ]
    assert got[-2:] == [
        ("PH003", 8, [{"kind": "inSource", "status": "accepted", "justification": INLINE.reason}]),
        ("PH001", 2, [{"kind": "external", "status": "accepted"}]),
    ]
    assert all(g[2] is None for g in got[:-2])
    rules = run["tool"]["driver"]["rules"]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
