"""JavaScript/TypeScript string forms: the one reader of string text for every extractor.

Two forms, each written once:

- **as written** (``string_text``, ``literal_string``): the text between the quotes with
  escape sequences kept as written (``'a\\nb'`` is ``a``, backslash, ``n``, ``b``), the form
  facts carry and reports print;
- **source** (``template_source``): a template's text with its ``${}`` as written;
- **pieces** (``template_pieces``): a template's text around its ``${}`` holes;
- **decoded** (``decoded_string``): the value the program sees at run time (``\\n`` a newline,
  ``\\u00e9`` an é), the form a setting is compared in.

``literal_string``/``decoded_string`` read a constant string expression: a literal in
either quote style, a template literal without ``${}``, a ``+`` concatenation of such, in
parentheses or behind a TypeScript cast.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from .module_bindings import module_declarators

_TRANSPARENT = ("parenthesized_expression", "as_expression", "satisfies_expression")
_PIECES = ("string_fragment", "escape_sequence")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def string_text(node: ts.Node) -> str:
    """The text of a string or template literal node as written, between its quotes
    (a template's ``${}`` substitutions left out)."""
    return "".join(T.text(c) for c in node.named_children if c.type in _PIECES)


def template_pieces(node: ts.Node) -> list[str | None]:
    """The text pieces of a template literal as written, None where a ``${}`` stands."""
    pieces: list[str | None] = []
    for child in node.named_children:
        if child.type in _PIECES:
            pieces.append(T.text(child))
        elif child.type == "template_substitution":
            pieces.append(None)
    return pieces


def template_source(node: ts.Node) -> str:
    """The text between a template literal's backticks as written, ``${}`` substitutions
    included: the written form of a value filled in per case (`via ${name}`)."""
    raw = T.text(node)
    return raw[1:-1] if len(raw) >= 2 else ""


def decode_escape(escape: str) -> str:
    """The character(s) one escape sequence (``\\n``, ``\\x41``, ``\\u{1F600}``) stands for;
    a line continuation is nothing, an unknown escape its character."""
    body = escape[1:]
    if body in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[body]
    if body[:1] in ("\n", "\r"):
        return ""
    hex_digits = body[2:-1] if body.startswith("u{") else body[1:]
    if body[:1] in ("x", "u") and hex_digits:
        try:
            return chr(int(hex_digits, 16))
        except ValueError:
            return body
    return body


def _constant(node: ts.Node | None, decoded: bool) -> str | None:
    while node is not None and node.type in _TRANSPARENT:
        inner = [c for c in node.named_children if c.type != "comment"]
        node = inner[0] if inner else None
    if node is None:
        return None
    if node.type in ("string", "template_string"):
        parts = node.named_children
        if any(c.type not in _PIECES for c in parts):
            return None  # a ``${}`` substitution
        if not decoded:
            return string_text(node)
        return "".join(
            decode_escape(T.text(c)) if c.type == "escape_sequence" else T.text(c) for c in parts
        )
    if node.type == "binary_expression" and T.text(node.child_by_field_name("operator")) == "+":
        left = _constant(node.child_by_field_name("left"), decoded)
        right = _constant(node.child_by_field_name("right"), decoded)
        return left + right if left is not None and right is not None else None
    return None


def literal_string(node: ts.Node | None) -> str | None:
    """The constant text of a string expression without names, as written; else None."""
    return _constant(node, decoded=False)


def decoded_string(node: ts.Node | None) -> str | None:
    """The run-time value of a string expression without names; else None."""
    return _constant(node, decoded=True)


def module_string_names(root: ts.Node) -> dict[str, ts.Node]:
    """Name -> value of each ``const NAME = <string expression>`` at the top of the program
    (exported or not)."""
    return {
        d.name: d.value
        for d in module_declarators(root)
        if d.constant and d.value is not None and literal_string(d.value) is not None
    }
