"""Hostile repositories, each a real git repository: symlinks out of the repository and into a
loop, paths with spaces, line breaks, leading dashes and non-ASCII letters, a submodule, a Git
LFS pointer, a detached HEAD, a linked worktree, and two validators sharing one facts cache.
Each audit ends with a well-formed report (or one clear error), says what it skipped and why,
and earns no PASS from what it could not read; the honest twin of each is audited as usual.
(Shallow clones: tests/validator/test_changeset_shallow_clone.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralph_validate.gate.report_reader import parse_report

REQUIREMENTS = """# Requirements Document

### Requirement 1

**User Story:** As an operator, I want short tables detected, so that partial loads stop.

#### Acceptance Criteria

1. WHEN a table has fewer rows than announced THEN the checker SHALL fail with reason "too_short"
"""
TASKS = "- [x] 1. Detect short tables\n  - _Requirements: 1.1_\n- [ ] 2. FINAL gate\n"
SPEC = ".kiro/specs/row-count"
CODE = 'def check(n, expected):\n    return "too_short" if n < expected else None\n'
TEST = (
    "from src.rowcount import check\n\n\n"
    "def test_a_short_table_fails_with_too_short():\n"
    '    assert check(1, 2) == "too_short"\n'
)


def _spec(repo) -> None:
    repo.commit(
        "chore: spec",
        {f"{SPEC}/requirements.md": REQUIREMENTS, f"{SPEC}/tasks.md": TASKS, "README.md": "x\n"},
    )


def _audit(validate, root: Path, out: Path | None = None, *args: str) -> dict:
    out = out or root / SPEC
    done = validate("--repo", str(root), "--spec", "row-count", "--out", str(out), *args)
    assert done.returncode in (0, 1), done.stderr
    report = out / "validation-report.md"
    parse_report(report.read_bytes(), str(report))  # the gate reads what was written
    return json.loads((out / "validation-report.json").read_text(encoding="utf-8"))


def _statuses(report: dict) -> dict[str, str]:
    return {row["id"]: row["status"] for row in report["requirements"]}


def _link(root: Path, path: str, to: str | Path) -> None:
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).symlink_to(to)


@pytest.mark.reliability(cls="hostile repository", outcome="refused")
def test_symlinks_out_of_the_repository_and_in_a_loop_are_skipped_named_and_earn_nothing(
    repo, validate, tmp_path
) -> None:
    """A symlink out of the repository and a symlink loop, as changed files: skipped, named."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "test_rowcount.py").write_text(TEST)
    (outside / "secret.py").write_text("TOKEN = 'x'  # TODO: rotate\n")
    _spec(repo)
    _link(repo.root, "tests/test_rowcount.py", outside / "test_rowcount.py")
    _link(repo.root, "src/leak.py", "../../outside/secret.py")
    _link(repo.root, "src/loop_a.py", "loop_b.py")
    _link(repo.root, "src/loop_b.py", "loop_a.py")
    repo.commit("row-count: detect short tables", {"src/rowcount.py": CODE})
    report = _audit(validate, repo.root)
    assert {"src/leak.py", "src/loop_a.py", "tests/test_rowcount.py"} <= set(
        report["change_set"]["files"]
    )
    (note,) = [n for n in report["notes"] if "not parsed" in n]
    assert note == ("4 file(s) not parsed (symlink loop, symlink out of the repository)"), report[
        "notes"
    ]
    linked = {"src/leak.py", "src/loop_a.py", "src/loop_b.py", "tests/test_rowcount.py"}
    assert not [f for f in report["findings"] if f["file"] in linked]
    assert _statuses(report)["1"] != "PASS"  # the only test is the link out: nothing earned


def test_the_same_test_committed_as_a_file_is_read(repo, validate) -> None:
    _spec(repo)
    repo.commit(
        "row-count: detect short tables",
        {"src/rowcount.py": CODE, "tests/test_rowcount.py": TEST},
    )
    report = _audit(validate, repo.root)
    assert not [n for n in report["notes"] if "not parsed" in n]
    assert _statuses(report)["1"] == "PASS"


ODD_PATHS = {
    "space": "src/my file.py",
    "newline": "src/new\nline.py",
    "leading-dash": "-rf.py",
    "dash-dash": "--all.py",
    "non-ascii": "src/café_données.py",
    "markup": "src/[bold]x[/bold].py",
}


@pytest.mark.reliability(cls="hostile repository", outcome="survived")
@pytest.mark.parametrize("path", ODD_PATHS.values(), ids=ODD_PATHS.keys())
def test_an_odd_path_is_audited_under_its_own_name(repo, validate, path: str) -> None:
    """A path with a space, a line break, a leading dash, non-ASCII letters or markup."""
    _spec(repo)
    repo.commit(
        "row-count: detect short tables",
        {"src/rowcount.py": CODE, path: "def later():\n    # TODO: write this\n    pass\n"},
    )
    report = _audit(validate, repo.root)
    assert path in report["change_set"]["files"]
    todos = [f for f in report["findings"] if f["kind"] == "placeholder.todo"]
    assert [f["file"] for f in todos] == [path]
    md = (repo.root / SPEC / "validation-report.md").read_text(encoding="utf-8")
    assert "\x1b" not in md and not any(line.startswith("--") for line in md.splitlines())


@pytest.mark.reliability(cls="hostile repository", outcome="survived")
def test_a_submodule_is_not_audited_and_breaks_nothing(repo, validate, tmp_path) -> None:
    """A submodule (a gitlink) among the changed paths."""
    _spec(repo)
    sha = repo.commit("row-count: detect short tables", {"src/rowcount.py": CODE})
    repo.git("update-index", "--add", "--cacheinfo", f"160000,{sha},vendor/lib")
    repo.write(".gitmodules", '[submodule "lib"]\n\tpath = vendor/lib\n\turl = ../lib\n')
    repo.git("add", ".gitmodules")
    repo.git("commit", "-q", "-m", "row-count: vendor lib")
    report = _audit(validate, repo.root)
    assert "vendor/lib" not in report["change_set"]["files"]
    assert not [f for f in report["findings"] if f["file"].startswith("vendor/lib")]


LFS_POINTER = (
    "version https://git-lfs.github.com/spec/v1\n"
    "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
    "size 12345\n"
)


@pytest.mark.reliability(cls="hostile repository", outcome="refused")
def test_a_git_lfs_pointer_earns_no_pass(repo, validate) -> None:
    """A test file committed as a Git LFS pointer (the content is not in the repository)."""
    _spec(repo)
    repo.commit(
        "row-count: detect short tables",
        {
            ".gitattributes": "tests/*.py filter=lfs diff=lfs merge=lfs -text\n",
            "src/rowcount.py": CODE,
            "tests/test_rowcount.py": LFS_POINTER,
        },
    )
    report = _audit(validate, repo.root)
    assert (
        "1 file(s) not parsed (Git LFS pointer, content not in the repository)" in (report["notes"])
    )
    assert _statuses(report)["1"] != "PASS"


@pytest.mark.reliability(cls="hostile repository", outcome="survived")
def test_a_detached_head_is_audited_like_its_branch(repo, validate, tmp_path) -> None:
    """The repository at a detached HEAD."""
    _spec(repo)
    repo.commit(
        "row-count: detect short tables",
        {"src/rowcount.py": CODE, "tests/test_rowcount.py": TEST},
    )
    on_branch = _audit(validate, repo.root, tmp_path / "a")
    repo.git("checkout", "-q", "--detach", "HEAD")
    detached = _audit(validate, repo.root, tmp_path / "b")
    assert (tmp_path / "a/validation-report.json").read_bytes() == (
        tmp_path / "b/validation-report.json"
    ).read_bytes()
    assert _statuses(detached) == {"1": "PASS"} == _statuses(on_branch)


@pytest.mark.reliability(cls="hostile repository", outcome="survived")
def test_a_linked_worktree_is_audited_like_a_clone(repo, validate, tmp_path) -> None:
    """The audit run in a linked worktree (`git worktree add`), whose .git is a file."""
    _spec(repo)
    tree = tmp_path / "feature tree"
    repo.git("worktree", "add", "-q", "-b", "feature", str(tree))
    for path, text in {"src/rowcount.py": CODE, "tests/test_rowcount.py": TEST}.items():
        (tree / path).parent.mkdir(parents=True, exist_ok=True)
        (tree / path).write_text(text)
    repo.git("-C", str(tree), "add", "-A")
    repo.git("-C", str(tree), "commit", "-q", "-m", "row-count: detect short tables")
    assert (tree / ".git").is_file()
    report = _audit(validate, tree)
    assert report["change_set"]["files"] == ["src/rowcount.py", "tests/test_rowcount.py"]
    assert _statuses(report) == {"1": "PASS"}
    assert not (repo.root / SPEC / "validation-report.md").exists()


def _validator(root: Path, out: Path, cache: Path) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "ralph_validate.validator.cli", "--repo", str(root)]
    return subprocess.Popen(
        [*command, "--all", "--spec", "row-count", "--out", str(out)],
        env={**os.environ, "RALPH_VALIDATE_CACHE": str(cache)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.reliability(cls="hostile repository", outcome="survived")
def test_two_validators_sharing_one_cache_at_once_write_the_sequential_reports(
    repo, validate, tmp_path
) -> None:
    """Two validator processes at once on one empty facts cache folder."""
    _spec(repo)
    files = {f"src/table_{n}.py": CODE.replace("check", f"check_{n}") for n in range(12)}
    repo.commit("row-count: detect short tables", {"src/rowcount.py": CODE, **files})
    sequential = tmp_path / "sequential"
    _audit(validate, repo.root, sequential, "--all", "--no-cache")
    expected = {n: (sequential / n).read_bytes() for n in os.listdir(sequential)}
    for round_ in range(2):
        cache = tmp_path / f"cache-{round_}"
        outs = [tmp_path / f"round-{round_}-{n}" for n in range(2)]
        runs = [_validator(repo.root, out, cache) for out in outs]
        for run in runs:
            _, err = run.communicate(timeout=300)
            assert run.returncode in (0, 1), err
            assert "facts cache off" not in err
        for out in outs:
            assert {n: (out / n).read_bytes() for n in os.listdir(out)} == expected
        assert [p for p in cache.rglob("*") if p.name.endswith(".tmp")] == []
