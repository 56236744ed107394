"""Syntax helpers for configuration code: parsing through the shared tree-sitter plumbing,
and literal readers that decode escapes (a setting's value is compared as the runner sees it).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import tree_sitter as ts

from ..common import treesitter as T


def parse(name: str, data: bytes) -> ts.Node:
    """The root node of ``data`` parsed with grammar ``name``."""
    return T.parse(name, data).root_node


def grammar_for(path: str) -> str:
    """The grammar that reads a JS-family file, chosen by its extension."""
    if path.endswith((".ts", ".mts", ".cts")):
        return "typescript"
    if path.endswith(".tsx"):
        return "tsx"
    return "javascript"


def text(node: ts.Node | None) -> str:
    """The node's source text."""
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", errors="replace")


def line(node: ts.Node) -> int:
    """The node's 1-based first line."""
    return node.start_point[0] + 1


def walk(node: ts.Node) -> Iterator[ts.Node]:
    """Every node under ``node`` (itself included), in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def py_string(node: ts.Node | None) -> str | None:
    """A Python string literal's value (no f-string, no bytes), or None."""
    if node is None or node.type not in ("string", "concatenated_string"):
        return None
    source = text(node)
    if any(c.type == "interpolation" for c in walk(node)):
        return None
    try:
        value = ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def js_string(node: ts.Node | None) -> str | None:
    """A JS string or substitution-free template literal's value, or None."""
    if node is None:
        return None
    if node.type == "template_string":
        if any(c.type == "template_substitution" for c in node.named_children):
            return None
        return text(node)[1:-1]
    if node.type != "string":
        return None
    inner = text(node)[1:-1]
    if "\\" not in inner:
        return inner
    try:
        value = ast.literal_eval(text(node))
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None
