"""The literal keys an answer is chosen by, one input or a combination of inputs.

``if x == 3``, ``case 3`` under ``match x`` compare one name; ``if a == 2 and b == 3``,
``if (a, b) == (2, 3)``, ``case (2, 3)`` under ``match (a, b)`` compare several at once.
Each reader gives ``[((name,), literal), ...]`` in the order written, or None when the
condition compares anything but names with literals.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.adapter import Case, Entry, Pairs
from ..common.literals import py_literal
from ..common.walk import enclosing

_SEQUENCES = frozenset({"tuple", "list", "expression_list"})
_SEQUENCE_PATTERNS = frozenset({"tuple_pattern", "list_pattern"})


def _unwrap(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    return node


def _equality(node: ts.Node) -> Pairs | None:
    """``x == K`` (either side), or ``(a, b) == (2, 3)`` element by element."""
    operators = [T.text(c) for c in node.children if not c.is_named]
    if operators != ["=="] or len(node.named_children) != 2:
        return None
    left, right = (_unwrap(c) for c in node.named_children)
    if left is None or right is None:
        return None
    if left.type in _SEQUENCES and right.type in _SEQUENCES:
        lefts, rights = left.named_children, right.named_children
        if len(lefts) != len(rights):
            return None
        found: Pairs = []
        for a, b in zip(lefts, rights, strict=True):
            pair = _pair(a, b)
            if pair is None:
                return None
            found.append(pair)
        return found
    pair = _pair(left, right)
    return [pair] if pair is not None else None


def _pair(left: ts.Node, right: ts.Node) -> tuple[tuple[str, ...], str] | None:
    if left.type == "identifier" and (key := py_literal(right)) is not None:
        return (T.text(left),), key
    if right.type == "identifier" and (key := py_literal(left)) is not None:
        return (T.text(right),), key
    return None


def condition_pairs(condition: ts.Node | None) -> Pairs | None:
    """The (name, literal) pairs a condition requires all at once: one equality, or a
    conjunction (``and``) of them."""
    condition = _unwrap(condition)
    if condition is None:
        return None
    if condition.type == "comparison_operator":
        return _equality(condition)
    if condition.type == "boolean_operator":
        operator = condition.child_by_field_name("operator")
        if operator is None or T.text(operator) != "and":
            return None
        left = condition_pairs(condition.child_by_field_name("left"))
        right = condition_pairs(condition.child_by_field_name("right"))
        return left + right if left is not None and right is not None else None
    return None


def _match_subjects(match: ts.Node) -> list[str] | None:
    """The names ``match a`` / ``match a, b`` / ``match (a, b)`` compares, None for others."""
    subjects = [
        c for c in match.named_children if c.type not in ("block", "comment") and c.is_named
    ]
    if len(subjects) == 1:
        only = _unwrap(subjects[0])
        subjects = (
            list(only.named_children) if only is not None and only.type in _SEQUENCES else [only]
        )
    if not subjects or any(s is None or s.type != "identifier" for s in subjects):
        return None
    return [T.text(s) for s in subjects if s is not None]


def _case_keys(case: ts.Node) -> list[str] | None:
    """The literals of ``case K``, ``case K1, K2`` or ``case (K1, K2)``/``[K1, K2]``."""
    patterns = [c for c in case.named_children if c.type == "case_pattern"]
    if len(patterns) == 1:
        inner = patterns[0].named_children
        if len(inner) == 1 and inner[0].type in _SEQUENCE_PATTERNS:
            patterns = [c for c in inner[0].named_children if c.type == "case_pattern"]
    keys: list[str] = []
    for pattern in patterns:
        inner = pattern.named_children
        key = py_literal(inner[0]) if len(inner) == 1 else None
        if key is None:
            return None
        keys.append(key)
    return keys or None


def case_pairs(case: ts.Node) -> Case:
    """The keys of ``case K`` under ``match x``, or of ``case (K1, K2)`` under ``match (a,
    b)``, and the clause's block."""
    match = enclosing(case, frozenset({"match_statement"}))
    subjects = _match_subjects(match) if match is not None else None
    keys = _case_keys(case)
    answering = case.child_by_field_name("consequence")
    if subjects is None or keys is None or len(subjects) != len(keys):
        return None, answering
    return [((s,), k) for s, k in zip(subjects, keys, strict=True)], answering


def tuple_key(node: ts.Node | None) -> list[str] | None:
    """The literals of a tuple key ``(2, 3)`` of a dict entry."""
    node = _unwrap(node)
    if node is None or node.type != "tuple" or len(node.named_children) < 2:
        return None
    keys = [py_literal(c) for c in node.named_children]
    return None if any(k is None for k in keys) else [k or "" for k in keys]


# Calls that build a dict from ``(key, value)`` rows or from ``zip(keys, values)``.
_ROW_TABLES = frozenset({"dict", "OrderedDict", "collections.OrderedDict"})
_SEQUENCES = frozenset({"list", "tuple"})


def _cells(node: ts.Node | None) -> list[ts.Node]:
    return [c for c in node.named_children if c.type != "comment"] if node is not None else []


def _zipped(call: ts.Node) -> list[Entry] | None:
    """The (key, value) pairs of ``zip([k1, k2], [v1, v2])`` over two literal sequences."""
    if T.text(call.child_by_field_name("function")) != "zip":
        return None
    columns = _cells(call.child_by_field_name("arguments"))
    if len(columns) != 2 or any(c.type not in _SEQUENCES for c in columns):
        return None
    keys, values = _cells(columns[0]), _cells(columns[1])
    if not keys or len(keys) != len(values):
        return None
    return [(k, k, v) for k, v in zip(keys, values, strict=True)]


def _rows(call: ts.Node) -> list[Entry] | None:
    """The entries of ``dict([(k, v), ...])`` or ``dict(zip(keys, values))``."""
    if T.text(call.child_by_field_name("function")) not in _ROW_TABLES:
        return None
    args = _cells(call.child_by_field_name("arguments"))
    if len(args) != 1:
        return None
    if args[0].type == "call":
        return _zipped(args[0])
    if args[0].type not in _SEQUENCES:
        return None
    entries: list[Entry] = []
    for row in _cells(args[0]):
        cells = _cells(row)
        if row.type not in _SEQUENCES or len(cells) != 2:
            return None
        entries.append((row, cells[0], cells[1]))
    return entries or None


def table_entries(node: ts.Node) -> list[Entry] | None:
    """(entry, key, value) of a dict literal's pairs or of a dict built from rows."""
    if node.type != "dictionary":
        return _rows(node) if node.type == "call" else None
    pairs = _cells(node)
    if not pairs or any(p.type != "pair" for p in pairs):
        return None
    return [(p, p.child_by_field_name("key"), p.child_by_field_name("value")) for p in pairs]
