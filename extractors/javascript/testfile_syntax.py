"""Tree-sitter reading of TS/JS shared by the test and assertion readers: parsers, literal
strings and titles, and the call/member chains assertions are written as."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ..common import treesitter as T

# Node types of a callback: a test or suite body is the last argument of one of these.
FUNCTION_TYPES = frozenset({"arrow_function", "function_expression", "function"})


def unparen(node: Node) -> Node:
    """The expression inside any parentheses around it."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    return node


def call_arguments(call: Node) -> list[Node]:
    """A call's argument nodes, comments left out."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    return [a for a in args.named_children if a.type != "comment"]


def property_name(member: Node) -> str:
    """The property name of a member expression (``b`` of ``a.b``), else ""."""
    prop = member.child_by_field_name("property")
    return T.text(prop) if prop is not None else ""


def length_of(node: Node) -> Node | None:
    """``x`` of ``x.length``."""
    node = unparen(node)
    if node.type == "member_expression" and property_name(node) == "length":
        return node.child_by_field_name("object")
    return None


def _mock_record(node: Node | None) -> Node | None:
    """``f`` of ``f.mock`` (the call record Jest, Vitest and node:test keep on a mock)."""
    node = unparen(node) if node is not None else None
    if node is not None and node.type == "member_expression" and property_name(node) == "mock":
        return node.child_by_field_name("object")
    return None


def _calls_of(node: Node | None) -> Node | None:
    """``f`` of ``f.mock.calls``."""
    node = unparen(node) if node is not None else None
    if node is not None and node.type == "member_expression" and property_name(node) == "calls":
        return _mock_record(node.child_by_field_name("object"))
    return None


def mock_calls(node: Node) -> tuple[str, Node] | None:
    """What an expression reads from a mock's call record: ("count", f) for
    ``f.mock.callCount()`` and ``f.mock.calls.length``, ("args", f) for one call's arguments
    (``f.mock.calls[0]``, ``f.mock.calls[0].arguments``, ``f.mock.lastCall``); else None.
    Asserting on these is the same check as ``toHaveBeenCalledTimes``/``CalledWith``."""
    node = unparen(node)
    if node.type == "call_expression" and not call_arguments(node):
        function = node.child_by_field_name("function")
        if (
            function is not None
            and function.type == "member_expression"
            and property_name(function) == "callCount"
        ):
            target = _mock_record(function.child_by_field_name("object"))
            return ("count", target) if target is not None else None
        return None
    if node.type == "member_expression":
        name = property_name(node)
        owner = node.child_by_field_name("object")
        if name == "length":
            target = _calls_of(owner)
            return ("count", target) if target is not None else None
        if name == "lastCall":
            target = _mock_record(owner)
            return ("args", target) if target is not None else None
        if name == "arguments" and owner is not None:
            return mock_calls(owner) if unparen(owner).type == "subscript_expression" else None
    if node.type == "subscript_expression":
        target = _calls_of(node.child_by_field_name("object"))
        return ("args", target) if target is not None else None
    return None


def typeof_operand(node: Node) -> Node | None:
    """``x`` of ``typeof x``."""
    node = unparen(node)
    if node.type == "unary_expression" and T.text(node.children[0]) == "typeof":
        return node.children[1]
    return None


def quote(value: str) -> str:
    """A string as one double-quoted form, whatever quotes the source used."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def member_chain(node: Node) -> tuple[Node, list[tuple[str, list[Node] | None]]]:
    """A call/member chain as its root and its steps: (property, None) or ("()", args)."""
    steps: list[tuple[str, list[Node] | None]] = []
    while True:
        node = unparen(node)
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            if function is None:
                break
            steps.append(("()", call_arguments(node)))
            node = function
        elif node.type == "member_expression":
            name = property_name(node)
            owner = node.child_by_field_name("object")
            if owner is None:
                break
            steps.append((name, None))
            if name == "should":
                return owner, list(reversed(steps))
            node = owner
        else:
            break
    return node, list(reversed(steps))


def chain_words(
    steps: list[tuple[str, list[Node] | None]],
) -> Iterator[tuple[str, list[Node] | None]]:
    """Chai/jest words with their call arguments (None for a property assertion)."""
    index = 0
    while index < len(steps):
        name, _ = steps[index]
        if index + 1 < len(steps) and steps[index + 1][0] == "()":
            yield name, steps[index + 1][1]
            index += 2
        else:
            yield name, None
            index += 1
