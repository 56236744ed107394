"""Structural before/after comparison of one test file: how each test's assertions changed.

The core of ``test.weakened`` and ``test.expectation-edited``: it pairs the tests and
assertions of the BASE and HEAD versions of a Python or TS/JS test file, as the extractors
read them (``extractors/common/testfile.py``), and names each change; whether the code under
test changed too is for the caller to decide.
"""

from ...extractors.common.testfile import language_of, parse_test_file
from .compare import (
    classify,
    compare_assertions,
    compare_parsed,
    compare_test_file,
)
from .model import (
    Assertion,
    AssertionChange,
    Change,
    Expected,
    FileComparison,
    Kind,
    MapValue,
    ParsedTestFile,
    RemovedTest,
    TestCase,
    TestComparison,
    Tolerance,
)

__all__ = [
    "Assertion",
    "AssertionChange",
    "Change",
    "Expected",
    "FileComparison",
    "Kind",
    "MapValue",
    "ParsedTestFile",
    "RemovedTest",
    "TestCase",
    "TestComparison",
    "Tolerance",
    "classify",
    "compare_assertions",
    "compare_parsed",
    "compare_test_file",
    "language_of",
    "parse_test_file",
]
