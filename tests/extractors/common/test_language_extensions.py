"""Which extensions make which language is written once (``common/languages.EXTENSIONS``):
every extractor's registration, the test-file reader and the path tests read it."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common import dispatch
from ralph_validate.extractors.common.languages import (
    EXTENSIONS,
    extensions,
    language_of_path,
    sources,
)
from ralph_validate.extractors.common.paths import is_source_path
from ralph_validate.extractors.common.testfile import language_of


def test_every_registered_extractor_reads_extensions_of_its_language() -> None:
    dispatch.extract("warm.py", b"x = 1\n")  # loads the built-in extractors
    entries = [e for e in dispatch._ENTRIES if e.suffixes]
    assert entries
    for entry in entries:
        assert set(entry.suffixes) <= set(EXTENSIONS[entry.language]), entry


@pytest.mark.parametrize(
    ("path", "language", "test_language"),
    [
        ("src/cart.py", "python", "python"),
        ("src/cart.pyi", "python", None),
        ("src/cart.mts", "typescript", "typescript"),
        ("src/cart.tsx", "tsx", "tsx"),
        ("src/cart.cjs", "javascript", "javascript"),
        ("docs/cart.md", "markdown", None),
        ("src/cart.rs", None, None),
    ],
)
def test_a_path_has_one_language_for_every_reader(
    path: str, language: str | None, test_language: str | None
) -> None:
    assert language_of_path(path) == language
    assert language_of(path) == test_language
    assert is_source_path(path) == (test_language is not None)


def test_stubs_are_read_but_are_no_source_that_runs() -> None:
    assert ".pyi" in extensions("python")
    assert sources("python") == (".py",)
