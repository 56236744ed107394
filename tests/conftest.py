"""Shared fixtures: real git repositories built in tmp_path, and the CLIs as subprocesses."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Agent",
    "GIT_AUTHOR_EMAIL": "agent@example.invalid",
    "GIT_COMMITTER_NAME": "Agent",
    "GIT_COMMITTER_EMAIL": "agent@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


class GitRepo:
    """A real git repository with helpers to write files and commit them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", "-c", "commit.gpgsign=false", *args],
            cwd=self.root,
            env={**os.environ, **GIT_ENV},
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def write(self, path: str, content: str | bytes) -> Path:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_bytes(content.encode("utf-8"))
        return target

    def commit(self, message: str, files: dict[str, str | bytes] | None = None) -> str:
        for path, content in (files or {}).items():
            self.write(path, content)
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)
        return self.git("rev-parse", "HEAD").strip()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--with-slow",
        action="store_true",
        help="also run the tests marked slow (the README's test command and CI do)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked slow are left out of a plain ``pytest`` run, unless --with-slow."""
    if config.getoption("--with-slow"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


@pytest.fixture(scope="session", autouse=True)
def facts_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One facts cache for the whole run, outside the user's real cache folder; the CLI
    subprocesses inherit it."""
    folder = tmp_path_factory.mktemp("facts-cache")
    previous = os.environ.get("RALPH_VALIDATE_CACHE")
    os.environ["RALPH_VALIDATE_CACHE"] = str(folder)
    yield folder
    if previous is None:
        os.environ.pop("RALPH_VALIDATE_CACHE", None)
    else:
        os.environ["RALPH_VALIDATE_CACHE"] = previous


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    """An empty git repository on branch main."""
    return GitRepo(tmp_path / "repo")


Runner = Callable[..., subprocess.CompletedProcess[str]]


def _runner(module: str) -> Runner:
    def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", module, *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=300,
        )

    return run


@pytest.fixture
def validate() -> Runner:
    """``ralph-validate`` as a subprocess."""
    return _runner("ralph_validate.validator.cli")


@pytest.fixture
def gate() -> Runner:
    """``ralph-gate`` as a subprocess."""
    return _runner("ralph_validate.gate.cli")
