"""Small walks inside one function or block, shared by the behaviour readers.

They never cross into a nested function: what a callback does is not what the function
around it does.
"""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter as ts

from . import treesitter as T


def inside(node: ts.Node, stop: frozenset[str]) -> Iterator[ts.Node]:
    """Every descendant of ``node`` (itself excluded) without entering ``stop`` node types."""
    stack = list(reversed(node.children))
    while stack:
        current = stack.pop()
        yield current
        if current.type not in stop:
            stack.extend(reversed(current.children))


def mentions(node: ts.Node | None, name: str, identifiers: frozenset[str]) -> bool:
    """Whether ``node`` or a descendant is an identifier spelled ``name``."""
    if node is None:
        return False
    if node.type in identifiers and T.text(node) == name:
        return True
    return any(n.type in identifiers and T.text(n) == name for n in inside(node, frozenset()))


def enclosing(node: ts.Node, types: frozenset[str]) -> ts.Node | None:
    """The nearest ancestor of one of ``types``."""
    current = node.parent
    while current is not None:
        if current.type in types:
            return current
        current = current.parent
    return None


def is_within(node: ts.Node, outer: ts.Node | None) -> bool:
    """Whether ``node`` lies inside ``outer`` (by byte range)."""
    return (
        outer is not None
        and outer.start_byte <= node.start_byte
        and node.end_byte <= outer.end_byte
    )
