"""Python scopes: which names each module, class, function, lambda and comprehension binds.

Part of the file's semantic model (``PythonModel.scopes``): a reference is looked up the way
Python does (the innermost function first, class bodies only from their own code, ``global``
and ``nonlocal`` followed), so a parameter or a local named like an import is not the import.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import tree_sitter as ts

from ..common import treesitter as T

# Node types that open a scope of their own.
SCOPES = frozenset(
    {
        "module",
        "function_definition",
        "class_definition",
        "lambda",
        "list_comprehension",
        "set_comprehension",
        "dictionary_comprehension",
        "generator_expression",
    }
)
_COMPREHENSIONS = frozenset(
    {"list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression"}
)


@dataclass
class Scope:
    """The names one scope binds and the names it declares ``global``/``nonlocal``."""

    node: ts.Node
    parent: Scope | None
    bound: dict[str, int] = field(default_factory=dict)  # name -> line of its first binding
    times: dict[str, int] = field(default_factory=dict)  # name -> how many times it is bound
    globals: set[str] = field(default_factory=set)
    nonlocals: set[str] = field(default_factory=set)
    imported: set[str] = field(default_factory=set)  # names an import statement binds here

    @property
    def kind(self) -> str:
        """ "module", "class", "function" (``def`` and ``lambda``) or "comprehension"."""
        if self.node.type == "class_definition":
            return "class"
        if self.node.type in _COMPREHENSIONS:
            return "comprehension"
        return "module" if self.node.type == "module" else "function"


def scope_node(node: ts.Node) -> ts.Node:
    """The node of the innermost scope around ``node`` (``node`` itself when it opens one)."""
    current: ts.Node | None = node
    while current is not None:
        if current.type in SCOPES:
            return current
        current = current.parent
    return node


class Scopes:
    """Every scope of one file, built from one query and the model's import bindings."""

    def __init__(
        self,
        root: ts.Node,
        caps: dict[str, list[ts.Node]],
        imports: list[tuple[ts.Node, list[tuple[str, int]]]],
    ):
        """``imports``: each import statement with the (name, line) pairs it binds, as the
        model read them (``PythonModel.imports``)."""
        self._scopes: dict[int, Scope] = {}
        self.module = self._scope(root)
        for node in caps.get("global", []):
            self.of(node).globals.add(T.text(node))
        for node in caps.get("nonlocal", []):
            self.of(node).nonlocals.add(T.text(node))
        for node in caps.get("bind", []):
            self._bind(self.of(_binding_site(node)), node)
        for node in caps.get("define", []):
            definition = node.parent
            outer = definition.parent if definition is not None else None
            self._bind(self.of(outer if outer is not None else node), node)
        for statement, names in imports:
            scope = self.of(statement)
            for name, line in names:
                scope.bound.setdefault(name, line)
                scope.times[name] = scope.times.get(name, 0) + 1
                scope.imported.add(name)

    def _scope(self, node: ts.Node) -> Scope:
        found = self._scopes.get(node.id)
        if found is None:
            parent = scope_node(node.parent) if node.parent is not None else None
            found = Scope(node, self._scope(parent) if parent is not None else None)
            self._scopes[node.id] = found
        return found

    def of(self, node: ts.Node) -> Scope:
        """The innermost scope ``node`` stands in."""
        return self._scope(scope_node(node))

    def _bind(self, scope: Scope, name: ts.Node) -> None:
        text = T.text(name)
        if text in scope.globals:  # ``global n; n = …`` rebinds the module's ``n``
            scope = self.module
        scope.bound.setdefault(text, T.line_of(name))
        scope.times[text] = scope.times.get(text, 0) + 1

    def lookup(self, name: str, at: ts.Node) -> Scope | None:
        """The scope whose binding of ``name`` a reference at ``at`` reads, or None for a
        name no scope binds (a builtin or an undefined name)."""
        scope: Scope | None = self.of(at)
        innermost = True
        while scope is not None:
            if name in scope.globals:
                return self.module if name in self.module.bound else None
            if name in scope.nonlocals:
                scope, innermost = scope.parent, False
                while scope is not None and scope.kind not in ("function", "comprehension"):
                    scope = scope.parent
                continue
            visible = innermost or scope.kind != "class"
            if visible and name in scope.bound:
                return scope
            scope, innermost = scope.parent, False
        return None

    def is_import(self, name: str, at: ts.Node) -> bool:
        """A reference to ``name`` at ``at`` reads a name an import statement bound."""
        scope = self.lookup(name, at)
        return scope is not None and name in scope.imported


def _binding_site(name: ts.Node) -> ts.Node:
    """Where a bound name counts: a comprehension's target in the comprehension, a walrus
    inside one in the function around it (PEP 572)."""
    parent = name.parent
    if parent is not None and parent.type == "named_expression":
        scope = scope_node(parent)
        while scope.type in _COMPREHENSIONS and scope.parent is not None:
            scope = scope_node(scope.parent)
        return scope
    return name
