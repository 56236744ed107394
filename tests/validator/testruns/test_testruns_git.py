"""The caller's shape: BASE and HEAD read from a real git repository with ``git show``."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ralph_validate.extractors.runners.view import RevisionView
from ralph_validate.validator.testruns.compare import compare


def _view(root: Path, revision: str) -> RevisionView:
    """A revision read through git: ``git ls-tree`` lists, ``git show REV:path`` reads."""

    def listing() -> list[str]:
        out = subprocess.run(
            ["git", "ls-tree", "-r", "--name-only", revision],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.splitlines()

    def read(path: str) -> bytes:
        return subprocess.run(
            ["git", "show", f"{revision}:{path}"], cwd=root, capture_output=True, check=True
        ).stdout

    return RevisionView(list_paths=listing, read=read)


def _commit(root: Path, files: dict[str, str], message: str) -> str:
    """Write ``files``, commit them, and return the new commit's sha."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Agent",
        "GIT_AUTHOR_EMAIL": "agent@example.invalid",
        "GIT_COMMITTER_NAME": "Agent",
        "GIT_COMMITTER_EMAIL": "agent@example.invalid",
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    for path, content in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(content, encoding="utf-8")
    for args in (["add", "-A"], ["-c", "commit.gpgsign=false", "commit", "-q", "-m", message]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_a_deselect_committed_after_base_is_found_between_two_commits(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
    tests = "def test_add():\n    assert 1\n\ndef test_div():\n    assert 1\n"
    config = "[tool.pytest.ini_options]\naddopts = '-q%s'\n"
    base = _commit(
        root, {"tests/test_calc.py": tests, "pyproject.toml": config % ""}, "feat(US-1): calc"
    )
    head = _commit(
        root,
        {"pyproject.toml": config % " --deselect tests/test_calc.py::test_div"},
        "feat(US-1): green",
    )
    found = compare(_view(root, base), _view(root, head))
    assert [(c.kind, c.status, c.subject, c.file, c.line, c.reason) for c in found] == [
        (
            "config-weakened",
            "FAIL",
            "tests/test_calc.py::test_div",
            "pyproject.toml",
            2,
            "no longer runs: --deselect tests/test_calc.py::test_div (pyproject.toml:2)",
        )
    ]
