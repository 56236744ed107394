"""Literal answers: literal keys mapped to literal values (table entries, ``if x == K:
return V``, ``case K: return V``, and keys combining several inputs: ``(2, 3)`` entries,
``if a == 2 and b == 3``, a switch on a joined string), the production side the
answer-table rule compares with the tests' expectations.

Written once over the language's ``BehaviourSyntax``: the grouping per function, the tables
and whether a function also computes its answer are the same question in every language;
only the spelling of a comparison, a ``case`` and a table differs.
"""

from __future__ import annotations

from collections import defaultdict

import tree_sitter as ts

from ..facts import Fact
from ..facts.impl import LiteralAnswer, ProducedWords
from . import treesitter as T
from .adapter import BehaviourSyntax, Pairs
from .bodies import first_return, returned_values
from .dispatch import SourceFile
from .literals import WORD
from .paths import is_test_side
from .walk import enclosing, inside, is_within, mentions

Found = tuple[Pairs, str]  # (the keys an answer is chosen by, its literal value)


def _general(
    fn: ts.Node,
    subjects: list[str],
    table: str,
    syntax: BehaviourSyntax,
    literal: ts.Node | None = None,
) -> bool:
    """Whether ``fn`` also returns a computed value that reads one of ``subjects`` (and not
    the table ``table`` or the table ``literal`` written in place: a lookup is no
    computation; nor the input handed back as it came, the fallback of a mapping)."""
    return any(
        v is not None
        and syntax.literal(v) is None
        and T.text(syntax.strip(v) or v) not in subjects
        and any(mentions(v, s, syntax.names) for s in subjects)
        and not (table and mentions(v, table, syntax.names))
        and not (literal is not None and is_within(literal, v))
        for v in returned_values(fn, syntax)
    )


def _branch(node: ts.Node, syntax: BehaviourSyntax) -> Found | None:
    """The keys and value of ``if x == K: return V`` or ``if a == K1 and b == K2: ...``."""
    pairs = syntax.answers.condition_pairs(node.child_by_field_name("condition"))
    value = first_return(node.child_by_field_name("consequence"), syntax)
    return (pairs, value) if pairs and value is not None else None


def _case(node: ts.Node, syntax: BehaviourSyntax) -> Found | None:
    """The keys and value of ``case K: return V`` under a switch on one name, on several
    (``match (a, b)``) or on a string joined from several."""
    pairs, answering = syntax.answers.case(node)
    value = first_return(answering, syntax)
    return (pairs, value) if pairs and value is not None else None


def _combined(
    fn: ts.Node, pairs: Pairs, syntax: BehaviourSyntax
) -> tuple[str, tuple[str, ...]] | None:
    """(key, keys) of an answer: one literal (of one name or of a joined string), or the
    literals of several parameters in the parameters' order ("" for one not compared);
    None when a compared name is no parameter or is compared twice."""
    if len(pairs) == 1:
        return pairs[0][1], ()
    if any(len(names) != 1 for names, _ in pairs):
        return None
    names = [n[0] for n, _ in pairs]
    params = syntax.answers.parameters(fn)
    if len(set(names)) != len(names) or not set(names) <= set(params):
        return None
    given = {n[0]: key for n, key in pairs}
    keys = tuple(given.get(p, "") for p in params)
    return "(" + ", ".join(keys) + ")", keys


def branch_answers(
    source: SourceFile, caps: dict[str, list[ts.Node]], syntax: BehaviourSyntax
) -> list[Fact]:
    """Literal returns chosen by comparing names with literals, grouped per function."""
    groups: dict[int, list[tuple[ts.Node, Found]]] = defaultdict(list)
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
        symbol, group = syntax.answers.answer_group(source.path, fn)
        for node, (pairs, value) in answers:
            combined = _combined(fn, pairs, syntax)
            if combined is None:
                continue
            names = pairs[0][0] if len(pairs) == 1 else ()
            domain = syntax.answers.domain(fn, names[0]) if len(names) == 1 else ()
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=symbol,
                    form="branch",
                    functions=(syntax.function_name(fn),),
                    group=group,
                    key=combined[0],
                    value=value,
                    size=len(answers),
                    general=_general(fn, [n for names, _ in pairs for n in names], "", syntax),
                    keys=combined[1],
                    domain=domain,
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


def _entry_key(node: ts.Node | None, syntax: BehaviourSyntax) -> tuple[str, tuple[str, ...]] | None:
    """(key, keys) of a table entry's key: a literal, or a tuple of literals."""
    literal = syntax.answers.table_key(node)
    if literal is not None:
        return literal, ()
    keys = syntax.answers.tuple_key(node)
    return ("(" + ", ".join(keys) + ")", tuple(keys)) if keys else None


def table_answers(
    source: SourceFile, caps: dict[str, list[ts.Node]], syntax: BehaviourSyntax
) -> list[Fact]:
    """Entries of tables whose every key and value is a literal: table literals (dict,
    object) and tables built from literal pairs (``new Map([[k, v]])``, ``dict(zip(...))``)."""
    facts: list[Fact] = []
    by_name: dict[str, list[ts.Node]] | None = None
    candidates = [n for capture in syntax.answers.tables for n in caps.get(capture, [])]
    for node in sorted(candidates, key=lambda n: n.start_byte):
        rows = syntax.answers.entries(node)
        if not rows:
            continue
        entries = [(at, _entry_key(k, syntax), syntax.literal(v)) for at, k, v in rows]
        if any(k is None or v is None for _, k, v in entries):
            continue
        name = syntax.answers.table_name(node)
        fn = enclosing(node, syntax.functions)
        if fn is None and name and by_name is None:
            by_name = _readers_by_name(caps, syntax)
        readers = [fn] if fn is not None else (by_name or {}).get(name, []) if name else []
        general = any(
            _general(r, syntax.answers.parameters(r), name, syntax, node) for r in readers
        )
        group = f"{source.path}::{name or syntax.answers.table}@{T.line_of(node)}"
        domain = syntax.answers.table_domain(node)
        for pair, key, value in entries:
            facts.append(
                LiteralAnswer(
                    file=source.path,
                    line=T.line_of(pair),
                    symbol=syntax.symbol_at(source.path, node),
                    form="table",
                    functions=tuple(sorted({syntax.function_name(r) for r in readers} - {""})),
                    group=group,
                    key=key[0] if key else "",
                    value=value or "",
                    size=len(entries),
                    general=general,
                    keys=key[1] if key else (),
                    domain=domain,
                )
            )
    return facts


def produced_words(source: SourceFile, syntax: BehaviourSyntax) -> list[Fact]:
    """The word-like strings a production file writes as values, one fact (none when it
    writes none, nor for a test file)."""
    if is_test_side(source.path):
        return []
    words = _written_words(source.tree.root_node, syntax)
    return [ProducedWords(file=source.path, line=1, words=words)] if words else []


def _written_words(root: ts.Node, syntax: BehaviourSyntax) -> tuple[str, ...]:
    """The word-like strings a file writes as values, sorted; a table's own keys are not
    among them (a table cannot excuse itself)."""
    nodes = list(inside(root, frozenset()))
    entries = (syntax.answers.entries(n) or () for n in nodes)
    keys = {k.id for found in entries for _, k, _ in found if k is not None}
    words: set[str] = set()
    for node in nodes:
        if node.type != "string" or node.id in keys or not syntax.answers.produced(node):
            continue
        literal = syntax.literal(node)
        if literal is not None and literal.startswith("s:") and WORD.fullmatch(literal[2:]):
            words.add(literal[2:])
    return tuple(sorted(words))
