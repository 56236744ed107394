"""Facts requirement tracing matches against: a file's names, strings and import edges."""

from __future__ import annotations

from dataclasses import dataclass

from . import Fact


@dataclass(frozen=True, kw_only=True)
class Import(Fact):
    """An import edge as written: ``module`` (``..pkg.mod``, ``./x``) and imported ``names``."""

    module: str
    names: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Terms(Fact):
    """Every distinct name and string of a file with the line of its first occurrence."""

    names: tuple[tuple[str, int], ...]
    strings: tuple[tuple[str, int], ...]
    # Top-level statements of a code file other than imports, re-exports, docstrings and
    # directives, comments, ``pass`` and empty exports (``export {}``,
    # ``module.exports = {}``): 0 for a file that defines nothing. None for configuration.
    definitions: int | None = None
