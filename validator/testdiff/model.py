"""The language-neutral data model of test assertions and of their before/after changes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What an assertion checks, the same names for every language."""

    EQUALITY = "equality"
    IDENTITY = "identity"
    MEMBERSHIP = "membership"
    SUBSTRING = "substring"
    PARTIAL = "partial"
    TRUTHINESS = "truthiness"
    NONE_CHECK = "none-check"
    TYPE_CHECK = "type-check"
    COMPARISON = "comparison"
    APPROX = "approx"
    RAISES = "raises"
    CALLED = "called"
    CALLED_WITH = "called-with"
    CALLED_TIMES = "called-times"
    SNAPSHOT = "snapshot"
    LENGTH = "length"
    FAIL = "fail"


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


@dataclass(frozen=True, order=True)
class MapValue:
    """A dict / object literal as a hashable value: its (key, value) pairs in source order."""

    items: tuple[tuple[object, object], ...]

    def keys(self) -> tuple[object, ...]:
        """The literal's keys, in source order."""
        return tuple(key for key, _ in self.items)


@dataclass(frozen=True)
class Expected:
    """What an assertion compares against: normalized text, and the typed value if literal."""

    text: str
    value: object = None
    is_literal: bool = False


@dataclass(frozen=True)
class Tolerance:
    """An approximate comparison's allowed error; 0.0 where the comparison sets none."""

    rel: float = 0.0
    abs: float = 0.0


@dataclass(frozen=True)
class Assertion:
    """One normalized check inside a test.

    ``subject`` and ``expected`` are canonical (formatting gone, test-local names numbered
    in binding order) so two versions compare by value; ``text`` and ``line`` are the
    source as written, for evidence.
    """

    kind: Kind
    subject: str
    line: int
    text: str
    expected: Expected | None = None
    op: str | None = None
    tolerance: Tolerance | None = None
    exceptions: tuple[str, ...] = ()
    match: str | None = None
    negated: bool = False
    commented: bool = False

    def signature(self) -> tuple[object, ...]:
        """Everything that makes the check what it is, without where it is written."""
        expected = self.expected.text if self.expected else None
        return (
            self.kind,
            self.subject,
            expected,
            self.op,
            self.tolerance,
            self.exceptions,
            self.match,
            self.negated,
        )


@dataclass(frozen=True)
class TestCase:
    """One test with its assertions in source order (commented-out ones apart)."""

    name: str
    line: int
    body: str
    assertions: tuple[Assertion, ...]
    commented: tuple[Assertion, ...] = ()


@dataclass(frozen=True)
class ParsedTestFile:
    """The tests one version of a file declares; ``error`` when it did not parse."""

    path: str
    language: str
    tests: tuple[TestCase, ...]
    error: str | None = None


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
    language: str
    tests: tuple[TestComparison, ...]
    removed: tuple[RemovedTest, ...]
    added: tuple[str, ...]
    error: str | None = None

    @property
    def changes(self) -> tuple[tuple[str, AssertionChange], ...]:
        """Every change with its test's BASE name, in test then line order."""
        return tuple((t.name, c) for t in self.tests for c in t.changes)
