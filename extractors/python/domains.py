"""Closed domains and the program's own words, for the answers reader (judges nothing).

A parameter's declared type is a closed domain when it lists its values: ``Literal["a",
"b"]`` (also ``typing.Literal``, a union of them), a module-level alias of one (``Status =
Literal[...]``, ``Status: TypeAlias = ...``, ``type Status = ...``), or an ``Enum`` class of
the module whose members are literals. The words a module produces are its string literals
written as values (returned, assigned, an argument, a dict's value), not compared with,
matched on, used as a key, an annotation or a docstring.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.literals import py_literal
from .model import base_nodes

_ENUMS = frozenset({"Enum", "StrEnum", "IntEnum", "enum.Enum", "enum.StrEnum", "enum.IntEnum"})
_COMPARED = frozenset({"comparison_operator", "case_pattern", "type", "subscript"})


def _literal_subscripts(node: ts.Node) -> list[ts.Node] | None:
    """The arguments of ``Literal[...]`` (a type or an expression), None for another node."""
    if node.type == "generic_type":
        head = node.named_children[0] if node.named_children else None
        params = node.named_children[1] if len(node.named_children) > 1 else None
        if head is None or T.text(head).rsplit(".", 1)[-1] != "Literal" or params is None:
            return None
        return [c.named_children[0] if c.type == "type" else c for c in params.named_children]
    if node.type == "subscript":
        value = node.child_by_field_name("value")
        if value is None or T.text(value).rsplit(".", 1)[-1] != "Literal":
            return None
        return node.children_by_field_name("subscript")
    return None


def _module_binding(root: ts.Node, name: str) -> ts.Node | None:
    """The value a module-level alias or ``Enum`` class ``name`` is declared with."""
    for node in root.named_children:
        if node.type == "class_definition" and T.text(node.child_by_field_name("name")) == name:
            return node
        if node.type == "type_alias_statement":
            parts = node.named_children
            if len(parts) == 2 and T.text(parts[0]) == name:
                return parts[1]
        inner = node.named_children[0] if node.type == "expression_statement" else None
        if inner is not None and inner.type == "assignment":
            left = inner.child_by_field_name("left")
            if left is not None and T.text(left) == name:
                return inner.child_by_field_name("right")
    return None


def _enum_values(cls: ts.Node) -> tuple[str, ...]:
    if not {T.text(b) for b in base_nodes(cls)} & _ENUMS:
        return ()
    body = cls.child_by_field_name("body")
    values: list[str | None] = []
    for statement in body.named_children if body is not None else []:
        inner = statement.named_children[0] if statement.named_children else None
        if statement.type == "expression_statement" and inner and inner.type == "assignment":
            values.append(py_literal(inner.child_by_field_name("right")))
    return tuple(v for v in values if v is not None) if values and all(values) else ()


def type_literals(node: ts.Node | None, root: ts.Node, depth: int = 3) -> tuple[str, ...]:
    """The literals a type lists, () when it admits other values."""
    if node is None or depth == 0:
        return ()
    if node.type == "type":
        return type_literals(node.named_children[0] if node.named_children else None, root, depth)
    subscripts = _literal_subscripts(node)
    if subscripts is not None:
        values = [py_literal(s) for s in subscripts]
        return tuple(v for v in values if v is not None) if values and all(values) else ()
    if node.type == "binary_operator" and T.text(node.child_by_field_name("operator")) == "|":
        left = type_literals(node.child_by_field_name("left"), root, depth)
        right = type_literals(node.child_by_field_name("right"), root, depth)
        return left + right if left and right else ()
    if node.type == "identifier":
        bound = _module_binding(root, T.text(node))
        if bound is not None and bound.type == "class_definition":
            return _enum_values(bound)
        return type_literals(bound, root, depth - 1)
    return ()


def parameter_domain(fn: ts.Node, name: str) -> tuple[str, ...]:
    """The literals of the declared type of ``fn``'s parameter ``name``, () when open."""
    params = fn.child_by_field_name("parameters")
    root = fn
    while root.parent is not None:
        root = root.parent
    for param in params.named_children if params is not None else []:
        if param.type not in ("typed_parameter", "typed_default_parameter"):
            continue
        named = param.child_by_field_name("name") or (
            param.named_children[0] if param.named_children else None
        )
        if named is not None and T.text(named) == name:
            return type_literals(param.child_by_field_name("type"), root)
    return ()


def table_domain(table: ts.Node) -> tuple[str, ...]:
    """The key literals of a table annotated ``dict[Literal[...], V]``, () when open."""
    parent = table.parent
    if parent is None or parent.type != "assignment":
        return ()
    annotation = parent.child_by_field_name("type")
    declared = annotation.named_children[0] if annotation and annotation.named_children else None
    if declared is None or declared.type != "generic_type" or len(declared.named_children) < 2:
        return ()
    if T.text(declared.named_children[0]).rsplit(".", 1)[-1] not in ("dict", "Dict", "Mapping"):
        return ()
    root = table
    while root.parent is not None:
        root = root.parent
    args = declared.named_children[1].named_children
    return type_literals(args[0], root) if args else ()


def produced(node: ts.Node) -> bool:
    """Whether a string literal is a value the program writes rather than compares with or
    keys by (also as a member of a tuple or list compared or used as a key)."""
    child, parent = node, node.parent
    while parent is not None and parent.type in (
        "tuple",
        "list",
        "set",
        "parenthesized_expression",
    ):
        child, parent = parent, parent.parent
    if parent is None or parent.type in _COMPARED or parent.type == "expression_statement":
        return False
    if parent.type == "pair":
        return parent.child_by_field_name("key") != child
    return parent.type != "concatenated_string"
