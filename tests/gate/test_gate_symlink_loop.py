"""A task file or report that is a symlink loop is bad input: one line, exit 2."""

from __future__ import annotations

import pytest
from gate_repo import SPEC


@pytest.mark.reliability(cls="crash or hang", outcome="clear error")
def test_tasks_at_a_symlink_loop_is_one_line_exit_2(repo, shop, gate) -> None:
    shop("- [x] 1. Totals\n")
    loop = repo.root / "loop.md"
    loop.symlink_to(repo.root / "loop.md")
    done = gate("--repo", repo.root, "--spec", "shop", "--tasks", loop)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "symlink loop" in done.stderr
    assert "Traceback" not in done.stderr and (repo.root / SPEC / "tasks.md").is_file()
