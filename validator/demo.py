"""``ralph-validate demo``: build the example repository and run validate and gate on it.

The example ships as two trees (BASE and HEAD) and their commit messages: a
repository cannot live inside this one with its own ``.git``. The demo
commits them into a fresh git repository (a temporary folder, or ``--keep
DIR``), runs ``ralph-validate --spec row-count-check`` and ``ralph-gate``, and
prints the report, the verdict and where the report is.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from ..core.errors import InputError

SPEC = "row-count-check"
_GIT_ENV = {
    "GIT_AUTHOR_NAME": "Demo Agent",
    "GIT_AUTHOR_EMAIL": "agent@example.invalid",
    "GIT_COMMITTER_NAME": "Demo Agent",
    "GIT_COMMITTER_EMAIL": "agent@example.invalid",
}


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", *args],
        cwd=repo,
        env={**os.environ, **_GIT_ENV},
        check=True,
        capture_output=True,
    )


def _copy_tree(source: resources.abc.Traversable, target: Path) -> None:
    for entry in source.iterdir():
        if entry.name == "__pycache__":
            continue
        if entry.is_dir():
            (target / entry.name).mkdir(exist_ok=True)
            _copy_tree(entry, target / entry.name)
        else:
            (target / entry.name).write_bytes(entry.read_bytes())


def build_example(target: Path) -> Path:
    """Commit the example's trees into a new git repository at ``target``."""
    example = resources.files("ralph_validate.demo_example")
    commits = json.loads(example.joinpath("commits.json").read_text(encoding="utf-8"))
    target.mkdir(parents=True, exist_ok=True)
    if any(target.iterdir()):
        raise InputError(f"{target} is not empty; the demo builds its repository from scratch")
    _git(target, "init", "-q")
    for commit in commits:
        for child in target.iterdir():
            if child.name != ".git":
                shutil.rmtree(child) if child.is_dir() else child.unlink()
        _copy_tree(example.joinpath(commit["tree"]), target)
        _git(target, "add", "-A")
        _git(target, "commit", "-q", "-m", commit["message"])
    # The agent's progress log stays uncommitted, as loops leave it; the audit never reads it.
    return target


def _run(module: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *args], capture_output=True, text=True, check=False
    )


def run_demo(argv: Sequence[str]) -> int:
    """Build the example, audit it, gate it; print the report and the verdict."""
    parser = argparse.ArgumentParser(prog="ralph-validate demo", description=__doc__)
    parser.add_argument("--keep", type=Path, help="build the repository here and keep it")
    args = parser.parse_args(list(argv))
    # The repository is kept (a fresh temporary folder by default) so that the report the
    # demo prints can be opened afterwards.
    target = (
        args.keep.resolve()
        if args.keep is not None
        else Path(tempfile.mkdtemp(prefix="ralph-validate-demo-")) / "warehouse-loader"
    )
    return _show(build_example(target))


def _show(repo: Path) -> int:
    print(f"Example repository: {repo}")
    validate = _run("ralph_validate.validator.cli", ["--repo", str(repo), "--spec", SPEC])
    print(validate.stdout, end="")
    if validate.returncode not in (0, 1):
        print(validate.stderr, end="", file=sys.stderr)
        return validate.returncode
    report = repo / "specs" / SPEC / "validation-report.md"
    print(f"\n{'=' * 30} {report.name} {'=' * 30}\n")
    print(report.read_text(encoding="utf-8"))
    print(f"{'=' * 30} ralph-gate {'=' * 30}\n")
    gate = _run("ralph_validate.gate.cli", ["--repo", str(repo), "--spec", SPEC])
    print(gate.stdout, end="")
    print(gate.stderr, end="", file=sys.stderr)
    print(f"\nralph-gate exit code: {gate.returncode}")
    print(f"The report is in {report}")
    return 0
