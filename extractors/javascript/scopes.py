"""JavaScript/TypeScript scopes: which names each program, function, block and catch binds.

Part of the file's semantic model (``JsModel.scopes``): ``var`` belongs to the function
around it, ``let``/``const``/``class`` to the block, parameters (destructured or not) to
their function, so a parameter or a local named like an import is not the import.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import tree_sitter as ts

from ..common import treesitter as T
from .patterns import pattern_names

FUNCTIONS = frozenset(
    {
        "program",
        "function_declaration",
        "function_expression",
        "function",
        "arrow_function",
        "method_definition",
        "generator_function_declaration",
        "generator_function",
    }
)
# Scopes of ``let``/``const``: every function scope and every block.
BLOCKS = FUNCTIONS | {
    "statement_block",
    "for_statement",
    "for_in_statement",
    "catch_clause",
    "switch_body",
    "class_body",
}


@dataclass
class Scope:
    """The names one scope binds."""

    node: ts.Node
    parent: Scope | None
    bound: dict[str, int] = field(default_factory=dict)  # name -> line of its first binding
    times: dict[str, int] = field(default_factory=dict)  # name -> how many times it is bound
    imported: set[str] = field(default_factory=set)  # names an import binds here

    @property
    def kind(self) -> str:
        """ "module" (the program), "function" or "block"."""
        if self.node.type == "program":
            return "module"
        return "function" if self.node.type in FUNCTIONS else "block"


def _around(node: ts.Node | None, types: frozenset[str]) -> ts.Node | None:
    while node is not None and node.type not in types:
        node = node.parent
    return node


class Scopes:
    """Every scope of one file, built from one query and the model's imports."""

    def __init__(
        self,
        root: ts.Node,
        caps: dict[str, list[ts.Node]],
        imported: list[tuple[str, int]],
        requires: dict[int, frozenset[str]],
    ):
        """``imported``: (name, line) an import statement binds; ``requires``: the names
        each declarator whose value is a ``require(...)`` imports, by its id."""
        self._scopes: dict[int, Scope] = {}
        self.module = self._scope(root)
        for name, line in imported:
            self._bind_name(self.module, name, line)
            self.module.imported.add(name)
        for node in caps.get("declare", []):
            declaration = node.parent.parent if node.parent is not None else None
            var = declaration is not None and declaration.type == "variable_declaration"
            scope = self._at(node, FUNCTIONS if var else BLOCKS)
            for name in pattern_names(node):
                self._bind(scope, name)
                if node.parent is not None and T.text(name) in requires.get(node.parent.id, ()):
                    scope.imported.add(T.text(name))
        for node in caps.get("params", []):
            for name in (n for p in node.named_children for n in pattern_names(p)):
                self._bind(self.of(node), name)
        for node in caps.get("param", []) + caps.get("own", []):
            for name in pattern_names(node):
                self._bind(self.of(node), name)
        for node in caps.get("define", []):
            definition = node.parent
            outer = definition.parent if definition is not None else None
            self._bind(self._at(outer or node, BLOCKS), node)
        for node in caps.get("loop", []):
            loop = node.parent
            kind = loop.child_by_field_name("kind") if loop is not None else None
            if loop is None or kind is None:
                continue  # ``for (x of xs)`` assigns, it does not declare
            scope = self._at(loop.parent or loop, FUNCTIONS) if T.text(kind) == "var" else None
            for name in pattern_names(node):
                self._bind(scope or self._scope(loop), name)

    def _scope(self, node: ts.Node) -> Scope:
        found = self._scopes.get(node.id)
        if found is None:
            parent = _around(node.parent, BLOCKS)
            found = Scope(node, self._scope(parent) if parent is not None else None)
            self._scopes[node.id] = found
        return found

    def _at(self, node: ts.Node, types: frozenset[str]) -> Scope:
        around = _around(node, types)
        return self._scope(around if around is not None else node)

    def of(self, node: ts.Node) -> Scope:
        """The innermost scope ``node`` stands in (a function's parameters: the function)."""
        return self._at(node, BLOCKS)

    def _bind(self, scope: Scope, name: ts.Node) -> None:
        self._bind_name(scope, T.text(name), T.line_of(name))

    def _bind_name(self, scope: Scope, name: str, line: int) -> None:
        scope.bound.setdefault(name, line)
        scope.times[name] = scope.times.get(name, 0) + 1

    def lookup(self, name: str, at: ts.Node) -> Scope | None:
        """The scope whose binding of ``name`` a reference at ``at`` reads, or None for a
        global the file does not bind."""
        scope: Scope | None = self.of(at)
        while scope is not None:
            if name in scope.bound:
                return scope
            scope = scope.parent
        return None

    def is_import(self, name: str, at: ts.Node) -> bool:
        """A reference to ``name`` at ``at`` reads a name an import bound."""
        scope = self.lookup(name, at)
        return scope is not None and name in scope.imported
