"""The project's own code passes its linter (the configuration is in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _sources() -> list[str]:
    """The tracked Python files of a checkout (a virtualenv made inside it, whatever its
    name, is not the project's code); every file when this is not a git checkout."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.py"], cwd=ROOT, capture_output=True, text=True
    )
    if listed.returncode != 0:
        return ["."]
    return [p for p in listed.stdout.split("\0") if p and (ROOT / p).is_file()]


def test_ruff_check_is_clean() -> None:
    sources = _sources()
    assert sources
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--force-exclude", *sources],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
