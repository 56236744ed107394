"""The report parser on damaged reports keeps its contract: InputError with one line naming
the report, or status rows whose statuses are words of the vocabulary."""

from __future__ import annotations

import pytest
from gate_repo import report_text
from hypothesis import HealthCheck, given, settings
from mutations import mutated

from ralph_validate.core.errors import InputError
from ralph_validate.gate.report_reader import parse_report

SEEDS = (
    report_text("a" * 40, ("PASS", "FAIL", "UNKNOWN")).encode(),
    report_text("b" * 40, ("PASS",), cell="a | b").encode(),
)
WORDS = {"PASS", "FAIL", "UNKNOWN"}


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(SEEDS))
def test_report_parser(data: bytes) -> None:
    try:
        parsed = parse_report(data, "validation-report.md")
    except InputError as err:
        assert "\n" not in err.message and "validation-report.md" in err.message
    else:
        assert parsed.rows  # a Status table without rows is malformed, never "all PASS"
        assert all(
            row.status in WORDS or row.status == row.raw.strip().upper() for row in parsed.rows
        )
        assert parsed.head is None or len(parsed.head) in (40, 64)


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
@pytest.mark.parametrize("gap", ("", "\r\r", "\n\n", "\r\n\r\n"))
def test_a_status_table_without_rows_is_malformed_not_all_pass(repo, gate, shop, gap) -> None:
    path = shop("- [x] 1. Cart\n- [ ] 2. FINAL gate\n")
    report = path.parent / "validation-report.md"
    text = report.read_text()
    header, _, rows = text.partition("|---|---|---|---|\n")
    report.write_text(header + "|---|---|---|---|\n" + gap + (rows if gap else ""))
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 2, done.stdout
    assert done.stdout == "" and "<promise>" not in done.stderr
    assert done.stderr.strip().endswith("no table with a Status column has a row")
    assert path.read_bytes() == b"- [x] 1. Cart\n- [ ] 2. FINAL gate\n"
