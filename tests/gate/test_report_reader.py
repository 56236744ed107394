"""The gate reads Status columns of any Markdown report, and the commit its header records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.gate.report_reader import (
    ReportUnavailable,
    normalise_status,
    parse_report,
    read_report,
    split_row,
)

SHA = "0123456789abcdef0123456789abcdef01234567"

# Shaped like a multi-agent validator's report: three tables and a fourth audit table
# whose other columns hold YES / NO / 4/3 / a "Runtime" PASS that is not the Status.
FOUR_TABLES = """<!-- written by hand -->
# Validation Report: order-processing

## 1. Requirements traceability

| Req | Requirement | Implementation | Test | Status |
|-----|-------------|----------------|------|--------|
| 1.1 | Dry-run returns success | src/SetupConfig.java:42 | ApiIT.testDryRun | PASS |
| 1.2 | Count step reports passed | src/Count.java:88 | (none) | UNKNOWN |

## 2. Cross-component integrity

| Boundary | Consumer reads | Producer writes | Mock matches | Status |
|----------|----------------|-----------------|--------------|--------|
| Count -> SFN | $.r.Payload.passed | $.r.Payload.details.passed | NO (mock = CDK) | FAIL |

## 3. Integration test integrity

| Test | Exercises | Weakened assertions | Status |
|------|-----------|---------------------|--------|
| ApiIT.testDryRun | 1.1 | none | PASS |

## 4. Integration test contract audit

| Contract ID | Exists | Asserts (>=min) | Runtime | Status | Evidence |
|-------------|--------|-----------------|---------|--------|----------|
| C-01        | YES    | 4/3             | PASS    | PASS   | FooIT.java:42 |
| C-07        | NO     | 2/6             | n/a     | FAIL   | BarIT.java:88 |
"""


def statuses(text: str) -> list[tuple[str, str]]:
    return [(r.cells[0], r.status) for r in parse_report(text.encode(), "r.md").rows]


def test_every_table_with_a_status_column_counts_and_only_status_is_read() -> None:
    parsed = parse_report(FOUR_TABLES.encode(), "r.md")
    assert [(r.cells[0], r.status) for r in parsed.rows] == [
        ("1.1", "PASS"),
        ("1.2", "UNKNOWN"),
        ("Count -> SFN", "FAIL"),
        ("ApiIT.testDryRun", "PASS"),
        ("C-01", "PASS"),
        ("C-07", "FAIL"),
    ]
    assert [(g.table, g.line) for g in parsed.gaps] == [
        ("1. Requirements traceability", 9),
        ("2. Cross-component integrity", 15),
        ("4. Integration test contract audit", 28),
    ]
    assert parsed.head is None


@pytest.mark.parametrize(
    ("cell", "status"),
    [
        ("PASS", "PASS"),
        ("  FAIL ", "FAIL"),
        ("**PASS**", "PASS"),
        ("`UNKNOWN`", "UNKNOWN"),
        ("_FAIL_", "FAIL"),
        ("pass", "UNKNOWN"),
        ("Pass", "UNKNOWN"),
        ("N/A", "UNKNOWN"),
        ("", "UNKNOWN"),
        ("✅ PASS", "UNKNOWN"),
        ("PASS (mostly)", "UNKNOWN"),
        ("**PASS*", "UNKNOWN"),
        ("PASSED", "UNKNOWN"),
    ],
)
def test_a_status_cell_is_exactly_one_of_three_words(cell: str, status: str) -> None:
    assert normalise_status(cell) == status


def test_lower_case_pass_and_na_in_a_report_are_gaps() -> None:
    report = "| Id | Status |\n|---|---|\n| a | pass |\n| b | N/A |\n| c | **PASS** |\n"
    assert statuses(report) == [("a", "UNKNOWN"), ("b", "UNKNOWN"), ("c", "PASS")]


def test_tables_without_outer_pipes_alignment_rows_and_escaped_pipes() -> None:
    report = (
        "Id | Note | STATUS\n:--|:-:|--:\nx | `a|b` and a\\|b | FAIL\ny | - | PASS\n\n"
        "| **Status** | Id |\n| - | - |\n| PASS | z |\n"
    )
    parsed = parse_report(report.encode(), "r.md")
    assert [r.cells for r in parsed.rows] == [
        ("x", "`a|b` and a|b", "FAIL"),
        ("y", "-", "PASS"),
        ("PASS", "z"),
    ]
    assert [r.status for r in parsed.rows] == ["FAIL", "PASS", "PASS"]


def test_split_row_keeps_empty_cells_and_code_spans() -> None:
    assert split_row("| a | | `x|y` |") == ["a", "", "`x|y`"]
    assert split_row("a | b") == ["a", "b"]


def test_a_table_without_status_is_ignored_when_another_has_one() -> None:
    report = (
        "| Notes | Other |\n|---|---|\n| FAIL | x |\n\n| Id | Status |\n|---|---|\n| a | PASS |\n"
    )
    parsed = parse_report(report.encode(), "r.md")
    assert [(r.cells, r.status) for r in parsed.rows] == [(("a", "PASS"), "PASS")]
    assert parsed.gaps == ()


def test_tables_in_fenced_code_and_comments_are_examples() -> None:
    report = (
        "```\n| Id | Status |\n|---|---|\n| fenced | FAIL |\n```\n"
        "<!--\n| Id | Status |\n|---|---|\n| commented | FAIL |\n-->\n"
        "| Id | Status |\n|---|---|\n| real | PASS |\n"
    )
    assert statuses(report) == [("real", "PASS")]


def test_a_heading_or_prose_line_with_a_pipe_is_not_a_table() -> None:
    report = "a | b\n---\n\n| Id | Status |\n|---|---|\n| a | PASS |\n"
    assert statuses(report) == [("a", "PASS")]


@pytest.mark.parametrize(
    "header",
    [
        f"- **HEAD:** `{SHA}`",
        f"- **HEAD:** `{SHA}` + uncommitted changes",
        f"HEAD: {SHA}",
        f"- HEAD: `{SHA}`",
        f"| HEAD | {SHA.upper()} |",
    ],
)
def test_the_recorded_head_is_read_from_the_header(header: str) -> None:
    table = "| Id | Status |\n|---|---|\n| a | PASS |\n"
    report = f"# Report\n\n- **BASE:** `{'f' * 40}`\n{header}\n\n{table}"
    assert parse_report(report.encode(), "r.md").head == SHA


def test_a_sha_after_the_first_status_table_is_not_the_header() -> None:
    report = f"| Id | Status |\n|---|---|\n| a | PASS |\n\nHEAD: {SHA}\n"
    assert parse_report(report.encode(), "r.md").head is None


def test_json_beside_the_markdown_supplies_the_head(tmp_path: Path) -> None:
    (tmp_path / "validation-report.md").write_text("| Id | Status |\n|---|---|\n| a | PASS |\n")
    (tmp_path / "validation-report.json").write_text(json.dumps({"head": SHA.upper()}))
    assert read_report(tmp_path / "validation-report.md").head == SHA


def test_a_json_without_a_sha_gives_no_head(tmp_path: Path) -> None:
    (tmp_path / "validation-report.md").write_text("| Id | Status |\n|---|---|\n| a | PASS |\n")
    (tmp_path / "validation-report.json").write_text('{"head": "main"}')
    assert read_report(tmp_path / "validation-report.md").head is None


def test_a_missing_report_is_unavailable_not_malformed(tmp_path: Path) -> None:
    with pytest.raises(ReportUnavailable, match="not found"):
        read_report(tmp_path / "validation-report.md")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"# Report\n\nAll good, trust me.\n", "no table has a Status column"),
        (b"| a | b |\n|---|---|\n| 1 | 2 |\n", "no table has a Status column"),
        (b'{"summary": {"PASS": 3}, "status": "PASS"}', "is JSON"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "binary"),
        (b"| Id | Status |\n|---|---|\n| caf\xe9 | PASS |\n", "not UTF-8"),
    ],
)
def test_a_file_that_is_not_a_markdown_report_is_malformed(data: bytes, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_report(data, "r.md")
