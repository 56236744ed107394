"""What a function hands back: its ``return <value>`` statements and returned values,
written once over the language's ``BehaviourSyntax``.

An expression-bodied function (``lambda: x``, ``() => x``) returns its body; a nested
function's returns are its own, never the enclosing one's.
"""

from __future__ import annotations

import tree_sitter as ts

from ..facts.impl import OverrideReturn
from .adapter import BehaviourSyntax
from .walk import inside


def returned_value(node: ts.Node) -> ts.Node | None:
    """The value of a ``return`` statement, or None for a bare ``return``."""
    values = [c for c in node.named_children if c.type != "comment"]
    return values[0] if values else None


def value_returns(block: ts.Node | None, syntax: BehaviourSyntax) -> list[ts.Node]:
    """``return <value>`` statements inside ``block`` (or ``block`` itself when it is one),
    nested functions excluded."""
    if block is None:
        return []
    own = [block] if block.type == "return_statement" else []
    return [
        n
        for n in [*own, *inside(block, syntax.nested)]
        if n.type == "return_statement" and returned_value(n) is not None
    ]


def returned_values(fn: ts.Node, syntax: BehaviourSyntax) -> list[ts.Node | None]:
    """The values ``fn`` may return: its body when that is an expression, else the value of
    each ``return`` in it."""
    body = fn.child_by_field_name("body")
    if body is not None and body.type not in syntax.blocks:
        return [body]
    return [returned_value(r) for r in value_returns(body, syntax)]


def first_return(node: ts.Node | None, syntax: BehaviourSyntax) -> str | None:
    """The literal the statement ``node`` returns when it is a ``return``, or a block whose
    first statement is one (``if (x) return 1;``, ``if x: return 1``)."""
    if node is not None and node.type in syntax.blocks:
        statements = [c for c in node.named_children if c.type != "comment"]
        node = statements[0] if statements else None
    if node is None or node.type != "return_statement":
        return None
    return syntax.literal(returned_value(node))


def return_word(value: ts.Node | None, syntax: BehaviourSyntax) -> OverrideReturn:
    """What a returned value gives, for the equality-hook facts: ``true``, ``false``,
    ``none`` (also a bare ``return``), another ``literal``, or ``other``."""
    literal = syntax.literal(value)
    if literal in ("b:true", "b:false"):
        return "true" if literal == "b:true" else "false"
    if literal == "none" or value is None:
        return "none"
    return "literal" if literal is not None else "other"
