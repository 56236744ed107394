"""A shallow clone whose history does not reach BASE is a clear error, never an empty audit."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.git import Git
from ralph_validate.core.specs.discover import find_spec
from ralph_validate.validator.changeset import compute_change_set

FIX = "fetch-depth: 0"


def clone(source: Path, target: Path, depth: int) -> Git:
    subprocess.run(
        ["git", "clone", "-q", "--depth", str(depth), f"file://{source}", str(target)],
        check=True,
        capture_output=True,
    )
    return Git.open(target)


def history(repo) -> list[str]:
    shas = [repo.commit("chore: scaffold", {"README.md": "x\n"})]
    shas.append(repo.commit("shop: cart", {"src/cart.py": "TOTAL = 1\n"}))
    shas.append(repo.commit("shop: totals", {"src/totals.py": "SUM = 2\n"}))
    return shas


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
@pytest.mark.parametrize("spec", ["shop", None], ids=["spec-prefixed", "no-spec"])
def test_depth_one_clone_without_base_is_an_error_naming_the_fix(repo, tmp_path, spec) -> None:
    history(repo)
    shallow = clone(repo.root, tmp_path / "ci", 1)
    with pytest.raises(InputError, match=FIX) as err:
        compute_change_set(shallow, spec)
    assert "--base" in err.value.message


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
def test_spec_history_older_than_the_cut_is_an_error(repo, tmp_path) -> None:
    history(repo)
    shallow = clone(repo.root, tmp_path / "ci", 2)  # the cut is at "shop: cart"
    with pytest.raises(InputError, match=FIX):
        compute_change_set(shallow, "shop")


def test_a_base_inside_the_fetched_history_is_used(repo, tmp_path) -> None:
    scaffold, cart, totals = history(repo)
    shallow = clone(repo.root, tmp_path / "ci", 2)
    change = compute_change_set(shallow, "shop", base=cart)
    assert (change.base, change.head) == (cart, totals)
    assert change.files == ("src/totals.py",)
    with pytest.raises(InputError, match=f"--base {scaffold[:12]}.*{FIX}"):
        compute_change_set(shallow, "shop", base=scaffold[:12])


def test_deep_enough_clone_audits_like_the_full_history(repo, tmp_path) -> None:
    scaffold, _, _ = history(repo)
    full = compute_change_set(Git.open(repo.root), "shop")
    deep = compute_change_set(clone(repo.root, tmp_path / "ci", 3), "shop")
    assert (deep.base, deep.files) == (full.base, full.files) == (scaffold, full.files)
    assert deep.files == ("src/cart.py", "src/totals.py")


def test_all_files_without_base_does_not_need_history(repo, tmp_path) -> None:
    history(repo)
    change = compute_change_set(clone(repo.root, tmp_path / "ci", 1), "shop", all_files=True)
    assert change.files == ("README.md", "src/cart.py", "src/totals.py")


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
def test_cli_exits_2_with_one_line_and_writes_no_report(repo, tmp_path, validate) -> None:
    history(repo)
    repo.commit("shop: spec", {".kiro/specs/shop/requirements.md": "# Requirements\n"})
    shallow = clone(repo.root, tmp_path / "ci", 1)
    out = tmp_path / "out"
    done = validate("--repo", str(shallow.root), "--spec", "shop", "--no-llm", "--out", str(out))
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("ralph-validate: error: shallow clone") and FIX in line
    assert not out.exists() or not any(out.iterdir())


def _stories(done: int) -> str:
    stories = [{"id": f"US-00{n}", "title": f"Story {n}", "passes": n <= done} for n in (1, 2)]
    return json.dumps({"userStories": stories}, indent=2)


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
def test_story_commits_older_than_the_cut_are_an_error(repo, tmp_path) -> None:
    scaffold = repo.commit("Initial scaffold", {"README.md": "x\n"})
    plan = repo.commit("chore: plan", {"prd.json": _stories(0)})
    repo.commit("feat(US-001): one", {"src/one.py": "ONE = 1\n", "prd.json": _stories(1)})
    repo.commit("feat(US-002): two", {"src/two.py": "TWO = 2\n", "prd.json": _stories(2)})
    cut = clone(repo.root, tmp_path / "cut", 2)  # the cut is at the oldest story commit
    with pytest.raises(InputError, match=FIX):
        compute_change_set(cut, "prd", spec=find_spec(cut.root, "prd.json"))
    at_plan = clone(repo.root, tmp_path / "plan", 3)  # BASE is the cut: older history unseen
    with pytest.raises(InputError, match=FIX):
        compute_change_set(at_plan, "prd", spec=find_spec(at_plan.root, "prd.json"))
    deep = clone(repo.root, tmp_path / "deep", 4)
    change = compute_change_set(deep, "prd", spec=find_spec(deep.root, "prd.json"))
    assert (change.base, change.files) == (plan, ("prd.json", "src/one.py", "src/two.py"))
    assert deep.root_commit() == scaffold


@pytest.mark.reliability(cls="false COMPLETE", outcome="clear error")
@pytest.mark.parametrize("depth", [1, 2])
def test_a_spec_added_at_the_cut_is_an_error(repo, tmp_path, depth: int) -> None:
    repo.commit("Initial scaffold", {"README.md": "x\n"})
    repo.commit("Add the feeds spec", {".kiro/specs/feeds/tasks.md": "- [ ] 1. Parse\n"})
    repo.commit("parse feeds", {"app/feed.py": "F = 1\n"})
    shallow = clone(repo.root, tmp_path / "ci", depth)
    with pytest.raises(InputError, match=FIX):
        compute_change_set(shallow, "feeds", spec=find_spec(shallow.root, "feeds"))
