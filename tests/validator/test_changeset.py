"""The change set and BASE rules of DESIGN §3, on real repositories."""

from __future__ import annotations

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.git import EMPTY_TREE, Git
from ralph_validate.validator.changeset import compute_change_set
from ralph_validate.validator.neverread import filter_readable, is_never_read


def test_loop_on_main_base_is_the_parent_of_the_oldest_prefixed_commit(repo) -> None:
    start = repo.commit("chore: scaffold", {"README.md": "x\n"})
    first = repo.commit("row-count-check: add handler", {"src/count.py": "A = 1\n"})
    repo.commit("docs: unrelated", {"docs/guide.md": "y\n"})
    repo.commit("row-count-check: add test", {"tests/test_count.py": "B = 2\n"})
    change = compute_change_set(Git.open(repo.root), "row-count-check")
    assert change.base == start
    assert change.base_rule == (
        f"parent of {first[:7]}, the oldest commit whose subject starts with 'row-count-check:'"
    )
    assert change.source == "spec-prefix"
    assert change.files == ("src/count.py", "tests/test_count.py")
    assert len(change.commits) == 2
    assert change.notes == (
        "1 commit(s) after BASE name neither the spec nor a story of it; "
        "their files are not in the change set",
    )


def test_prefixed_root_commit_uses_the_empty_tree(repo) -> None:
    repo.commit("row-count-check: everything", {"a.py": "A = 1\n"})
    change = compute_change_set(Git.open(repo.root), "row-count-check")
    assert change.base == EMPTY_TREE
    assert change.files == ("a.py",)


def test_feature_branch_without_prefix_falls_back_to_diff_from_merge_base(repo) -> None:
    base = repo.commit("init", {"a.py": "A = 1\n"})
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("work", {"b.py": "B = 1\n"})
    change = compute_change_set(Git.open(repo.root), "row-count-check")
    assert (change.base, change.base_rule, change.source) == (base, "merge-base with main", "diff")
    assert change.files == ("b.py",)
    assert change.notes == (
        "no commit subject starts with 'row-count-check:'; change set from git diff",
    )


def test_no_prefix_and_head_on_main_uses_the_root_commit(repo) -> None:
    root = repo.commit("init", {"a.py": "A = 1\n"})
    repo.commit("more", {"b.py": "B = 1\n"})
    change = compute_change_set(Git.open(repo.root), None)
    assert (change.base, change.base_rule) == (root, "root commit")
    assert change.files == ("b.py",)


def test_explicit_base_and_unknown_base(repo) -> None:
    first = repo.commit("init", {"a.py": "A = 1\n"})
    repo.commit("x: one", {"b.py": "B = 1\n"})
    change = compute_change_set(Git.open(repo.root), "x", base="HEAD~1")
    assert (change.base, change.base_rule) == (first, "--base HEAD~1")
    with pytest.raises(InputError, match="unknown revision 'nope'"):
        compute_change_set(Git.open(repo.root), "x", base="nope")


def test_include_dirty_adds_edited_and_untracked_files(repo) -> None:
    repo.commit("x: one", {"a.py": "A = 1\n", "b.py": "B = 1\n"})
    repo.write("b.py", "B = 2\n")
    repo.write("new.py", "C = 3\n")
    clean = compute_change_set(Git.open(repo.root), "x")
    dirty = compute_change_set(Git.open(repo.root), "x", include_dirty=True)
    assert clean.files == ("a.py", "b.py")
    assert dirty.files == ("a.py", "b.py", "new.py")


def test_all_takes_every_tracked_file(repo) -> None:
    repo.commit("init", {"a.py": "1\n", "lib/b.ts": "2\n"})
    repo.commit("x: one", {"c.py": "3\n"})
    change = compute_change_set(Git.open(repo.root), "x", all_files=True)
    assert change.source == "all"
    assert change.files == ("a.py", "c.py", "lib/b.ts")


def test_never_read_files_leave_the_change_set_but_ralph_specs_stay(repo) -> None:
    repo.commit("init", {"README.md": "x\n"})
    repo.commit(
        "x: claim everything",
        {
            "progress.txt": "all done\n",
            ".ralph/state.json": "{}\n",
            ".agent/logs/LOG.md": "done\n",
            ".ralph/specs/x/tasks.md": "- [x] 1. a\n",
            "src/real.py": "A = 1\n",
        },
    )
    change = compute_change_set(Git.open(repo.root), "x")
    assert change.files == (".ralph/specs/x/tasks.md", "src/real.py")


def test_regex_characters_in_the_spec_name_are_literal(repo) -> None:
    repo.commit("init", {"a.py": "1\n"})
    repo.commit("cXX.v2: other", {"b.py": "2\n"})
    repo.commit("c++.v2: mine", {"c.py": "3\n"})
    change = compute_change_set(Git.open(repo.root), "c++.v2")
    assert change.files == ("c.py",)


def test_names_with_spaces_and_non_ascii(repo) -> None:
    repo.commit("init", {"a.py": "1\n"})
    repo.commit("x: add", {"src/my file.py": "1\n", "src/café.py": "2\n"})
    assert compute_change_set(Git.open(repo.root), "x").files == ("src/café.py", "src/my file.py")


def test_not_a_repository_and_no_commits(tmp_path) -> None:
    with pytest.raises(InputError, match="is not a git repository"):
        Git.open(tmp_path)
    (tmp_path / "empty").mkdir()
    import subprocess

    subprocess.run(["git", "init", "-q"], cwd=tmp_path / "empty", check=True)
    with pytest.raises(InputError, match="has no commits yet"):
        Git.open(tmp_path / "empty").head()


@pytest.mark.parametrize(
    ("path", "never"),
    [
        ("progress.txt", True),
        ("docs/progress.md", True),
        ("fix_plan.md", True),
        (".agent/logs/LOG.md", True),
        (".ralph/status.json", True),
        (".ralph/specs/x/tasks.md", False),
        (".claude/ralph-loop.local.md", True),
        ("specs/x/validation-report.md", True),
        (".agent/tasks.json", False),
        ("src/progress_bar.py", False),
    ],
)
def test_never_read_list(path: str, never: bool) -> None:
    assert is_never_read(path) is never
    assert filter_readable([path]) == ([] if never else [path])
