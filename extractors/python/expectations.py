"""Python test expectations: a call with literal arguments asserted equal to a literal.

``assert f(3) == 17``, ``self.assertEqual(f(3), 17)``, and the same with the arguments and
the expected value taken from ``pytest.mark.parametrize`` rows, one expectation per row.
"""

from __future__ import annotations

import itertools

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import py_literal, sequence_literal
from ..common.walk import enclosing
from ..facts import Fact
from ..facts.impl import TestExpectation
from .adapter import symbol_at
from .model import PythonModel, decorator_parts, decorators

_EQUAL_METHODS = frozenset({"assertEqual", "assertEquals", "assert_equal"})
Row = dict[str, str]


def _value(node: ts.Node | None, row: Row) -> str | None:
    """A literal's normal form, or the value a parametrize row gives the name."""
    if node is not None and node.type == "identifier" and T.text(node) in row:
        return row[T.text(node)]
    return _literal(node)


_SEQUENCES = frozenset({"list", "tuple"})


def _literal(node: ts.Node | None) -> str | None:
    """A literal's normal form, or a list or tuple of literals' (``q:[...]``)."""
    found = py_literal(node)
    return found if found is not None else sequence_literal(node, py_literal, _SEQUENCES)


def _call_args(call: ts.Node, row: Row) -> tuple[str, tuple[str, ...]] | None:
    """(callee's last name, literal arguments) of a call whose arguments are all literals."""
    while call.type in ("parenthesized_expression", "await") and call.named_children:
        call = call.named_children[-1]
    if call.type != "call":
        return None
    function = call.child_by_field_name("function")
    args = call.child_by_field_name("arguments")
    if function is None or args is None or function.type not in ("identifier", "attribute"):
        return None
    values = [_value(a, row) for a in args.named_children if a.type != "comment"]
    if any(v is None for v in values):
        return None
    return T.text(function).rsplit(".", 1)[-1], tuple(v or "" for v in values)


def _names(node: ts.Node) -> list[str]:
    """Parameter names of ``parametrize("a, b", ...)`` or ``parametrize(("a", "b"), ...)``."""
    literal = py_literal(node)
    if literal is not None and literal.startswith("s:"):
        return [n.strip() for n in literal[2:].split(",") if n.strip()]
    if node.type in ("list", "tuple"):
        found = [py_literal(c) for c in node.named_children]
        return [f[2:] for f in found if f is not None and f.startswith("s:")]
    return []


def _row(names: list[str], row: ts.Node) -> Row | None:
    if row.type == "call" and T.text(row.child_by_field_name("function")).endswith("param"):
        args = row.child_by_field_name("arguments")
        items = [a for a in (args.named_children if args else []) if a.type != "keyword_argument"]
    elif row.type in ("tuple", "list") and len(names) > 1:
        items = list(row.named_children)
    else:
        items = [row]
    values = [_literal(i) for i in items]
    if len(values) != len(names) or any(v is None for v in values):
        return None
    return {n: v or "" for n, v in zip(names, values, strict=True)}


def _parametrize_rows(model: PythonModel, fn: ts.Node | None) -> list[Row]:
    """The rows of every ``pytest.mark.parametrize`` on ``fn``, combined; ``[{}]`` without."""
    tables: list[list[Row]] = []
    for decorator in decorators(fn) if fn is not None else []:
        callee, call = decorator_parts(decorator)
        if call is None:
            continue
        if not model.resolve(T.squash(callee)).endswith("mark.parametrize"):
            continue
        args = call.child_by_field_name("arguments")
        positional = [a for a in (args.named_children if args else []) if a.type != "comment"]
        if len(positional) < 2 or positional[1].type not in ("list", "tuple"):
            continue
        names = _names(positional[0])
        rows = [_row(names, r) for r in positional[1].named_children]
        tables.append([r for r in rows if r is not None])
    return [
        dict(itertools.chain.from_iterable(r.items() for r in combo))
        for combo in itertools.product(*tables)
    ]


def _expectations(
    source: SourceFile, at: ts.Node, actual: ts.Node, expected: ts.Node, rows: list[Row]
) -> list[Fact]:
    found: list[Fact] = []
    for row in rows:
        for call, other in ((actual, expected), (expected, actual)):
            called, value = _call_args(call, row), _value(other, row)
            if called is not None and value is not None:
                found.append(
                    TestExpectation(
                        file=source.path,
                        line=T.line_of(at),
                        symbol=symbol_at(source.path, at),
                        callee=called[0],
                        args=called[1],
                        expected=value,
                    )
                )
                break
    return found


def test_expectations(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """``assert f(3) == 17`` and ``self.assertEqual(f(3), 17)``, parametrize rows applied."""
    facts: list[Fact] = []
    functions = frozenset({"function_definition"})
    for node in caps.get("assert", []):
        condition = node.named_children[0] if node.named_children else None
        if condition is None or condition.type != "comparison_operator":
            continue
        operators = [T.text(c) for c in condition.children if not c.is_named]
        if operators == ["=="] and len(condition.named_children) == 2:
            rows = _parametrize_rows(model, enclosing(node, functions))
            facts.extend(_expectations(source, node, *condition.named_children, rows))
    for node in caps.get("call", []):
        function = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if function is None or args is None or function.type != "attribute":
            continue
        method = T.text(function.child_by_field_name("attribute"))
        positional = [
            a for a in args.named_children if a.type not in ("comment", "keyword_argument")
        ]
        if method in _EQUAL_METHODS and len(positional) >= 2:
            rows = _parametrize_rows(model, enclosing(node, functions))
            facts.extend(_expectations(source, node, positional[0], positional[1], rows))
    return facts
