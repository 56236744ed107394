"""Python allow-lists and test inputs: what production code accepts, what tests pass in.

An allow-list is a module- or class-level constant bound to a collection of literals
(``ALLOWED = {"png", "gif"}``, ``frozenset([...])``), an inline collection a membership
test reads (``if ext in ("png", "gif")``), or the word alternatives of a regex given to
``re`` (``re.compile(r"^(png|gif)$")``). Inline ones are named ``<function>#<n>`` in
source order, so BASE and HEAD versions of one function compare. Test inputs are the
literal arguments of calls in test files, elements of list or tuple arguments included
(``parametrize`` rows). Which added member a test needed is the ``impl`` rule's call.
"""

from __future__ import annotations

from collections import Counter

import tree_sitter as ts

from ..common import treesitter as T
from ..common.alternation import alternatives
from ..common.dispatch import SourceFile
from ..common.folds import fold
from ..common.literals import py_literal
from ..common.test_inputs import TestInputSyntax, read_test_inputs
from ..common.walk import enclosing, inside
from ..facts import Fact
from ..facts.impl import AllowList, AllowListForm
from .adapter import symbol_at
from .model import PythonModel, qualname
from .test_cases import is_test_path

_COLLECTIONS = frozenset({"set", "list", "tuple"})
_WRAPPERS = frozenset({"frozenset", "set", "tuple", "list", "sorted"})
_SCOPES = frozenset({"function_definition", "class_definition"})
_RE_CALLS = frozenset(
    {"re.compile", "re.match", "re.fullmatch", "re.search", "re.findall", "re.finditer"}
)


def _members(node: ts.Node | None) -> list[tuple[str, int]] | None:
    """(normal form, line) of each element of a collection of literals, else None."""
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    if node is None:
        return None
    if node.type == "call" and T.text(node.child_by_field_name("function")) in _WRAPPERS:
        args = node.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        return _members(values[0]) if len(values) == 1 else None
    if node.type not in _COLLECTIONS:
        return None
    elements = [c for c in node.named_children if c.type != "comment"]
    found = [(py_literal(c), T.line_of(c)) for c in elements]
    if not found or any(v is None for v, _ in found):
        return None
    return [(v or "", line) for v, line in found]


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
    """How a membership test normalises the value it looks up: the steps called on it
    (``code.upper()``), or those of the local it reads (``c = code.strip().upper()``)."""
    if subject is None:
        return ""
    steps = fold(subject)
    fn = enclosing(subject, frozenset({"function_definition"}))
    if steps or subject.type != "identifier" or fn is None:
        return steps
    bound = [
        n.child_by_field_name("right")
        for n in inside(fn, frozenset({"function_definition", "lambda"}))
        if n.type == "assignment"
        and T.text(n.child_by_field_name("left")) == T.text(subject)
        and n.end_byte <= subject.start_byte
    ]
    return fold(bound[-1]) if bound else ""


def _membership_folds(caps: dict[str, list[ts.Node]]) -> dict[str, set[str]]:
    """name (its last part) -> the normalisations of the ``x in NAME`` tests of the file."""
    found: dict[str, set[str]] = {}
    for node in caps.get("comparison", []):
        operators = [T.text(c) for c in node.children if not c.is_named]
        if operators not in (["in"], ["not in"]) or len(node.named_children) != 2:
            continue
        subject, collection = node.named_children
        if collection.type in ("identifier", "attribute"):
            name = T.squash(collection).rsplit(".", 1)[-1]  # ``Owner.NAME``, ``self.NAME``
            found.setdefault(name, set()).add(_subject_fold(subject))
    return found


def _constant_name(assignment: ts.Node) -> str:
    """``NAME`` of a module-level, ``Owner.NAME`` of a class-level assignment, else ""."""
    left = assignment.child_by_field_name("left")
    if left is None or left.type != "identifier":
        return ""
    scope = enclosing(assignment, _SCOPES)
    if scope is None:
        return T.text(left)
    if scope.type == "class_definition":
        return f"{T.text(scope.child_by_field_name('name'))}.{T.text(left)}"
    return ""


def _pattern(model: PythonModel, call: ts.Node) -> ts.Node | None:
    """The literal pattern given to a ``re`` function."""
    if model.resolve(T.squash(call.child_by_field_name("function"))) not in _RE_CALLS:
        return None
    args = call.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    return values[0] if values and py_literal(values[0]) is not None else None


def allow_lists(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Constant collections, inline membership collections and regex alternatives."""
    found: list[Fact] = []
    inline: Counter[str] = Counter()
    named: set[int] = set()
    folds = _membership_folds(caps)
    for node in caps.get("assignment", []):
        name = _constant_name(node)
        right = node.child_by_field_name("right")
        members = _members(right) if name else None
        if members:
            used = tuple(sorted(folds.get(name.rsplit(".", 1)[-1], set())))
            found.append(_fact(source, node, name, "set", members, used))
        elif name and right is not None and right.type == "call":
            pattern = _pattern(model, right)
            if pattern is not None:
                named.add(right.id)
                words = alternatives((py_literal(pattern) or "")[2:])
                line = T.line_of(pattern)
                if words:
                    found.append(
                        _fact(source, node, name, "regex", [(f"s:{w}", line) for w in words])
                    )
    for node in caps.get("comparison", []):
        operators = [T.text(c) for c in node.children if not c.is_named]
        if operators not in (["in"], ["not in"]) or len(node.named_children) != 2:
            continue
        members = _members(node.named_children[1])
        fn = enclosing(node, frozenset({"function_definition"}))
        if members and fn is not None:
            owner = qualname(fn)
            inline[owner] += 1
            steps = (_subject_fold(node.named_children[0]),)
            found.append(_fact(source, node, f"{owner}#{inline[owner]}", "set", members, steps))
    for node in caps.get("call", []):
        pattern = _pattern(model, node) if node.id not in named else None
        fn = enclosing(node, frozenset({"function_definition"}))
        if pattern is None or fn is None:
            continue
        words = alternatives((py_literal(pattern) or "")[2:])
        owner = qualname(fn)
        inline[f"{owner}/re"] += 1
        if words:
            line = T.line_of(pattern)
            name = f"{owner}#re{inline[f'{owner}/re']}"
            found.append(_fact(source, node, name, "regex", [(f"s:{w}", line) for w in words]))
    return found


def _value(argument: ts.Node) -> ts.Node | None:
    return (
        argument.child_by_field_name("value") if argument.type == "keyword_argument" else argument
    )


_INPUTS = TestInputSyntax(
    is_test_path=is_test_path,
    arguments="argument_list",
    callee=lambda function: T.text(function).rsplit(".", 1)[-1],
    title_first=lambda _function, _callee: False,
    value=_value,
    literal=py_literal,
    containers=frozenset({"list", "tuple", "set"}),
    symbol=lambda source, call: symbol_at(source.path, call),
)


def test_inputs(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """The literal arguments of every call in a test file."""
    return read_test_inputs(source, caps, _INPUTS)
