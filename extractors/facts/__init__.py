"""The base of every fact, and the per-file container the cache stores.

Facts are small frozen dataclasses: immutable, picklable, comparable. Each
carries ``file`` (repo-relative, forward slashes), ``line`` (1-based) and
``symbol`` (the enclosing qualified name, ``""`` at module level).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar, get_args


@dataclass(frozen=True, kw_only=True)
class Fact:
    """Something a file states, located at ``file:line`` inside ``symbol``."""

    file: str
    line: int
    symbol: str = ""


F = TypeVar("F", bound=Fact)

SEPARATOR = "::"  # between a symbol's file and its name in that file


def symbol_id(path: str, name: str) -> str:
    """The symbol of ``name`` in the file ``path``: ``src/app.py::Poller.status``. Every
    extractor and report spells symbols through this, so they compare as strings."""
    return f"{path}{SEPARATOR}{name}"


def symbol_name(symbol: str) -> str:
    """The name part of a symbol (``Poller.status``); the whole text when it has no file."""
    return symbol.split(SEPARATOR, 1)[-1]


@dataclass(frozen=True, kw_only=True)
class ExtractionError(Fact):
    """An extractor failed on this file: its facts are missing, the other extractors' are
    kept, and the report says so (a crash on one file must not stop an audit, nor pass
    silently)."""

    extractor: str  # the extractor's module
    error: str  # the exception's type name


# The languages a file version is read as (``common/languages.py`` maps extensions to
# them); "none" for a file no extractor reads.
FileLanguage = Literal[
    "python", "typescript", "tsx", "javascript", "markdown", "json", "yaml", "config", "none"
]
FILE_LANGUAGES: frozenset[str] = frozenset(get_args(FileLanguage))


@dataclass(frozen=True)
class FileFacts:
    """Everything the extractors found in one file version."""

    path: str
    language: FileLanguage
    sha256: str  # of the bytes that were parsed
    extractor_version: str
    facts: tuple[Fact, ...]

    def __post_init__(self) -> None:
        if self.language not in FILE_LANGUAGES:
            raise ValueError(f"{self.path}: unknown language {self.language!r}")

    def of_type(self, cls: type[F]) -> tuple[F, ...]:
        """The facts of one type, in file order."""
        return tuple(f for f in self.facts if isinstance(f, cls))
