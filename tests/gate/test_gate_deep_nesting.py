"""Files nested 20,000-100,000 deep: the user's own files (task files, configuration) are a
one-line exit 2, a source or template file among many is skipped like any file that does not
parse, and nothing raises RecursionError or writes a report from a half-read input."""

from __future__ import annotations

import json

import pytest
from gate_repo import files_of, report_text

DEPTH = 100_000
DEEP_JSON = "[" * DEPTH + "]" * DEPTH


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
@pytest.mark.parametrize(
    "task_file",
    ("prd.json", "feature_list.json", ".agent/tasks.json"),
)
def test_a_deeply_nested_task_file_is_one_line_exit_2(repo, gate, task_file: str) -> None:
    head = repo.commit("work", {task_file: '{"features": ' + DEEP_JSON + "}", "a.py": "A = 1\n"})
    repo.write("validation-report.md", report_text(head))
    before = files_of(repo.root)
    done = gate("--repo", str(repo.root), "--spec", task_file, "--json")
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "nested deeper than" in lines[0] and task_file in lines[0]
    assert files_of(repo.root) == before


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
@pytest.mark.parametrize("name", (".ralph-validate.toml", "pyproject.toml"))
def test_deeply_nested_configuration_is_one_line_exit_2(repo, validate, name: str) -> None:
    table = "[tool.ralph-validate]\n" if name == "pyproject.toml" else ""
    deep = "[" * DEPTH + "]" * DEPTH
    repo.commit(
        "work",
        {
            name: f"{table}exclude = {deep}\n",
            ".kiro/specs/shop/requirements.md": "# Requirements\n",
            "a.py": "A = 1\n",
        },
    )
    before = files_of(repo.root)
    done = validate("--repo", str(repo.root), "--spec", "shop", "--no-llm", "--quiet")
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "nested deeper than" in lines[0] and name in lines[0]
    assert files_of(repo.root) == before


@pytest.mark.reliability(cls="crash or hang", outcome="survived")
def test_deep_or_exploding_templates_among_many_do_not_stop_the_audit(repo, validate) -> None:
    bomb = "".join(
        f"{n}: &{n} [{', '.join([f'*{p}'] * 9) if p else ', '.join(['lol'] * 9)}]\n"
        for p, n in zip(["", *"abcdefgh"], "abcdefghi", strict=True)
    )
    repo.commit(
        "work",
        {
            ".kiro/specs/shop/requirements.md": "# Requirements\n",
            "template.yaml": "AWSTemplateFormatVersion: '2010-09-09'\nResources: "
            + DEEP_JSON
            + "\n",
            "bomb.yaml": "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  " + bomb,
            "machine.asl.json": '{"StartAt": "A", "States": ' + DEEP_JSON + "}",
            "package.json": '{"scripts": ' + DEEP_JSON + "}",
            ".github/workflows/ci.yml": "jobs: " + DEEP_JSON + "\n",
            "a.py": "A = 1\n",
        },
    )
    done = validate("--repo", str(repo.root), "--spec", "shop", "--no-llm", "--quiet")
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr
    # Each document past a bound is named in the report's notes, never dropped silently.
    report = json.loads((repo.root / ".kiro/specs/shop/validation-report.json").read_text())
    noted = " ".join(report["notes"])
    for name in ("bomb.yaml", "template.yaml", "machine.asl.json"):
        assert f"{name} (documents: YamlLimitExceeded)" in noted


@pytest.mark.reliability(cls="crash or hang", outcome="survived")
def test_a_deeply_nested_gate_log_line_is_skipped(repo, gate, shop) -> None:
    shop("- [x] 1. done\n")
    log = repo.root / ".ralph" / "gate-log.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(DEEP_JSON + "\n" + json.dumps({"spec": "other"}) + "\n")
    done = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["verdict"] == "COMPLETE"
