"""The reference loop, run end to end with scripted fake agents.

Most cases run ``ralph-validate loop`` in-process (the agents are real processes); the two
that need a loop in another process (a held lock, Ctrl-C) run the console script. No case
waits on a clock: a blocking agent writes a file when it has started and then waits on a
FIFO, which the test writes to release it (or the loop kills it on Ctrl-C).
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# Only a safety net for a broken loop: every wait below ends on an event long before.
HANG = 120.0


def agent(tmp_path: Path, name: str, body: str) -> Path:
    """A fake agent: a bash script with ``body``; it can see its iteration via a counter file."""
    script = tmp_path / f"{name}.sh"
    script.write_text("#!/usr/bin/env bash\nset -eu\n" + body)
    script.chmod(0o755)
    return script


@pytest.fixture
def run_loop(validate):
    """``ralph-validate loop --repo REPO --prompt REPO/PROMPT.md EXTRA... -- bash SCRIPT``,
    in-process."""

    def run(repo: Path, script: Path, *extra: str) -> subprocess.CompletedProcess[str]:
        prompt = repo / "PROMPT.md"
        if not prompt.exists():
            prompt.write_text("Do the next task.\n")
        return validate(
            "loop", "--repo", str(repo), "--prompt", str(prompt), *extra, "--", "bash", str(script)
        )

    return run


def blocking_agent(tmp_path: Path) -> tuple[Path, Path, Path]:
    """An agent that writes ``started`` and then blocks until ``release`` (a FIFO) is written.

    The agent opens the FIFO (read-write, which never blocks) before it writes ``started``,
    so from then on a write reaches it. Returns the script, the started file and the FIFO."""
    started, release = tmp_path / "started", tmp_path / "release"
    os.mkfifo(release)
    body = f"exec 3<>{release}\necho started > {started}\nread -r _ <&3\n"
    return agent(tmp_path, "blocking", body), started, release


def start_loop_process(repo: Path, script: Path, *extra: str, **popen: object) -> subprocess.Popen:
    """The ``ralph-validate loop`` console script as a real process. SIGINT is restored to
    its default in the child, as a terminal's foreground job has it (a shell starts
    background jobs with SIGINT ignored, and the child would inherit that)."""
    prompt = repo / "PROMPT.md"
    if not prompt.exists():
        prompt.write_text("x\n")
    command = [
        str(Path(sys.executable).parent / "ralph-validate"),
        "loop",
        "--repo",
        str(repo),
        "--prompt",
        str(prompt),
        *extra,
        "--",
        "bash",
        str(script),
    ]
    return subprocess.Popen(
        command,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        **popen,  # type: ignore[arg-type]
    )


def wait_until_started(started: Path, loop: subprocess.Popen) -> None:
    """Block until the agent has written ``started``; fail at once if the loop ended first."""
    give_up = time.monotonic() + HANG
    while not started.exists():
        if loop.poll() is not None:
            pytest.fail(f"the loop ended (exit {loop.returncode}) before its agent started")
        if time.monotonic() > give_up:
            pytest.fail(f"the agent did not start within {HANG:g} s")
        time.sleep(0.01)


def release(fifo: Path) -> None:
    """Let a blocking agent finish (a no-op when nothing waits on the FIFO any more)."""
    try:
        handle = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as err:
        if err.errno == errno.ENXIO:  # nobody holds the FIFO: the agent has already ended
            return
        raise
    with contextlib.closing(os.fdopen(handle, "w")) as writer:
        writer.write("go\n")


def events(repo: Path) -> list[str]:
    return [line.split(" ", 2)[1] for line in (repo / ".ralph/events.log").read_text().splitlines()]


def test_agent_that_claims_complete_ends_the_loop_without_a_spec(tmp_path: Path, run_loop) -> None:
    script = agent(tmp_path, "done", 'echo "all tasks done <promise>COMPLETE</promise>"\n')
    done = run_loop(tmp_path, script, "--max-iterations", "3")
    assert done.returncode == 0, done.stderr
    assert events(tmp_path) == [
        "LOOP_START",
        "ITERATION_START",
        "ITERATION_END",
        "LOOP_END",
    ]
    assert "<promise>COMPLETE</promise>" in done.stdout


def test_agent_that_never_finishes_hits_max_iterations(tmp_path: Path, run_loop) -> None:
    script = agent(tmp_path, "busy", 'echo "still working"\n')
    done = run_loop(tmp_path, script, "--max-iterations", "2")
    assert done.returncode == 1
    assert events(tmp_path).count("ITERATION_START") == 2
    assert events(tmp_path)[-1] == "LOOP_END"
    assert "verdict=MAX_ITERATIONS" in (tmp_path / ".ralph/events.log").read_text()


def test_blocked_and_decide_tags_map_to_exit_codes_2_and_3(tmp_path: Path, run_loop) -> None:
    blocked = agent(tmp_path, "blocked", 'echo "<promise>BLOCKED:no credentials</promise>"\n')
    assert run_loop(tmp_path, blocked, "--max-iterations", "5").returncode == 2
    decide = agent(tmp_path, "decide", 'echo "<promise>DECIDE:REST or GraphQL?</promise>"\n')
    result = run_loop(tmp_path, decide, "--max-iterations", "5")
    assert result.returncode == 3
    assert "DECIDE: REST or GraphQL?" in result.stderr


def test_the_prompt_reaches_the_agent_on_stdin(tmp_path: Path, run_loop) -> None:
    (tmp_path / "PROMPT.md").write_text("Implement the counter.\n")
    script = agent(tmp_path, "echo", 'cat > got-prompt.txt\necho "<promise>COMPLETE</promise>"\n')
    assert run_loop(tmp_path, script, "--max-iterations", "1").returncode == 0
    assert (tmp_path / "got-prompt.txt").read_text() == "Implement the counter.\n"


def test_agent_command_that_cannot_start_exits_4(tmp_path: Path, validate) -> None:
    (tmp_path / "PROMPT.md").write_text("x\n")
    done = validate(
        "loop",
        "--repo",
        str(tmp_path),
        "--prompt",
        str(tmp_path / "PROMPT.md"),
        "--max-iterations",
        "2",
        "--",
        str(tmp_path / "no-such-agent"),
    )
    assert done.returncode == 4
    assert "cannot start" in done.stderr and "Traceback" not in done.stderr


def test_a_second_loop_in_the_same_repo_is_refused(tmp_path: Path, run_loop) -> None:
    blocking, started, fifo = blocking_agent(tmp_path)
    first = start_loop_process(
        tmp_path,
        blocking,
        "--max-iterations",
        "1",
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until_started(started, first)  # the first loop holds the lock from now on
        second = run_loop(tmp_path, agent(tmp_path, "quick", "echo hi\n"), "--max-iterations", "1")
        assert second.returncode == 2
        assert "another loop is running" in second.stderr
    finally:
        release(fifo)
        first.wait(timeout=HANG)


def test_ctrl_c_ends_the_agent_and_leaves_a_consistent_log(tmp_path: Path, run_loop) -> None:
    blocking, started, fifo = blocking_agent(tmp_path)
    loop = start_loop_process(
        tmp_path,
        blocking,
        "--max-iterations",
        "3",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until_started(started, loop)
        loop.send_signal(signal.SIGINT)
        _, err = loop.communicate(timeout=HANG)
    finally:
        release(fifo)  # only needed when the loop failed to end its agent
        if loop.poll() is None:
            loop.kill()
            loop.wait()
    assert loop.returncode == 130
    assert "Traceback" not in err
    assert events(tmp_path)[-1] == "LOOP_INTERRUPTED"
    # The lock is released: a new loop can run at once.
    quick = agent(tmp_path, "quick", 'echo "<promise>COMPLETE</promise>"\n')
    assert run_loop(tmp_path, quick, "--max-iterations", "1").returncode == 0
    assert not any(p.name.startswith(".feedback") for p in (tmp_path / ".ralph").iterdir())
    os.sync()


SPEC_REQUIREMENTS = (
    "### Requirement 1\n\n**User Story:** As an operator, I want short tables flagged.\n\n"
    "#### Acceptance Criteria\n\n1. WHEN rows are missing THEN the checker SHALL report too_short\n"
)


def spec_repo(repo) -> None:
    repo.commit(
        "chore: spec",
        {
            "specs/rows/requirements.md": SPEC_REQUIREMENTS,
            "specs/rows/tasks.md": "- [ ] 1. Flag short tables\n- [ ] 2. FINAL gate\n",
            "PROMPT.md": "Do the next task.\n",
        },
    )


def test_early_claim_is_refused_with_feedback_then_real_work_completes(
    repo, tmp_path, run_loop
) -> None:
    spec_repo(repo)
    script = agent(
        tmp_path,
        "worker",
        """
n=$(cat .iteration 2>/dev/null || echo 0); n=$((n+1)); echo $n > .iteration
if [ "$n" -ge 2 ]; then
  grep -q "Flag short tables" - && echo "saw feedback" > saw-feedback.txt || true
  mkdir -p src && echo 'REASON = "too_short"' > src/rows.py
  sed -i 's/- \\[ \\] 1\\./- [x] 1./' specs/rows/tasks.md
  git add src specs && git -c user.name=a -c user.email=a@example.invalid \\
    -c commit.gpgsign=false commit -qm "rows: 1 flag short tables"
fi
echo "<promise>COMPLETE</promise>"
""",
    )
    (repo.root / ".gitignore").write_text(".iteration\n.ralph/\nsaw-feedback.txt\n")
    repo.commit("chore: ignore loop state", {})
    done = run_loop(repo.root, script, "--max-iterations", "4", "--spec", "rows")
    assert done.returncode == 0, done.stdout + done.stderr
    names = events(repo.root)
    assert names.count("ITERATION_START") == 2
    assert "COMPLETION_REFUSED" in names
    assert (repo.root / "saw-feedback.txt").exists()
    assert not (repo.root / ".ralph/feedback.md").exists()
    assert "- [x] 2. FINAL gate" in (repo.root / "specs/rows/tasks.md").read_text()


def test_an_agent_that_stalls_is_blocked_by_the_gate(repo, tmp_path, run_loop) -> None:
    spec_repo(repo)
    (repo.root / ".gitignore").write_text(".ralph/\n")
    repo.commit("chore: ignore loop state", {})
    script = agent(tmp_path, "staller", 'echo "done! <promise>COMPLETE</promise>"\n')
    done = run_loop(repo.root, script, "--max-iterations", "10", "--spec", "rows")
    assert done.returncode == 2, done.stdout + done.stderr
    assert events(repo.root).count("ITERATION_START") == 3
    assert "BLOCKED" in done.stderr


def test_the_loop_is_a_subcommand_of_ralph_validate(tmp_path: Path, validate) -> None:
    (tmp_path / "PROMPT.md").write_text("x\n")
    script = agent(tmp_path, "decider", 'echo "<promise>DECIDE:which database?</promise>"\n')
    done = validate(
        "loop",
        "--repo",
        str(tmp_path),
        "--prompt",
        str(tmp_path / "PROMPT.md"),
        "--max-iterations",
        "2",
        "--",
        "bash",
        str(script),
    )
    assert done.returncode == 3
    assert done.stderr == "ralph-validate loop: DECIDE: which database?\n"
