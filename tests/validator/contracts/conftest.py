"""Contract-check fixtures: real git repositories built from ``fixtures/contracts`` cases."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from ralph_validate.core.git import Git
from ralph_validate.validator.changeset import compute_change_set
from ralph_validate.validator.checks.contracts import ContractCheck
from ralph_validate.validator.config import Config
from ralph_validate.validator.context import AnalysisContext, CheckOutput
from ralph_validate.validator.factstore import FactStore

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "contracts"
SPEC = "row-count"
_ENV = {
    "GIT_AUTHOR_NAME": "Agent",
    "GIT_AUTHOR_EMAIL": "agent@example.invalid",
    "GIT_COMMITTER_NAME": "Agent",
    "GIT_COMMITTER_EMAIL": "agent@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args],
        cwd=root,
        env={**os.environ, **_ENV},
        check=True,
        capture_output=True,
    )


def build_repo(case: str, variant: str, root: Path, *, untouched: tuple[str, ...] = ()) -> Path:
    """A repo whose first commit holds ``untouched`` files and whose spec-prefixed commit
    adds the rest of ``fixtures/contracts/<case>/<variant>``."""
    source = FIXTURES / case / variant
    root.mkdir(parents=True, exist_ok=True)
    _git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("# fixture\n", encoding="utf-8")
    for rel in untouched:
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / rel, target)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "initial")
    shutil.copytree(source, root, dirs_exist_ok=True, copy_function=shutil.copyfile)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "--allow-empty", "-m", f"{SPEC}: implement the change")
    return root


@dataclass
class Result:
    """What the check returned, with the findings as comparable tuples."""

    output: CheckOutput

    def fails(self) -> set[tuple[str, str, int]]:
        """(kind, file, line) of every FAIL finding."""
        return {(f.kind, f.file, f.line) for f in self.output.findings if f.status.value == "FAIL"}

    def statuses(self, question: int) -> list[str]:
        """Status of every row answering ``question``."""
        return [r.status.value for r in self.output.contracts if r.question == question]


def run_check(root: Path) -> Result:
    """Run the contract check with real facts from the repository's HEAD."""
    git = Git.open(root)
    change = compute_change_set(git, SPEC)
    config = Config()
    store = FactStore(git, config, change.base, cache=False, jobs=1)
    ctx = AnalysisContext(repo=root, spec=None, change_set=change, config=config, facts=store)
    return Result(ContractCheck().run(ctx))


@pytest.fixture
def contract_case(tmp_path: Path):
    """``contract_case(case, variant, untouched=())`` -> the check's result on a fresh repo."""

    built: list[Path] = []

    def run(case: str, variant: str, untouched: tuple[str, ...] = ()) -> Result:
        root = tmp_path / f"{case}-{variant}-{len(built)}"
        built.append(root)
        return run_check(build_repo(case, variant, root, untouched=untouched))

    return run


@pytest.fixture
def case_repo(tmp_path: Path):
    """``case_repo(case, variant)`` -> the path of a fresh real repository of the case."""

    def build(case: str, variant: str) -> Path:
        return build_repo(case, variant, tmp_path / f"{case}-{variant}")

    return build
