"""Names bound to a test function through a choice: ``const maybe = cond ? it.skip : it``.

A test file may declare its tests through a local name whose value is one of several
spellings of a test function, picked by a condition (a ternary, ``a || b``, ``a ?? b``,
``cond && it.skip || it``), through a name bound to such a name, or by calling the choice in
place (``(cond ? it.skip : it)('x', fn)``). This module reads those choices as the list of
spellings the name may stand for (``["it.skip", "it"]``), each starting from a name the
caller knows as a test function; the readers decide what a spelling means.
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..common.treesitter import text

# Passes over the file's declarations: a name bound to a name bound to a choice, and so on.
_MAX_HOPS = 4


def _unparen(node: ts.Node) -> ts.Node:
    while node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) != 1:
            return node
        node = inner[0]
    return node


def spelled(node: ts.Node | None) -> str | None:
    """``it.skip`` for a chain of names (``it.skip``, ``test``); None for anything else."""
    if node is None:
        return None
    node = _unparen(node)
    if node.type == "identifier":
        return text(node)
    if node.type == "member_expression":
        head = spelled(node.child_by_field_name("object"))
        prop = node.child_by_field_name("property")
        return f"{head}.{text(prop)}" if head and prop is not None else None
    return None


def branches(node: ts.Node | None) -> list[ts.Node] | None:
    """The expressions a value may evaluate to: both arms of ``c ? a : b``, both sides of
    ``a || b`` and ``a ?? b``, the right side of ``c && a`` (its left is the condition);
    None when one of them is not a chain of names."""
    if node is None:
        return None
    node = _unparen(node)
    if node.type == "ternary_expression":
        one = branches(node.child_by_field_name("consequence"))
        other = branches(node.child_by_field_name("alternative"))
        return one + other if one is not None and other is not None else None
    if node.type == "binary_expression":
        operator = text(node.child_by_field_name("operator"))
        right = branches(node.child_by_field_name("right"))
        if operator == "&&":
            return right
        if operator in ("||", "??"):
            left = branches(node.child_by_field_name("left"))
            return left + right if left is not None and right is not None else None
        return None
    return [node] if spelled(node) is not None else None


def expand(
    value: ts.Node | None, known: Callable[[str], bool], aliases: dict[str, tuple[str, ...]]
) -> tuple[str, ...] | None:
    """The spellings ``value`` may stand for, each from a name ``known`` takes for a test
    function, with names of ``aliases`` replaced by what they stand for; None when some
    branch is not a test function (``cond ? it : noop``)."""
    found = branches(value)
    if not found:
        return None
    out: list[str] = []
    for branch in found:
        written = spelled(branch) or ""
        root, dot, rest = written.partition(".")
        if root in aliases:
            out += [f"{a}{dot}{rest}" for a in aliases[root]]
        elif known(root):
            out.append(written)
        else:
            return None
    return tuple(dict.fromkeys(out))


def choice_aliases(root: ts.Node, known: Callable[[str], bool]) -> dict[str, tuple[str, ...]]:
    """Local names bound (``const``/``let``/``var``) to a test function, to a choice between
    test functions, or to such a name: each with the spellings it may stand for (a name
    bound more than once, with its first value). A name ``known`` already takes for a test
    function keeps its meaning."""
    declared: dict[str, list[ts.Node]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.named_children))
        if node.type != "variable_declarator":
            continue
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is not None and name.type == "identifier" and value is not None:
            declared.setdefault(text(name), []).append(value)
    aliases: dict[str, tuple[str, ...]] = {}
    for _ in range(_MAX_HOPS):
        grew = False
        for name, values in declared.items():
            if name in aliases or known(name):
                continue
            found = expand(values[0], known, aliases)
            if found is not None:
                aliases[name] = found
                grew = True
        if not grew:
            break
    return aliases
