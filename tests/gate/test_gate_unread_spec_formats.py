"""No false COMPLETE from spec files the readers skip: requirements written only in a format
not read, bullet styles `*` and `+`, and a task file emptied, deleted or replaced by a
dangling or looping symlink after the work was committed with a matching report."""

from __future__ import annotations

import json
import os

import pytest
from gate_repo import SPEC, report_text

OTHER_FORMATS = ("requirements.yaml", "requirements.txt", "requirements.rst", "requirements.adoc")


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
@pytest.mark.parametrize("name", OTHER_FORMATS)
def test_requirements_only_in_a_format_not_read_are_unknown(repo, gate, validate, name) -> None:
    repo.commit(
        "shop: work",
        {
            f"{SPEC}/tasks.md": "- [x] 1. Cart\n- [ ] 2. FINAL gate\n",
            f"{SPEC}/{name}": "R1: The cart SHALL total the lines\n",
            "src/cart.py": "TOTAL = 1\n",
        },
    )
    audit = validate("--repo", str(repo.root), "--spec", "shop", "--no-llm", "--quiet")
    assert audit.returncode == 0, audit.stderr
    assert f"{name}:1: requirements written in a format this tool does not read" in audit.stderr
    report = (repo.root / SPEC / "validation-report.md").read_text()
    assert "the spec declares no requirements" not in report
    assert f"| {name} | not understood: requirements written in a format" in report
    done = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    verdict = json.loads(done.stdout)
    assert verdict["verdict"] == "COMPLETE-WITH-GAPS"
    assert [u["file"] for u in verdict["unread"]] == [f"{SPEC}/{name}"]


def test_requirements_md_beside_notes_stays_complete(repo, gate, shop) -> None:
    """The honest twin: other files of the folder (design notes, a README) are not requirements."""
    repo.commit("shop: notes", {f"{SPEC}/design.txt": "notes\n", f"{SPEC}/README.rst": "notes\n"})
    shop("- [x] 1. Cart\n- [ ] 2. FINAL gate\n")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "<promise>COMPLETE</promise>")


def test_a_package_requirements_file_beside_a_root_task_list_is_not_a_spec(repo, gate) -> None:
    head = repo.commit(
        "tasks: work",
        {
            "tasks.md": "- [x] 1. Cart\n- [ ] 2. FINAL gate\n",
            "requirements.txt": "requests==2.0\n",
            "cart.py": "TOTAL = 1\n",
        },
    )
    repo.write("validation-report.md", report_text(head))
    done = gate("--repo", str(repo.root), "--spec", "tasks.md")
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "<promise>COMPLETE</promise>")


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
@pytest.mark.parametrize("bullet", ("*", "+", "-", "1.", "1)"))
def test_an_open_box_under_any_bullet_is_incomplete(repo, gate, shop, bullet) -> None:
    shop(f"- [x] 1. Cart\n{bullet} [ ] Totals\n- [ ] 2. FINAL gate\n")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1, done.stdout
    assert "<promise>COMPLETE</promise>" not in done.stdout
    assert "Totals" in done.stdout


@pytest.mark.parametrize("bullet", ("*", "+"))
def test_the_same_bullets_done_complete(repo, gate, shop, bullet) -> None:
    shop(f"- [x] 1. Cart\n{bullet} [x] Totals\n- [ ] 2. FINAL gate\n")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "<promise>COMPLETE</promise>")


def _replace_tasks(repo, how: str) -> None:
    path = repo.root / SPEC / "tasks.md"
    if how == "emptied":
        path.write_bytes(b"")
    elif how == "deleted":
        path.unlink()
    elif how == "dangling-symlink":
        path.unlink()
        os.symlink("gone.md", path)
    elif how == "looping-symlink":
        path.unlink()
        os.symlink("loop.md", path)
        os.symlink("tasks.md", path.parent / "loop.md")


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
@pytest.mark.parametrize("how", ("emptied", "deleted", "dangling-symlink", "looping-symlink"))
def test_a_task_file_gone_after_the_work_is_never_complete(repo, gate, shop, how) -> None:
    shop("- [x] 1. Cart\n- [ ] 2. Totals\n- [ ] 3. FINAL gate\n")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "shop: report")
    _replace_tasks(repo, how)
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "shop: tidy")
    head = repo.git("rev-parse", "HEAD").strip()
    repo.write(f"{SPEC}/validation-report.md", report_text(head))
    for args in ((), ("--json",)):
        done = gate("--repo", str(repo.root), "--spec", "shop", *args)
        assert done.returncode != 0 or "COMPLETE-WITH-GAPS" in done.stdout, done.stdout
        assert "<promise>COMPLETE</promise>" not in done.stdout
        if "--json" in args and done.stdout:
            assert json.loads(done.stdout)["verdict"] != "COMPLETE"
