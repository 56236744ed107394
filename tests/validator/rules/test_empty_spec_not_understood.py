"""An empty story list is not "the spec declares no requirements | PASS": it is an UNKNOWN
row (TR003), a warning on stderr, and the gate does not say COMPLETE."""

from __future__ import annotations

import json

import pytest

CASES = [
    ("prd.json", '{"branchName": "x", "userStories": []}\n'),
    (".agent/tasks.json", '{"branchName": "x", "tasks": []}\n'),
    ("feature_list.json", '{"features": []}\n'),
]


@pytest.mark.parametrize(("name", "text"), CASES)
def test_an_empty_task_list_is_unknown_warned_and_never_complete(
    repo, validate, gate, name, text
) -> None:
    repo.commit("chore: loop", {name: text, "src/app.py": "def run():\n    return 1\n"})
    out = repo.root / "out"
    done = validate("--repo", str(repo.root), "--spec", name, "--out", str(out), "--quiet")
    assert done.returncode == 0
    assert done.stderr == (
        f"ralph-validate: warning: {name}:1: the task list declares no story, task or "
        "feature: nothing was read to trace; its requirements were not traced\n"
    )
    report = json.loads((out / "validation-report.json").read_text())
    [row] = report["requirements"]
    assert (row["status"], row["file"], row["line"]) == ("UNKNOWN", name, 1)
    assert [f["rule"] for f in report["findings"] if f["kind"] == "trace.not-understood"] == [
        "TR003"
    ]
    markdown = (out / "validation-report.md").read_text()
    assert "the spec declares no requirements" not in markdown
    verdict = gate(
        "--repo", str(repo.root), "--spec", name, "--report", str(out / "validation-report.md")
    )
    assert "<promise>COMPLETE</promise>" not in verdict.stdout
    assert "<promise>COMPLETE-WITH-GAPS</promise>" in verdict.stdout
    assert "spec structure" in verdict.stdout


def test_a_kiro_spec_whose_tasks_carry_the_work_keeps_its_no_requirements_row(
    repo, validate, gate
) -> None:
    spec = ".kiro/specs/shop"
    repo.commit(
        "chore: spec",
        {f"{spec}/requirements.md": "# Requirements\n", f"{spec}/tasks.md": "- [x] 1. Run\n"},
    )
    repo.commit("shop: run", {"src/app.py": "def run():\n    return 1\n"})
    done = validate("--repo", str(repo.root), "--spec", "shop", "--quiet")
    assert done.returncode == 0 and done.stderr == ""
    markdown = (repo.root / spec / "validation-report.md").read_text()
    assert "| — | the spec declares no requirements | — | — | — | PASS |" in markdown
    assert "<promise>COMPLETE</promise>" in gate("--repo", str(repo.root), "--spec", "shop").stdout
