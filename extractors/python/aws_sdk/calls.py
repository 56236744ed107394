"""Operations called on SDK clients and the fields code reads on their responses.

The ``reads`` machinery, plus aliases (``status = r["QueryExecution"]["Status"]``), loops,
paginators (``for page in p.paginate()``) and comparisons with string literals
(``state in ("SUCCEEDED", "FAILED")``), which say which values a field is expected to hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import tree_sitter as ts

from ...common import guards, reads
from ...common import treesitter as T
from ...facts.contracts import LiteralTest, Read, SdkCall
from ...python import strings as py_strings
from ..adapter import PYTHON
from .clients import SdkFile, rebinds, string_set

_EQUALITY = {"==", "!=", "is", "is not"}
_MEMBERSHIP = {"in", "not in"}
_MAX_ALIAS_DEPTH = 4


@dataclass
class _Uses:
    reads: list[Read] = field(default_factory=list)
    tests: list[LiteralTest] = field(default_factory=list)


class OperationCalls:
    """The ``SdkCall`` facts of one file, read through its client bindings."""

    def __init__(self, file: SdkFile) -> None:
        self.file = file

    def scan(self, idents: list[ts.Node]) -> None:
        """An ``SdkCall`` per operation called on a client, with the reads on its response."""
        for ident in idents:
            attribute = ident.parent
            if (
                attribute is None
                or attribute.type != "attribute"
                or attribute.child_by_field_name("attribute") != ident
            ):
                continue
            call = attribute.parent
            if (
                call is None
                or call.type != "call"
                or call.child_by_field_name("function") != (attribute)
            ):
                continue
            owner = attribute.child_by_field_name("object")
            found = self.file.resolve(owner) if owner is not None else None
            if found is None or not found[0]:
                continue
            service, client = found
            method = T.text(ident)
            uses = _Uses()
            scope = reads.enclosing_scope(call, PYTHON)
            if method == "get_paginator":
                operation = _first_string(call)
                if operation is None:
                    continue
                method = operation
                for paginate in self.paginations(call, scope):
                    pages = _Uses()
                    self.follow(paginate, (), scope, 0, pages, T.text(paginate))
                    _pages_into(pages, uses)
            else:
                self.follow(call, (), scope, 0, uses, T.text(call))
            self.file.facts.append(
                SdkCall(
                    file=self.file.path,
                    line=T.line_of(call),
                    symbol=self.file.model.symbol(scope),
                    service=service,
                    client=client,
                    method=method,
                    reads=tuple(uses.reads),
                    tests=tuple(uses.tests),
                )
            )

    def paginations(self, call: ts.Node, scope: ts.Node) -> list[ts.Node]:
        """The ``.paginate(...)`` calls of a paginator: chained, or on the name it is bound to."""
        out: list[ts.Node] = []
        owners = [call]
        parent = call.parent
        if parent is not None and parent.type == "assignment":
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                owners = [
                    i
                    for i in self.file.index.within(T.text(left), parent.end_byte, scope.end_byte)
                    if not rebinds(i)
                ]
        for owner in owners:
            attribute = owner.parent
            if attribute is None or attribute.type != "attribute":
                continue
            if T.text(attribute.child_by_field_name("attribute")) != "paginate":
                continue
            grand = attribute.parent
            if grand is not None and grand.type == "call":
                out.append(grand)
        return out

    def follow(
        self,
        node: ts.Node,
        prefix: tuple[str, ...],
        scope: ts.Node,
        depth: int,
        out: _Uses,
        root: str,
    ) -> None:
        """Reads made on the value of ``node``; aliases and loop variables are followed."""
        top, path, _ = PYTHON.climb(node)
        while _sliced(top):  # ``rows[1:]`` is still the list of rows
            assert top.parent is not None
            top, more, _ = PYTHON.climb(top.parent)
            path = [*path, *more]
        if path and reads.is_call_target(top, PYTHON):
            path = path[:-1]
        if path and reads.is_written(top):
            return
        full = (*prefix, *path)
        if path:
            conditions = guards.guard_texts(top, scope)
            guarded = guards.guarded_segments(root, path, conditions, PYTHON)
            out.reads.append(
                Read(
                    full,
                    T.line_of(top),
                    T.squash(top),
                    in_condition=guards.in_condition(top, scope),
                    guarded=len(prefix) + guarded if guarded else 0,
                )
            )
        parent = top.parent
        if parent is None or depth >= _MAX_ALIAS_DEPTH:
            return
        if parent.type == "comparison_operator" and full:
            default = _get_default(top)
            # "" tests that the field is empty or absent, not which value an enum has.
            values = tuple(v for v in self.compared(parent, top) if v not in (default, ""))
            if values:
                out.tests.append(LiteralTest(full, values, T.line_of(parent), T.squash(parent)))
        if parent.type == "assignment" and parent.child_by_field_name("right") == top:
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                self.uses(T.text(left), parent.end_byte, scope.end_byte, scope, full, depth, out)
        elif parent.type == "for_statement" and parent.child_by_field_name("right") == top:
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                items = (*full, "*")
                self.uses(T.text(left), left.end_byte, parent.end_byte, scope, items, depth, out)
        elif parent.type == "for_in_clause" and parent.child_by_field_name("right") == top:
            left = parent.child_by_field_name("left")
            around = parent.parent
            if left is not None and left.type == "identifier" and around is not None:
                items = (*full, "*")
                name = T.text(left)
                for ident in self.file.index.within(name, around.start_byte, around.end_byte):
                    if ident != left:
                        self.follow(ident, items, scope, depth + 1, out, name)

    def uses(
        self,
        name: str,
        start: int,
        end: int,
        scope: ts.Node,
        prefix: tuple[str, ...],
        depth: int,
        out: _Uses,
    ) -> None:
        for ident in self.file.index.within(name, start, end):
            if reads.shadowed(ident, scope, PYTHON):
                continue  # a comprehension or lambda that binds the same name
            if rebinds(ident):
                break
            if reads.enclosing_scope(ident, PYTHON) != scope:
                continue  # a nested function's own name, or a value it captured later
            self.follow(ident, prefix, scope, depth + 1, out, name)

    def compared(self, comparison: ts.Node, operand: ts.Node) -> tuple[str, ...]:
        """The string literals a field is compared with (``==``, ``!=``, ``in``, ``not in``)."""
        operators = comparison.children_by_field_name("operators")
        operands = [c for c in comparison.named_children if c not in operators]
        if len(operators) != 1 or len(operands) != 2:
            return ()
        op = " ".join(T.text(operators[0]).split())
        other = operands[1] if operands[0] == operand else operands[0]
        if op in _EQUALITY:
            text = py_strings.string_text(other)
            return (text,) if text is not None else ()
        if op in _MEMBERSHIP and operands[0] == operand:
            return string_set(other, self.file.constants) or ()
        return ()


def _get_default(node: ts.Node) -> str | None:
    """The string default of ``d.get("k", "x")``: comparing with it tests for absence, not
    for a value of the field."""
    if node.type != "call":
        return None
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args is not None else ())]
    return py_strings.string_text(values[1]) if len(values) == 2 else None


def _sliced(node: ts.Node) -> bool:
    parent = node.parent
    if parent is None or parent.type != "subscript":
        return False
    index = parent.child_by_field_name("subscript")
    return (
        parent.child_by_field_name("value") == node and index is not None and index.type == "slice"
    )


def _first_string(call: ts.Node) -> str | None:
    args = call.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    return py_strings.string_text(first) if first is not None else None


def _pages_into(pages: _Uses, uses: _Uses) -> None:
    """Reads on a paginator's pages (``for page in p.paginate()``) are reads on one response."""
    for read in pages.reads:
        if read.path[:1] == ("*",) and len(read.path) > 1:
            uses.reads.append(
                Read(
                    read.path[1:],
                    read.line,
                    read.text,
                    in_condition=read.in_condition,
                    guarded=max(read.guarded - 1, 0),
                )
            )
    for test in pages.tests:
        if test.path[:1] == ("*",) and len(test.path) > 1:
            uses.tests.append(LiteralTest(test.path[1:], test.values, test.line, test.text))
