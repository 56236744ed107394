"""Small readings of JavaScript/TypeScript syntax nodes shared by the integrity extractors.

Every helper looks at one node and its near neighbours (a callee chain, the
path from a node up to its test callback); none walks a whole tree.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

import tree_sitter as ts

from ..common.literals import js_literal
from ..common.literals import literal_kind as kind_of_normal
from ..common.treesitter import squash, text
from ..facts.integrity import Operand, OperandKind
from .strings import decoded_string, literal_string, template_source

FUNCTION_TYPES = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
    }
)
CALLBACK_TYPES = frozenset({"arrow_function", "function_expression", "function"})
LOOP_TYPES = frozenset({"for_statement", "for_in_statement", "while_statement"})
# Array methods whose callback runs once per element: zero times for an empty array.
ITERATION_METHODS = frozenset(
    {"forEach", "map", "flatMap", "filter", "some", "every", "find", "findIndex", "reduce"}
)
SHORT_CIRCUIT = frozenset({"&&", "||", "??"})
# TypeScript wrappers that do not change the value: ``x as const``, ``x!``, ``(x)``.
TRANSPARENT = frozenset(
    {"parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression"}
)


def unwrap(node: ts.Node | None) -> ts.Node | None:
    """The expression inside type assertions and parentheses."""
    while node is not None and node.type in TRANSPARENT:
        node = node.named_children[0] if node.named_children else None
    return node


def string_content(node: ts.Node | None) -> str | None:
    """The text between the quotes of a string or template literal (the model's string form;
    a template's ``${}`` substitutions as written), else None."""
    if node is None or node.type not in ("string", "template_string"):
        return None
    value = literal_string(node)
    if value is not None:
        return value
    return template_source(node)


def is_plain_template(node: ts.Node) -> bool:
    """A template literal without ``${}`` substitutions."""
    return not any(c.type == "template_substitution" for c in node.named_children)


def arguments_of(call: ts.Node) -> list[ts.Node]:
    """The argument expressions of a call, comments excluded (a tagged template: itself)."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    if args.type == "template_string":
        return [args]
    return [a for a in args.named_children if a.type != "comment"]


@dataclass(frozen=True)
class Chain:
    """A callee read left to right: ``it.skip.each(t)`` is root ``it``, words skip, each, ()."""

    root: str
    words: tuple[str, ...]
    # Arguments of each ``()`` step in ``words``, in order.
    calls: tuple[tuple[ts.Node, ...], ...]


def callee_chain(callee: ts.Node | None) -> Chain | None:
    """Decompose a callee of identifiers, properties and calls; None for anything else."""
    words: list[str] = []
    calls: list[tuple[ts.Node, ...]] = []
    node = callee
    while node is not None:
        kind = node.type
        if kind == "member_expression":
            prop = node.child_by_field_name("property")
            words.append(text(prop))
            node = node.child_by_field_name("object")
        elif kind == "call_expression":
            words.append("()")
            calls.append(tuple(arguments_of(node)))
            node = node.child_by_field_name("function")
        elif kind in ("identifier", "this"):
            words.reverse()
            calls.reverse()
            return Chain(text(node), tuple(words), tuple(calls))
        elif kind == "non_null_expression" and node.named_children:
            node = node.named_children[0]
        elif kind == "parenthesized_expression" and _is_choice(node):
            # ``(cond ? it.skip : it)('x', fn)``: the choice, written out, is the root.
            words.reverse()
            calls.reverse()
            return Chain(squash(node), tuple(words), tuple(calls))
        else:
            return None
    return None


def _is_choice(node: ts.Node) -> bool:
    """A parenthesised ternary or ``&&``/``||``/``??`` expression."""
    inner = node.named_children[0] if node.named_child_count == 1 else None
    while inner is not None and inner.type == "parenthesized_expression":
        inner = inner.named_children[0] if inner.named_child_count == 1 else None
    if inner is None:
        return False
    operator = inner.child_by_field_name("operator") if inner.type == "binary_expression" else None
    return inner.type == "ternary_expression" or text(operator) in ("&&", "||", "??")


def operand(node: ts.Node) -> Operand:
    """An assertion operand with its literal kind when it is a constant."""
    kind = literal_kind(node)
    shown = squash(node)
    size = node.type == "member_expression" and text(node.child_by_field_name("property")) in (
        "length",
        "size",
    )
    value = decoded_string(node) if kind == "string" else None
    nonempty = bool(value) if value is not None else None
    known = (shown if kind == "collection" else js_literal(unwrap(node))) if kind else None
    return Operand(shown, kind, known, size, nonempty)


def literal_kind(node: ts.Node | None) -> OperandKind | None:
    """ "bool", "number", "string", "none" or "collection" for a constant expression; a
    scalar's kind is its normal form's (``common.literals``), the one literal reader."""
    node = unwrap(node)
    if node is None:
        return None
    if node.type in ("array", "object"):
        return "collection" if all(_constant_member(c) for c in node.named_children) else None
    return kind_of_normal(js_literal(node))


def _constant_member(node: ts.Node) -> bool:
    if node.type == "comment":
        return True
    if node.type == "pair":
        key = node.child_by_field_name("key")
        return (
            key is not None
            and key.type != "computed_property_name"
            and (literal_kind(node.child_by_field_name("value")) is not None)
        )
    return literal_kind(node) is not None


T = TypeVar("T")


class SpanIndex(Generic[T]):
    """The innermost of properly nested byte spans containing a position."""

    def __init__(self, spans: Iterable[tuple[int, int, T]]) -> None:
        ordered = sorted(spans, key=lambda s: (s[0], -s[1]))
        self._starts = [s[0] for s in ordered]
        self._ends = [s[1] for s in ordered]
        self._items = [s[2] for s in ordered]
        self._parents: list[int] = []
        open_spans: list[int] = []
        for i, start in enumerate(self._starts):
            while open_spans and self._ends[open_spans[-1]] <= start:
                open_spans.pop()
            self._parents.append(open_spans[-1] if open_spans else -1)
            open_spans.append(i)

    def __bool__(self) -> bool:
        return bool(self._items)

    def innermost(self, position: int) -> T | None:
        """The item of the smallest span with ``start <= position < end``."""
        i = bisect.bisect_right(self._starts, position) - 1
        while i >= 0:
            if position < self._ends[i]:
                return self._items[i]
            i = self._parents[i]
        return None


@dataclass(frozen=True)
class Situation:
    """Where a node sits relative to the body that owns it."""

    conditional: bool  # under if/else, a loop, switch case, ternary branch, &&/||/?? right side
    in_handler: bool  # inside a catch or finally block
    in_catch: bool  # inside a catch block (runs only when something was thrown)
    nested_function: bool  # a function boundary lies between the node and the owner


def situation(node: ts.Node, owner: ts.Node | None) -> Situation:
    """Walk from ``node`` up to ``owner`` (exclusive; the root when None) and read the path."""
    conditional = in_handler = in_catch = nested = False
    child = node
    parent = node.parent
    while parent is not None and (owner is None or parent != owner):
        kind = parent.type
        if kind == "if_statement" or kind == "ternary_expression":
            if child != parent.child_by_field_name("condition"):
                conditional = True
        elif kind in LOOP_TYPES:
            if child == parent.child_by_field_name("body"):
                conditional = True
        elif kind in ("switch_case", "switch_default"):
            if child != parent.child_by_field_name("value"):
                conditional = True
        elif kind == "binary_expression":
            if text(parent.child_by_field_name("operator")) in SHORT_CIRCUIT and (
                child == parent.child_by_field_name("right")
            ):
                conditional = True
        elif kind in ("catch_clause", "finally_clause"):
            in_handler = True
            in_catch = in_catch or kind == "catch_clause"
        elif kind in FUNCTION_TYPES:
            nested = True
            if is_iteration_callback(parent):
                conditional = True
            if owner is None:
                break
        child = parent
        parent = parent.parent
    return Situation(conditional, in_handler, in_catch, nested)


def is_iteration_callback(function: ts.Node) -> bool:
    """A callback handed to ``xs.forEach``/``map``/...: it runs once per element."""
    args = function.parent
    if args is None or args.type != "arguments":
        return False
    call = args.parent
    callee = call.child_by_field_name("function") if call is not None else None
    if callee is None or callee.type != "member_expression":
        return False
    return text(callee.child_by_field_name("property")) in ITERATION_METHODS


def enclosing_function(node: ts.Node) -> ts.Node | None:
    """The nearest function node above ``node``."""
    parent = node.parent
    while parent is not None and parent.type not in FUNCTION_TYPES:
        parent = parent.parent
    return parent


def body_statements(block: ts.Node) -> list[ts.Node]:
    """The statements of a block, comments excluded."""
    return [c for c in block.named_children if c.type != "comment"]


def span(node: ts.Node) -> tuple[int, int]:
    """A node's byte span as a hashable key."""
    return (node.start_byte, node.end_byte)


def is_async(function: ts.Node) -> bool:
    """The function carries the ``async`` keyword."""
    return any(c.type == "async" for c in function.children[:2])
