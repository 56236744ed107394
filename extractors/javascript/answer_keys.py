"""The literal keys an answer is chosen by, one input or a combination of inputs.

``if (x === 3)`` and ``case 3:`` under ``switch (x)`` compare one name; ``if (a === 2 && b
=== 3)`` compares several at once, and ``switch (`${a},${b}`)`` / ``if (a + ':' + b ===
'2:3')`` compare a string joined from several names with a joined literal, ``switch
(prices.join(","))`` one array input rendered as a string. A reader gives
``[(names, literal), ...]``: the names one literal is compared with (one name, or every
name a joined string reads), in the order written; None for any other condition.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.adapter import Case, Entry, Pairs
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
    rendered = _rendered(node)
    if rendered:
        return (rendered,)
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


def _rendered(node: ts.Node) -> str:
    """The one name a string is rendered from as a whole: ``prices.join(",")``,
    ``prices.toString()``, ``String(prices)``, `` `${prices}` `` (an array input's elements
    joined, which the answer-table rule compares with a test's array rendered alike)."""
    if node.type == "template_string":
        parts = [c for c in node.named_children if c.type == "template_substitution"]
        whole = len(parts) == 1 and T.text(node) == f"`{T.text(parts[0])}`"
        value = strip(parts[0].named_children[0]) if whole and parts[0].named_children else None
        return T.text(value) if value is not None and value.type == "identifier" else ""
    if node.type != "call_expression":
        return ""
    function = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    if function is not None and function.type == "identifier" and T.text(function) == "String":
        value = strip(values[0]) if len(values) == 1 else None
        return T.text(value) if value is not None and value.type == "identifier" else ""
    if function is None or function.type != "member_expression":
        return ""
    owner = strip(function.child_by_field_name("object"))
    method = T.text(function.child_by_field_name("property"))
    if owner is None or owner.type != "identifier" or method not in ("join", "toString"):
        return ""
    return T.text(owner) if len(values) <= (1 if method == "join" else 0) else ""


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


# Calls that build a table from ``[key, value]`` rows: ``new Map(rows)``,
# ``Object.fromEntries(rows)``.
_ROW_TABLES = frozenset({"Map", "Object.fromEntries"})


def _rows(node: ts.Node) -> list[Entry] | None:
    """The ``[key, value]`` rows of ``new Map([...])`` or ``Object.fromEntries([...])``."""
    new = node.type == "new_expression"
    callee = node.child_by_field_name("constructor" if new else "function")
    if callee is None or T.squash(callee) not in _ROW_TABLES or (T.squash(callee) == "Map") != new:
        return None
    arguments = node.child_by_field_name("arguments")
    args = [a for a in arguments.named_children if a.type != "comment"] if arguments else []
    array = strip(args[0]) if len(args) == 1 else None
    if array is None or array.type != "array":
        return None
    rows = [r for r in array.named_children if r.type != "comment"]
    entries: list[Entry] = []
    for row in rows:
        cells = [c for c in row.named_children if c.type != "comment"]
        if row.type != "array" or len(cells) != 2:
            return None
        entries.append((row, cells[0], cells[1]))
    return entries or None


def table_entries(node: ts.Node) -> list[Entry] | None:
    """(entry, key, value) of an object literal's pairs or of a table built from rows."""
    if node.type != "object":
        return _rows(node) if node.type in ("new_expression", "call_expression") else None
    pairs = [c for c in node.named_children if c.type != "comment"]
    if not pairs or any(p.type != "pair" for p in pairs):
        return None
    return [(p, p.child_by_field_name("key"), p.child_by_field_name("value")) for p in pairs]
