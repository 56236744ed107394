"""The pre-commit hooks and the GitHub Action's script, run as their hosts would run them."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
REQUIREMENTS = (
    "### Requirement 1\n\n**User Story:** As an operator, I want short tables flagged.\n\n"
    "#### Acceptance Criteria\n\n1. WHEN rows are missing THEN the checker SHALL report too_short\n"
)


def env_with_tools(**extra: str) -> dict[str, str]:
    bindir = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", **extra}


def build(repo, implemented: bool) -> None:
    repo.commit(
        "chore: spec",
        {
            "specs/rows/requirements.md": REQUIREMENTS,
            "specs/rows/tasks.md": "- [x] 1. Flag\n- [ ] 2. FINAL gate\n",
        },
    )
    code = 'REASON = "too_short"\n' if implemented else "X = 1\n"
    repo.commit("rows: work", {"src/rows.py": code})


def hook(hook_id: str) -> dict:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    return next(h for h in hooks if h["id"] == hook_id)


def run_hook(repo, hook_id: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    """What pre-commit does for a python hook with pass_filenames: false: entry + args."""
    entry = shlex.split(hook(hook_id)["entry"])
    return subprocess.run(
        [*entry, *args],
        cwd=repo.root,
        env=env_with_tools(),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_pre_commit_validate_hook_fails_on_a_fail_cell_and_passes_when_fixed(repo) -> None:
    build(repo, implemented=False)
    assert hook("ralph-validate")["pass_filenames"] is False
    assert run_hook(repo, "ralph-validate", ["--spec", "rows"]).returncode == 1
    repo.write("src/rows.py", 'REASON = "too_short"\n')
    done = run_hook(repo, "ralph-validate", ["--spec", "rows"])
    assert done.returncode == 0, done.stderr


def test_pre_commit_gate_hook_reports_the_verdict(repo) -> None:
    build(repo, implemented=True)
    run_hook(repo, "ralph-validate", ["--spec", "rows"])
    done = run_hook(repo, "ralph-gate", ["--spec", "rows"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "<promise>COMPLETE-WITH-GAPS</promise>" in done.stdout


def test_github_action_script_writes_summary_sarif_and_status(repo, tmp_path) -> None:
    build(repo, implemented=False)
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "validate")
    summary, output, temp = tmp_path / "summary.md", tmp_path / "output.txt", tmp_path / "runner"
    temp.mkdir()
    base = repo.git("rev-parse", "HEAD~1").strip()
    env = env_with_tools(
        RV_SPEC="rows",
        RV_BASE=base,
        RV_FAIL_ON="fail",
        RUNNER_TEMP=str(temp),
        GITHUB_STEP_SUMMARY=str(summary),
        GITHUB_OUTPUT=str(output),
    )
    done = subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=repo.root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert summary.read_text().startswith("# Validation report: rows")
    assert output.read_text() == "status=1\n"
    assert (temp / "ralph-validate/validation-report.sarif").is_file()
    assert [s.get("uses", "").split("@")[0] for s in action["runs"]["steps"] if "uses" in s] == [
        "actions/setup-python",
        "github/codeql-action/upload-sarif",
    ]
