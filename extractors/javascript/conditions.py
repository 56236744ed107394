"""A JS/TS condition's syntax tree lowered to the shapes ``common/env_conditions`` reads."""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.env_conditions import Cond
from .strings import decoded_string

# Expressions that only wrap another: ``(x)``, ``x!``, ``x as T``, ``x satisfies T``.
_WRAPPERS = frozenset(
    {"parenthesized_expression", "non_null_expression", "as_expression", "satisfies_expression"}
)
_COMPARISONS = frozenset({"==", "===", "!=", "!==", "in"})
_NAMES = frozenset({"identifier", "member_expression", "meta_property", "this"})


def _operands(node: ts.Node) -> list[ts.Node]:
    return [c for c in node.named_children if c.type != "comment"]


def lower_condition(node: ts.Node | None) -> Cond:
    """The condition ``node`` spells, parentheses, type assertions and comments left out."""
    if node is None:
        return Cond("other")
    kind = node.type
    operands = _operands(node)
    if kind in _WRAPPERS and operands:
        return lower_condition(operands[0])
    if kind == "unary_expression" and T.text(node.child_by_field_name("operator")) == "!":
        return Cond("not", parts=(lower_condition(node.child_by_field_name("argument")),))
    if kind == "binary_expression":
        operator = T.text(node.child_by_field_name("operator"))
        if operator not in _COMPARISONS:
            return Cond("other")
        sides = (node.child_by_field_name("left"), node.child_by_field_name("right"))
        return Cond("compare", operator, tuple(lower_condition(s) for s in sides))
    if kind == "call_expression":
        arguments = node.child_by_field_name("arguments")
        positional = _operands(arguments) if arguments is not None else []
        callee = _dotted(node.child_by_field_name("function"))
        return Cond("call", callee, tuple(lower_condition(a) for a in positional))
    if kind in _NAMES:
        return Cond("name", _dotted(node))
    if kind == "subscript_expression":
        index = node.child_by_field_name("index")
        return Cond("index", _dotted(node.child_by_field_name("object")), (lower_condition(index),))
    if kind in ("true", "false"):
        return Cond("bool", kind)
    if kind == "array":
        return Cond("sequence", parts=tuple(lower_condition(c) for c in operands))
    value = decoded_string(node)
    if value is not None:
        return Cond("string", value)
    return Cond("other")


def _dotted(node: ts.Node | None) -> str:
    """``process.env.CI``, ``os.platform().startsWith``: the expression without blanks,
    comments or optional chaining."""
    if node is None:
        return ""
    if node.type in _WRAPPERS and _operands(node):
        return _dotted(_operands(node)[0])
    if node.type == "member_expression":
        inner = node.child_by_field_name("object")
        return f"{_dotted(inner)}.{T.text(node.child_by_field_name('property'))}"
    if node.type == "call_expression":
        return f"{_dotted(node.child_by_field_name('function'))}()"
    return "".join(T.text(node).split())
