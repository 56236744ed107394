"""The tests mirror the source tree: a test of ``X/Y/z.py`` lives under ``tests/X/Y/``, so a
directory of tests names a directory of sources, and a test file is named by the behaviour
it pins, never as a leftover (``*_more``, ``*_fixes``, ``*_review*``)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
# Directories of data the tests read, not tests of a source directory.
DATA = frozenset({"snapshots", "__pycache__"})
# Source roots that are Python packages (``pyproject.toml``'s package-dir): every directory
# of tests under one of them names a package, a folder with an ``__init__.py``.
PACKAGES = frozenset({"core", "extractors", "validator", "gate"})
LEFTOVER = re.compile(r"_(more|fixes|misc|extra|review\w*)$")


def _test_directories() -> list[Path]:
    return sorted(
        d for d in TESTS.rglob("*") if d.is_dir() and not DATA & set(d.relative_to(TESTS).parts)
    )


def _mismatches(tests: Path, root: Path) -> list[str]:
    """Directories of ``tests`` with no source directory of the same path under ``root``."""
    found: list[str] = []
    for directory in sorted(d for d in tests.rglob("*") if d.is_dir()):
        relative = directory.relative_to(tests)
        if DATA & set(relative.parts):
            continue
        source = root / relative
        package = relative.parts[0] in PACKAGES
        if not source.is_dir() or (package and not (source / "__init__.py").is_file()):
            found.append(relative.as_posix())
    return found


def _leftovers(tests: Path) -> list[str]:
    return sorted(
        p.relative_to(tests).as_posix() for p in tests.rglob("test_*.py") if LEFTOVER.search(p.stem)
    )


def test_every_directory_of_tests_names_a_directory_of_sources() -> None:
    assert _test_directories(), "no test directories found"
    assert _mismatches(TESTS, ROOT) == []


def test_no_test_file_is_named_as_a_leftover() -> None:
    assert _leftovers(TESTS) == []


def test_a_misplaced_directory_or_leftover_name_is_caught(tmp_path: Path) -> None:
    (tmp_path / "extractors" / "python").mkdir(parents=True)
    (tmp_path / "extractors" / "__init__.py").write_text("")
    (tmp_path / "extractors" / "python" / "__init__.py").write_text("")
    (tmp_path / "extractors" / "notes").mkdir()
    tests = tmp_path / "tests"
    for folder in ("extractors/python", "extractors/notes", "validator/contracts", "snapshots/x"):
        (tests / folder).mkdir(parents=True)
    for name in ("test_doubles_more.py", "test_review_fixes.py", "test_x_review2.py", "test_ok.py"):
        (tests / "extractors" / "python" / name).write_text("")
    assert _mismatches(tests, tmp_path) == ["extractors/notes", "validator", "validator/contracts"]
    assert _leftovers(tests) == [
        "extractors/python/test_doubles_more.py",
        "extractors/python/test_review_fixes.py",
        "extractors/python/test_x_review2.py",
    ]
