"""Literal answers: literal keys mapped to literal values (table entries, ``if x == K:
return V``, ``case K: return V``), the production side the answer-table rule compares with
the tests' expectations.

Written once over the language's ``BehaviourSyntax``: the grouping per function, the tables
and whether a function also computes its answer are the same question in every language;
only the spelling of a comparison, a ``case`` and a table differs.
"""

from __future__ import annotations

from collections import defaultdict

import tree_sitter as ts

from ..facts import Fact
from ..facts.impl import LiteralAnswer
from . import treesitter as T
from .adapter import BehaviourSyntax
from .bodies import first_return, returned_values
from .dispatch import SourceFile
from .walk import enclosing, inside, mentions

Answer = tuple[str, str, str]  # (subject, key, value)


def _general(fn: ts.Node, subjects: list[str], table: str, syntax: BehaviourSyntax) -> bool:
    """Whether ``fn`` also returns a computed value that reads one of ``subjects`` (and not
    the table ``table``: a lookup is no computation)."""
    return any(
        v is not None
        and syntax.literal(v) is None
        and any(mentions(v, s, syntax.names) for s in subjects)
        and not (table and mentions(v, table, syntax.names))
        for v in returned_values(fn, syntax)
    )


def _branch(node: ts.Node, syntax: BehaviourSyntax) -> Answer | None:
    """(subject, key, value) of ``if subject == KEY: return VALUE``."""
    sides = syntax.equality(node.child_by_field_name("condition"))
    if sides is None:
        return None
    left, right = sides
    subject, key = left, syntax.literal(right)
    if subject is None or subject.type != "identifier":
        subject, key = right, syntax.literal(left)
    value = first_return(node.child_by_field_name("consequence"), syntax)
    if subject is None or subject.type != "identifier" or key is None or value is None:
        return None
    return T.text(subject), key, value


def _case(node: ts.Node, syntax: BehaviourSyntax) -> Answer | None:
    """(subject, key, value) of ``case KEY: return VALUE`` under a switch on ``subject``."""
    subject, key, answering = syntax.case(node)
    value = first_return(answering, syntax)
    if subject is None or subject.type != "identifier" or key is None or value is None:
        return None
    return T.text(subject), key, value


def branch_answers(
    source: SourceFile, caps: dict[str, list[ts.Node]], syntax: BehaviourSyntax
) -> list[Fact]:
    """Literal returns chosen by comparing one name with a literal, grouped per function."""
    groups: dict[int, list[tuple[ts.Node, Answer]]] = defaultdict(list)
    functions: dict[int, ts.Node] = {}
    candidates = [(n, _branch) for n in caps.get("if", [])]
    candidates += [(n, _case) for n in caps.get("case", [])]
    for node, read in candidates:
        found = read(node, syntax)
        fn = enclosing(node, syntax.functions)
        if found is None or fn is None:
            continue
        groups[fn.id].append((node, found))
        functions[fn.id] = fn
    facts: list[Fact] = []
    for fn_id, answers in groups.items():
        fn = functions[fn_id]
        symbol, group = syntax.answer_group(source.path, fn)
        for node, (subject, key, value) in answers:
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=symbol,
                    form="branch",
                    functions=(syntax.function_name(fn),),
                    group=group,
                    key=key,
                    value=value,
                    size=len(answers),
                    general=_general(fn, [subject], "", syntax),
                )
            )
    return facts


def _readers_by_name(
    caps: dict[str, list[ts.Node]], syntax: BehaviourSyntax
) -> dict[str, list[ts.Node]]:
    """name -> the functions of the file whose body reads it (one walk per function)."""
    readers: dict[str, list[ts.Node]] = {}
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        found: set[str] = (
            {T.text(n) for n in inside(body, frozenset()) if n.type in syntax.names}
            if body
            else set()
        )
        for name in found:
            readers.setdefault(name, []).append(fn)
    return readers


def table_answers(
    source: SourceFile, caps: dict[str, list[ts.Node]], syntax: BehaviourSyntax
) -> list[Fact]:
    """Entries of table literals (dict, object) whose every key and value is a literal."""
    facts: list[Fact] = []
    by_name: dict[str, list[ts.Node]] | None = None
    for node in caps.get(syntax.table, []):
        pairs = [c for c in node.named_children if c.type != "comment"]
        if not pairs or any(p.type != "pair" for p in pairs):
            continue
        entries = [
            (
                p,
                syntax.table_key(p.child_by_field_name("key")),
                syntax.literal(p.child_by_field_name("value")),
            )
            for p in pairs
        ]
        if any(k is None or v is None for _, k, v in entries):
            continue
        name = syntax.table_name(node)
        fn = enclosing(node, syntax.functions)
        if fn is None and name and by_name is None:
            by_name = _readers_by_name(caps, syntax)
        readers = [fn] if fn is not None else (by_name or {}).get(name, []) if name else []
        general = any(_general(r, syntax.parameters(r), name, syntax) for r in readers)
        group = f"{source.path}::{name or syntax.table}@{T.line_of(node)}"
        for pair, key, value in entries:
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(pair),
                    symbol=syntax.symbol_at(source.path, node),
                    form="table",
                    functions=tuple(sorted({syntax.function_name(r) for r in readers} - {""})),
                    group=group,
                    key=key or "",
                    value=value or "",
                    size=len(entries),
                    general=general,
                )
            )
    return facts
