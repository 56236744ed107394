"""Python string forms: the constant text of a string expression, for the semantic model.

A literal in any quoting (``'a'``, ``"a"``, triple quotes, ``r``/``b``/``u`` prefixes, an
f-string without a replacement field), an implicit or ``+`` concatenation of such, in
parentheses or not. Escape sequences stay as written (``"\\n"`` is backslash and n), as
every reader of the facts has always seen them.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T


def literal_string(node: ts.Node | None) -> str | None:
    """The constant text of a string expression without names, else None."""
    while node is not None and node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        node = inner[0] if len(inner) == 1 else None
    if node is None:
        return None
    if node.type in ("string", "concatenated_string"):
        return ir.py_string(node)
    if node.type == "binary_operator" and T.text(node.child_by_field_name("operator")) == "+":
        left = literal_string(node.child_by_field_name("left"))
        right = literal_string(node.child_by_field_name("right"))
        return left + right if left is not None and right is not None else None
    return None


def module_string_names(root: ts.Node) -> dict[str, ts.Node]:
    """Name -> value of each ``NAME = <string expression>`` statement at module level."""
    out: dict[str, ts.Node] = {}
    for statement in root.named_children:
        if statement.type != "expression_statement" or statement.named_child_count != 1:
            continue
        assignment = statement.named_children[0]
        if assignment.type != "assignment":
            continue
        left = assignment.child_by_field_name("left")
        right = assignment.child_by_field_name("right")
        if left is None or left.type != "identifier" or right is None:
            continue
        if literal_string(right) is not None:
            out[T.text(left)] = right
    return out
