"""One JS/TS file as the integrity extractor reads it: its captures, imports, tests, scopes.

The fact builders (``test_facts``, ``marker_facts``) share this record: the
captures of one query pass, the recognised tests and the index that tells, for
any byte position, which test or named function holds it.
"""

from __future__ import annotations

import bisect
from pathlib import PurePosixPath

from ..common import treesitter
from ..common.dispatch import SourceFile
from ..facts import Fact, symbol_id
from . import queries
from .assertions import AssertionReader, AssertionSite
from .declarations import Declaration
from .frameworks import is_test_path
from .imports import FRAMEWORK_HINTS, Imports
from .syntax import SpanIndex
from .test_walk import DeclarationWalk

DECLARATION_SUFFIXES = (".d.ts", ".d.mts", ".d.cts")


class JsFile:
    """Everything read from one file, shared by the fact builders."""

    def __init__(self, source: SourceFile) -> None:
        self.path = source.path
        self.data = source.data
        self.language = source.language
        self.root = source.tree.root_node
        lowered = PurePosixPath(source.path).name.lower()
        self.declaration_file = lowered.endswith(DECLARATION_SUFFIXES)
        self.test_path = is_test_path(source.path)
        may_test = not self.declaration_file and (
            self.test_path or any(h in source.data for h in FRAMEWORK_HINTS)
        )
        # One pass: markers, and for files that may hold tests, imports and calls too (the
        # walk of the file's test declarations, shared with the other readers of its tests).
        self.walk = source.model(DeclarationWalk) if may_test else None
        self.markers = (
            self.walk.markers
            if self.walk is not None
            else treesitter.captures(
                queries.joined_query(self.language, queries.MARKERS), self.root
            )
        )
        self.imports = self.walk.imports if self.walk is not None else Imports()
        self.test_context = may_test and (self.test_path or bool(self.imports.frameworks))
        self.tests: list[Declaration] = []
        self.suites: list[Declaration] = []
        self.test_index: SpanIndex[Declaration] = SpanIndex([])
        self.scope_spans: list[tuple[int, int, str]] = []
        self.scope_index: SpanIndex[str] = SpanIndex([])
        self.facts: list[Fact] = []
        self.assertions: list[tuple[AssertionSite, Declaration | None]] = []
        self.assertion_starts: list[int] = []
        # The file's assertion vocabulary (its imports, the library values it derives), set
        # by the test reader; commented-out code is read with the same one.
        self.assertion_reader = AssertionReader(self.imports)
        self.throw_starts = [t.start_byte for t in self.markers.get("throw", [])]

    def symbol(self, name: str) -> str:
        """A symbol of this file."""
        return symbol_id(self.path, name)

    def place(self, position: int) -> tuple[str, Declaration | None]:
        """(symbol, owning test) of a byte position."""
        owner = self.test_index.innermost(position)
        if owner is not None:
            return owner.symbol, owner
        return self.scope_index.innermost(position) or "", None

    def assertions_between(self, start: int, end: int) -> int:
        """Number of assertions starting inside the byte range [start, end)."""
        starts = self.assertion_starts
        return bisect.bisect_left(starts, end) - bisect.bisect_left(starts, start)
