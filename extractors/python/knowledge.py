"""What the validator may ask of Python without reading its syntax: built-in exception
ancestry, the coverage pragma, how a value is written. ``common/languages.py`` serves it."""

from __future__ import annotations

import builtins
import posixpath
import re
from fnmatch import fnmatchcase

from ..common.values import shown

# Exception names whose check accepts (nearly) any failure.
BROAD_EXCEPTIONS = frozenset({"Exception", "BaseException", "builtins.Exception"})

# pytest's default ``python_files``: the modules it collects tests from when no
# configuration names others.
TEST_FILES = ("test_*.py", "*_test.py")


def collected_by_default(path: str) -> bool:
    """A module pytest collects tests from under its default ``python_files``: a
    ``test_ids`` helper in ``tests/util.py`` or in a package folder named ``test`` is none."""
    name = posixpath.basename(path)
    return any(fnmatchcase(name, pattern) for pattern in TEST_FILES)


_PRAGMA = re.compile(r"\bpragma[:\s]?\s*no\s*cover\b", re.IGNORECASE)


def exception_ancestors(name: str) -> frozenset[str]:
    """The base classes of a built-in exception (``KeyError`` -> ``LookupError``,
    ``Exception``, ``BaseException``); empty for a name Python does not build in."""
    found = getattr(builtins, name.removeprefix("builtins."), None)
    if isinstance(found, type) and issubclass(found, BaseException):
        return frozenset(c.__name__ for c in found.__mro__[1:] if c is not object)
    return frozenset()


def coverage_pragma(text: str) -> str | None:
    """``pragma: no cover`` when a comment holds coverage.py's exclusion pragma, else None."""
    return "pragma: no cover" if _PRAGMA.search(text) else None


def show_value(value: object) -> str:
    """A value as Python source writes it (``'a'``, ``None``, ``True``)."""
    return shown(value, repr)
