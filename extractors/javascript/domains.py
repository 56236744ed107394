"""Closed domains and the program's own words, for the answers reader (judges nothing).

A parameter's declared type is a closed domain when it lists its values: a union of literal
types (``status: "ready" | "error"``), a type alias of one declared in the file (``type
Provider = "klipy" | "tenor"``), a string or numeric ``enum`` of the file, or a
``Record<Provider, V>`` table's key type. The words a file produces are its string literals
written as values (returned, assigned, a field's value, an argument), not compared with,
switched on, used as a key, a type or an import source.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.literals import js_literal

_EQUALS = frozenset({"==", "===", "!=", "!=="})
# Places a string literal is not a value the program produces.
_NOT_PRODUCED = frozenset(
    {
        "literal_type",
        "switch_case",
        "import_statement",
        "export_statement",
        "pair_pattern",
        "index_signature",
        "subscript_expression",
    }
)


def _declarations(root: ts.Node, name: str) -> list[ts.Node]:
    """The file's top-level ``type name = ...`` and ``enum name {...}`` declarations."""
    found = []
    for node in root.named_children:
        inner = node.named_children[-1] if node.type == "export_statement" else node
        if inner is None or inner.type not in ("type_alias_declaration", "enum_declaration"):
            continue
        named = inner.child_by_field_name("name")
        if named is not None and T.text(named) == name:
            found.append(inner)
    return found


def type_literals(node: ts.Node | None, root: ts.Node, depth: int = 3) -> tuple[str, ...]:
    """The literals a type lists, () when it admits other values (``string``, an object)."""
    if node is None or depth == 0:
        return ()
    if node.type in ("type_annotation", "parenthesized_type"):
        return type_literals(node.named_children[-1] if node.named_children else None, root, depth)
    if node.type == "literal_type":
        literal = js_literal(node.named_children[0] if node.named_children else None)
        return (literal,) if literal is not None else ()
    if node.type == "union_type":
        members = [type_literals(c, root, depth) for c in node.named_children]
        return tuple(v for m in members for v in m) if all(members) else ()
    if node.type == "type_identifier":
        for declared in _declarations(root, T.text(node)):
            if declared.type == "type_alias_declaration":
                return type_literals(declared.child_by_field_name("value"), root, depth - 1)
            return _enum_values(declared)
    return ()


def _enum_values(enum: ts.Node) -> tuple[str, ...]:
    """The initialisers of an enum whose every member is initialised with a literal."""
    body = enum.child_by_field_name("body")
    members = [c for c in body.named_children if c.type != "comment"] if body else []
    values = [
        js_literal(m.child_by_field_name("value")) if m.type == "enum_assignment" else None
        for m in members
    ]
    return tuple(v for v in values if v is not None) if members and all(values) else ()


def parameter_domain(fn: ts.Node, name: str) -> tuple[str, ...]:
    """The literals of the declared type of ``fn``'s parameter ``name``, () when open."""
    params = fn.child_by_field_name("parameters")
    root = fn
    while root.parent is not None:
        root = root.parent
    for param in params.named_children if params is not None else []:
        pattern = param.child_by_field_name("pattern")
        if pattern is not None and pattern.type == "identifier" and T.text(pattern) == name:
            return type_literals(param.child_by_field_name("type"), root)
    return ()


def table_domain(table: ts.Node) -> tuple[str, ...]:
    """The key literals of a table's declared ``Record<K, V>`` type, () when open."""
    parent = table.parent
    while parent is not None and parent.type in ("as_expression", "satisfies_expression"):
        parent = parent.parent
    if parent is None or parent.type != "variable_declarator":
        return ()
    annotation = parent.child_by_field_name("type")
    declared = annotation.named_children[-1] if annotation and annotation.named_children else None
    if declared is None or declared.type != "generic_type":
        return ()
    named, arguments = (
        declared.child_by_field_name("name"),
        declared.child_by_field_name("type_arguments"),
    )
    if named is None or T.text(named) != "Record" or arguments is None:
        return ()
    root = table
    while root.parent is not None:
        root = root.parent
    first = arguments.named_children[0] if arguments.named_children else None
    return type_literals(first, root)


def produced(node: ts.Node) -> bool:
    """Whether a string literal is a value the program writes rather than compares with."""
    parent = node.parent
    if parent is None or parent.type in _NOT_PRODUCED or parent.type == "expression_statement":
        return False
    if parent.type == "binary_expression":
        return T.text(parent.child_by_field_name("operator")) not in _EQUALS
    if parent.type == "pair":
        return parent.child_by_field_name("key") != node
    return parent.type != "switch_statement"
