"""One version of a test file read into its tests and assertions, whatever its language.

The readers are per language (``python/testfile_side.py`` with libcst,
``javascript/testfile_side.py`` with tree-sitter); the comparison of two versions is the
validator's (``validator/testdiff/``).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import cast

from ..facts.testfile import ParsedTestFile, TestLanguage
from ..javascript.testfile_side import parse_js
from ..python.testfile_side import parse_python
from .languages import SCRIPT_LANGUAGES, STUBS, extensions, language_of_path

JS_EXTENSIONS = frozenset(extensions(*SCRIPT_LANGUAGES))


def language_of(path: str) -> TestLanguage | None:
    """``python``, ``typescript``, ``tsx`` or ``javascript`` by file extension, else None."""
    if PurePosixPath(path).suffix.lower() in STUBS:
        return None
    language = language_of_path(path)
    if language == "python" or language in SCRIPT_LANGUAGES:
        return cast(TestLanguage, language)
    return None


def parse_test_file(path: str, source: str) -> ParsedTestFile:
    """The tests and assertions of one version of a test file."""
    language = language_of(path)
    if language == "python":
        return parse_python(path, source)
    if language is not None:
        return parse_js(path, source, language)
    return ParsedTestFile(path, "unknown", (), f"not a Python or TS/JS file: {path}")
