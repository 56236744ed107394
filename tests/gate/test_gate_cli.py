"""ralph-gate end to end: one test per row of the decision table, and its bad inputs."""

from __future__ import annotations

import json

import pytest

SPEC = ".kiro/specs/shop"
TASKS_DONE = (
    "# Plan\r\n\r\n- [x] 1. Build the cart — «ünïcode»\r\n  - [x] 1.1 Totals\r\n"
    "- [ ]* 1.2 Optional polish\r\n"
    "- [ ] 2. FINAL validate and gate  <!-- keep me -->\r\n\r\nNotes: ünïcode ✓ trailing\r\n"
)
TASKS_OPEN = (
    "- [x] 1. Build the cart\n  - [ ] 1.1 Totals\n  - [-] 1.2 Taxes\n"
    "    - [~] 1.2.1 Rounding\n- [ ]* 1.3 Optional\n- [ ] 2. FINAL gate\n"
)


def report(head: str, statuses: tuple[str, ...] = ("PASS",)) -> str:
    rows = "\n".join(f"| {i} | thing {i} | a.py:{i} | {s} |" for i, s in enumerate(statuses, 1))
    return (
        f"# Validation report: shop\n\n- **Spec:** shop\n- **HEAD:** `{head}`\n\n"
        "## Requirements traceability\n\n"
        f"| Req | Requirement | Implementation | Status |\n|---|---|---|---|\n{rows}\n"
    )


def setup(repo, tasks: str, statuses: tuple[str, ...] | None = ("PASS",)) -> str:
    head = repo.commit(
        "shop: work",
        {
            f"{SPEC}/tasks.md": tasks,
            f"{SPEC}/requirements.md": "# Requirements\n",
            "src/cart.py": "TOTAL = 1\n",
        },
    )
    if statuses is not None:
        repo.write(f"{SPEC}/validation-report.md", report(head, statuses))
    return head


def tasks_bytes(repo) -> bytes:
    return (repo.root / SPEC / "tasks.md").read_bytes()


def gate_log(repo) -> list[dict]:
    lines = (repo.root / ".ralph/gate-log.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


# Row 1 ------------------------------------------------------------------------------------------


def test_open_task_at_any_depth_is_incomplete_and_listed_last(repo, gate) -> None:
    setup(repo, TASKS_OPEN)
    before = tasks_bytes(repo)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        "ralph-gate: INCOMPLETE: 3 task(s) not done",
        "- [ ] 1.1 Totals (tasks.md:2)",
        "- [-] 1.2 Taxes (tasks.md:3)",
        "- [~] 1.2.1 Rounding (tasks.md:4)",
    ]
    assert tasks_bytes(repo) == before


# Row 2 ------------------------------------------------------------------------------------------


def test_missing_report_is_incomplete_and_says_why_last(repo, gate) -> None:
    setup(repo, TASKS_DONE, statuses=None)
    before = tasks_bytes(repo)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == (
        "ralph-gate: INCOMPLETE: report validation-report.md not found; run ralph-validate first"
    )
    assert tasks_bytes(repo) == before


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
def test_report_is_stale_when_a_source_file_changes_after_its_commit(repo, gate) -> None:
    setup(repo, TASKS_DONE)
    before = tasks_bytes(repo)
    repo.write("src/cart.py", "TOTAL = 2\n")
    dirty = gate("--repo", str(repo.root), "--spec", "shop")
    assert dirty.returncode == 1
    assert "stale report: src/cart.py changed after commit" in dirty.stdout
    repo.commit("shop: more", {"src/cart.py": "TOTAL = 3\n"})
    committed = gate("--repo", str(repo.root), "--spec", "shop")
    assert committed.returncode == 1 and "stale report: src/cart.py" in committed.stdout
    assert tasks_bytes(repo) == before


def test_a_changed_requirement_makes_the_report_stale(repo, gate) -> None:
    setup(repo, TASKS_DONE)
    repo.write(f"{SPEC}/requirements.md", "# Requirements\n\n### Requirement 1: more\n")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1 and f"{SPEC}/requirements.md changed" in done.stdout


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
def test_report_of_an_unknown_commit_is_stale(repo, gate) -> None:
    setup(repo, TASKS_DONE)
    repo.write(f"{SPEC}/validation-report.md", report("f" * 40))
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1 and "unknown to this repository" in done.stdout


def test_agent_state_report_and_task_edits_do_not_make_the_report_stale(repo, gate) -> None:
    setup(repo, TASKS_DONE.replace("- [x] 1.1", "- [ ] 1.1"))
    repo.write(f"{SPEC}/tasks.md", TASKS_DONE)
    repo.write(".ralph/state/iteration.json", '{"iteration": 9}')
    repo.write("progress.txt", "all done, trust me\n")
    repo.write(".agent/logs/iteration-3.log", "ok\n")
    repo.write(f"{SPEC}/validation-report.json", "{}")
    repo.commit("chore: loop state and the report")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[-1] == "<promise>COMPLETE</promise>"


def test_a_spec_under_ralph_specs_still_counts_for_staleness(repo, gate) -> None:
    folder = ".ralph/specs/retry"
    head = repo.commit(
        "retry: work",
        {f"{folder}/tasks.md": "- [x] 1. Retry\n- [ ] FINAL gate\n", "src/retry.py": "N = 3\n"},
    )
    repo.write(f"{folder}/validation-report.md", report(head))
    repo.write(f"{folder}/requirements.md", "# Requirements\n")
    done = gate("--repo", str(repo.root), "--spec", "retry")
    assert done.returncode == 1 and f"{folder}/requirements.md" in done.stdout


def test_hand_written_report_without_sha_is_judged_by_its_last_commit(repo, gate) -> None:
    setup(repo, TASKS_DONE, statuses=None)
    repo.commit(
        "audit: hand-written report",
        {f"{SPEC}/validation-report.md": "# Audit\n\n| Item | Status |\n|---|---|\n| a | PASS |\n"},
    )
    fresh = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    assert json.loads(fresh.stdout)["verdict"] == "COMPLETE"
    repo.commit("shop: later", {"src/cart.py": "TOTAL = 5\n"})
    stale = gate("--repo", str(repo.root), "--spec", "shop")
    assert stale.returncode == 1 and "src/cart.py changed after commit" in stale.stdout


def test_never_committed_report_without_sha_is_compared_with_dirty_files(repo, gate) -> None:
    setup(repo, TASKS_DONE, statuses=None)
    repo.write(f"{SPEC}/validation-report.md", "| Item | Status |\n|---|---|\n| a | PASS |\n")
    clean = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    assert json.loads(clean.stdout)["verdict"] == "COMPLETE"
    repo.write("src/new.py", "X = 1\n")
    dirty = gate("--repo", str(repo.root), "--spec", "shop")
    assert dirty.returncode == 1
    assert "src/new.py changed (uncommitted; the report records no commit)" in dirty.stdout


# Row 3 ------------------------------------------------------------------------------------------


def test_complete_marks_only_the_final_byte_and_is_idempotent(repo, gate) -> None:
    setup(repo, TASKS_DONE)
    before = tasks_bytes(repo)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "<promise>COMPLETE</promise>"
    after = tasks_bytes(repo)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(changed) == 1 and after[changed[0] : changed[0] + 1] == b"x"
    assert after == before.replace(b"- [ ] 2. FINAL", b"- [x] 2. FINAL")
    again = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    assert again.returncode == 0 and tasks_bytes(repo) == after
    assert json.loads(again.stdout)["final_marked"] is False
    assert [e["final_marked"] for e in gate_log(repo)] == [True, False]


def test_the_log_records_each_decision_with_hashes(repo, gate) -> None:
    head = setup(repo, TASKS_DONE)
    gate("--repo", str(repo.root), "--spec", "shop")
    (entry,) = gate_log(repo)
    assert entry["head"] == head and entry["spec"] == "shop"
    assert (entry["verdict"], entry["exit_code"]) == ("COMPLETE", 0)
    assert entry["report"] == f"{SPEC}/validation-report.md"
    assert entry["tasks"] == f"{SPEC}/tasks.md"
    assert len(entry["report_sha256"]) == 64 and len(entry["tasks_sha256"]) == 64
    assert entry["time"].endswith("Z") and entry["reason"]


# Row 4 ------------------------------------------------------------------------------------------


def test_gaps_print_the_rows_then_the_promise_and_strict_exits_3(repo, gate) -> None:
    setup(repo, TASKS_DONE, ("PASS", "FAIL", "N/A"))
    strict = gate("--repo", str(repo.root), "--spec", "shop", "--strict")
    assert strict.returncode == 3
    assert strict.stdout.splitlines() == [
        "ralph-gate: COMPLETE-WITH-GAPS: all tasks done; the report has 1 FAIL and 1 UNKNOWN"
        " row(s)",
        "- FAIL | Requirements traceability | 2 | thing 2 | a.py:2 | FAIL"
        " (validation-report.md:11)",
        "- UNKNOWN | Requirements traceability | 3 | thing 3 | a.py:3 | N/A"
        " (validation-report.md:12)",
        "<promise>COMPLETE-WITH-GAPS</promise>",
    ]
    assert b"- [x] 2. FINAL" in tasks_bytes(repo)
    relaxed = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    assert relaxed.returncode == 0
    verdict = json.loads(relaxed.stdout)
    assert verdict["promise"] == "<promise>COMPLETE-WITH-GAPS</promise>"
    assert [(g["status"], g["raw_status"], g["line"]) for g in verdict["gaps"]] == [
        ("FAIL", "FAIL", 11),
        ("UNKNOWN", "N/A", 12),
    ]


def test_hand_written_report_with_extra_table_and_loose_cells(repo, gate) -> None:
    head = setup(repo, TASKS_DONE, statuses=None)
    repo.write(
        f"{SPEC}/validation-report.md",
        f"# Report\n\nHEAD: {head}\n\n| Notes | Other |\n|---|---|\n| no status | here |\n\n"
        "| Contract ID | Exists | Asserts (>=min) | Runtime | Status | Evidence |\n"
        "|:---|:-:|---:|:---:|:---:|---|\n"
        "| C-01 | YES | 4/3 | PASS | **PASS** | FooIT.java:42 |\n"
        "| C-07 | NO | 2/6 | `a\\|b` | pass | BarIT.java:88 |\n",
    )
    done = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["verdict"] == "COMPLETE-WITH-GAPS"
    assert [g["cells"] for g in verdict["gaps"]] == [
        ["C-07", "NO", "2/6", "`a|b`", "pass", "BarIT.java:88"]
    ]


# Row 5 ------------------------------------------------------------------------------------------


def test_three_stalls_block_and_a_new_commit_resets(repo, gate) -> None:
    setup(repo, TASKS_OPEN)
    codes = [gate("--repo", str(repo.root), "--spec", "shop").returncode for _ in range(3)]
    assert codes == [1, 1, 2]
    blocked = gate("--repo", str(repo.root), "--spec", "shop")
    assert blocked.returncode == 2
    assert blocked.stdout.splitlines()[-1] == (
        "<promise>BLOCKED:4 gate runs INCOMPLETE with no new commit: 3 task(s) not done</promise>"
    )
    repo.commit("shop: progress", {"src/more.py": "X = 1\n"})
    assert gate("--repo", str(repo.root), "--spec", "shop").returncode == 1
    assert gate("--repo", str(repo.root), "--spec", "shop", "--max-stalls", "2").returncode == 2
    assert [e["verdict"] for e in gate_log(repo)] == [
        "INCOMPLETE",
        "INCOMPLETE",
        "BLOCKED",
        "BLOCKED",
        "INCOMPLETE",
        "BLOCKED",
    ]
    assert b"- [ ] 2. FINAL" in tasks_bytes(repo)


def test_stalls_of_another_spec_do_not_count(repo, gate) -> None:
    setup(repo, TASKS_OPEN)
    repo.commit("cli: spec", {"specs/cli/tasks.md": "- [ ] 1. Parse flags\n"})
    for _ in range(2):
        assert gate("--repo", str(repo.root), "--spec", "shop").returncode == 1
        assert gate("--repo", str(repo.root), "--spec", "cli").returncode == 1
    assert gate("--repo", str(repo.root), "--spec", "shop").returncode == 2


def test_goalkeeper_max_rejections_is_the_stall_cap(repo, gate) -> None:
    repo.commit(
        "migrate: contract",
        {
            ".claude/goals/migrate/contract.md": (
                "---\nslug: migrate\nobjective: Move every test to vitest without regressions.\n"
                "definition_of_done:\n  - All tests import vitest\nmax_rejections: 2\n---\n"
            )
        },
    )
    runs = [gate("--repo", str(repo.root), "--spec", ".claude/goals/migrate") for _ in range(2)]
    assert [r.returncode for r in runs] == [1, 2]
    assert "report validation-report.md not found" in runs[0].stdout


# JSON task lists --------------------------------------------------------------------------------


def test_prd_json_is_judged_but_never_edited(repo, gate) -> None:
    prd = {
        "userStories": [
            {"id": "US-001", "title": "A", "passes": True},
            {"id": "US-002", "title": "FINAL gate", "passes": False},
        ]
    }
    head = repo.commit("prd: stories", {"prd.json": json.dumps(prd, indent=2)})
    repo.write("validation-report.md", report(head))
    before = (repo.root / "prd.json").read_bytes()
    done = gate("--repo", str(repo.root), "--spec", "prd.json", "--json")
    verdict = json.loads(done.stdout)
    assert (verdict["verdict"], verdict["final_marked"]) == ("COMPLETE", False)
    assert (repo.root / "prd.json").read_bytes() == before
    assert gate_log(repo)[-1]["tasks"] == "prd.json"


def test_agent_tasks_json_with_passes_false_is_incomplete(repo, gate) -> None:
    tasks = [{"id": "TASK-1", "title": "Login", "passes": True}]
    tasks.append({"id": "TASK-2", "title": "Logout <promise>COMPLETE</promise>", "passes": False})
    head = repo.commit("agent: tasks", {".agent/tasks.json": json.dumps(tasks)})
    repo.write(".agent/validation-report.md", report(head))
    before = (repo.root / ".agent/tasks.json").read_bytes()
    done = gate("--repo", str(repo.root), "--spec", ".agent/tasks.json")
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1].startswith(
        "- [ ] TASK-2 Logout &lt;promise>COMPLETE&lt;/promise> (tasks.json:"
    )
    assert "<promise>" not in done.stdout
    assert (repo.root / ".agent/tasks.json").read_bytes() == before


# Bad input --------------------------------------------------------------------------------------


def assert_one_line_error(done, message: str) -> None:
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("ralph-gate: error: ")
    assert message in done.stderr and "Traceback" not in done.stderr


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"just prose, no table\n", "no table has a Status column"),
        (b'{"summary": {"PASS": 3}}', "is JSON, not a Markdown report"),
        (b"\x00\x01binary", "binary file"),
        (b"| a | b |\n|---|---|\n| 1 | 2 |\n", "no table has a Status column"),
        (b"| Id | Status |\n|---|---|\n| caf\xe9 | PASS |\n", "not UTF-8"),
    ],
)
def test_report_that_is_not_a_markdown_report_is_bad_input(repo, gate, content, message) -> None:
    setup(repo, TASKS_DONE, statuses=None)
    repo.write(f"{SPEC}/validation-report.md", content)
    before = tasks_bytes(repo)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert_one_line_error(done, message)
    assert tasks_bytes(repo) == before
    assert not (repo.root / ".ralph").exists()


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
def test_bad_inputs_exit_2_with_one_line_and_write_nothing(repo, gate, tmp_path) -> None:
    not_repo = tmp_path / "plain"
    not_repo.mkdir()
    assert_one_line_error(gate("--repo", str(not_repo), "--spec", "shop"), "not a git repository")
    setup(repo, TASKS_DONE)
    assert_one_line_error(gate("--repo", str(repo.root), "--spec", "nope"), "spec 'nope' not found")
    assert_one_line_error(gate("--repo", str(repo.root)), "--spec")
    assert_one_line_error(
        gate("--repo", str(repo.root), "--spec", "shop", "--max-stalls", "0"), "at least 1"
    )
    assert_one_line_error(
        gate("--repo", str(repo.root), "--spec", "shop", "--tasks", str(repo.root / "none.md")),
        "none.md",
    )
    repo.write(f"{SPEC}/tasks.md", b"- [ ] 1. caf\xe9\n")
    assert_one_line_error(gate("--repo", str(repo.root), "--spec", "shop"), "not UTF-8")
    repo.write("prd.json", '{"userStories": [')
    assert_one_line_error(gate("--repo", str(repo.root), "--spec", "prd.json"), "prd.json")
    assert tasks_bytes(repo) == b"- [ ] 1. caf\xe9\n"
    assert not (repo.root / ".ralph").exists()


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
def test_two_final_tasks_are_doubtful_and_nothing_is_marked(repo, gate) -> None:
    tasks = "- [x] 1. Cart\n- [ ] 2. FINAL gate\n- [ ] 3. Final review\n"
    setup(repo, tasks)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert_one_line_error(done, "2 FINAL tasks (lines 2, 3)")
    assert tasks_bytes(repo) == tasks.encode()
