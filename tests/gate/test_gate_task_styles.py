"""No false COMPLETE: every open box counts in every list style and line ending, and spec
structure the readers do not understand is UNKNOWN, never a silent PASS."""

from __future__ import annotations

import json

import pytest

from ralph_validate.core.specs import parse_tasks

OPEN_LISTS = {
    "ordered-dot": "- [x] 1. Cart\n1. [ ] Totals\n- [ ] 2. FINAL gate\n",
    "ordered-paren": "- [x] 1. Cart\n2) [ ] Totals\n- [ ] 2. FINAL gate\n",
    "ordered-under-bullet": "- [x] 1. Cart\n  1. [ ] Totals\n- [ ] 2. FINAL gate\n",
    "deep-mixed": (
        "- [x] 1. Cart\n  1. [x] Lines\n    * [x] Prices\n      3) [ ] Totals\n"
        "- [ ] 2. FINAL gate\n"
    ),
    "cr-only": "- [x] 1. Cart\r  - [ ] 1.1 Totals\r- [ ] 2. FINAL gate\r",
    "crlf": "- [x] 1. Cart\r\n  - [ ] 1.1 Totals\r\n- [ ] 2. FINAL gate\r\n",
    "mixed-endings": "- [x] 1. Cart\n- [x] 1.2 Lines\r\n  - [ ] 1.1 Totals\r- [ ] 2. FINAL gate\n",
}


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
@pytest.mark.parametrize("tasks", OPEN_LISTS.values(), ids=OPEN_LISTS.keys())
def test_an_open_box_in_any_list_style_is_incomplete(repo, gate, shop, tasks) -> None:
    path = shop(tasks)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1, done.stdout
    lines = done.stdout.splitlines()
    assert lines[0] == "ralph-gate: INCOMPLETE: 1 task(s) not done"
    assert len(lines) == 2 and "Totals (tasks.md:" in lines[1]
    assert path.read_bytes() == tasks.encode()


@pytest.mark.parametrize("tasks", OPEN_LISTS.values(), ids=OPEN_LISTS.keys())
def test_the_same_lists_all_done_stay_complete_and_mark_only_final(repo, gate, shop, tasks):
    done_tasks = tasks.replace("[ ] Totals", "[x] Totals").replace("[ ] 1.1", "[x] 1.1")
    path = shop(done_tasks)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[-1] == "<promise>COMPLETE</promise>"
    assert path.read_bytes() == done_tasks.replace("[ ] 2. FINAL", "[x] 2. FINAL").encode()
    assert all(t.checked for t in parse_tasks(path.read_bytes(), "tasks.md"))


UNREAD_BOXES = {
    "no-marker": "[ ] Totals",
    "padded": "- [ x ] Totals",
    "other-letter": "- [o] Totals",
    "quoted": "> - [ ] Totals",
    "no-space": "- [ ]Totals",
}


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
@pytest.mark.parametrize("line", UNREAD_BOXES.values(), ids=UNREAD_BOXES.keys())
def test_a_box_not_read_is_unknown_not_complete(repo, gate, shop, line) -> None:
    shop(f"- [x] 1. Cart\n{line}\n- [ ] 2. FINAL gate\n")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 0
    assert "<promise>COMPLETE</promise>" not in done.stdout
    assert done.stdout.splitlines() == [
        "ralph-gate: COMPLETE-WITH-GAPS: all tasks done; the report has 0 FAIL and 0 UNKNOWN"
        " row(s); 1 part(s) of the spec not read (UNKNOWN)",
        f"- UNKNOWN | spec structure | not read as a task: {line.replace('<', '&lt;')}"
        " (tasks.md:2)",
        "<promise>COMPLETE-WITH-GAPS</promise>",
    ]
    strict = gate("--repo", str(repo.root), "--spec", "shop", "--strict", "--json")
    assert strict.returncode == 3
    assert json.loads(strict.stdout)["unread"] == [
        {"file": ".kiro/specs/shop/tasks.md", "line": 2, "what": f"not read as a task: {line}"}
    ]


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
def test_a_task_list_with_no_box_at_all_is_unknown(repo, gate, shop) -> None:
    shop("# Tasks\n\n1. Build the cart\n2. FINAL gate\n")
    done = gate("--repo", str(repo.root), "--spec", "shop", "--strict")
    assert done.returncode == 3
    assert "no task with a checkbox read from this file (tasks.md:1)" in done.stdout


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
@pytest.mark.parametrize(
    "requirements",
    [
        "# 需求文档\n\n### 需求 1\n\n**用户故事:** 作为用户，我想登录\n",
        "# Requirements\n\n- The cart SHALL total the lines\n- The cart SHALL round\n",
        "# Requirements\n\n| Id | Requirement |\n|---|---|\n| R-1 | total |\n",
    ],
    ids=["other-language", "plain-list", "table"],
)
def test_a_requirements_file_not_read_is_unknown(repo, gate, shop, requirements) -> None:
    shop("- [x] 1. Cart\n- [ ] 2. FINAL gate\n", requirements=requirements)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[-1] == "<promise>COMPLETE-WITH-GAPS</promise>"
    assert lines[-2].startswith(
        "- UNKNOWN | spec structure | no 'Requirement N' section read from this file"
        " (requirements.md:"
    )


def test_read_requirements_and_boxes_stay_complete(repo, gate, shop) -> None:
    requirements = (
        "# Requirements\n\n## Requirement 1: Cart\n\n#### Acceptance Criteria\n\n"
        "1. WHEN lines change THEN the cart SHALL total them\n"
    )
    notes = "- [x] 1. Cart\n- [2026-01-29] shipped\n- [docs](https://example.invalid)\n"
    shop(notes + "- [ ] 2. FINAL gate\n", requirements=requirements)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "<promise>COMPLETE</promise>")
