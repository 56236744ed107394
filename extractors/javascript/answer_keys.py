"""The literal keys an answer is chosen by, one input or a combination of inputs.

``if (x === 3)`` and ``case 3:`` under ``switch (x)`` compare one name; ``if (a === 2 && b
=== 3)`` compares several at once, and ``switch (`${a},${b}`)`` / ``if (a + ':' + b ===
'2:3')`` compare a string joined from several names with a joined literal. A reader gives
``[(names, literal), ...]``: the names one literal is compared with (one name, or every
name a joined string reads), in the order written; None for any other condition.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.adapter import Case, Pairs
from ..common.literals import js_literal
from ..common.walk import enclosing, inside
from .model import strip

_EQUALS = frozenset({"==", "==="})


def subject_names(node: ts.Node | None) -> tuple[str, ...]:
    """The names a compared value stands for: a name, or the names a string joined from
    names and literals reads (a template string, a ``+`` concatenation, ``[a, b].join()``);
    () for anything else."""
    node = strip(node)
    if node is None:
        return ()
    if node.type == "identifier":
        return (T.text(node),)
    joined = node.type == "template_string" or (
        node.type == "binary_expression" and T.text(node.child_by_field_name("operator")) == "+"
    )
    if node.type == "call_expression":
        function = node.child_by_field_name("function")
        joined = function is not None and T.squash(function).endswith("].join")
    if not joined:
        return ()
    names: list[str] = []
    for n in inside(node, frozenset()):
        parent = n.parent
        member = parent is not None and parent.type == "member_expression"
        if n.type == "identifier" and not member and T.text(n) not in names:
            names.append(T.text(n))
    return tuple(names) if len(names) > 1 else ()


def _equality(node: ts.Node) -> Pairs | None:
    if T.text(node.child_by_field_name("operator")) not in _EQUALS:
        return None
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    for subject, other in ((left, right), (right, left)):
        names, key = subject_names(subject), js_literal(other)
        if names and key is not None:
            return [(names, key)]
    return None


def condition_pairs(condition: ts.Node | None) -> Pairs | None:
    """The (names, literal) pairs a condition requires all at once: one equality, or a
    conjunction (``&&``) of them."""
    condition = strip(condition)
    if condition is None or condition.type != "binary_expression":
        return None
    operator = T.text(condition.child_by_field_name("operator"))
    if operator == "&&":
        left = condition_pairs(condition.child_by_field_name("left"))
        right = condition_pairs(condition.child_by_field_name("right"))
        return left + right if left is not None and right is not None else None
    return _equality(condition)


def case_pairs(case: ts.Node) -> Case:
    """The key of ``case K:`` under ``switch (x)`` or under a switch on a string joined from
    several names (``switch (`${a},${b}`)``), and the statement after the key."""
    switch = enclosing(case, frozenset({"switch_statement"}))
    names = subject_names(switch.child_by_field_name("value")) if switch is not None else ()
    key = js_literal(case.child_by_field_name("value"))
    body = [c for c in case.named_children if c.type != "comment"][1:]
    answering = body[0] if body else None
    return ([(names, key)] if names and key is not None else None), answering
