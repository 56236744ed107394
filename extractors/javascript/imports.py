"""Which local names of a JavaScript/TypeScript file come from which test or assertion library.

``import { it as iit } from 'vitest'`` binds ``iit`` to vitest's ``it``;
``const assert = require('node:assert/strict')`` binds ``assert`` to node's
assert (both read from the file's semantic model, ``model``);
``export const test = base.extend({...})`` keeps ``test`` a Playwright test function.
Names bound nowhere are the globals a test runner injects (Jest, Mocha).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeGuard

import tree_sitter as ts

from ..common.env_conditions import skip_env, skip_platform
from ..common.treesitter import text
from ..facts.integrity import JsFramework, PlatformWhere, SkipWhere
from .conditions import lower_condition
from .model import JsModel
from .patterns import keys
from .test_aliases import wrapper_functions

FRAMEWORK_MODULES: dict[str, JsFramework] = {
    "vitest": "vitest",
    "@jest/globals": "jest",
    "node:test": "node:test",
    "mocha": "mocha",
    "bun:test": "jest",  # Bun's runner: Jest's globals and matchers
    "@playwright/test": "playwright",
    "playwright/test": "playwright",
    "ava": "ava",
}
# The assertion and double libraries a module specifier names, by kind.
LibraryKind = Literal["node-assert", "chai", "sinon", "expect", "supertest", "cdk-assertions"]
LIBRARY_MODULES: dict[str, LibraryKind] = {
    "assert": "node-assert",
    "node:assert": "node-assert",
    "assert/strict": "node-assert",
    "node:assert/strict": "node-assert",
    "power-assert": "node-assert",
    "chai": "chai",
    "sinon": "sinon",
    "expect": "expect",
    "@jest/expect": "expect",
    # HTTP assertions: ``request(app).get("/").expect(200)``
    "supertest": "supertest",
    "supertest-as-promised": "supertest",
    # CDK template assertions: ``Template.fromStack(stack).hasResourceProperties(...)``
    "aws-cdk-lib/assertions": "cdk-assertions",
    "@aws-cdk/assertions": "cdk-assertions",
}
FRAMEWORKS = frozenset(FRAMEWORK_MODULES.values())


def is_framework(kind: str) -> TypeGuard[JsFramework]:
    """``kind`` (a ``module_kind``) is a test framework's, not an assertion library's."""
    return kind in FRAMEWORKS


# Byte patterns one of which any framework import contains: files without them skip the query.
# Bytes whose absence from a file rules out a framework import (a cheap first look),
# from the one list of framework modules.
FRAMEWORK_HINTS = tuple(sorted({m.encode() for m in FRAMEWORK_MODULES} | {b"@playwright/"}))


def module_kind(source: str) -> JsFramework | LibraryKind | Literal[""]:
    """The library a module specifier names ("vitest", "chai", ...), "" for any other."""
    if source in FRAMEWORK_MODULES:
        return FRAMEWORK_MODULES[source]
    if source.startswith("@playwright/"):
        return "playwright"
    return LIBRARY_MODULES.get(source, "")


# Test frameworks whose module value is the test function (``test.describe`` hangs off it).
DEFAULT_IS_TEST = frozenset({"node:test", "playwright", "ava"})


@dataclass(frozen=True)
class Origin:
    """What a local name was imported as: library kind and exported name."""

    kind: str  # module_kind of the source; "" for modules we do not know
    name: str  # the exported name, "default" or "*" (namespace)

    @property
    def export(self) -> str:
        """The export the binding stands for. A test framework's module value bound whole
        (``const jg = require('@jest/globals')``, a default import through CommonJS interop)
        is its namespace, except where that value is the test function itself (node:test,
        Playwright)."""
        if self.name != "default" or not is_framework(self.kind):
            return self.name
        return "test" if self.kind in DEFAULT_IS_TEST else "*"


@dataclass(frozen=True)
class Switch:
    """``name = cond ? it.skip : it``: ``base`` ("it") with ``words`` (("skip",)) only
    where the condition says; ``env``/``where`` as ``Skip.env``/``Skip.skipped_where``."""

    base: str
    words: tuple[str, ...]
    env: tuple[str, ...] = ()
    where: SkipWhere = ""
    platforms: tuple[str, ...] = ()
    platform_skipped: PlatformWhere = ""


@dataclass
class Imports:
    """The file's imported names and the frameworks it imports, in file order."""

    bindings: dict[str, Origin] = field(default_factory=dict)
    frameworks: list[JsFramework] = field(default_factory=list)
    # Local names made from a test function by ``.extend(...)`` (Playwright fixtures).
    extended: dict[str, str] = field(default_factory=dict)
    # Local names bound to one of two spellings of a test function by a condition
    # (``cond ? it.skip : it``): the base name, the words of the other spelling, and the
    # environment variable the condition reads alone with where it picks those words.
    switched: dict[str, Switch] = field(default_factory=dict)
    # ``const slow = it.skip``: a local name for a chain of names, spelled out (it, skip);
    # also a local wrapper function that hands its title on (``function t(n, fn) {
    # test.skip(n, fn); }``), whose span is in ``wrappers``: the call inside it declares
    # nothing until the wrapper is called.
    aliased: dict[str, tuple[str, ...]] = field(default_factory=dict)
    wrappers: list[tuple[int, int]] = field(default_factory=list)

    def bind(self, local: str, origin: Origin) -> None:
        """Record one binding; the first framework seen becomes the file's default."""
        self.bindings.setdefault(local, origin)
        if is_framework(origin.kind) and origin.kind not in self.frameworks:
            self.frameworks.append(origin.kind)

    def imports_kind(self, kind: str) -> bool:
        """Some name of the file comes from a library of this kind."""
        return any(o.kind == kind for o in self.bindings.values()) or kind in self.frameworks


def read_imports(
    model: JsModel, caps: dict[str, list[ts.Node]], root: ts.Node | None = None
) -> Imports:
    """The file's imports (from its semantic model) seen as test and assertion libraries,
    plus in-source vitest bindings and names taken from a library value, from the captures
    of ``queries/javascript/js_imports.scm``."""
    found = Imports()
    for module in model.modules:
        kind = module_kind(module)
        if is_framework(kind) and kind not in found.frameworks:
            found.frameworks.append(kind)
    for bound in model.imports:
        kind = module_kind(bound.module)
        if bound.via != "require" or bound.destructured:
            found.bind(bound.local, Origin(kind, bound.name))
        else:
            found.bind(bound.local, Origin(kind, bound.member or "default"))
    for node in caps.get("alias", []):
        _read_alias(node, found)
    for node in caps.get("in_source", []):
        _bind_pattern(node.child_by_field_name("name"), "vitest", "", found)
    for node in caps.get("extend", []):
        value = node.child_by_field_name("value")
        callee = value.child_by_field_name("function") if value is not None else None
        base = callee.child_by_field_name("object") if callee is not None else None
        found.extended[text(node.child_by_field_name("name"))] = text(base)
    for node in caps.get("switch", []):
        _read_switch(node, found)
    for name, (function, callee) in (wrapper_functions(root) if root is not None else {}).items():
        spelled = _spelled(callee)
        if spelled:
            found.aliased.setdefault(name, tuple(spelled))
            found.wrappers.append((function.start_byte, function.end_byte))
    return found


def _spelled(node: ts.Node | None) -> list[str]:
    """``it.skip`` -> ["it", "skip"]; [] for anything but a name or a chain of names."""
    while node is not None and node.type == "parenthesized_expression" and node.named_child_count:
        node = node.named_children[0]
    if node is None:
        return []
    if node.type == "identifier":
        return [text(node)]
    if node.type == "member_expression":
        head = _spelled(node.child_by_field_name("object"))
        return [*head, text(node.child_by_field_name("property"))] if head else []
    return []


def _arms(value: ts.Node) -> tuple[ts.Node | None, ts.Node | None, ts.Node | None]:
    """(condition, consequence, alternative) of ``c ? a : b`` and of ``c && a || b`` (or
    ``?? b``), through parentheses; Nones for any other value."""
    while value.type == "parenthesized_expression" and value.named_child_count == 1:
        value = value.named_children[0]
    if value.type == "ternary_expression":
        fields = ("condition", "consequence", "alternative")
        condition, one, other = (value.child_by_field_name(f) for f in fields)
        return condition, one, other
    if value.type != "binary_expression":
        return None, None, None
    operator = text(value.child_by_field_name("operator"))
    left = value.child_by_field_name("left")
    while left is not None and left.type == "parenthesized_expression" and left.named_child_count:
        left = left.named_children[0]
    if (
        operator in ("||", "??")
        and left is not None
        and left.type == "binary_expression"
        and text(left.child_by_field_name("operator")) == "&&"
    ):
        right = value.child_by_field_name("right")
        return left.child_by_field_name("left"), left.child_by_field_name("right"), right
    return None, None, None


def switch_of(value: ts.Node) -> Switch | None:
    """``cond ? it.skip : it`` (either order, or ``cond && it.skip || it``): ``it``, with the
    words of the longer spelling applied only when the condition says so; None for any
    other value."""
    condition, consequence, alternative = _arms(value)
    one, other = _spelled(consequence), _spelled(alternative)
    if not one or not other or one[0] != other[0]:
        return None
    short, long = sorted((one, other), key=len)
    if len(short) != 1 or len(long) < 2:
        return None
    if condition is None:
        return Switch(short[0], tuple(long[1:]))
    env, where = skip_env(lower_condition(condition), long is one)
    platforms, on = skip_platform(lower_condition(condition), long is one)
    return Switch(short[0], tuple(long[1:]), env, where, platforms, on)


def _read_switch(node: ts.Node, found: Imports) -> None:
    """``name = cond ? it.skip : it``: ``name`` is the switch of its value."""
    value = node.child_by_field_name("value")
    switch = switch_of(value) if value is not None else None
    if switch is not None:
        found.switched[text(node.child_by_field_name("name"))] = switch


def _read_alias(node: ts.Node, found: Imports) -> None:
    """Names destructured from (or members of) a library bound earlier: ``{ assert } = chai``."""
    value = node.child_by_field_name("value")
    name = node.child_by_field_name("name")
    spelled = _spelled(value)
    if name is not None and name.type == "identifier" and spelled:
        found.aliased.setdefault(text(name), tuple(spelled))
    member = "default"
    if value is not None and value.type == "member_expression":
        member = text(value.child_by_field_name("property"))
        value = value.child_by_field_name("object")
    origin = found.bindings.get(text(value))
    if origin is None or not origin.kind or origin.name not in ("default", "*"):
        return
    _bind_pattern(node.child_by_field_name("name"), origin.kind, member, found)


def _bind_pattern(pattern: ts.Node | None, kind: str, member: str, found: Imports) -> None:
    """Bind ``x`` or the names of ``{ a, b: c }`` destructured from a module value."""
    if pattern is None:
        return
    if pattern.type == "identifier":
        found.bind(text(pattern), Origin(kind, member or "default"))
        return
    for key, bound in keys(pattern):
        found.bind(bound.local, Origin(kind, key))
