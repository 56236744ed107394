"""Conditions on a pytest item, read from a hook's source as a small tuple tree.

``("true",)``, ``("unknown",)``, ``("not", c)``, ``("and", a, b)``, ``("or", a, b)``,
``(op, field, literal)`` with op ``contains``, ``startswith``, ``endswith`` or ``equals``
and field ``name``, ``nodeid``, ``path``, ``filename`` or ``keywords``, and
``("marker", name)``. A condition that does not read the item is None: it is about the
run (an option, the platform), not about which items it selects.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common.treesitter import text
from ..python import strings as py_strings

Condition = tuple[object, ...]
TRUE: Condition = ("true",)
UNKNOWN: Condition = ("unknown",)
_FIELDS = {"name": "name", "originalname": "name", "nodeid": "nodeid", "keywords": "keywords"}
_PATH_ATTRS = frozenset({"fspath", "path"})


def unwrap(node: ts.Node) -> ts.Node:
    """The expression inside any parentheses."""
    while node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    return node


def both(a: Condition, b: Condition) -> Condition:
    """``a and b``, with ``true`` left out."""
    if a == TRUE:
        return b
    if b == TRUE:
        return a
    return ("and", a, b)


def item_condition(node: ts.Node, items: set[str], paths: set[str]) -> Condition | None:
    """The condition on an item ``node`` states; None when it does not read the item."""
    node = unwrap(node)
    names = items | paths
    if not any(n.type == "identifier" and text(n) in names for n in _identifiers(node)):
        return None
    if node.type == "not_operator":
        inner = node.child_by_field_name("argument")
        here = item_condition(inner, items, paths) if inner is not None else None
        return ("not", here) if here is not None else UNKNOWN
    if node.type == "boolean_operator":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        op = text(node.child_by_field_name("operator"))
        a = item_condition(left, items, paths) if left is not None else None
        b = item_condition(right, items, paths) if right is not None else None
        if a is None or b is None:
            return UNKNOWN
        return ("and" if op == "and" else "or", a, b)
    if node.type == "comparison_operator":
        return _comparison(node, items, paths)
    if node.type == "call":
        return _predicate(node, items, paths)
    return UNKNOWN


def _comparison(node: ts.Node, items: set[str], paths: set[str]) -> Condition:
    operands = node.named_children
    operators = [text(c) for c in node.children if not c.is_named]
    if len(operands) != 2:
        return UNKNOWN
    op = " ".join(operators)
    left, right = operands
    if op in ("in", "not in"):
        literal, field = py_strings.decoded_string(left), _field(right, items, paths)
        if literal is None or field is None:
            return UNKNOWN
        found: Condition = ("contains", field, literal)
        return ("not", found) if op == "not in" else found
    if op in ("==", "!="):
        for a, b in ((left, right), (right, left)):
            literal, field = py_strings.decoded_string(a), _field(b, items, paths)
            if literal is not None and field is not None:
                same: Condition = ("equals", field, literal)
                return ("not", same) if op == "!=" else same
        return UNKNOWN
    if op in ("is", "is not") and text(right) == "None" and left.type == "call":
        marker = _predicate(left, items, paths)
        if marker[0] == "marker":
            return marker if op == "is not" else ("not", marker)
    return UNKNOWN


def _predicate(node: ts.Node, items: set[str], paths: set[str]) -> Condition:
    callee = node.child_by_field_name("function")
    if callee is None or callee.type != "attribute":
        return UNKNOWN
    method = text(callee.child_by_field_name("attribute"))
    target = callee.child_by_field_name("object")
    args = node.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    literal = py_strings.decoded_string(first)
    if method in ("get_closest_marker", "get_marker") and target is not None:
        if text(target) in items and literal is not None:
            return ("marker", literal)
        return UNKNOWN
    if method in ("startswith", "endswith") and target is not None and literal is not None:
        field = _field(target, items, paths)
        if field is not None:
            return (method, field, literal)
    return UNKNOWN


def _field(node: ts.Node, items: set[str], paths: set[str]) -> str | None:
    """Which string of the item ``node`` is: its name, node id, path, file name, keywords."""
    node = unwrap(node)
    if node.type == "identifier" and text(node) in paths:
        return "path"
    if node.type == "call" and text(node.child_by_field_name("function")) == "str":
        args = node.child_by_field_name("arguments")
        inner = args.named_children if args is not None else []
        field = _field(inner[0], items, paths) if len(inner) == 1 else None
        return field if field in ("path", "filename") else None
    if node.type != "attribute":
        return None
    target = node.child_by_field_name("object")
    attr = text(node.child_by_field_name("attribute"))
    if target is None:
        return None
    if text(target) in items:
        return _FIELDS.get(attr) or ("path" if attr in _PATH_ATTRS else None)
    inner = _field(target, items, paths)
    if inner == "path":
        return (
            "filename" if attr in ("name", "basename") else ("path" if attr == "strpath" else None)
        )
    return None


def _identifiers(node: ts.Node) -> list[ts.Node]:
    stack, found = [node], []
    while stack:
        current = stack.pop()
        if current.type == "identifier":
            found.append(current)
        stack.extend(current.named_children)
    return found
