"""JavaScript/TypeScript test expectations: a call with literal arguments asserted equal to a
literal.

``expect(f(3)).toBe(17)``, ``expect(f(3)).to.equal(17)``, ``assert.strictEqual(f(3), 17)``,
and the same with arguments and expected value taken from ``it.each``/``test.each`` rows
(arrays or objects), one expectation per row. An argument may be an array of literals
(``memberTotal([10, 10])``, ``q:`` normal form).
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import js_literal, sequence_literal
from ..common.walk import inside
from ..facts import Fact
from ..facts.impl import TestExpectation
from .adapter import FUNCTIONS, symbol_at
from .frameworks import SUITE_FUNCTIONS, TEST_FUNCTIONS
from .model import strip

_EQUAL_MATCHERS = frozenset(
    {
        "toBe",
        "toEqual",
        "toStrictEqual",
        "equal",
        "equals",
        "eql",
        "strictEqual",
        "deepEqual",
        "deepStrictEqual",
    }
)
_EACH_OWNERS = TEST_FUNCTIONS | SUITE_FUNCTIONS  # ``it.each(rows)``, ``describe.each``
Row = dict[str, str]


_ARRAYS = frozenset({"array"})


def _literal(node: ts.Node | None) -> str | None:
    """A literal's normal form, or an array of literals' (``q:[...]``)."""
    found = js_literal(node)
    return found if found is not None else sequence_literal(strip(node), js_literal, _ARRAYS)


def _value(node: ts.Node | None, row: Row) -> str | None:
    node = strip(node)
    if node is not None and node.type == "identifier" and T.text(node) in row:
        return row[T.text(node)]
    return _literal(node)


def _call_args(node: ts.Node | None, row: Row) -> tuple[str, tuple[str, ...]] | None:
    call = strip(node)
    if call is None or call.type != "call_expression":
        return None
    function = call.child_by_field_name("function")
    args = call.child_by_field_name("arguments")
    if function is None or args is None or function.type not in ("identifier", "member_expression"):
        return None
    values = [_value(a, row) for a in args.named_children if a.type != "comment"]
    if any(v is None for v in values):
        return None
    return T.text(function).rsplit(".", 1)[-1], tuple(v or "" for v in values)


def _expect_subject(node: ts.Node) -> ts.Node | None:
    """The ``x`` of ``expect(x)`` at the root of a matcher chain, else None."""
    while node.type == "member_expression":
        obj = node.child_by_field_name("object")
        if obj is None:
            return None
        node = obj
    if node.type != "call_expression" or T.text(node.child_by_field_name("function")) != "expect":
        return None
    args = node.child_by_field_name("arguments")
    return args.named_children[0] if args is not None and args.named_children else None


def _rows(call: ts.Node) -> tuple[ts.Node | None, list[Row]]:
    """(callback, rows) of ``it.each(rows)(name, callback)``; (None, [{}]) otherwise."""
    each = call.child_by_field_name("function")
    if each is None or each.type != "call_expression":
        return None, [{}]
    owner = T.text(each.child_by_field_name("function"))
    table_args = each.child_by_field_name("arguments")
    if not owner.endswith(".each") or owner.split(".", 1)[0] not in _EACH_OWNERS:
        return None, [{}]
    table = table_args.named_children[0] if table_args and table_args.named_children else None
    args = call.child_by_field_name("arguments")
    callbacks = [a for a in (args.named_children if args else []) if a.type in FUNCTIONS]
    if table is None or table.type != "array" or not callbacks:
        return None, [{}]
    callback = callbacks[0]
    params = callback.child_by_field_name("parameters")
    items = list(params.named_children) if params is not None else []
    rows: list[Row] = []
    for entry in table.named_children:
        if entry.type == "array":
            names = [T.text(p) for p in items if p.type in ("identifier", "required_parameter")]
            values = [_literal(v) for v in entry.named_children]
            names = [n.split(":")[0].strip() for n in names]
            if len(values) == len(names) and all(v is not None for v in values):
                rows.append({n: v or "" for n, v in zip(names, values, strict=True)})
        elif entry.type == "object":
            row = {}
            for pair in entry.named_children:
                key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
                literal = _literal(value)
                if pair.type == "pair" and key is not None and literal is not None:
                    row[_key(key)] = literal
            rows.append(row)
    return callback, rows


def _pairs(node: ts.Node, row: Row) -> tuple[str, tuple[str, ...], str] | None:
    function = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    if function is None or args is None or function.type != "member_expression":
        return None
    if T.text(function.child_by_field_name("property")) not in _EQUAL_MATCHERS:
        return None
    values = [a for a in args.named_children if a.type != "comment"]
    subject = _expect_subject(function.child_by_field_name("object") or function)
    pairs = [(subject, values[0])] if subject is not None and values else []
    if subject is None and len(values) >= 2:
        pairs = [(values[0], values[1]), (values[1], values[0])]
    for actual, expected in pairs:
        found, value = _call_args(actual, row), _value(expected, row)
        if found is not None and value is not None:
            return found[0], found[1], value
    return None


def test_expectations(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Equality assertions on calls with literal arguments, ``.each`` rows applied."""
    rows_at: dict[int, list[Row]] = {}
    for call in caps.get("call", []):
        callback, rows = _rows(call)
        if callback is not None:
            for node in inside(callback, frozenset()):
                rows_at[node.id] = rows
    facts: list[Fact] = []
    for node in caps.get("call", []):
        for row in rows_at.get(node.id, [{}]):
            found = _pairs(node, row)
            if found is not None:
                facts.append(
                    TestExpectation(
                        file=source.path,
                        line=T.line_of(node),
                        symbol=symbol_at(source.path, node),
                        callee=found[0],
                        args=found[1],
                        expected=found[2],
                    )
                )
    return facts


def _key(node: ts.Node | None) -> str:
    """An object key as written: its name or string, else its source (a computed key)."""
    found = ir.js_key(node)
    return found if found is not None else T.text(node)
