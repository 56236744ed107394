"""The table of cases a TS/JS test runs over, however the cases are fed to it.

``test.each([...])(title, fn)``, ``CASES.forEach((row) => test(...))`` and
``for (const row of CASES) test(...)`` run the same test once per row of a table; the table
is the test's expectations as much as its body is. This module finds that table (an array
literal, written in place or bound to a ``const`` of the file) so that the three spellings
read as the same rows.
"""

from __future__ import annotations

from tree_sitter import Node

from ..common import treesitter as T
from .testfile_syntax import FUNCTION_TYPES, call_arguments, property_name

# Array methods that call their callback once per element.
_PER_ELEMENT = frozenset({"forEach", "map", "flatMap"})


def each_table(call: Node) -> Node | None:
    """The array literal of ``test.each([...])``, or None."""
    each = call.child_by_field_name("function")
    if each is None or each.type != "call_expression":
        return None
    member = each.child_by_field_name("function")
    if member is None or member.type != "member_expression" or property_name(member) != "each":
        return None
    table = call_arguments(each)
    return table[0] if table and table[0].type == "array" else None


def _iterated(node: Node, child: Node) -> Node | None:
    """What ``node`` iterates over per element when ``child`` is the code run per element:
    the right side of a ``for ... of``, the array of ``array.forEach(callback)``."""
    if node.type == "for_in_statement" and child == node.child_by_field_name("body"):
        operator = node.child_by_field_name("operator")
        if operator is not None and T.text(operator) == "of":
            return node.child_by_field_name("right")
        return None
    if node.type == "arguments" and child.type in FUNCTION_TYPES:
        call = node.parent
        member = call.child_by_field_name("function") if call is not None else None
        if (
            member is not None
            and member.type == "member_expression"
            and property_name(member) in _PER_ELEMENT
        ):
            return member.child_by_field_name("object")
    return None


def _bound_array(name: str, root: Node) -> Node | None:
    """The array literal a ``const``/``let``/``var`` of this name is bound to, when the file
    binds the name exactly once and never assigns it again."""
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            bound = node.child_by_field_name("name")
            value = node.child_by_field_name("value")
            if bound is not None and bound.type == "identifier" and T.text(bound) == name:
                found.append(value if value is not None else bound)
        elif node.type == "assignment_expression":
            target = node.child_by_field_name("left")
            if target is not None and target.type == "identifier" and T.text(target) == name:
                found.append(target)
        stack.extend(node.children)
    if len(found) == 1 and found[0].type == "array":
        return found[0]
    return None


def loop_table(call: Node) -> Node | None:
    """The array literal a loop around the test call iterates over (the innermost loop),
    in place or through a name bound once in the file; None when there is none."""
    child, node = call, call.parent
    root = call
    while root.parent is not None:
        root = root.parent
    while node is not None:
        iterated = _iterated(node, child)
        if iterated is not None:
            if iterated.type == "array":
                return iterated
            if iterated.type == "identifier":
                return _bound_array(T.text(iterated), root)
            return None
        child, node = node, node.parent
    return None
