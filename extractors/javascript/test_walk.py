"""The tests and suites a JS/TS file declares, walked once per file for every reader.

The integrity facts, the BASE/HEAD test comparison and the runs model read the same
declarations from this walk (``source.model(DeclarationWalk)``): suites with their nesting,
tests, node:test subtests (``t.test('sub', fn)`` on the enclosing test's context), the
modifiers each carries (``skip``/``only``/``todo``/``each``/``concurrent``/...), and the
names a file declares them through (imports under other names, ``import * as v``,
``const later = it.skip``, ``cond ? test.skip : test``, wrappers, ``base.extend({...})``).
Each reader keeps only the projection it needs.

``DeclarationWalk`` reads bare globals (``it``, ``describe``) as tests only in a file the test
paths name or that imports a framework; ``CollectedWalk`` reads a file a runner collects,
where the runner's globals are always defined.
"""

from __future__ import annotations

import re

import tree_sitter as ts

from ..common import treesitter
from ..common.dispatch import SourceFile
from ..facts import symbol_id
from . import queries
from .declarations import Declaration, read_declaration
from .frameworks import BASES, FrameworkNames, default_framework, is_test_path
from .imports import Imports, read_imports, switch_of
from .model import JsModel
from .syntax import Chain, callee_chain

_ROOT = re.compile(rb"[A-Za-z_$\x80-\xff][A-Za-z0-9_$\x80-\xff]*")
_NO_CHAIN = Chain("", (), ())


class Call:
    """A call in a test file, with its callee's leftmost name and (on demand) its chain."""

    __slots__ = ("_chain", "callee", "node", "root")

    def __init__(self, node: ts.Node, callee: ts.Node, data: bytes) -> None:
        self.node = node
        self.callee = callee
        # The leftmost token of a callee chain is its root: read it from the bytes directly.
        found = _ROOT.match(data, callee.start_byte)
        self.root = found.group().decode("utf-8", "replace") if found else ""
        self._chain: bool | Chain | None = False

    def chain(self) -> Chain | None:
        """The callee as root + words, computed once."""
        if self._chain is False:
            self._chain = callee_chain(self.callee)
        return self._chain  # type: ignore[return-value]


class DeclarationWalk:
    """One file's calls, test-library names and test declarations, in source order."""

    forced_test_file = False

    def __init__(self, source: SourceFile) -> None:
        self.path = source.path
        root = source.tree.root_node
        query = queries.joined_query(source.language, queries.TEST_FILE)
        # The captures of the one query pass the integrity facts read too.
        self.markers: dict[str, list[ts.Node]] = treesitter.captures(query, root)
        self.model = source.model(JsModel)
        self.imports: Imports = read_imports(self.model, self.markers, root)
        self.calls = [
            Call(node, callee, source.data)
            for node in sorted(self.markers.get("call", []), key=_order)
            if (callee := node.child_by_field_name("function")) is not None
        ]
        for call in self.calls:
            self._read_choice_callee(call)
        roots = {call.root for call in self.calls}
        if any(
            c.root == "this" and (c.chain() or _NO_CHAIN).words[:1] == ("skip",) for c in self.calls
        ):
            roots.add("this.skip")
        self.test_path = self.forced_test_file or is_test_path(source.path)
        self.names = FrameworkNames(
            self.imports, self.test_path, default_framework(self.imports, roots)
        )
        self.imported = {
            local
            for local, origin in self.imports.bindings.items()
            if origin.kind or origin.name in BASES
        }
        self.declarations = self._declarations(self._declaring())

    @property
    def tests(self) -> list[Declaration]:
        """The test declarations (node:test subtests included), in source order."""
        return [d for d in self.declarations if d.kind == "test"]

    def _read_choice_callee(self, call: Call) -> None:
        """``(cond ? it.skip : it)('x', fn)``: the choice written in place is a switched name
        of its own, spelled as written, and the call's root."""
        chain = call.chain()
        if chain is None or not chain.root.startswith("("):
            return
        node = call.callee
        while node.type in ("call_expression", "member_expression"):
            field = "function" if node.type == "call_expression" else "object"
            inner = node.child_by_field_name(field)
            if inner is None:
                return
            node = inner
        switch = switch_of(node)
        if switch is not None:
            self.imports.switched.setdefault(chain.root, switch)
            call.root = chain.root

    def _declaring(self) -> set[str]:
        """Callee roots that may declare: the framework names, the imported ones, names made
        by ``.extend``, bound to a choice, or bound to such a name (a few hops)."""
        imports = self.imports
        declaring = set(BASES) | self.imported | imports.extended.keys() | imports.switched.keys()
        for _ in range(4):
            more = {k for k, chain in imports.aliased.items() if chain[0] in declaring}
            if more <= declaring:
                break
            declaring |= more
        return declaring

    def _declarations(self, roots: set[str]) -> list[Declaration]:
        """Every describe/it/test call with its enclosing suites, in source order."""
        found: list[Declaration] = []
        stack: list[Declaration] = []
        for call in self.calls:
            start = call.node.start_byte
            while stack and stack[-1].callback is not None and stack[-1].callback.end_byte <= start:
                stack.pop()
            enclosing = [
                d for d in stack if d.callback is not None and d.callback.start_byte <= start
            ]
            parent = enclosing[-1] if enclosing else None
            if call.root not in roots and (
                parent is None or call.root != parent.context_parameter()
            ):
                continue
            if any(a <= start < b for a, b in self.imports.wrappers):
                continue  # declares a test only where the wrapper is called
            chain = call.chain()
            if chain is None:
                continue
            declaration = read_declaration(
                call.node, chain, self.names, parent, self.model.decoded_value
            )
            if declaration is None:
                continue
            declaration.parent = parent
            declaration.path = (*(d.name for d in enclosing), declaration.name)
            declaration.symbol = symbol_id(self.path, " > ".join(declaration.path))
            found.append(declaration)
            if declaration.callback is not None:
                stack.append(declaration)
        return found


class CollectedWalk(DeclarationWalk):
    """The walk of a file a test runner collects: its globals declare tests wherever the
    file lies."""

    forced_test_file = True


def collected_walk(source: SourceFile) -> DeclarationWalk:
    """The walk of a collected test file, shared with the integrity facts' walk when the
    file lies in the test paths (the two then read alike)."""
    if is_test_path(source.path):
        return source.model(DeclarationWalk)
    return source.model(CollectedWalk)


def _order(node: ts.Node) -> tuple[int, int]:
    return (node.start_byte, -node.end_byte)
