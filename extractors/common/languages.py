"""What the validator may ask about a file's language, without knowing its syntax.

Each language's package states its own knowledge (``python/knowledge.py``,
``javascript/knowledge.py``: built-in exception ancestry, coverage pragmas, how a value
is written); this registry maps a ``FileFacts.language`` to it. It is the one place the
validator's questions meet language names, so no validator module compares one: a new
language is one more entry here, not another ``if`` in the checks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from ..facts import FileLanguage
from ..javascript import knowledge as javascript
from ..python import knowledge as python
from .dispatch import UNREAD

# The file extensions of each language the extractors read, by ``FileFacts.language``: the
# one list every extractor's ``register`` and every path test reads.
EXTENSIONS: dict[FileLanguage, tuple[str, ...]] = {
    "python": (".py", ".pyi"),
    "typescript": (".ts", ".mts", ".cts"),
    "tsx": (".tsx",),
    "javascript": (".js", ".mjs", ".cjs", ".jsx"),
    "markdown": (".md", ".markdown"),
    "json": (".json",),
    "yaml": (".yaml", ".yml"),
    "config": (".toml", ".ini", ".cfg", ".env", ".properties"),
}
# Type stubs: they declare names and run nothing.
STUBS = (".pyi",)
# TypeScript and JavaScript files, TypeScript first (the order a bare import tries them).
SCRIPT_LANGUAGES = ("typescript", "tsx", "javascript")


def extensions(*languages: str) -> tuple[str, ...]:
    """The extensions of the languages, in the order given."""
    return tuple(e for language in languages for e in EXTENSIONS[language])


def sources(*languages: str) -> tuple[str, ...]:
    """The extensions of the languages' code that runs: type stubs left out."""
    return tuple(e for e in extensions(*languages) if e not in STUBS)


def language_of_path(path: str) -> str | None:
    """The language a file's extension names; None for an extension none is read by."""
    suffix = PurePosixPath(path).suffix.lower()
    return next((lang for lang, found in EXTENSIONS.items() if suffix in found), None)


@dataclass(frozen=True)
class LanguageKnowledge:
    """One code language's answers to the validator's language questions."""

    # Exception names whose check accepts (nearly) any failure.
    broad_exceptions: frozenset[str]
    # The known base classes of a built-in exception name; empty for any other name.
    exception_ancestors: Callable[[str], frozenset[str]]
    # The coverage-exclusion pragma a comment's text holds, normalised, or None.
    coverage_pragma: Callable[[str], str | None]
    # A value (a literal the test-file reader typed) as the language's source writes it.
    show_value: Callable[[object], str]


PYTHON = LanguageKnowledge(
    python.BROAD_EXCEPTIONS, python.exception_ancestors, python.coverage_pragma, python.show_value
)
JAVASCRIPT = LanguageKnowledge(
    javascript.BROAD_EXCEPTIONS,
    javascript.exception_ancestors,
    javascript.coverage_pragma,
    javascript.show_value,
)

# Code languages by ``FileFacts.language``; TypeScript and TSX are JavaScript's dialects.
_CODE: dict[str, LanguageKnowledge] = {
    "python": PYTHON,
    "javascript": JAVASCRIPT,
    "typescript": JAVASCRIPT,
    "tsx": JAVASCRIPT,
}
# How a method reaches its own object: Python's ``self``/``cls``, JavaScript's ``this``.
_OWN_RECEIVERS = ("self.", "cls.", "this.")
# Languages whose comments are the text itself (a Markdown line of prose).
_PROSE = frozenset({"markdown"})


def knowledge_of(language: str) -> LanguageKnowledge | None:
    """The knowledge of a code language; None for configuration, prose, unread files."""
    return _CODE.get(language)


def is_code(language: str | None) -> bool:
    """True for a language programs are written in (not configuration, not prose)."""
    return language in _CODE


def is_prose(language: str) -> bool:
    """True for a language whose every line is prose (Markdown)."""
    return language in _PROSE


def is_unread(language: str) -> bool:
    """True for a file no extractor reads (it has no facts, and no language)."""
    return language == UNREAD


def calls_own_member(call: str) -> bool:
    """True for a call written on the caller's own object (``self.check(x)``,
    ``this.verify()``), in either language."""
    return call.startswith(_OWN_RECEIVERS)


def broad_exceptions() -> frozenset[str]:
    """Exception names that accept (nearly) any failure in any language: a test names its
    exception as written, so a Python class called ``Error`` is as broad as JavaScript's."""
    return frozenset().union(*(k.broad_exceptions for k in _CODE.values()))
