"""Canonical forms shared by both languages: hashable literal values, exception breadth."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import cast

from .model import Assertion, Expected, Kind, MapValue, Tolerance

# Exception names whose check accepts (nearly) any failure, in either language.
BROAD_EXCEPTIONS = frozenset({"Exception", "BaseException", "Error", "builtins.Exception"})

# JavaScript's built-in error classes all derive directly from Error.
_JS_ERRORS = frozenset(
    {
        "TypeError",
        "RangeError",
        "SyntaxError",
        "ReferenceError",
        "EvalError",
        "URIError",
        "AggregateError",
    }
)


def hashable(value: object) -> object:
    """A literal value made hashable and comparable: lists become tuples, dicts MapValues."""
    if isinstance(value, dict):
        pairs = cast("dict[object, object]", value).items()
        return MapValue(tuple((hashable(k), hashable(v)) for k, v in pairs))
    if isinstance(value, list | tuple):
        return tuple(hashable(v) for v in cast("list[object]", value))
    if isinstance(value, set | frozenset):
        return frozenset(hashable(v) for v in cast("set[object]", value))
    return value


def exception_ancestors(name: str, language: str) -> frozenset[str]:
    """The known base classes of an exception name (empty when the name is not built in)."""
    if language == "python":
        found = getattr(builtins, name.removeprefix("builtins."), None)
        if isinstance(found, type) and issubclass(found, BaseException):
            return frozenset(c.__name__ for c in found.__mro__[1:] if c is not object)
        return frozenset()
    return frozenset({"Error"}) if name in _JS_ERRORS else frozenset()


def _covers(wide: str, narrow: str, language: str) -> bool:
    """True when an exception check for ``wide`` also accepts ``narrow``."""
    return (
        wide == narrow or wide in BROAD_EXCEPTIONS or wide in exception_ancestors(narrow, language)
    )


def exceptions_widened(base: tuple[str, ...], head: tuple[str, ...], language: str) -> bool:
    """True when HEAD's expected exceptions accept everything BASE's did, and more."""
    if not base:
        return False
    if not head:
        return True
    if set(base) == set(head):
        return False
    return all(any(_covers(h, b, language) for h in head) for b in base)


def exceptions_narrowed(base: tuple[str, ...], head: tuple[str, ...], language: str) -> bool:
    """True when every HEAD exception is one BASE accepted (a more specific expectation)."""
    if not head:
        return False
    if not base:
        return True
    return all(any(_covers(b, h, language) for b in base) for h in head)


@dataclass(frozen=True)
class Check:
    """An assertion read from the code, before it is placed at a line."""

    kind: Kind
    subject: str
    expected: Expected | None = None
    op: str | None = None
    tolerance: Tolerance | None = None
    exceptions: tuple[str, ...] = ()
    match: str | None = None
    negated: bool = False


def place(check: Check, line: int, text: str) -> Assertion:
    """The check as an assertion written at ``line`` as ``text`` (whitespace collapsed)."""
    return Assertion(
        kind=check.kind,
        subject=check.subject,
        line=line,
        text=" ".join(text.split()),
        expected=check.expected,
        op=check.op,
        tolerance=check.tolerance,
        exceptions=check.exceptions,
        match=check.match,
        negated=check.negated,
    )
