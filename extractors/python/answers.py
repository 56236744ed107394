"""Python literal answers: literal keys mapped to literal values (dict entries, ``if x ==
K: return V``, ``case K: return V``), the production side the answer-table rule compares
with the tests' expectations (``expectations``).
"""

from __future__ import annotations

from collections import defaultdict

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import py_literal
from ..common.walk import enclosing, inside, mentions
from ..facts import Fact
from ..facts.impl import LiteralAnswer
from .answer_keys import case_keys, condition_pairs, match_subjects, tuple_key
from .behaviour import NAMES, returned_value, symbol_at, value_returns
from .model import qualname

_FUNCTION = frozenset({"function_definition"})


def _name(fn: ts.Node) -> str:
    return T.text(fn.child_by_field_name("name"))


def _general(fn: ts.Node, subject: str, table: str = "") -> bool:
    """Whether ``fn`` also returns a computed value that reads ``subject`` (and not the
    table ``table``: a lookup is no computation)."""
    return any(
        py_literal(returned_value(r)) is None
        and mentions(returned_value(r), subject, NAMES)
        and not (table and mentions(returned_value(r), table, NAMES))
        for r in value_returns(fn.child_by_field_name("body"))
    )


Found = tuple[list[tuple[str, str]], str]  # ([(name, literal key), ...], literal value)


def _branch(node: ts.Node) -> Found | None:
    """The keys and value of ``if x == K: return V`` or ``if a == K1 and b == K2: ...``."""
    pairs = condition_pairs(node.child_by_field_name("condition"))
    value = _first_return(node.child_by_field_name("consequence"))
    return (pairs, value) if pairs and value is not None else None


def _first_return(block: ts.Node | None) -> str | None:
    statements = [c for c in block.named_children if c.type != "comment"] if block else []
    if not statements or statements[0].type != "return_statement":
        return None
    return py_literal(returned_value(statements[0]))


def _case(node: ts.Node) -> Found | None:
    """The keys and value of ``case K: return V`` under ``match x``, or of ``case (K1, K2)``
    under ``match (a, b)``."""
    match = enclosing(node, frozenset({"match_statement"}))
    subjects = match_subjects(match) if match is not None else None
    keys = case_keys(node)
    if subjects is None or keys is None or len(subjects) != len(keys):
        return None
    value = _first_return(node.child_by_field_name("consequence"))
    return (list(zip(subjects, keys, strict=True)), value) if value is not None else None


def _combined(fn: ts.Node, pairs: list[tuple[str, str]]) -> tuple[str, tuple[str, ...]] | None:
    """(key, keys) of an answer: one literal, or the literals of several parameters in the
    parameters' order; None when a compared name is no parameter or is compared twice."""
    if len(pairs) == 1:
        return pairs[0][1], ()
    names = [name for name, _ in pairs]
    params = _parameters(fn)
    if len(set(names)) != len(names) or not set(names) <= set(params):
        return None
    given = dict(pairs)
    keys = tuple(given.get(p, "") for p in params)
    return "(" + ", ".join(keys) + ")", keys


def branch_answers(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Literal returns chosen by comparing names with literals, grouped per function."""
    groups: dict[int, list[tuple[ts.Node, Found]]] = defaultdict(list)
    functions: dict[int, ts.Node] = {}
    for node in [*caps.get("if", []), *caps.get("case", [])]:
        found = _case(node) if node.type == "case_clause" else _branch(node)
        fn = enclosing(node, _FUNCTION)
        if found is None or fn is None:
            continue
        groups[fn.id].append((node, found))
        functions[fn.id] = fn
    facts: list[Fact] = []
    for fn_id, answers in groups.items():
        fn = functions[fn_id]
        for node, (pairs, value) in answers:
            combined = _combined(fn, pairs)
            if combined is None:
                continue
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=f"{source.path}::{qualname(fn)}",
                    form="branch",
                    functions=(_name(fn),),
                    group=f"{source.path}::{qualname(fn)}",
                    key=combined[0],
                    value=value,
                    size=len(answers),
                    general=any(_general(fn, name) for name, _ in pairs),
                    keys=combined[1],
                )
            )
    return facts


def _table_name(node: ts.Node) -> str:
    parent = node.parent
    if parent is not None and parent.type == "assignment":
        left = parent.child_by_field_name("left")
        if left is not None and left.type == "identifier":
            return T.text(left)
    return ""


def _readers_by_name(caps: dict[str, list[ts.Node]]) -> dict[str, list[ts.Node]]:
    """name -> the functions of the file whose body reads it (one walk per function)."""
    readers: dict[str, list[ts.Node]] = {}
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        names = (
            {T.text(n) for n in inside(body, frozenset()) if n.type == "identifier"}
            if body
            else set()
        )
        for name in names:
            readers.setdefault(name, []).append(fn)
    return readers


def _parameters(fn: ts.Node) -> list[str]:
    """The names of a function's parameters."""
    params = fn.child_by_field_name("parameters")
    names: list[str] = []
    for p in params.named_children if params is not None else []:
        if p.type == "identifier":
            names.append(T.text(p))
        else:
            named = p.child_by_field_name("name")
            first = named or next((c for c in p.named_children if c.type == "identifier"), None)
            if first is not None and first.type == "identifier":
                names.append(T.text(first))
    return [n for n in names if n not in ("self", "cls")]


def _entry_key(node: ts.Node | None) -> tuple[str, tuple[str, ...]] | None:
    """(key, keys) of a dict entry's key: a literal, or a tuple of literals."""
    literal = py_literal(node)
    if literal is not None:
        return literal, ()
    keys = tuple_key(node)
    return ("(" + ", ".join(keys) + ")", tuple(keys)) if keys else None


def table_answers(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Entries of dict literals whose every key and value is a literal."""
    facts: list[Fact] = []
    by_name: dict[str, list[ts.Node]] | None = None
    for node in caps.get("dict", []):
        pairs = [c for c in node.named_children if c.type != "comment"]
        if not pairs or any(p.type != "pair" for p in pairs):
            continue
        entries = [
            (
                p,
                _entry_key(p.child_by_field_name("key")),
                py_literal(p.child_by_field_name("value")),
            )
            for p in pairs
        ]
        if any(k is None or v is None for _, k, v in entries):
            continue
        name = _table_name(node)
        fn = enclosing(node, _FUNCTION)
        if fn is None and name and by_name is None:
            by_name = _readers_by_name(caps)
        readers = [fn] if fn is not None else (by_name or {}).get(name, []) if name else []
        general = any(_general(r, p, name) for r in readers for p in _parameters(r))
        group = f"{source.path}::{name or 'dict'}@{T.line_of(node)}"
        for pair, key, value in entries:
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(pair),
                    symbol=symbol_at(source, node),
                    form="table",
                    functions=tuple(sorted({_name(r) for r in readers})),
                    group=group,
                    key=key[0] if key else "",
                    value=value or "",
                    size=len(entries),
                    general=general,
                    keys=key[1] if key else (),
                )
            )
    return facts
