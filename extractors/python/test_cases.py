"""How Python tests are skipped, and what they call (which functions are tests is
``collected.py``).

``import pytest as pt`` is resolved by the file's model, so ``@pt.mark.skip`` is a skip.
"""

from __future__ import annotations

from pathlib import PurePosixPath

import tree_sitter as ts

from ..common import treesitter as T
from ..common.env_conditions import skip_env, skip_platform
from ..common.walk import inside
from ..facts import Fact
from ..facts.integrity import PlatformWhere, Skip, SkipScope, SkipWhere
from . import strings as py_strings
from .assertions import walk_own
from .collected import SKIP_MARKS, decorator_mark, marks_given, marks_of
from .conditions import lower_condition
from .file_context import PyFile, resolve
from .knowledge import collected_by_default
from .model import base_nodes

_TEST_DIRS = {"tests", "test", "testing"}


def is_test_path(path: str) -> bool:
    """Test code: a file pytest collects by name, or one under a tests folder (helpers and
    fixtures of the tests are not production code), conftest.py aside."""
    posix = PurePosixPath(path)
    return (
        collects_tests(path) or any(part in _TEST_DIRS for part in posix.parts[:-1])
    ) and posix.name != "conftest.py"


def collects_tests(path: str) -> bool:
    """A file whose ``test*`` functions and ``Test*`` classes pytest collects by default
    (``python_files = test_*.py *_test.py``): a ``test_ids`` helper in ``tests/util.py`` or
    in a package folder named ``test`` is no test."""
    return collected_by_default(path)


def decorator_name(f: PyFile, decorator: ts.Node) -> tuple[str, ts.Node | None]:
    """(resolved name, call) of a decorator; the call is None without arguments. A
    decorator that is a module-level name for a marker is read as that marker."""
    mark = decorator_mark(f.source, decorator)
    return mark.name, mark.call


def skips_of(f: PyFile, definition: ts.Node, symbol: str, scope: SkipScope) -> list[Fact]:
    """Skip facts of a test's or a test class's skip/xfail decorators."""
    facts: list[Fact] = []
    for mark in marks_of(f.source, definition):
        name, call, decorator = mark.name, mark.call, mark.anchor
        if name == "pytest.mark.parametrize" and call is not None:
            facts.extend(_case_skips(f, call, symbol, scope))
            if _no_cases(call):
                # pytest collects the test with an empty parameter set and skips it.
                facts.append(
                    Skip(
                        file=f.source.path,
                        line=T.line_of(decorator),
                        symbol=symbol,
                        how="pytest.mark.parametrize with no case",
                        scope=scope,
                    )
                )
        if name not in SKIP_MARKS:
            continue
        conditional = SKIP_MARKS[name]
        args = call.child_by_field_name("arguments") if call is not None else None
        positional = [
            a for a in (args.named_children if args else []) if a.type != "keyword_argument"
        ]
        if conditional is None:  # xfail: conditional when given a condition
            conditional = bool(positional) and positional[0].type != "string"
        reason = ""
        for a in args.named_children if args else []:
            if a.type == "keyword_argument" and T.text(a.child_by_field_name("name")) == "reason":
                reason = py_strings.literal_string(a.child_by_field_name("value")) or ""
            elif a.type == "string" and not reason:
                reason = py_strings.literal_string(a) or ""
        condition = positional[0] if conditional and positional else None
        env, where = env_of(condition, name != "unittest.skipUnless")
        platforms, on = platform_of(condition, name != "unittest.skipUnless")
        facts.append(
            Skip(
                file=f.source.path,
                line=T.line_of(decorator),
                symbol=symbol,
                how=name,
                conditional=bool(conditional),
                reason=reason,
                scope=scope,
                env=env,
                skipped_where=where,
                platforms=platforms,
                platform_skipped=on,
            )
        )
    return facts


def _no_cases(parametrize: ts.Node) -> bool:
    """``@pytest.mark.parametrize("x", [])``: the list of cases is written empty."""
    args = parametrize.child_by_field_name("arguments")
    if args is None:
        return False
    values = [a for a in args.named_children if a.type not in ("keyword_argument", "comment")]
    for keyword in args.named_children:
        if (
            keyword.type == "keyword_argument"
            and T.text(keyword.child_by_field_name("name")) == "argvalues"
        ):
            values = [values[0] if values else keyword, keyword.child_by_field_name("value")]
    if len(values) < 2 or values[1] is None:
        return False
    cases = values[1]
    return cases.type in ("list", "tuple") and not [
        c for c in cases.named_children if c.type != "comment"
    ]


def _case_skips(f: PyFile, parametrize: ts.Node, symbol: str, scope: SkipScope) -> list[Fact]:
    """``pytest.param(..., marks=pytest.mark.xfail)``: a case of the test that is skipped or
    expected to fail whatever happens (a mark given a condition is left out)."""
    facts: list[Fact] = []
    for node in inside(parametrize, frozenset({"lambda"})):
        if (
            node.type != "call"
            or resolve(f, node.child_by_field_name("function")) != "pytest.param"
        ):
            continue
        args = node.child_by_field_name("arguments")
        for keyword in args.named_children if args is not None else []:
            if keyword.type != "keyword_argument":
                continue
            if T.text(keyword.child_by_field_name("name")) != "marks":
                continue
            value = keyword.child_by_field_name("value")
            for mark in marks_given(f.source, value, node) if value is not None else []:
                name = mark.name
                if name not in ("pytest.mark.skip", "pytest.mark.xfail"):
                    continue
                inner = mark.call.child_by_field_name("arguments") if mark.call else None
                positional = [
                    a
                    for a in (inner.named_children if inner else [])
                    if a.type != "keyword_argument"
                ]
                if positional and positional[0].type != "string":
                    continue
                facts.append(
                    Skip(
                        file=f.source.path,
                        line=T.line_of(node),
                        symbol=symbol,
                        how=f"pytest.param(marks={name}) on a case",
                        conditional=False,
                        scope=scope,
                    )
                )
    return facts


def env_of(
    condition: ts.Node | None, skips_when_true: bool = True
) -> tuple[tuple[str, ...], SkipWhere]:
    """The environment variable a skip condition reads alone, and where it skips."""
    if condition is None:
        return (), ""
    return skip_env(lower_condition(condition), skips_when_true)


def platform_of(
    condition: ts.Node | None, skips_when_true: bool = True
) -> tuple[tuple[str, ...], PlatformWhere]:
    """The platforms a skip condition compares the operating system with alone, and whether
    it skips on them or off them."""
    if condition is None:
        return (), ""
    return skip_platform(lower_condition(condition), skips_when_true)


def class_bases(f: PyFile, cls: ts.Node) -> list[str]:
    """The resolved names of a class's base classes."""
    return [resolve(f, a) for a in base_nodes(cls)]


def enclosing_class(definition: ts.Node) -> ts.Node | None:
    """The class a method is defined in; None for a function or a nested function."""
    current = definition.parent
    while current is not None:
        if current.type == "class_definition":
            return current
        if current.type == "function_definition":
            return None
        current = current.parent
    return None


def callee_paths(body: ts.Node, imported: dict[str, str]) -> tuple[str, ...]:
    """Every callee of the body as dotted names, arguments and subscripts left out; a root
    that an import renamed (``from t import check_total as check``) also under the name it
    was imported as."""
    found: set[str] = set()
    for n in walk_own(body):
        if n.type != "call":
            continue
        names: list[str] = []
        node: ts.Node | None = n.child_by_field_name("function")
        while node is not None:
            if node.type == "attribute":
                names.append(T.text(node.child_by_field_name("attribute")))
                node = node.child_by_field_name("object")
            elif node.type == "call":
                node = node.child_by_field_name("function")
            elif node.type == "subscript":
                node = node.child_by_field_name("value")
            else:
                if node.type == "identifier":
                    names.reverse()
                    root = T.text(node)
                    found.add(".".join([root, *names]))
                    if root in imported:
                        found.add(".".join([imported[root], *names]))
                node = None
    return tuple(sorted(found))


def called_names(body: ts.Node) -> tuple[str, ...]:
    """Names the body calls: bare names, and ``self.x`` / ``cls.x`` for methods of the test."""
    names: set[str] = set()
    for n in walk_own(body):
        func = n.child_by_field_name("function") if n.type == "call" else None
        if func is None:
            continue
        text = T.text(func)
        head, _, last = text.rpartition(".")
        if head in ("self", "cls") and last.isidentifier():
            names.add(f"{head}.{last}")
        elif last.isidentifier():
            names.add(last)
    return tuple(sorted(names))
