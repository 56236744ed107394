"""JavaScript/TypeScript literal answers: literal keys mapped to literal values (object
entries, ``if (x === K) return V``, ``case K: return V``), the production side the
answer-table rule compares with the tests' expectations (``expectations``).
"""

from __future__ import annotations

from collections import defaultdict

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.walk import enclosing, inside, mentions
from ..facts import Fact
from ..facts.impl import LiteralAnswer
from .behaviour import FUNCTIONS, NAMES, function_name, returned_value, symbol_at, value_returns
from .model import strip


def _parameters(fn: ts.Node) -> list[str]:
    params = fn.child_by_field_name("parameters") or fn.child_by_field_name("parameter")
    if params is None:
        return []
    return [T.text(n) for n in [params, *inside(params, frozenset())] if n.type == "identifier"]


def _general(fn: ts.Node, subjects: list[str], table: str = "") -> bool:
    """Whether ``fn`` also returns a computed value that reads one of ``subjects`` (and not
    the table ``table``: a lookup is no computation)."""
    body = fn.child_by_field_name("body")
    values = (
        [returned_value(r) for r in value_returns(body)]
        if body is not None and body.type == "statement_block"
        else [body]
    )
    return any(
        v is not None
        and js_literal(v) is None
        and any(mentions(v, s, NAMES) for s in subjects)
        and not (table and mentions(v, table, NAMES))
        for v in values
    )


def _first_return(node: ts.Node | None) -> str | None:
    if node is None:
        return None
    if node.type == "statement_block":
        statements = [c for c in node.named_children if c.type != "comment"]
        node = statements[0] if statements else None
    if node is None or node.type != "return_statement":
        return None
    return js_literal(returned_value(node))


def _branch(node: ts.Node) -> tuple[str, str, str] | None:
    condition = strip(node.child_by_field_name("condition"))
    if condition is None or condition.type != "binary_expression":
        return None
    if T.text(condition.child_by_field_name("operator")) not in ("==", "==="):
        return None
    left, right = condition.child_by_field_name("left"), condition.child_by_field_name("right")
    subject, key = (left, js_literal(right))
    if subject is None or subject.type != "identifier":
        subject, key = right, js_literal(left)
    value = _first_return(node.child_by_field_name("consequence"))
    if subject is None or subject.type != "identifier" or key is None or value is None:
        return None
    return T.text(subject), key, value


def _case(node: ts.Node) -> tuple[str, str, str] | None:
    switch = enclosing(node, frozenset({"switch_statement"}))
    subject = strip(switch.child_by_field_name("value")) if switch is not None else None
    key = js_literal(node.child_by_field_name("value"))
    body = [c for c in node.named_children if c.type != "comment"][1:]
    value = _first_return(body[0]) if body else None
    if subject is None or subject.type != "identifier" or key is None or value is None:
        return None
    return T.text(subject), key, value


def branch_answers(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Literal returns chosen by comparing one name with a literal, grouped per function."""
    groups: dict[int, list[tuple[ts.Node, tuple[str, str, str]]]] = defaultdict(list)
    functions: dict[int, ts.Node] = {}
    for node in [*caps.get("if", []), *caps.get("case", [])]:
        found = _case(node) if node.type == "switch_case" else _branch(node)
        fn = enclosing(node, FUNCTIONS)
        if found is None or fn is None:
            continue
        groups[fn.id].append((node, found))
        functions[fn.id] = fn
    facts: list[Fact] = []
    for fn_id, answers in groups.items():
        fn = functions[fn_id]
        group = symbol_at(source, fn.child_by_field_name("body") or fn)
        for node, (subject, key, value) in answers:
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=group,
                    form="branch",
                    functions=(function_name(fn),),
                    group=f"{group}@{T.line_of(fn)}",
                    key=key,
                    value=value,
                    size=len(answers),
                    general=_general(fn, [subject]),
                )
            )
    return facts


def _key(node: ts.Node | None) -> str | None:
    if node is None:
        return None
    if node.type in ("property_identifier", "identifier"):
        return f"s:{T.text(node)}"
    return js_literal(node)


def _readers_by_name(caps: dict[str, list[ts.Node]]) -> dict[str, list[ts.Node]]:
    """name -> the functions of the file whose body reads it (one walk per function)."""
    readers: dict[str, list[ts.Node]] = {}
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        found = {T.text(n) for n in inside(body, frozenset()) if n.type in NAMES} if body else set()
        for name in found:
            readers.setdefault(name, []).append(fn)
    return readers


def table_answers(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Entries of object literals whose every key and value is a literal."""
    facts: list[Fact] = []
    by_name: dict[str, list[ts.Node]] | None = None
    for node in caps.get("object", []):
        pairs = [c for c in node.named_children if c.type != "comment"]
        if not pairs or any(p.type != "pair" for p in pairs):
            continue
        entries = [
            (p, _key(p.child_by_field_name("key")), js_literal(p.child_by_field_name("value")))
            for p in pairs
        ]
        if any(k is None or v is None for _, k, v in entries):
            continue
        parent = node.parent
        while parent is not None and parent.type in ("as_expression", "satisfies_expression"):
            parent = parent.parent
        name_node = parent.child_by_field_name("name") if parent is not None else None
        name = (
            T.text(name_node) if parent is not None and parent.type == "variable_declarator" else ""
        )
        fn = enclosing(node, FUNCTIONS)
        if fn is None and name and by_name is None:
            by_name = _readers_by_name(caps)
        readers = [fn] if fn is not None else (by_name or {}).get(name, []) if name else []
        general = any(_general(r, _parameters(r), name) for r in readers)
        group = f"{source.path}::{name or 'object'}@{T.line_of(node)}"
        for pair, key, value in entries:
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(pair),
                    symbol=symbol_at(source, node),
                    form="table",
                    functions=tuple(sorted({function_name(r) for r in readers} - {""})),
                    group=group,
                    key=key or "",
                    value=value or "",
                    size=len(entries),
                    general=general,
                )
            )
    return facts
