"""The decision table, row by row, as a pure function over tasks and the Markdown report."""

from __future__ import annotations

from ralph_validate.core.specs.kiro import parse_tasks
from ralph_validate.core.specs.model import Unread
from ralph_validate.gate.decide import decide
from ralph_validate.gate.report_reader import ParsedReport, parse_report

SHA = "ab" * 20


def tasks(text: str):
    return parse_tasks(text.encode(), "tasks.md")


def report(*statuses: str) -> ParsedReport:
    rows = "".join(f"| r{i} | {s} |\n" for i, s in enumerate(statuses, 1))
    return parse_report(f"- HEAD: {SHA}\n\n| Row | Status |\n|---|---|\n{rows}".encode(), "r.md")


DONE = tasks("- [x] 1. Cart\n  - [X] 1.1 Totals\n- [ ]* 2. Optional polish\n- [ ] 3. FINAL gate\n")


def test_row1_an_open_task_at_any_depth_is_incomplete() -> None:
    listed = tasks(
        "- [x] 1. Cart\n  - [x] 1.1 Totals\n    - [ ] 1.1.1 Rounding\n"
        "  - [-] 1.2 Taxes\n  - [~] 1.3 Coupons\n- [ ]* 1.4 Optional\n- [ ] FINAL gate\n"
    )
    verdict = decide(listed, report("PASS"), None, 0, 3, strict=False)
    assert (verdict.name, verdict.exit_code, verdict.mark_final) == ("INCOMPLETE", 1, False)
    assert [t.id for t in verdict.open_tasks] == ["1.1.1", "1.2", "1.3"]
    assert verdict.reason == "3 task(s) not done"


def test_row2_a_missing_or_stale_report_is_incomplete() -> None:
    missing = decide(DONE, None, "report validation-report.md not found", 0, 3, strict=False)
    stale = decide(DONE, report("PASS"), "stale report: src/a.py changed", 0, 3, strict=False)
    assert [(v.name, v.exit_code, v.reason) for v in (missing, stale)] == [
        ("INCOMPLETE", 1, "report validation-report.md not found"),
        ("INCOMPLETE", 1, "stale report: src/a.py changed"),
    ]
    assert not missing.mark_final and not stale.mark_final


def test_row3_all_done_and_all_pass_is_complete_and_marks_final() -> None:
    verdict = decide(DONE, report("PASS", "**PASS**"), None, 0, 3, strict=True)
    assert (verdict.name, verdict.exit_code, verdict.mark_final) == ("COMPLETE", 0, True)
    assert verdict.gaps == ()


def test_row4_all_done_with_gaps_exits_0_or_3_when_strict() -> None:
    gappy = report("PASS", "FAIL", "N/A", "UNKNOWN")
    relaxed = decide(DONE, gappy, None, 0, 3, strict=False)
    strict = decide(DONE, gappy, None, 0, 3, strict=True)
    assert (relaxed.name, relaxed.exit_code, relaxed.mark_final) == ("COMPLETE-WITH-GAPS", 0, True)
    assert (strict.name, strict.exit_code, strict.mark_final) == ("COMPLETE-WITH-GAPS", 3, True)
    assert [g.raw_status for g in strict.gaps] == ["FAIL", "N/A", "UNKNOWN"]
    assert strict.reason == "all tasks done; the report has 1 FAIL and 2 UNKNOWN row(s)"


def test_row5_the_nth_incomplete_at_one_head_is_blocked() -> None:
    open_list = tasks("- [ ] 1. Cart\n- [ ] FINAL gate\n")
    second = decide(open_list, report("PASS"), None, 1, 3, strict=False)
    third = decide(open_list, report("PASS"), None, 2, 3, strict=False)
    assert (second.name, second.exit_code) == ("INCOMPLETE", 1)
    assert (third.name, third.exit_code, third.mark_final) == ("BLOCKED", 2, False)
    assert third.reason == "3 gate runs INCOMPLETE with no new commit: 1 task(s) not done"
    assert [t.id for t in third.open_tasks] == ["1"]


def test_stalls_never_block_a_complete_run() -> None:
    verdict = decide(DONE, report("PASS"), None, 7, 3, strict=False)
    assert verdict.name == "COMPLETE"


def test_a_task_list_without_final_or_tasks_still_decides_on_the_report() -> None:
    assert decide((), report("FAIL"), None, 0, 3, strict=False).name == "COMPLETE-WITH-GAPS"


def test_unread_spec_structure_is_an_unknown_that_never_gives_complete() -> None:
    unread = (Unread("tasks.md", 4, "not read as a task: - [o] Totals"),)
    verdict = decide(DONE, report("PASS"), None, 0, 3, strict=False, unread=unread)
    assert (verdict.name, verdict.exit_code, verdict.mark_final) == ("COMPLETE-WITH-GAPS", 0, True)
    assert verdict.unread == unread and verdict.reason.endswith(
        "1 part(s) of the spec not read (UNKNOWN)"
    )
    strict = decide(DONE, report("PASS"), None, 0, 3, strict=True, unread=unread)
    assert strict.exit_code == 3


def test_unread_structure_does_not_hide_an_open_task() -> None:
    unread = (Unread("requirements.md", 3, "no 'Requirement N' section read from this file"),)
    verdict = decide(tasks("- [ ] 1. Cart\n"), report("PASS"), None, 0, 3, False, unread)
    assert verdict.name == "INCOMPLETE" and verdict.unread == ()
