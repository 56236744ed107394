"""JavaScript/TypeScript allow-lists and test inputs: what production code accepts, what
tests pass in.

An allow-list is a top-level constant bound to an array of literals or a ``new Set([...])``
of them (``Object.freeze``, ``as const`` and ``satisfies`` aside), an inline array or set
searched in a function (``['png', 'gif'].includes(ext)``, ``new Set([...]).has(ext)``),
or the word alternatives of a regex (``/^(png|gif)$/``, ``new RegExp('^(png|gif)$')``).
Inline ones are named ``<function>#<n>`` in source order, so BASE and HEAD versions of
one function compare. Test inputs are the literal arguments of calls in test files,
elements of array arguments included (``it.each`` rows), titles of tests and suites aside.
"""

from __future__ import annotations

from collections import Counter

import tree_sitter as ts

from ..common import treesitter as T
from ..common.alternation import alternatives
from ..common.dispatch import SourceFile
from ..common.folds import fold
from ..common.literals import js_literal
from ..common.test_inputs import TestInputSyntax, read_test_inputs
from ..common.walk import enclosing, inside
from ..facts import Fact
from ..facts.impl import AllowList, AllowListForm
from .adapter import FUNCTIONS, function_name, symbol_at
from .frameworks import BENCHMARKS, SUITE_FUNCTIONS, TEST_FUNCTIONS, is_test_path
from .model import strip

_CASTS = frozenset({"as_expression", "satisfies_expression"})
_SEARCHES = frozenset({"includes", "has", "indexOf"})
# Runner functions whose first argument names the test or suite.
_TITLE_TAKERS = TEST_FUNCTIONS | SUITE_FUNCTIONS | BENCHMARKS


def _uncast(node: ts.Node | None) -> ts.Node | None:
    node = strip(node)
    while node is not None and node.type in _CASTS and node.named_children:
        node = strip(node.named_children[0])
    if (
        node is not None
        and node.type == "call_expression"
        and T.squash(node.child_by_field_name("function")) == "Object.freeze"
    ):
        args = node.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        return _uncast(values[0]) if len(values) == 1 else node
    return node


def _members(node: ts.Node | None) -> list[tuple[str, int]] | None:
    """(normal form, line) of each element of an array or ``new Set([...])`` of literals."""
    node = _uncast(node)
    if node is not None and node.type == "new_expression":
        if T.text(node.child_by_field_name("constructor")) != "Set":
            return None
        args = node.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        return _members(values[0]) if len(values) == 1 else None
    if node is None or node.type != "array":
        return None
    elements = [c for c in node.named_children if c.type != "comment"]
    found = [(js_literal(c), T.line_of(c)) for c in elements]
    if not found or any(v is None for v, _ in found):
        return None
    return [(v or "", line) for v, line in found]


def _pattern(node: ts.Node) -> tuple[str, int] | None:
    """(text, line) of a regex literal or of ``new RegExp('<literal>')``."""
    if node.type == "regex":
        return T.text(node.child_by_field_name("pattern")), T.line_of(node)
    if node.type == "new_expression" and T.text(node.child_by_field_name("constructor")) == (
        "RegExp"
    ):
        args = node.child_by_field_name("arguments")
        first = args.named_children[0] if args is not None and args.named_children else None
        literal = js_literal(first)
        if first is not None and literal is not None and literal.startswith("s:"):
            return literal[2:], T.line_of(first)
    return None


def _fact(
    source: SourceFile,
    at: ts.Node,
    name: str,
    form: AllowListForm,
    members: list[tuple[str, int]],
    folds: tuple[str, ...] = (),
) -> AllowList:
    return AllowList(
        file=source.path,
        line=T.line_of(at),
        symbol=symbol_at(source.path, at),
        name=name,
        form=form,
        members=tuple(m for m, _ in members),
        lines=tuple(line for _, line in members),
        folds=folds,
    )


def _subject_fold(subject: ts.Node | None) -> str:
    """How a search normalises the value it looks up: the steps called on it
    (``ext.toLowerCase()``), or those of the local it reads (``const c = code.trim()``)."""
    subject = strip(subject)
    if subject is None:
        return ""
    steps = fold(subject)
    fn = enclosing(subject, FUNCTIONS)
    if steps or subject.type != "identifier" or fn is None:
        return steps
    bound = [
        n.child_by_field_name("value")
        for n in inside(fn, FUNCTIONS)
        if n.type == "variable_declarator"
        and T.text(n.child_by_field_name("name")) == T.text(subject)
        and n.end_byte <= subject.start_byte
    ]
    return fold(bound[-1]) if bound else ""


def _searched(call: ts.Node) -> tuple[ts.Node | None, ts.Node | None]:
    """(collection, value looked up) of ``X.includes(v)``/``.has(v)``/``.indexOf(v)``."""
    function = call.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return None, None
    if T.text(function.child_by_field_name("property")) not in _SEARCHES:
        return None, None
    args = call.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    return function.child_by_field_name("object"), values[0] if values else None


def _search_folds(caps: dict[str, list[ts.Node]]) -> dict[str, set[str]]:
    """name -> the normalisations of the searches of the constant ``name`` in the file."""
    found: dict[str, set[str]] = {}
    for node in caps.get("call", []):
        collection, subject = _searched(node)
        if collection is not None and collection.type == "identifier":
            found.setdefault(T.text(collection), set()).add(_subject_fold(subject))
    return found


def _inline_name(fn: ts.Node, counts: Counter[str], kind: str) -> str:
    """``<function>#<n>``: the n-th inline collection (or ``#re<n>`` regex) of a function."""
    owner = _owner(fn)
    counts[f"{owner}/{kind}"] += 1
    return f"{owner}#{kind}{counts[f'{owner}/{kind}']}"


def _owner(fn: ts.Node) -> str:
    """The dotted names of ``fn`` and the functions around it."""
    names: list[str] = []
    current: ts.Node | None = fn
    while current is not None:
        names.append(function_name(current) or "anonymous")
        current = enclosing(current, FUNCTIONS)
    return ".".join(reversed(names))


def allow_lists(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Constant arrays and sets, inline searched ones, and regex alternatives."""
    found: list[Fact] = []
    counts: Counter[str] = Counter()
    bound: set[int] = set()
    folds = _search_folds(caps)
    for node in caps.get("declarator", []):
        name = node.child_by_field_name("name")
        value = _uncast(node.child_by_field_name("value"))
        if name is None or name.type != "identifier" or value is None:
            continue
        if enclosing(node, FUNCTIONS) is not None:
            continue
        members = _members(value)
        pattern = _pattern(value)
        if members:
            used = tuple(sorted(folds.get(T.text(name), set())))
            found.append(_fact(source, node, T.text(name), "set", members, used))
        elif pattern is not None:
            bound.add(value.id)
            words = alternatives(pattern[0])
            if words:
                members = [(f"s:{w}", pattern[1]) for w in words]
                found.append(_fact(source, node, T.text(name), "regex", members))
    for node in caps.get("call", []):
        collection, subject = _searched(node)
        members = _members(collection) if collection is not None else None
        fn = enclosing(node, FUNCTIONS)
        if members and fn is not None:
            name = _inline_name(fn, counts, "")
            found.append(_fact(source, node, name, "set", members, (_subject_fold(subject),)))
    patterns = sorted([*caps.get("regex", []), *caps.get("new", [])], key=lambda n: n.start_byte)
    for node in patterns:
        pattern = _pattern(node) if node.id not in bound else None
        fn = enclosing(node, FUNCTIONS)
        if pattern is None or fn is None:
            continue
        name = _inline_name(fn, counts, "re")
        words = alternatives(pattern[0])
        if words:
            members = [(f"s:{w}", pattern[1]) for w in words]
            found.append(_fact(source, node, name, "regex", members))
    return found


def _titled(function: ts.Node) -> bool:
    """A runner's call whose first argument is a title: ``it``, ``describe.only``, ..."""
    parts = T.squash(function).split(".")
    return parts[0] in _TITLE_TAKERS and parts[-1] != "each"  # it.each(rows) takes rows


def _callee(function: ts.Node) -> str:
    if function.type == "member_expression":
        return T.text(function.child_by_field_name("property"))
    return T.text(function) if function.type == "identifier" else ""


_INPUTS = TestInputSyntax(
    is_test_path=is_test_path,
    arguments="arguments",
    callee=_callee,
    # a test's or suite's title is no input
    title_first=lambda function, callee: not callee or _titled(function),
    value=lambda argument: argument,
    literal=js_literal,
    containers=frozenset({"array"}),
    symbol=lambda source, call: symbol_at(source.path, call),
)


def test_inputs(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """The literal arguments of every call in a test file."""
    return read_test_inputs(source, caps, _INPUTS)
