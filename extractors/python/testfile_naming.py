"""The names a Python test binds, and each function body in a formatting-free form."""

from __future__ import annotations

import ast
import copy

import libcst as cst

from .testfile_module import renamed, walk_nodes

_TARGETS = cst.AssignTarget | cst.AnnAssign | cst.For | cst.CompFor | cst.NamedExpr


def local_bindings(root: cst.CSTNode) -> list[str]:
    """Names a test binds, in the order it first binds them."""
    names: list[str] = []

    def bind(target: cst.CSTNode) -> None:
        if isinstance(target, cst.Name):
            if target.value not in names:
                names.append(target.value)
        elif isinstance(target, cst.Tuple | cst.List):
            for element in target.elements:
                bind(element.value)
        elif isinstance(target, cst.StarredElement):
            bind(target.value)

    for node in walk_nodes(root):
        if isinstance(node, _TARGETS):
            bind(node.target)
        elif isinstance(node, cst.AsName):
            bind(node.name)
    return names


def function_bodies(source: str) -> dict[int, list[ast.stmt]]:
    """Every function body by the line of its name, read by ``ast`` for a formatting-free form."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    return {
        node.lineno: node.body
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def body_text(body: list[ast.stmt], renames: dict[str, str]) -> str:
    """A test body without formatting and with its local names numbered (to spot renames)."""
    module = ast.Module(body=copy.deepcopy(body), type_ignores=[])
    return ast.unparse(renamed(module, renames))
