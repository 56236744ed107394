"""The assertions of one version of a test file, language-neutral: what the test-file
readers (``python/testfile_*.py``, ``javascript/testfile_*.py``) produce and the
structural before/after comparison (``validator/testdiff/``) compares."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

# The language a test file is read as; "unknown" for a file no reader reads.
TestLanguage = Literal["python", "typescript", "tsx", "javascript", "unknown"]


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
    language: TestLanguage
    tests: tuple[TestCase, ...]
    error: str | None = None
