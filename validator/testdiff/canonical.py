"""Exception breadth shared by both languages: which expected exception accepts which."""

from __future__ import annotations

import builtins

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
