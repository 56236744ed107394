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
from .answer_keys import condition_pairs, subject_names
from .behaviour import FUNCTIONS, NAMES, function_name, returned_value, symbol_at, value_returns


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


Found = tuple[list[tuple[tuple[str, ...], str]], str]  # ([(names, literal key)], value)


def _branch(node: ts.Node) -> Found | None:
    """The keys and value of ``if (x === K) return V`` or ``if (a === K1 && b === K2) ...``."""
    pairs = condition_pairs(node.child_by_field_name("condition"))
    value = _first_return(node.child_by_field_name("consequence"))
    return (pairs, value) if pairs and value is not None else None


def _case(node: ts.Node) -> Found | None:
    """The key and value of ``case K: return V`` under ``switch (x)`` or under a switch on
    a string joined from several names (``switch (`${a},${b}`)``)."""
    switch = enclosing(node, frozenset({"switch_statement"}))
    names = subject_names(switch.child_by_field_name("value")) if switch is not None else ()
    key = js_literal(node.child_by_field_name("value"))
    body = [c for c in node.named_children if c.type != "comment"][1:]
    value = _first_return(body[0]) if body else None
    if not names or key is None or value is None:
        return None
    return [(names, key)], value


def _combined(
    fn: ts.Node, pairs: list[tuple[tuple[str, ...], str]]
) -> tuple[str, tuple[str, ...]] | None:
    """(key, keys) of an answer: one literal (of one name or of a joined string), or the
    literals of several parameters in the parameters' order; None when a compared name is
    no parameter or is compared twice."""
    if len(pairs) == 1:
        return pairs[0][1], ()
    if any(len(names) != 1 for names, _ in pairs):
        return None
    names = [n[0] for n, _ in pairs]
    params = _parameters(fn)
    if len(set(names)) != len(names) or not set(names) <= set(params):
        return None
    given = {n[0]: key for n, key in pairs}
    keys = tuple(given.get(p, "") for p in params)
    return "(" + ", ".join(keys) + ")", keys


def branch_answers(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Literal returns chosen by comparing names with literals, grouped per function."""
    groups: dict[int, list[tuple[ts.Node, Found]]] = defaultdict(list)
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
        for node, (pairs, value) in answers:
            combined = _combined(fn, pairs)
            if combined is None:
                continue
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=group,
                    form="branch",
                    functions=(function_name(fn),),
                    group=f"{group}@{T.line_of(fn)}",
                    key=combined[0],
                    value=value,
                    size=len(answers),
                    general=_general(fn, [n for names, _ in pairs for n in names]),
                    keys=combined[1],
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
