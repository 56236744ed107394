"""Python string forms: the one reader of string text for every extractor.

Two forms, each written once:

- **as written** (``string_text``, ``literal_string``): the content between the quotes with
  escape sequences kept as written (``"\\n"`` is backslash and n), the form facts carry and
  reports print;
- **pieces** (``template_pieces``): an f-string's text around its replacement fields;
- **decoded** (``decoded_string``): the value Python computes (``"\\n"`` a newline, ``r``
  prefixes honoured), the form a setting is compared in.

``literal_string``/``decoded_string`` read a constant string expression: a literal in any
quoting (``'a'``, ``"a"``, triple quotes, ``r``/``b``/``u`` prefixes, an f-string without a
replacement field), an implicit or ``+`` concatenation of such, in parentheses or not.
"""

from __future__ import annotations

import ast

import tree_sitter as ts

from ..common import treesitter as T


def string_text(node: ts.Node) -> str | None:
    """The content of a string literal or an implicit concatenation of literals as written;
    None for anything else or a string with a replacement field."""
    if node.type == "concatenated_string":
        parts = [string_text(c) for c in node.named_children]
        return None if any(p is None for p in parts) else "".join(p or "" for p in parts)
    if node.type != "string":
        return None
    if any(c.type == "interpolation" for c in node.named_children):
        return None
    return "".join(T.text(c) for c in node.named_children if c.type == "string_content")


def template_pieces(node: ts.Node) -> list[str | None]:
    """The text pieces of an f-string as written, None where a replacement field stands."""
    pieces: list[str | None] = []
    for child in node.named_children:
        if child.type == "string_content":
            pieces.append(T.text(child))
        elif child.type == "interpolation":
            pieces.append(None)
    return pieces


def _unwrapped(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        node = inner[0] if len(inner) == 1 else None
    return node


def _decoded_literal(node: ts.Node) -> str | None:
    if string_text(node) is None:
        return None
    try:
        value = ast.literal_eval(T.text(node))
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def _constant(node: ts.Node | None, decoded: bool) -> str | None:
    node = _unwrapped(node)
    if node is None:
        return None
    if node.type in ("string", "concatenated_string"):
        return _decoded_literal(node) if decoded else string_text(node)
    if node.type == "binary_operator" and T.text(node.child_by_field_name("operator")) == "+":
        left = _constant(node.child_by_field_name("left"), decoded)
        right = _constant(node.child_by_field_name("right"), decoded)
        return left + right if left is not None and right is not None else None
    return None


def literal_string(node: ts.Node | None) -> str | None:
    """The constant text of a string expression without names, as written; else None."""
    return _constant(node, decoded=False)


def decoded_string(node: ts.Node | None) -> str | None:
    """The value of a string expression without names (bytes are no string); else None."""
    return _constant(node, decoded=True)


def module_relative_string(node: ts.Node | None) -> str | None:
    """A string literal whose only replacement fields name the module itself:
    ``f"{__name__}.fetch"`` reads as ``__name__.fetch`` (a patch target in the same module);
    a plain literal as written; else None."""
    if node is None or node.type != "string":
        return None
    parts: list[str] = []
    for child in node.named_children:
        if child.type == "string_content":
            parts.append(T.text(child))
        elif child.type == "interpolation":
            inner = child.named_children[0] if child.named_children else None
            if inner is None or T.text(inner) != "__name__":
                return None
            parts.append("__name__")
    return "".join(parts)


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
