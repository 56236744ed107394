"""Whatever text the audited repository controls — file names, titles, messages, notes — the
gate reads exactly the Status rows the Markdown writer wrote, and the JSON report beside it
agrees with them."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mutations import examples

from ralph_validate.gate.report_reader import parse_report, read_report
from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.report.json_report import render_json
from ralph_validate.validator.report.junit import render_junit
from ralph_validate.validator.report.markdown import cell, code, render_markdown
from ralph_validate.validator.report.model import (
    Header,
    Location,
    Report,
    RequirementRow,
    TestRef,
    TestRow,
)
from ralph_validate.validator.report.sarif import render_sarif

HEAD = "a" * 40
# Text built from what breaks Markdown structure, mixed with anything else.
BREAKERS = "\n \r | \\ ` ``` ~~~ <!-- --> < > # --- * _ & \t \x1b PASS Status <promise>"
PIECES = st.sampled_from([*BREAKERS.split(" "), " ", "- ", "| Req | Status |", "|---|---|"])
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=4)), max_size=12).map("".join)
STATUSES = st.sampled_from([Status.PASS, Status.FAIL, Status.UNKNOWN])


def _report(names: list[str], title: str, message: str, status: Status, spec: str) -> Report:
    header = Header(
        spec_name=spec or None,
        spec_path=f".kiro/specs/{spec}",
        base="b" * 40,
        base_rule="--base",
        head=HEAD,
        tool_version="1",
        change_set_source="diff",
        change_set_files=tuple(names),
        llm="off",
        notes=(message,),
    )
    req = RequirementRow(
        id=title or "1",
        title=title,
        status=status,
        implementation=(Location(names[0] if names else "a.py", 3),),
        tests=(TestRef(names[-1] if names else "t.py", title),),
        decided_by="analysis",
        reason="",
        file=".kiro/specs/shop/requirements.md",
        line=1,
    )
    test = TestRow(file=message or "t.py", name=title, line=2, status=status, kinds=())
    findings = (
        Finding("placeholder.todo", "PH001", Status.FAIL, message or "a.py", 4, message),
        Finding("test.weakened", "TI009", Status.FAIL, title or "t.py", 5, message),
        Finding("placeholder.todo", "PH001", Status.FAIL, "b.py", 6, title, pre_existing=True),
    )
    return Report(header, requirements=(req,), tests=(test,), findings=findings)


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@settings(max_examples=examples(150), deadline=None)
@given(st.lists(TEXT, max_size=4), TEXT, TEXT, STATUSES, TEXT)
def test_the_gate_reads_exactly_the_rows_written(names, title, message, status, spec) -> None:
    report = _report(names, title, message, status, spec)
    parsed = parse_report(render_markdown(report).encode("utf-8"), "validation-report.md")
    written = [status.value, "PASS", status.value, "FAIL"]  # requirement, contracts, test, marker
    assert [row.status for row in parsed.rows] == written
    assert [row.table for row in parsed.rows] == [
        "Requirements traceability",
        "Cross-component integrity",
        "Integration test integrity",
        "Findings",
    ]
    assert parsed.head == HEAD


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@settings(max_examples=examples(40), deadline=None)
@given(st.lists(TEXT, max_size=3), TEXT, TEXT, STATUSES)
def test_the_json_report_beside_agrees(tmp_path_factory, names, title, message, status) -> None:
    report = _report(names, title, message, status, "shop")
    folder = Path(tmp_path_factory.mktemp("pair"))
    (folder / "validation-report.md").write_text(render_markdown(report), encoding="utf-8")
    (folder / "validation-report.json").write_text(render_json(report), encoding="utf-8")
    assert len(read_report(folder / "validation-report.md").rows) == 4


@pytest.mark.reliability(cls="false COMPLETE", outcome="survived")
def test_cells_and_code_spans_stay_on_one_inert_line() -> None:
    assert cell("a|b\n<!-- c") == "a\\|b &lt;!-- c"
    assert cell("one ` tick") == "one &#96; tick"
    assert cell("`paired` ticks") == "`paired` ticks"
    assert cell("\x1b]0;x\x07") == "\\x1b]0;x\\x07"
    assert code("src/a b.py") == "`src/a b.py`"
    assert code("a``b\nc") == "```a``b\\x0ac```"
    assert code("`x") == "`` `x ``"


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@settings(max_examples=examples(60), deadline=None)
@given(st.lists(TEXT, max_size=3), TEXT, TEXT, STATUSES)
def test_junit_and_sarif_stay_well_formed(names, title, message, status) -> None:
    report = _report(names, title, message, status, "shop")
    suites = ET.fromstring(render_junit(report).encode("utf-8"))
    assert [int(s.get("tests")) for s in suites] == [1, 0, 1, 1]
    sarif = json.loads(render_sarif(report))
    assert {r["message"]["text"] for r in sarif["runs"][0]["results"]} >= {message}
