"""Which TS/JS calls are tests and what they are named (suites joined by `` > ``), the local
names of the test libraries, and the names a test body binds.

The test libraries' local names come from the file's semantic model (``model.py``), which
reads every import and ``require`` once; this module only says what each export does."""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ..common import treesitter as T
from .model import JsImport, JsModel
from .test_aliases import choice_aliases, expand
from .testfile_syntax import FUNCTION_TYPES, call_arguments, property_name, title_of
from .testfile_words import ASSERT_SOURCES, DESCRIBE, EXPECT_SOURCES, TEST


def library_roles(model: JsModel) -> dict[str, str]:
    """Local names of ``expect``, ``assert`` and ``should``, suites and tests, through the
    imports and requires the file's semantic model read."""
    roles = {"expect": "expect", "assert": "assert", "should": "should"}
    roles.update(dict.fromkeys(DESCRIBE, "suite"))
    roles.update(dict.fromkeys(TEST, "test"))
    for bound in model.imports:
        role = _import_role(bound) if bound.via == "import" else None
        role = _require_role(bound) if bound.via == "require" else role
        if role:
            roles[bound.local] = role
    return roles


def alias_roles(root: Node, roles: dict[str, str]) -> dict[str, str]:
    """``roles`` with the local names bound to a suite or test function, or to a choice of
    them (``const maybe = cond ? it.skip : it``, a name bound to such a name): a name takes
    the role every function it may stand for has."""
    known = {n for n, role in roles.items() if role in ("suite", "test")}
    found = dict(roles)
    for name, spellings in choice_aliases(root, known.__contains__).items():
        role = _choice_role(spellings, roles)
        if role is not None and name not in roles:
            found[name] = role
    return found


def _choice_role(spellings: tuple[str, ...], roles: dict[str, str]) -> str | None:
    """The role shared by every spelling's function (``it.skip`` and ``it``: test)."""
    found = {roles.get(s.split(".")[0]) for s in spellings}
    return found.pop() if len(found) == 1 else None


def _role(exported: str) -> str | None:
    """What a test library's export does: expect, assert, should, suite or test."""
    if exported in ("expect", "assert", "should"):
        return exported
    if exported in DESCRIBE:
        return "suite"
    return "test" if exported in TEST else None


def _import_role(bound: JsImport) -> str | None:
    """``import assert from 'node:assert'``, ``import { it as iit } from 'vitest'``."""
    whole = bound.name in ("default", "*")
    if bound.module in ASSERT_SOURCES:
        return "assert" if whole or bound.name in ("strict", "ok", "assert") else None
    if whole:
        return "test" if bound.module == "node:test" and bound.name == "default" else None
    return _role(bound.name) if bound.module in EXPECT_SOURCES else None


def _require_role(bound: JsImport) -> str | None:
    """``const assert = require('assert')``, ``const { expect: e } = require('chai')``,
    ``const expect = require('chai').expect``."""
    if bound.module in ASSERT_SOURCES:
        return None if bound.destructured else "assert"
    return _role(bound.name) if bound.module in EXPECT_SOURCES else None


def local_bindings(body: Node) -> list[str]:
    """Names a test body declares, in the order it declares them."""
    names: list[str] = []

    def bind(pattern: Node) -> None:
        if pattern.type in ("identifier", "shorthand_property_identifier_pattern"):
            if T.text(pattern) not in names:
                names.append(T.text(pattern))
            return
        if pattern.type == "pair_pattern":
            value = pattern.child_by_field_name("value")
            if value is not None:
                bind(value)
            return
        for child in pattern.named_children:
            if child.type not in ("property_identifier", "comment"):
                bind(child)

    stack = [body]
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            name = node.child_by_field_name("name")
            if name is not None:
                bind(name)
        elif node.type == "catch_clause":
            parameter = node.child_by_field_name("parameter")
            if parameter is not None:
                bind(parameter)
        elif node.type in ("for_in_statement",):
            left = node.child_by_field_name("left")
            if left is not None:
                bind(left)
        stack.extend(reversed(node.children))
    return names


def collect_test_calls(
    node: Node, prefix: str, roles: dict[str, str]
) -> Iterator[tuple[str, Node, Node]]:
    """(qualified name, call, callback body) for every test, suites joined by `` > ``; a
    node:test subtest (``t.test('sub', fn)`` on the test's context ``t``) is a test of its own,
    named under its enclosing test."""
    stack: list[tuple[Node, str, dict[str, str]]] = [(node, prefix, roles)]
    while stack:
        current, scope, known = stack.pop()
        found = _suite_or_test(current, known)
        if found is not None:
            role, title, callback = found
            name = f"{scope}{title}"
            if role == "test":
                body = callback.child_by_field_name("body") if callback else None
                if body is not None:
                    yield name, current, body
                    context = _context_parameter(callback) if callback else ""
                    if context:
                        inner = {**known, context: "context"}
                        stack.extend((c, name + " > ", inner) for c in reversed(body.children))
                continue
            if callback is not None:
                stack.append((callback, name + " > ", known))
            continue
        stack.extend((c, scope, known) for c in reversed(current.children))


def subtest_calls(body: Node, roles: dict[str, str], callback: Node | None) -> list[Node]:
    """The node:test subtest calls directly inside one test body: they are tests of their own."""
    context = _context_parameter(callback) if callback is not None else ""
    if not context:
        return []
    known = {**roles, context: "context"}
    found: list[Node] = []
    stack = list(body.children)
    while stack:
        current = stack.pop()
        shape = _suite_or_test(current, known)
        if shape is not None and shape[0] == "test" and known.get(_leftmost(current)) == "context":
            found.append(current)
            continue
        stack.extend(current.children)
    return found


def _leftmost(call: Node) -> str:
    """The identifier a call's callee chain starts from."""
    function = call.child_by_field_name("function")
    while function is not None and function.type in ("call_expression", "member_expression"):
        function = function.child_by_field_name(
            "function" if function.type == "call_expression" else "object"
        )
    return T.text(function) if function is not None else ""


def _context_parameter(callback: Node) -> str:
    """The name of a test callback's first parameter: the node:test context ``t``."""
    params = callback.child_by_field_name("parameters")
    first = params.named_children[0] if params is not None and params.named_children else None
    if first is None:
        first = callback.child_by_field_name("parameter")
    if first is not None and first.type in ("required_parameter", "optional_parameter"):
        first = first.child_by_field_name("pattern")
    return T.text(first) if first is not None and first.type == "identifier" else ""


def _suite_or_test(node: Node, roles: dict[str, str]) -> tuple[str, str, Node | None] | None:
    if node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    while function is not None and function.type in ("call_expression", "member_expression"):
        inner = function.child_by_field_name(
            "function" if function.type == "call_expression" else "object"
        )
        function = inner
    if function is None:
        return None
    if function.type == "identifier":
        role = roles.get(T.text(function))
    else:  # ``(cond ? it.skip : it)('x', fn)``: a choice of test functions called in place
        known = {n for n, r in roles.items() if r in ("suite", "test")}
        spellings = expand(function, known.__contains__, {})
        role = _choice_role(spellings, roles) if spellings else None
    args = call_arguments(node)
    if role == "context":
        # ``t.test('sub', fn)``: a node:test subtest of the enclosing test's context ``t``.
        callee = node.child_by_field_name("function")
        owner = callee.child_by_field_name("object") if callee is not None else None
        subtest = owner is not None and owner.type == "identifier"
        role = "test" if subtest and property_name(callee) == "test" else None
    if role not in ("suite", "test") or not args:
        return None
    callback = next((a for a in reversed(args) if a.type in FUNCTION_TYPES), None)
    return role, title_of(args[0]), callback
