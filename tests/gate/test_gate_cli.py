"""ralph-gate end to end: one test per row of the decision table, and its bad inputs."""

from __future__ import annotations

import json

import pytest

SPEC = ".kiro/specs/shop"
TASKS_DONE = (
    "# Plan\r\n\r\n- [x] 1. Build the cart — «ünïcode»\r\n  - [x] 1.1 Totals\r\n"
    "- [ ] 2. FINAL validate and gate  <!-- keep me -->\r\n"
)
TASKS_OPEN = (
    "- [x] 1. Build the cart\n  - [ ] 1.1 Totals\n  - [-] 1.2 Taxes\n"
    "- [ ]* 1.3 Optional\n- [ ] 2. FINAL gate\n"
)


def report(head: str, statuses: tuple[str, ...] = ("PASS",)) -> str:
    rows = "\n".join(f"| {i} | thing {i} | a.py:{i} | {s} |" for i, s in enumerate(statuses, 1))
    return (
        f"# Validation report: shop\n\n- **HEAD:** `{head}`\n\n## Requirements traceability\n\n"
        f"| Req | Requirement | Implementation | Status |\n|---|---|---|---|\n{rows}\n"
    )


def setup(repo, tasks: str, statuses: tuple[str, ...] | None = ("PASS",)) -> str:
    head = repo.commit("shop: work", {f"{SPEC}/tasks.md": tasks, "src/cart.py": "TOTAL = 1\n"})
    if statuses is not None:
        repo.write(f"{SPEC}/validation-report.md", report(head, statuses))
    return head


def tasks_bytes(repo) -> bytes:
    return (repo.root / SPEC / "tasks.md").read_bytes()


def test_open_task_at_any_depth_is_incomplete_and_listed(repo, gate) -> None:
    setup(repo, TASKS_OPEN)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1
    assert done.stdout.splitlines()[-2:] == [
        "- [ ] 1.1 Totals (tasks.md:2)",
        "- [-] 1.2 Taxes (tasks.md:3)",
    ]
    assert "- [ ] 2. FINAL gate" in tasks_bytes(repo).decode()


def test_missing_report_is_incomplete(repo, gate) -> None:
    setup(repo, TASKS_DONE, statuses=None)
    before = tasks_bytes(repo)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1
    assert "validation-report.md not found" in done.stdout
    assert tasks_bytes(repo) == before


def test_stale_report_is_incomplete(repo, gate) -> None:
    setup(repo, TASKS_DONE)
    repo.write("src/cart.py", "TOTAL = 2\n")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1
    assert "stale report: src/cart.py changed after commit" in done.stdout


def test_report_of_an_unknown_commit_is_stale(repo, gate) -> None:
    setup(repo, TASKS_DONE)
    repo.write(f"{SPEC}/validation-report.md", report("f" * 40))
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1 and "unknown to this repository" in done.stdout


def test_complete_marks_only_the_final_byte(repo, gate) -> None:
    setup(repo, TASKS_DONE)
    before = tasks_bytes(repo)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "<promise>COMPLETE</promise>"
    after = tasks_bytes(repo)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(changed) == 1 and after[changed[0] : changed[0] + 1] == b"x"
    assert after == before.replace(b"- [ ] 2. FINAL", b"- [x] 2. FINAL")
    again = gate("--repo", str(repo.root), "--spec", "shop")
    assert again.returncode == 0 and tasks_bytes(repo) == after


def test_gaps_are_complete_with_gaps_and_strict_exits_3(repo, gate) -> None:
    setup(repo, TASKS_DONE, ("PASS", "FAIL", "N/A"))
    strict = gate("--repo", str(repo.root), "--spec", "shop", "--strict")
    assert strict.returncode == 3
    lines = strict.stdout.splitlines()
    assert "<promise>COMPLETE-WITH-GAPS</promise>" in lines
    assert lines[-2:] == [
        "FAIL: Requirements traceability: 2 | thing 2 | a.py:2 | FAIL",
        "UNKNOWN: Requirements traceability: 3 | thing 3 | a.py:3 | N/A",
    ]
    assert b"- [x] 2. FINAL" in tasks_bytes(repo)
    relaxed = gate("--repo", str(repo.root), "--spec", "shop")
    assert relaxed.returncode == 0


def test_three_stalls_block_and_a_new_commit_resets(repo, gate) -> None:
    setup(repo, TASKS_OPEN)
    codes = [gate("--repo", str(repo.root), "--spec", "shop").returncode for _ in range(3)]
    assert codes == [1, 1, 2]
    blocked = gate("--repo", str(repo.root), "--spec", "shop")
    assert blocked.returncode == 2
    assert blocked.stdout.splitlines()[-1].startswith("<promise>BLOCKED:4 gate runs INCOMPLETE")
    repo.commit("shop: progress", {"src/more.py": "X = 1\n"})
    assert gate("--repo", str(repo.root), "--spec", "shop").returncode == 1
    assert gate("--repo", str(repo.root), "--spec", "shop", "--max-stalls", "2").returncode == 2
    log = [
        json.loads(line) for line in (repo.root / ".ralph/gate-log.jsonl").read_text().splitlines()
    ]
    assert [e["verdict"] for e in log] == [
        "INCOMPLETE",
        "INCOMPLETE",
        "BLOCKED",
        "BLOCKED",
        "INCOMPLETE",
        "BLOCKED",
    ]
    assert all(len(e["tasks_sha256"]) == 64 and e["head"] for e in log)


def test_hand_written_report_with_extra_table_and_loose_cells(repo, gate) -> None:
    head = setup(repo, TASKS_DONE, statuses=None)
    repo.write(
        f"{SPEC}/validation-report.md",
        f"# Report\n\nHEAD: {head}\n\n| Notes | Other |\n|---|---|\n| no status | here |\n\n"
        "| Contract ID | Asserts (>=min) | Fields | Status | Evidence |\n"
        "|:---|---:|:---:|:---:|---|\n"
        "| C-01 | 4/3 | all | **PASS** | FooIT.java:42 |\n"
        "| C-07 | 2/6 | `a\\|b` | pass | BarIT.java:88 |\n",
    )
    done = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    verdict = json.loads(done.stdout)
    assert verdict["verdict"] == "COMPLETE-WITH-GAPS"
    assert [g["cells"] for g in verdict["gaps"]] == [
        ["C-07", "2/6", "`a|b`", "pass", "BarIT.java:88"]
    ]


def test_json_task_list_is_judged_but_never_edited(repo, gate) -> None:
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
    assert json.loads(done.stdout)["verdict"] == "COMPLETE"
    assert (repo.root / "prd.json").read_bytes() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"just prose, no table\n", "no table has a Status column"),
        (b'{"summary": {"PASS": 3}}', "is JSON, not a Markdown report"),
        (b"\x00\x01binary", "binary file"),
        (b"| a | b |\n|---|---|\n| 1 | 2 |\n", "no table has a Status column"),
    ],
)
def test_report_that_is_not_a_markdown_report_is_bad_input(repo, gate, content, message) -> None:
    setup(repo, TASKS_DONE, statuses=None)
    repo.write(f"{SPEC}/validation-report.md", content)
    before = tasks_bytes(repo)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and message in done.stderr
    assert "Traceback" not in done.stderr
    assert tasks_bytes(repo) == before


def test_bad_inputs_exit_2_with_one_line(repo, gate, tmp_path) -> None:
    not_repo = gate("--repo", str(tmp_path), "--spec", "shop")
    assert not_repo.returncode == 2 and "is not a git repository" in not_repo.stderr
    setup(repo, "- [ ] 1. caf\xe9\n".encode("latin-1").decode("latin-1"))
    repo.write(f"{SPEC}/tasks.md", b"- [ ] 1. caf\xe9\n")
    bad_tasks = gate("--repo", str(repo.root), "--spec", "shop")
    assert bad_tasks.returncode == 2 and "not UTF-8" in bad_tasks.stderr
    missing = gate("--repo", str(repo.root), "--spec", "nope")
    assert missing.returncode == 2 and "spec 'nope' not found" in missing.stderr
    usage = gate("--repo", str(repo.root))
    assert usage.returncode == 2 and "--spec" in usage.stderr
    for done in (not_repo, bad_tasks, missing, usage):
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


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
