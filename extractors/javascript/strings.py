"""JavaScript/TypeScript string forms: the constant text of a string expression.

A literal in either quote style, a template literal without ``${}``, a ``+`` concatenation
of such, in parentheses or behind a TypeScript cast. Escape sequences stay as written.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T

_TRANSPARENT = ("parenthesized_expression", "as_expression", "satisfies_expression")


def literal_string(node: ts.Node | None) -> str | None:
    """The constant text of a string expression without names, else None."""
    while node is not None and node.type in _TRANSPARENT:
        inner = [c for c in node.named_children if c.type != "comment"]
        node = inner[0] if inner else None
    if node is None:
        return None
    if node.type in ("string", "template_string"):
        parts = node.named_children
        if any(c.type not in ("string_fragment", "escape_sequence") for c in parts):
            return None  # a ``${}`` substitution
        return "".join(T.text(c) for c in parts)
    if node.type == "binary_expression" and T.text(node.child_by_field_name("operator")) == "+":
        left = literal_string(node.child_by_field_name("left"))
        right = literal_string(node.child_by_field_name("right"))
        return left + right if left is not None and right is not None else None
    return None


def module_string_names(root: ts.Node) -> dict[str, ts.Node]:
    """Name -> value of each ``const NAME = <string expression>`` at the top of the program
    (exported or not)."""
    out: dict[str, ts.Node] = {}
    for statement in root.named_children:
        if statement.type == "export_statement":
            statement = statement.child_by_field_name("declaration") or statement
        if statement.type != "lexical_declaration" or not T.text(statement).startswith("const"):
            continue
        for declarator in statement.named_children:
            if declarator.type != "variable_declarator":
                continue
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if name is None or name.type != "identifier" or value is None:
                continue
            if literal_string(value) is not None:
                out[T.text(name)] = value
    return out
