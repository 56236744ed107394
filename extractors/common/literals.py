"""Literal values in one normal form for every language, so that a Python test's input
can be compared with a TypeScript table's key: ``n:17``, ``s:text``, ``b:true``, ``none``,
``y:data`` for Python bytes, ``c:3j`` for its complex numbers;
an array or list of literals a test passes in is ``q:`` and the JSON list of its elements'
normal forms (``q:["n:10","n:10"]``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import tree_sitter as ts

from ..facts.integrity import OperandKind
from ..javascript import strings as js_strings
from ..python import strings as py_strings
from . import treesitter as T

# A string a program names things with (a status, a tool, a mode, a route): one token of
# letters, digits and ``_$@./:-``, not free text.
WORD = re.compile(r"[A-Za-z_$@/][\w$@./:-]{1,63}")

_PY_WRAPPERS = {"parenthesized_expression"}
_JS_WRAPPERS = {
    "parenthesized_expression",
    "as_expression",
    "satisfies_expression",
    "non_null_expression",
}


def number_of(normal: str | None) -> int | float | None:
    """The value of a real number's normal form (``n:17`` -> 17, ``n:2.5`` -> 2.5), else
    None: the one way every reader turns a number literal into a value."""
    if normal is None or not normal.startswith("n:"):
        return None
    text = normal[2:]
    try:
        return int(text)
    except ValueError:
        return float(text)


def js_number_text(text: str) -> int | float | None:
    """The value of a JavaScript number literal as written (``1e9``, ``0x7f``, ``1_000``,
    ``10n``), else None."""
    return number_of(_number(text))


def py_number_text(text: str) -> int | float | None:
    """The value of a Python number literal as written (``0o400``, ``1_000``, ``-2.5e3``),
    else None (a complex ``3j`` has no real value)."""
    cleaned = text.replace(" ", "")
    if cleaned[-1:] in ("j", "J"):
        return None
    if cleaned.startswith("-"):
        value = number_of(_number(cleaned[1:]))
        return None if value is None else -value
    return number_of(_number(cleaned))


def _number(text: str) -> str | None:
    cleaned = text.replace("_", "").rstrip("nlLjJ")
    try:
        value = int(cleaned, 0)
    except ValueError:
        try:
            number = float(cleaned)
        except ValueError:
            return None
        if number != number or number in (float("inf"), float("-inf")):
            return None
        return f"n:{int(number)}" if number.is_integer() else f"n:{number!r}"
    return f"n:{value}"


def _negated(value: str | None) -> str | None:
    if value is None or not value.startswith("n:"):
        return None
    body = value[2:]
    return (
        "n:0" if body in ("0", "0.0") else f"n:{body[1:] if body.startswith('-') else '-' + body}"
    )


def py_literal(node: ts.Node | None) -> str | None:
    """The normal form of a Python literal (number, string, bool, None), else None."""
    while node is not None and node.type in _PY_WRAPPERS and node.named_children:
        node = node.named_children[0]
    if node is None:
        return None
    kind = node.type
    if kind in ("integer", "float"):
        written = T.text(node)
        # a complex number (``3j``) is no real one: its own kind, as written
        return f"c:{written.replace('_', '')}" if written[-1:] in ("j", "J") else _number(written)
    if kind == "unary_operator":
        operator = T.text(node.child_by_field_name("operator"))
        inner = py_literal(node.child_by_field_name("argument"))
        if inner is None:
            return None
        if operator == "-":
            return _negated(inner)
        return inner if operator == "+" and inner.startswith("n:") else None
    if kind in ("string", "concatenated_string"):
        # ``f"x"`` without a replacement field is plain text (string_text says None where one
        # stands); bytes are a value of their own kind, never equal to a text.
        value = py_strings.string_text(node)
        if value is None:
            return None
        return f"y:{value}" if "b" in _string_prefix(node).lower() else f"s:{value}"
    if kind in ("true", "false"):
        return f"b:{kind}"
    if kind == "none":
        return "none"
    return None


def _string_prefix(node: ts.Node) -> str:
    """The prefix letters of a Python string (``rb`` of ``rb"x"``); the first part's for an
    implicit concatenation."""
    first = node.named_children[0] if node.type == "concatenated_string" else node
    return T.text(first).split("'", 1)[0].split('"', 1)[0] if first is not None else ""


_KINDS: dict[str, OperandKind] = {
    "n": "number",
    "c": "number",
    "s": "string",
    "y": "string",
    "b": "bool",
}


def literal_kind(normal: str | None) -> OperandKind | None:
    """The operand kind of a normal form: ``n:``/``c:`` number (real, complex), ``s:``/``y:``
    string (text, bytes), ``b:`` bool, ``none``, ``q:`` collection."""
    if normal is None:
        return None
    if normal == "none":
        return "none"
    if normal.startswith("q:"):
        return "collection"
    return _KINDS.get(normal.split(":", 1)[0])


def js_literal(node: ts.Node | None) -> str | None:
    """The normal form of a JS/TS literal (number, string, bool, null/undefined), else None."""
    while node is not None and node.type in _JS_WRAPPERS and node.named_children:
        node = node.named_children[0]
    if node is None:
        return None
    kind = node.type
    if kind == "number":
        return _number(T.text(node))
    if kind == "unary_expression":
        operator = T.text(node.child_by_field_name("operator"))
        if operator == "void":
            return "none"
        inner = js_literal(node.child_by_field_name("argument"))
        if operator == "-":
            return _negated(inner)
        return inner if operator == "+" and inner is not None and inner.startswith("n:") else None
    if kind == "string":
        return f"s:{js_strings.string_text(node)}"
    if kind == "template_string":
        if any(c.type == "template_substitution" for c in node.named_children):
            return None
        return "s:" + js_strings.string_text(node)
    if kind in ("true", "false"):
        return f"b:{kind}"
    if kind in ("null", "undefined"):
        return "none"
    if kind == "identifier" and T.text(node) == "undefined":
        return "none"
    return None


def sequence_literal(
    node: ts.Node | None, literal: Callable[[ts.Node | None], str | None], kinds: frozenset[str]
) -> str | None:
    """The normal form of an array, list or tuple (``kinds``) of literals: ``q:`` and the
    JSON list of the elements' normal forms; None for anything else."""
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    if node is None or node.type not in kinds:
        return None
    items = [literal(c) for c in node.named_children if c.type != "comment"]
    if any(i is None for i in items):
        return None
    return "q:" + json.dumps(items, separators=(",", ":"))
