"""Every fixture's report, byte for byte: a refactoring that changes what users read fails here.

Each fixture becomes a real git repository with fixed authors and dates (so its shas are
the same on every machine), ``ralph-validate`` runs on it in-process with every format, and
the written files are compared with ``tests/snapshots/reports/<fixture>/``. A deliberate
change of output is recorded with ``RALPH_VALIDATE_UPDATE_SNAPSHOTS=1 pytest <this file>``
and reviewed in the diff like any other change.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from ralph_validate.validator.cli import main

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"
SNAPSHOTS = ROOT / "tests" / "snapshots" / "reports"
FORMATS = "md,json,sarif,junit"
REPORTS = (
    "validation-report.md",
    "validation-report.json",
    "validation-report.sarif",
    "validation-report.junit.xml",
)
_ENV = {
    "GIT_AUTHOR_NAME": "Agent",
    "GIT_AUTHOR_EMAIL": "agent@example.invalid",
    "GIT_COMMITTER_NAME": "Agent",
    "GIT_COMMITTER_EMAIL": "agent@example.invalid",
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00+00:00",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00+00:00",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
}


@dataclass(frozen=True)
class Case:
    """One fixture as a history: trees committed in order, then the audit's arguments."""

    id: str
    commits: tuple[tuple[Path | None, str], ...]  # (tree copied over the repo, message)
    args: tuple[str, ...] = ("--all",)


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", *args],
        cwd=root,
        env={**os.environ, **_ENV},
        check=True,
        capture_output=True,
    )


def _cases() -> list[Case]:
    cases: list[Case] = []
    for case in sorted(p for p in (FIXTURES / "contracts").iterdir() if p.is_dir()):
        for variant in sorted(p for p in case.iterdir() if p.is_dir()):
            cases.append(
                Case(
                    f"contracts-{case.name}-{variant.name}",
                    ((None, "initial"), (variant, "row-count: implement the change")),
                    ("--base", "HEAD~1", "--all"),
                )
            )
    example = FIXTURES / "example"
    messages = json.loads((example / "commits.json").read_text(encoding="utf-8"))
    cases.append(
        Case(
            "example",
            tuple((example / c["tree"], c["message"]) for c in messages),
            ("--spec", "row-count-check"),
        )
    )
    for folder in sorted(p for p in (FIXTURES / "rules").iterdir() if p.is_dir()):
        cases.append(_rule_case(folder))
    cases.append(Case("extractors-js", ((FIXTURES / "extractors" / "js", "extractors: add"),)))
    specs = {
        "agent-tasks": ".agent/tasks.json",
        "feature-list": "feature_list.json",
        "goalkeeper": ".claude/goals/nightly-export/contract.md",
        "kiro-checkout": "checkout",
        "ralph-loop-prd": "prd.json",
        "ralph-retry": "retry-policy",
        "snarktank-prd": "tasks/priority/prd.json",
        "specs-import": "csv-import",
    }
    for folder, spec in sorted(specs.items()):
        cases.append(
            Case(
                f"specs-{folder}",
                ((FIXTURES / "specs" / folder, "spec: add"),),
                ("--spec", spec, "--all"),
            )
        )
    return cases


def _rule_case(folder: Path) -> Case:
    """A rule's fixture folder as the harness audits it: a BASE/head pair, or the folder
    committed over an empty BASE and audited with --all; with its spec (of the head tree),
    if it has one."""
    paired = (folder / "base").is_dir()
    tree = folder / "head" if paired else folder
    specs = tree / ".kiro" / "specs"
    spec = ("--spec", next(specs.iterdir()).name) if specs.is_dir() else ()
    if paired:
        commits = ((folder / "base", "tests at BASE"), (tree, "tests: change"))
        return Case(f"rules-{folder.name}", commits, ("--base", "HEAD~1", *spec))
    commits = ((None, "empty BASE"), (folder, "rules: add"))
    return Case(f"rules-{folder.name}", commits, (*spec, "--base", "HEAD~1", "--all"))


CASES = _cases()


def _build(case: Case, root: Path) -> Path:
    root.mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("# fixture\n", encoding="utf-8")
    for tree, message in case.commits:
        if tree is not None:
            shutil.copytree(
                tree,
                root,
                dirs_exist_ok=True,
                ignore=_ignore_pycache,
                copy_function=shutil.copyfile,
            )
        _git(root, "add", "-A")
        _git(root, "commit", "-q", "--allow-empty", "-m", message)
    return root


def _ignore_pycache(_folder: str, names: list[str]) -> list[str]:
    skipped = ("__pycache__", "commits.json", "expected.txt")
    return [n for n in names if n in skipped or n.endswith(".pyc")]


# Cheat cases are pinned by their expected findings and gate verdicts instead
# (tests/validator/test_cheat_fixtures.py), task-format cases by what is read from them,
# the gate's verdicts and the requirement rows (tests/gate/test_gate_reads_every_format.py).
PINNED_ELSEWHERE = {"cheats", "formats"}


def test_every_fixture_has_a_case() -> None:
    """A new fixture folder is pinned too: the list above names every one."""
    covered = {c.id.split("-", 1)[0] for c in CASES}
    assert covered == {"contracts", "example", "rules", "extractors", "specs"}
    folders = {p.name for p in FIXTURES.iterdir() if p.is_dir()}
    assert folders - PINNED_ELSEWHERE == covered


def test_every_snapshot_has_a_case() -> None:
    """A snapshot whose fixture was removed or renamed goes with it: no stale reports."""
    snapshots = {p.name for p in SNAPSHOTS.iterdir() if p.is_dir()}
    assert snapshots == {c.id for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_report_bytes_match_snapshot(case: Case, tmp_path: Path) -> None:
    repo = _build(case, tmp_path / "repo")
    out = tmp_path / "out"
    argv = ["--repo", str(repo), *case.args, "--format", FORMATS, "--out", str(out)]
    code = main([*argv, "--jobs", "1", "--quiet"])
    assert code == 0
    expected_dir = SNAPSHOTS / case.id
    if os.environ.get("RALPH_VALIDATE_UPDATE_SNAPSHOTS") == "1":
        expected_dir.mkdir(parents=True, exist_ok=True)
        for name in REPORTS:
            shutil.copyfile(out / name, expected_dir / name)
    for name in REPORTS:
        got, want = (out / name).read_bytes(), (expected_dir / name).read_bytes()
        assert got == want, _diff(name, want, got)


def _diff(name: str, want: bytes, got: bytes) -> str:
    lines = difflib.unified_diff(
        want.decode("utf-8", "replace").splitlines(),
        got.decode("utf-8", "replace").splitlines(),
        f"snapshot/{name}",
        f"now/{name}",
        lineterm="",
    )
    return "\n".join(list(lines)[:60])
