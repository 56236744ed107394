"""A libcst module as the Python test comparison sees it: names qualified through the
imports the file's semantic model read, its source text, and the tree walks and renames
they share."""

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
    """One parsed module: its code, and its names' qualified forms as the file's semantic
    model reads its imports (``PythonModel.qualified``: aliases and relative imports
    resolved), so the test comparison and every other Python reader agree on them."""

    def __init__(self, module: cst.Module, aliases: dict[str, str]) -> None:
        self.module: cst.Module = module
        self.aliases: dict[str, str] = dict(aliases)

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
