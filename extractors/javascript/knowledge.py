"""What the validator may ask of JavaScript/TypeScript without reading its syntax:
built-in error ancestry, the coverage pragmas, how a value is written.
``common/languages.py`` serves it."""

from __future__ import annotations

import re

from ..common.values import shown

# Error names whose check accepts (nearly) any failure.
BROAD_EXCEPTIONS = frozenset({"Error"})

# The built-in error classes, all derived directly from Error.
_ERRORS = frozenset(
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
# istanbul / c8 / v8 ignore hints and node:test's; a ``stop`` ends a range a ``start``
# opened, so the ``start`` is the suppression.
_PRAGMA = re.compile(
    r"^(?:istanbul|c8|v8)\s+ignore\b(?!\s+stop\b)(?:\s+(?:next|if|else|file|start)\b)?"
    r"|^node:coverage\s+(?:ignore\s+next|disable)\b",
    re.IGNORECASE,
)
_WORDS = {True: "true", False: "false", None: "null"}


def exception_ancestors(name: str) -> frozenset[str]:
    """``{"Error"}`` for a built-in error class, else empty."""
    return frozenset({"Error"}) if name in _ERRORS else frozenset()


def coverage_pragma(text: str) -> str | None:
    """The coverage-exclusion hint a comment holds, normalised (``istanbul ignore next``),
    or None."""
    match = _PRAGMA.match(text.strip())
    return " ".join(match.group().lower().split()) if match else None


def _scalar(value: object) -> str:
    if value is None or isinstance(value, bool):
        return _WORDS[value]
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    return repr(value)


def show_value(value: object) -> str:
    """A value as JavaScript source writes it (``"a"``, ``null``, ``true``)."""
    return shown(value, _scalar)
