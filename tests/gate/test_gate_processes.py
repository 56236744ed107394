"""Real processes: two gates at once never fail each other, and a gate killed at any moment
leaves the task file as the old bytes or the new bytes, nothing else."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DONE = "- [x] 1. Cart ✓\r\n  1. [x] Lines\r\n- [ ] 2. FINAL gate  <!-- keep -->\r\n"
OPEN = DONE.replace("[x] Lines", "[ ] Lines")
MARKED = DONE.replace("[ ] 2. FINAL", "[x] 2. FINAL")


def start_gate(root: Path, *args: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "ralph_validate.gate.cli", "--repo", str(root)]
    return subprocess.Popen(
        [*command, "--spec", "shop", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def log_entries(root: Path) -> list[dict]:
    lines = (root / ".ralph/gate-log.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]  # every line is JSON, or this raises


@pytest.mark.reliability(cls="lost or corrupted data", outcome="survived")
@pytest.mark.slow
def test_twenty_pairs_of_concurrent_gates_follow_the_table_and_keep_the_log(repo, shop) -> None:
    path = shop(DONE)
    expected_log: list[tuple[str, bool]] = []
    for pair in range(20):
        tasks = DONE if pair % 2 == 0 else OPEN
        path.write_bytes(tasks.encode())
        gates = [start_gate(repo.root, "--max-stalls", "1000") for _ in range(2)]
        results = [(g.wait(timeout=120), *g.communicate()) for g in gates]
        codes = sorted(code for code, _, _ in results)
        if tasks == DONE:
            assert codes == [0, 0], results
            assert path.read_bytes() == MARKED.encode()
            expected_log += [("COMPLETE", True), ("COMPLETE", False)]
        else:
            assert codes == [1, 1], results
            assert path.read_bytes() == OPEN.encode()
            expected_log += [("INCOMPLETE", False), ("INCOMPLETE", False)]
        assert all(err == "" for _, _, err in results)
    entries = log_entries(repo.root)
    assert [(e["verdict"], e["final_marked"]) for e in entries] == expected_log


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@pytest.mark.slow
def test_kill_9_at_any_moment_leaves_old_or_new_bytes(repo, shop) -> None:
    """A gate killed (SIGKILL) at 50 random moments of FINAL marking: old or new bytes."""
    path = shop(DONE)
    old, new = DONE.encode(), MARKED.encode()
    began = time.monotonic()
    first = start_gate(repo.root)
    assert first.wait(timeout=120) == 0
    took = time.monotonic() - began
    rng = random.Random(9)
    for _ in range(50):
        path.write_bytes(old)
        gate = start_gate(repo.root)
        time.sleep(rng.uniform(0.3 * took, 1.1 * took))  # the writes come at the end of a run
        gate.send_signal(signal.SIGKILL)
        gate.wait(timeout=120)
        gate.communicate()
        after = path.read_bytes()
        assert after in (old, new)
        again = start_gate(repo.root)  # the next run is not misled by the killed one
        out, err = again.communicate(timeout=120)
        assert again.returncode == 0, err
        assert out.splitlines()[-1] == "<promise>COMPLETE</promise>"
        assert path.read_bytes() == new
        assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
