"""Reading a revision's files from git: a whole tree listed at once, a blob read by path or
by sha, and what is not a file (missing, a folder, a symlink) read as nothing."""

from __future__ import annotations

from pathlib import Path

from ralph_validate.core.git import Git
from ralph_validate.validator.config import load_config
from ralph_validate.validator.factstore import FactStore


def _history(repo) -> tuple[str, str]:
    base = repo.commit(
        "base",
        {
            "src/app.py": "def total(xs):\n    return sum(xs)\n",
            "src/deep/nested name ä.py": "VALUE = 1\n",
            "tests/test_app.py": "def test_total():\n    assert total([1]) == 1\n",
        },
    )
    (repo.root / "src" / "link.py").symlink_to("app.py")
    head = repo.commit("head", {"src/app.py": "def total(xs):\n    return sum(xs) + 0\n"})
    return base, head


def test_tree_entries_list_every_file_of_a_revision_with_mode_and_type(repo) -> None:
    base, head = _history(repo)
    git = Git.open(repo.root)
    at_base, at_head = git.tree_entries(base), git.tree_entries(head)
    assert sorted(at_base) == ["src/app.py", "src/deep/nested name ä.py", "tests/test_app.py"]
    assert at_head["src/link.py"][:2] == ("120000", "blob")
    assert at_head["src/app.py"][:2] == ("100644", "blob")
    sha = at_base["src/app.py"][2]
    assert git.run_bytes("cat-file", "blob", sha) == b"def total(xs):\n    return sum(xs)\n"


def test_show_reads_a_file_and_gives_none_for_a_folder_or_a_missing_path(repo) -> None:
    base, head = _history(repo)
    git = Git.open(repo.root)
    assert git.show(base, "src/deep/nested name ä.py") == b"VALUE = 1\n"
    assert git.show(head, "src/app.py") == b"def total(xs):\n    return sum(xs) + 0\n"
    assert git.show(base, "src/deep") is None
    assert git.show(base, "src/link.py") is None
    assert git.show(base, "missing.py") is None


def test_base_reads_follow_no_symlink_and_miss_what_base_lacks(repo) -> None:
    base, _ = _history(repo)
    (repo.root / "src" / "link.py").unlink()
    repo.commit("link becomes a file", {"src/link.py": "X = 1\n"})
    store = FactStore(Git.open(repo.root), load_config(Path(repo.root)), "HEAD~1", cache=False)
    assert store.base_text("src/app.py") == "def total(xs):\n    return sum(xs) + 0\n"
    assert store.base_text("src/link.py") is None
    assert store.base("src/link.py") is None
    assert store.base_text("src/deep") is None
    assert store.base_text("src/new.py") is None
    old = FactStore(Git.open(repo.root), load_config(Path(repo.root)), base, cache=False)
    assert old.base_text("src/app.py") == "def total(xs):\n    return sum(xs)\n"
    assert old.base("tests/test_app.py") is not None
