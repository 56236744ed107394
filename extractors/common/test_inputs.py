"""The literal inputs a test file passes to calls, read once for every language.

Answer-table and allow-list checks compare these values with the literals production code
keys its answers by. What differs between languages is only syntax, which each language
hands in as a ``TestInputSyntax``: how a call names its callee, which argument is a
runner's title rather than an input, and what counts as a literal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import tree_sitter as ts

from ..facts import Fact
from ..facts.impl import TestInput
from . import treesitter as T
from .dispatch import SourceFile


@dataclass(frozen=True)
class TestInputSyntax:
    """A language's part of reading test inputs."""

    is_test_path: Callable[[str], bool]
    arguments: str  # node type of a call's argument list
    callee: Callable[[ts.Node], str]  # a call's function node -> the called name ("" unknown)
    title_first: Callable[[ts.Node, str], bool]  # the first argument is a title, no input
    value: Callable[[ts.Node], ts.Node | None]  # an argument -> its value (keyword args)
    literal: Callable[[ts.Node | None], str | None]  # normal form of a literal, else None
    containers: frozenset[str]  # literal collections whose items are inputs too
    symbol: Callable[[SourceFile, ts.Node], str]  # the symbol of the code around a call


def _literals(syntax: TestInputSyntax, node: ts.Node, depth: int = 2) -> list[str]:
    value = syntax.literal(node)
    if value is not None:
        return [value]
    if depth and node.type in syntax.containers:
        return [v for c in node.named_children for v in _literals(syntax, c, depth - 1)]
    return []


def read_test_inputs(
    source: SourceFile, caps: dict[str, list[ts.Node]], syntax: TestInputSyntax
) -> list[Fact]:
    """The literal arguments of every call in a test file."""
    if not syntax.is_test_path(source.path):
        return []
    found: list[Fact] = []
    for node in caps.get("call", []):
        function = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if function is None or args is None or args.type != syntax.arguments:
            continue
        callee = syntax.callee(function)
        for position, arg in enumerate(args.named_children):
            if position == 0 and syntax.title_first(function, callee):
                continue
            value = syntax.value(arg)
            for literal in _literals(syntax, value) if value is not None else []:
                found.append(
                    TestInput(
                        file=source.path,
                        line=T.line_of(arg),
                        symbol=syntax.symbol(source, node),
                        callee=callee,
                        value=literal,
                    )
                )
    return found
