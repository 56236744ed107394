"""A libcst module as the Python readers see it: names qualified through its imports, its
source text, and the tree walks and renames they share."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import final

import libcst as cst


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def renamed(tree: ast.AST, renames: dict[str, str]) -> ast.AST:
    """The tree with test-local variables named by binding order (consistent renames vanish)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            node.id = renames.get(node.id, node.id)
    return tree


@final
class SourceModule:
    """One parsed module: its import aliases and its code."""

    def __init__(self, module: cst.Module, aliases: dict[str, str] | None = None) -> None:
        self.module: cst.Module = module
        self.aliases: dict[str, str] = dict(aliases or {})
        for statement in module.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                self._read_import(small)

    def _read_import(self, node: cst.BaseSmallStatement) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = dotted_name(alias.name) or ""
                if alias.asname and isinstance(alias.asname.name, cst.Name):
                    self.aliases[alias.asname.name.value] = full
        elif isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar):
            source = dotted_name(node.module) if node.module else ""
            for alias in node.names:
                name = dotted_name(alias.name) or ""
                local = name
                if alias.asname and isinstance(alias.asname.name, cst.Name):
                    local = alias.asname.name.value
                self.aliases[local] = f"{source}.{name}" if source else name

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """The qualified name an expression refers to through the module's imports."""
        dotted = dotted_name(node)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        full = self.aliases.get(head, head)
        return f"{full}.{rest}" if rest else full

    def code(self, node: cst.CSTNode) -> str:
        """The node's source as written."""
        return self.module.code_for_node(node)


def walk_nodes(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under ``root`` (comments included), in source order."""
    stack: list[cst.CSTNode] = [root]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))
