"""What the test-file readers of both languages share: hashable literal values, and an
assertion read from the code before it is placed at its line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..facts.testfile import Assertion, Expected, Kind, MapValue, Tolerance


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
