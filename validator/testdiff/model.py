"""The language-neutral model of how a test file's assertions changed between BASE and HEAD;
what one version says is a fact (``extractors/facts/testfile.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...extractors.facts.testfile import (
    Assertion,
    Expected,
    Kind,
    MapValue,
    ParsedTestFile,
    TestCase,
    TestLanguage,
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
    "TestLanguage",
    "Tolerance",
]


class Change(StrEnum):
    """How one BASE assertion changed at HEAD; every member asserts less or something else."""

    EXPECTED_EDITED = "expected-edited"
    TOLERANCE_WIDENED = "tolerance-widened"
    EXCEPTION_WIDENED = "exception-widened"
    EXACT_TO_MEMBERSHIP = "exact-to-membership"
    EXACT_TO_SUBSTRING = "exact-to-substring"
    EXACT_TO_PARTIAL = "exact-to-partial"
    EXACT_TO_TRUTHINESS = "exact-to-truthiness"
    EXACT_TO_NONE_CHECK = "exact-to-none-check"
    EXACT_TO_TYPE_CHECK = "exact-to-type-check"
    COUNT_TO_BOUND = "count-to-bound"
    CALLED_WITH_TO_CALLED = "called-with-to-called"
    ASSERTION_REMOVED = "assertion-removed"
    ASSERTION_COMMENTED_OUT = "assertion-commented-out"
    BOUND_LOOSENED = "bound-loosened"


@dataclass(frozen=True)
class AssertionChange:
    """One weakening or edit of a BASE assertion, with both versions' text and line."""

    change: Change
    base_line: int
    base_text: str
    head_line: int | None
    head_text: str | None
    base_kind: Kind
    head_kind: Kind | None
    base_value: object = None
    head_value: object = None


@dataclass(frozen=True)
class TestComparison:
    """A test present in both versions and how its assertions changed."""

    name: str
    base_line: int
    head_line: int
    changes: tuple[AssertionChange, ...]
    head_name: str | None = None

    @property
    def renamed(self) -> bool:
        """True when the HEAD test is the BASE one under another name."""
        return self.head_name is not None and self.head_name != self.name


@dataclass(frozen=True)
class RemovedTest:
    """A BASE test with no HEAD counterpart (deleted, or renamed with a different body)."""

    name: str
    line: int
    assertion_count: int


@dataclass(frozen=True)
class FileComparison:
    """The structural comparison of one test file between BASE and HEAD."""

    path: str
    language: TestLanguage
    tests: tuple[TestComparison, ...]
    removed: tuple[RemovedTest, ...]
    added: tuple[str, ...]
    error: str | None = None

    @property
    def changes(self) -> tuple[tuple[str, AssertionChange], ...]:
        """Every change with its test's BASE name, in test then line order."""
        return tuple((t.name, c) for t in self.tests for c in t.changes)
