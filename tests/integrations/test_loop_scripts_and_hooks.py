"""Each documented integration, run for real: scripts, hooks and commands with fake agents."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
INTEGRATIONS = ROOT / "integrations"

REQUIREMENTS = """# Requirements Document

### Requirement 1

**User Story:** As an operator, I want row counts checked, so that short loads stop the pipeline.

#### Acceptance Criteria

1. WHEN a table has fewer rows than expected THEN the checker SHALL fail with reason too_short
"""

TASKS_OPEN = """# Implementation Plan

- [ ] 1. Implement the row count check
  - _Requirements: 1.1_
- [ ] 2. FINAL validate and gate
"""


def git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Agent",
        "GIT_AUTHOR_EMAIL": "agent@example.invalid",
        "GIT_COMMITTER_NAME": "Agent",
        "GIT_COMMITTER_EMAIL": "agent@example.invalid",
    }
    done = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def make_repo(tmp_path: Path) -> Path:
    """A repo with a Kiro spec whose only work task is still open."""
    repo = tmp_path / "repo"
    spec = repo / ".kiro/specs/row-count-check"
    spec.mkdir(parents=True)
    (spec / "requirements.md").write_text(REQUIREMENTS)
    (spec / "tasks.md").write_text(TASKS_OPEN)
    (repo / "prompt.md").write_text("Do the next open task.\n")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "chore: spec")
    return repo


HONEST_AGENT = """#!/usr/bin/env bash
set -eu
mkdir -p src tests
cat > src/rowcount.py <<'PY'
def check_rows(actual: int, expected: int) -> str | None:
    \"\"\"Requirement 1.1: a short table fails with reason too_short.\"\"\"
    if actual < expected:
        return "too_short"
    return None
PY
cat > tests/test_rowcount.py <<'PY'
from src.rowcount import check_rows


def test_short_table_fails_with_too_short():
    \"\"\"Requirement 1.1\"\"\"
    assert check_rows(3, 5) == "too_short"
    assert check_rows(5, 5) is None
PY
sed -i 's/- \\[ \\] 1\\./- [x] 1./' .kiro/specs/row-count-check/tasks.md
git add -A
git -c commit.gpgsign=false -c user.name=Agent -c user.email=a@example.invalid \\
  commit -qm "row-count-check: 1 implement the row count check"
echo "<promise>COMPLETE</promise>"
"""

EAGER_AGENT = """#!/usr/bin/env bash
echo "I think we are done. <promise>COMPLETE</promise>"
"""


def write_agent(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "agent.sh"
    script.write_text(body)
    script.chmod(0o755)
    return script


def tool_env(tmp_path: Path) -> dict[str, str]:
    """PATH with the console scripts of this interpreter first."""
    bindir = Path(sys.executable).parent
    return {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", "RALPH_SLEEP": "0"}


def run_script(
    script: str, argument: str, repo: Path, env: dict[str, str], agent: Path
) -> subprocess.CompletedProcess[str]:
    """One of the integration loop scripts, run in ``repo`` with ``agent`` as AGENT_CMD."""
    return subprocess.run(
        ["bash", str(INTEGRATIONS / script), argument],
        cwd=repo,
        env={**env, "AGENT_CMD": f"bash {agent}"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_snarktank_loop_refuses_an_early_claim_and_accepts_a_real_one(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    env = {**tool_env(tmp_path), "SPEC": "row-count-check"}
    eager = write_agent(tmp_path, EAGER_AGENT)
    refused = run_script("snarktank/ralph.sh", "2", repo, env, eager)
    assert refused.returncode == 1
    assert "- [ ] 1 Implement the row count check (tasks.md:3)" in refused.stdout
    honest = write_agent(tmp_path, HONEST_AGENT)
    accepted = run_script("snarktank/ralph.sh", "2", repo, env, honest)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "<promise>COMPLETE" in accepted.stdout
    tasks = (repo / ".kiro/specs/row-count-check/tasks.md").read_text()
    assert "- [x] 2. FINAL validate and gate" in tasks


def test_pageai_loop_exit_codes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    env = {**tool_env(tmp_path), "SPEC": "row-count-check", "PROMPT_FILE": "prompt.md"}
    blocked = write_agent(tmp_path, 'echo "<promise>BLOCKED:no database</promise>"\n')
    done = run_script("pageai/ralph.sh", "3", repo, env, blocked)
    assert done.returncode == 2
    eager = write_agent(tmp_path, EAGER_AGENT)
    done = run_script("pageai/ralph.sh", "2", repo, env, eager)
    assert done.returncode == 1
    honest = write_agent(tmp_path, HONEST_AGENT)
    done = run_script("pageai/ralph.sh", "2", repo, env, honest)
    assert done.returncode == 0, done.stdout + done.stderr


def test_claude_code_stop_hook_blocks_with_the_gate_reason(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    env = {**tool_env(tmp_path), "RALPH_SPEC": "row-count-check"}
    hook_input = json.dumps(
        {"session_id": "s1", "hook_event_name": "Stop", "stop_hook_active": False}
    )
    done = subprocess.run(
        ["bash", str(INTEGRATIONS / "claude-code/stop-hook.sh")],
        cwd=repo,
        env=env,
        input=hook_input,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0
    decision = json.loads(done.stdout)
    assert decision["decision"] == "block"
    assert "Implement the row count check" in decision["reason"]
    subprocess.run(
        ["bash", str(write_agent(tmp_path, HONEST_AGENT))],
        cwd=repo,
        check=True,
        capture_output=True,
    )
    done = subprocess.run(
        ["bash", str(INTEGRATIONS / "claude-code/stop-hook.sh")],
        cwd=repo,
        env=env,
        input=hook_input,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and done.stdout == ""


def test_goalkeeper_validator_command_follows_the_gate(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    contract = (INTEGRATIONS / "goalkeeper/contract-example.md").read_text()
    front = yaml.safe_load(contract.split("---")[1])
    command = front["validator"]["command"]
    env = tool_env(tmp_path)
    refused = subprocess.run(
        ["bash", "-c", command], cwd=repo, env=env, capture_output=True, text=True, timeout=300
    )
    assert refused.returncode == 1
    subprocess.run(
        ["bash", str(write_agent(tmp_path, HONEST_AGENT))],
        cwd=repo,
        check=True,
        capture_output=True,
    )
    accepted = subprocess.run(
        ["bash", "-c", command], cwd=repo, env=env, capture_output=True, text=True, timeout=300
    )
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
