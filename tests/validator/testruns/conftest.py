"""Revisions written as real files in tmp_path and read back through RevisionView."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ralph_validate.extractors.runners.view import RevisionView
from ralph_validate.validator.testruns.compare import compare

Row = tuple[str, str, str, str, int]


def write_tree(root: Path, files: dict[str, str]) -> RevisionView:
    """Write ``files`` under ``root``; the view lists and reads them from disk."""
    for path, content in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    return RevisionView(
        list_paths=lambda: [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()],
        read=lambda path: (root / path).read_bytes(),
    )


@pytest.fixture
def view(tmp_path: Path) -> Callable[[dict[str, str]], RevisionView]:
    """One revision from a mapping of path to text."""
    counter = iter(range(1000))
    return lambda files: write_tree(tmp_path / f"rev{next(counter)}", files)


@pytest.fixture
def changes(tmp_path: Path) -> Callable[[dict[str, str], dict[str, str]], list[Row]]:
    """(kind, status, subject, file, line) of every change from BASE files to HEAD files."""

    def run(base: dict[str, str], head: dict[str, str]) -> list[Row]:
        found = compare(write_tree(tmp_path / "base", base), write_tree(tmp_path / "head", head))
        return [(c.kind, c.status, c.subject, c.file, c.line) for c in found]

    return run
