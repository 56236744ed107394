"""Shallow-clone detection: which commits a ``--depth`` clone cut off from their parents."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ralph_validate.core.git import Git


def clone(source: Path, target: Path, *args: str) -> Git:
    subprocess.run(
        ["git", "clone", "-q", *args, f"file://{source}", str(target)],
        check=True,
        capture_output=True,
    )
    return Git.open(target)


def test_a_full_repository_has_no_cut(repo) -> None:
    repo.commit("one", {"a.py": "A = 1\n"})
    repo.commit("two", {"a.py": "A = 2\n"})
    assert Git.open(repo.root).shallow_cut() == frozenset()


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
def test_depth_one_cuts_at_head_and_depth_two_at_its_parent(repo, tmp_path) -> None:
    first = repo.commit("one", {"a.py": "A = 1\n"})
    second = repo.commit("two", {"a.py": "A = 2\n"})
    third = repo.commit("three", {"a.py": "A = 3\n"})
    assert clone(repo.root, tmp_path / "d1", "--depth", "1").shallow_cut() == {third}
    assert clone(repo.root, tmp_path / "d2", "--depth", "2").shallow_cut() == {second}
    assert first not in clone(repo.root, tmp_path / "d2b", "--depth", "2").ls_tree("HEAD")


def test_a_root_reached_by_the_depth_lost_nothing(repo, tmp_path) -> None:
    repo.commit("one", {"a.py": "A = 1\n"})
    repo.commit("two", {"a.py": "A = 2\n"})
    assert clone(repo.root, tmp_path / "d2", "--depth", "2").shallow_cut() == frozenset()


def test_unshallowing_clears_the_cut(repo, tmp_path) -> None:
    repo.commit("one", {"a.py": "A = 1\n"})
    repo.commit("two", {"a.py": "A = 2\n"})
    shallow = clone(repo.root, tmp_path / "c", "--depth", "1")
    shallow.run("fetch", "-q", "--unshallow")
    assert shallow.shallow_cut() == frozenset()
