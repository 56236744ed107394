"""A Python condition's syntax tree lowered to the shapes ``common/env_conditions`` reads."""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.env_conditions import Cond
from .strings import decoded_string

_SEQUENCES = frozenset({"tuple", "list", "set"})
_NAMES = frozenset({"identifier", "attribute"})


def _operands(node: ts.Node) -> list[ts.Node]:
    return [c for c in node.named_children if c.type != "comment"]


def lower_condition(node: ts.Node | None) -> Cond:
    """The condition ``node`` spells, parentheses and comments left out."""
    if node is None:
        return Cond("other")
    kind = node.type
    operands = _operands(node)
    if kind == "parenthesized_expression" and len(operands) == 1:
        return lower_condition(operands[0])
    if kind == "not_operator":
        return Cond("not", parts=(lower_condition(node.child_by_field_name("argument")),))
    if kind == "comparison_operator" and len(operands) == 2:
        operator = " ".join(T.squash(c) for c in node.children if not c.is_named)
        return Cond(
            "compare",
            " ".join(operator.split()),
            (lower_condition(operands[0]), lower_condition(operands[1])),
        )
    if kind == "call":
        arguments = node.child_by_field_name("arguments")
        positional = [
            a
            for a in (_operands(arguments) if arguments is not None else [])
            if a.type not in ("keyword_argument", "dictionary_splat", "list_splat")
        ]
        return Cond(
            "call",
            _dotted(node.child_by_field_name("function")),
            tuple(lower_condition(a) for a in positional),
        )
    if kind in _NAMES:
        return Cond("name", _dotted(node))
    if kind == "subscript":
        keys = [c for c in node.children_by_field_name("subscript") if c.type != "comment"]
        return Cond(
            "index",
            _dotted(node.child_by_field_name("value")),
            tuple(lower_condition(k) for k in keys),
        )
    if kind in ("true", "false"):
        return Cond("bool", kind)
    if kind in _SEQUENCES:
        return Cond("sequence", parts=tuple(lower_condition(c) for c in operands))
    value = decoded_string(node)
    if value is not None:
        return Cond("string", value)
    return Cond("other")


def _dotted(node: ts.Node | None) -> str:
    """``os.environ.get``, ``platform.system().startswith``: the expression without blanks
    or comments."""
    if node is None:
        return ""
    if node.type == "attribute":
        inner = node.child_by_field_name("object")
        attribute = node.child_by_field_name("attribute")
        return f"{_dotted(inner)}.{T.text(attribute)}"
    if node.type == "call":
        return f"{_dotted(node.child_by_field_name('function'))}()"
    if node.type == "parenthesized_expression" and len(_operands(node)) == 1:
        return _dotted(_operands(node)[0])
    return "".join(T.text(node).split())
