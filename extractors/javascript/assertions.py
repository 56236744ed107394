"""Assertions in JavaScript/TypeScript tests: expect chains, node/chai assert, should, sinon.

``expect(x).not.toBe(y)`` is one assertion located at ``expect(`` whose text
is the whole chain; ``expect(x).to.be.true`` (chai) ends in a property, not a
call. Names resolve through the file's imports: ``import { strict as assert }
from 'node:assert'`` makes ``assert.equal`` a node assertion, ``import { assert }
from 'chai'`` a chai one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import tree_sitter as ts

from ..common.treesitter import text
from ..facts.integrity import AssertionStyle, Operand
from .imports import Imports
from .syntax import Chain, arguments_of, operand, string_content

THROW_METHODS = frozenset({"toThrow", "toThrowError", "throw", "throws", "Throw", "rejects"})
THROW_METHODS_WITH_MESSAGE = frozenset(
    {"toThrowErrorMatchingSnapshot", "toThrowErrorMatchingInlineSnapshot"}
)
REJECTION_METHODS = frozenset({"rejectedWith"})
CHAI_CHAIN_WORDS = frozenset({"to", "should"})
# ``expect.soft(x)``, ``expect.poll(fn)``, Vitest browser mode's ``expect.element(locator)``:
# entry points that take the subject as ``expect(x)`` does.
EXPECT_STARTS = frozenset({"soft", "poll", "element"})
# ``expect.assertions(n)`` / ``expect.hasAssertions()`` count what runs; Vitest's
# ``expect.unreachable()`` fails where it is reached.
EXPECT_STANDALONE = frozenset({"assertions", "hasAssertions", "unreachable"})
# Playwright's ``expect.configure({...})(page)`` makes an ``expect`` and calls it at once.
EXPECT_CONFIGURED = ("configure", "()")
TYPE_EXPECTS = frozenset({"expectTypeOf", "assertType"})
# The methods of aws-cdk-lib/assertions' ``Template`` and ``Annotations`` that assert (the
# ``find*`` ones only query); every ``has*`` method asserts.
CDK_ASSERTIONS = frozenset(
    {
        "resourceCountIs",
        "resourcePropertiesCountIs",
        "templateMatches",
        "allResources",
        "allResourcesProperties",
    }
)
# Frameworks that export an assertion library's ``assert`` (Vitest re-exports chai's).
FRAMEWORK_ASSERTS = {"vitest": "chai"}
# The exports of a namespace import (``import * as v from 'vitest'``) that assert.
NAMESPACE_ASSERTS = frozenset({"expect", "assert"})
# Frameworks whose test context asserts (AVA's ``t.is(a, b)``): each method under the name
# of the node:assert function it checks as, so every rule reads one vocabulary.
CONTEXT_ASSERTS: dict[str, dict[str, str]] = {
    "ava": {
        "is": "strictEqual",
        "not": "notStrictEqual",
        "deepEqual": "deepStrictEqual",
        "notDeepEqual": "notDeepStrictEqual",
        "assert": "ok",
        "truthy": "ok",
        "true": "true",
        "falsy": "falsy",
        "false": "false",
        "throws": "throws",
        "throwsAsync": "rejects",
        "notThrows": "doesNotThrow",
        "notThrowsAsync": "doesNotReject",
        "regex": "match",
        "notRegex": "doesNotMatch",
        "like": "like",
        "snapshot": "snapshot",
        "pass": "pass",
        "fail": "fail",
    }
}
# A browser driver's wait for a state (Playwright, Puppeteer), which fails the test when the
# state never comes (``page.waitForURL('**/account')``, ``locator.waitFor()``); a pause
# (``waitForTimeout``) or a page load (``waitForLoadState``) checks nothing.
STATE_WAITS = frozenset(
    {
        "waitForURL",
        "waitForSelector",
        "waitForResponse",
        "waitForRequest",
        "waitForFunction",
        "waitFor",
    }
)
# Libraries whose values are asserted on through their own methods.
LIBRARY_ASSERTIONS = frozenset({"supertest", "cdk-assertions"})


@dataclass(frozen=True)
class AssertionSite:
    """One assertion before it is placed in a test: the nodes it spans and what it says."""

    start: ts.Node  # ``expect(`` / ``assert.equal(``: its line is the assertion's line
    end: ts.Node  # the outermost node of the chain: its text is the assertion's text
    style: AssertionStyle
    method: str
    operands: tuple[Operand, ...] = ()
    negated: bool = False
    exception_types: tuple[str, ...] = ()
    has_match: bool = False


def _walk_chain(start: ts.Node) -> tuple[ts.Node, list[str], list[ts.Node] | None]:
    """Follow ``.word`` and ``(...)`` steps upwards from ``start``: (outermost node, words,
    arguments of the final call or None when the chain ends in a property)."""
    words: list[str] = []
    last_args: list[ts.Node] | None = None
    current = start
    parent = current.parent
    while parent is not None:
        if parent.type == "member_expression" and parent.child_by_field_name("object") == current:
            words.append(text(parent.child_by_field_name("property")))
            last_args = None
        elif parent.type == "call_expression" and parent.child_by_field_name("function") == current:
            last_args = arguments_of(parent)
        else:
            break
        current = parent
        parent = current.parent
    return current, words, last_args


def _throw_details(args: list[ts.Node]) -> tuple[tuple[str, ...], bool]:
    """Exception types and whether a message/regex/shape is matched, from matcher arguments."""
    types: list[str] = []
    has_match = False
    for arg in args:
        kind = arg.type
        if kind in ("identifier", "member_expression") and text(arg) != "undefined":
            types.append(text(arg))
        elif kind == "new_expression":
            types.append(text(arg.child_by_field_name("constructor")))
            has_match = has_match or bool(arguments_of(arg))
        elif kind in ("regex", "string", "template_string", "arrow_function", "call_expression"):
            has_match = True
        elif kind == "object":
            for pair in arg.named_children:
                key = text(pair.child_by_field_name("key")) if pair.type == "pair" else ""
                value = pair.child_by_field_name("value") if pair.type == "pair" else None
                if key == "name" and value is not None and value.type == "string":
                    types.append(string_content(value) or "")
                elif key in ("message", "code"):
                    has_match = True
    return tuple(types), has_match


def _expect_site(start: ts.Node, style: AssertionStyle) -> AssertionSite | None:
    end, words, last_args = _walk_chain(start)
    if not words:
        return None
    if style != "chai" and CHAI_CHAIN_WORDS & set(words):
        style = "chai"
    if style != "chai" and last_args is None:
        return None  # ``expect(x).toBe`` without a call asserts nothing
    plain = [w for w in words if w != "not"]
    if not plain:
        return None
    method = ".".join(plain) if style == "chai" else plain[-1]
    subject = arguments_of(start)[:1]
    matcher_args = last_args or []
    types: tuple[str, ...] = ()
    has_match = False
    if plain[-1] in THROW_METHODS | REJECTION_METHODS:
        types, has_match = _throw_details(matcher_args)
    elif plain[-1] in THROW_METHODS_WITH_MESSAGE:
        has_match = True
    return AssertionSite(
        start=start,
        end=end,
        style=style,
        method=method,
        operands=tuple(operand(a) for a in (*subject, *matcher_args)),
        negated="not" in words,
        exception_types=types,
        has_match=has_match,
    )


def should_site(should: ts.Node) -> AssertionSite | None:
    """``x.should.equal(y)`` / ``x.should.be.true`` from its ``.should`` member node."""
    end, words, last_args = _walk_chain(should)
    plain = [w for w in words if w != "not"]
    if not plain:
        return None
    subject = should.child_by_field_name("object")
    args = last_args or []
    types, has_match = _throw_details(args) if plain[-1] in THROW_METHODS else ((), False)
    return AssertionSite(
        start=should,
        end=end,
        style="chai",
        method="should." + ".".join(plain),
        operands=tuple(operand(a) for a in ([subject] if subject else []) + args),
        negated="not" in words,
        exception_types=types,
        has_match=has_match,
    )


def _call_site(
    call: ts.Node, style: AssertionStyle, method: str, negated: bool = False
) -> AssertionSite:
    args = arguments_of(call)
    types: tuple[str, ...] = ()
    has_match = False
    if method in THROW_METHODS:
        types, has_match = _throw_details(args[1:])
    return AssertionSite(
        start=call,
        end=call,
        style=style,
        method=method,
        operands=tuple(operand(a) for a in args),
        negated=negated,
        exception_types=types,
        has_match=has_match,
    )


def _library_site(call: ts.Node, kind: str, words: tuple[str, ...]) -> AssertionSite | None:
    """supertest's ``.expect(200)`` on a request; a CDK template's ``has*``/``*CountIs``."""
    if not words:
        return None
    method = words[-1]
    if kind == "supertest" and method == "expect" and "()" in words:
        return _call_site(call, "call", "expect")
    if kind == "cdk-assertions" and (method in CDK_ASSERTIONS or method.startswith("has")):
        return _call_site(call, "call", method)
    return None


class AssertionReader:
    """Recognise assertion calls of one file, given its imports."""

    def __init__(self, imports: Imports, derived: dict[str, str] | None = None) -> None:
        self.imports = imports
        # Local names holding a library's value: ``const template = Template.fromStack(s)``.
        self.derived = derived or {}
        # The context assertions of the file's framework (AVA's ``t.is``), if it has any.
        self.context_asserts: dict[str, str] = next(
            (CONTEXT_ASSERTS[f] for f in imports.frameworks if f in CONTEXT_ASSERTS), {}
        )

    def _kind(self, name: str, unbound_kind: str) -> tuple[str, str]:
        """(library kind, exported name) of a local name; unbound names are globals."""
        origin = self.imports.bindings.get(name)
        if origin is None:
            if name in self.derived:
                return self.derived[name], "value"
            return unbound_kind, "default"
        return origin.kind, origin.export

    def library_kind(self, name: str) -> str:
        """The library (``supertest``, ``cdk-assertions``) a local name's value comes from."""
        kind = self._kind(name, "")[0]
        return kind if kind in LIBRARY_ASSERTIONS else ""

    @staticmethod
    def is_state_wait(callee: ts.Node) -> bool:
        """``<object>.waitForURL(...)``: a method call waiting for a state (``STATE_WAITS``),
        whatever the object's name (a fixture, a locator)."""
        if callee.type != "member_expression":
            return False
        prop = callee.child_by_field_name("property")
        return prop is not None and text(prop) in STATE_WAITS

    def read(
        self, call: ts.Node, chain: Chain, is_context: Callable[[str], bool]
    ) -> AssertionSite | None:
        """The assertion ``call`` starts, or None. ``is_context`` tells a test-context name."""
        root, words = chain.root, chain.words
        callee = call.child_by_field_name("function")
        if callee is not None and self.is_state_wait(callee):
            return _call_site(call, "call", words[-1])
        kind, exported = self._kind(root, "node-assert" if root == "assert" else "")
        if exported == "*" and words[:1] and words[0] in NAMESPACE_ASSERTS:
            # ``v.expect(x)`` / ``chai.assert.equal(...)`` through a namespace import.
            exported, words = words[0], words[1:]
            if exported == "expect":
                return self._expect(call, "expect", words)
        if exported == "assert" and kind in FRAMEWORK_ASSERTS:
            kind = FRAMEWORK_ASSERTS[kind]
        if root in TYPE_EXPECTS or root == "expect" or self._kind(root, "")[1] == "expect":
            return self._expect(call, root, words)
        if root == "should" and not words:
            # should.js called on its subject: ``should(x).equal(y)`` reads as ``expect``.
            return _expect_site(call, "chai")
        if root == "should" and words and "()" not in words:
            plain = [w for w in words if w != "not"]
            return _call_site(call, "chai", "should." + ".".join(plain), "not" in words)
        if is_context(root) and len(words) == 2 and words[0] == "assert":
            return _call_site(call, "node-assert", words[1])
        if is_context(root) and len(words) == 1 and words[0] in self.context_asserts:
            return _call_site(call, "node-assert", self.context_asserts[words[0]])
        if kind in LIBRARY_ASSERTIONS:
            return _library_site(call, kind, words)
        if kind == "sinon" or (root == "sinon" and kind == ""):
            if exported == "assert" and len(words) == 1:
                return _call_site(call, "mock", words[0])
            if len(words) == 2 and words[0] == "assert":
                return _call_site(call, "mock", words[1])
            return None
        if kind not in ("node-assert", "chai"):
            return None
        style = kind
        if exported in ("default", "*", "strict", "assert"):
            if not words:
                return _call_site(call, style, "assert")
            if words[0] == "strict":
                words = words[1:]
            if len(words) == 1 and words[0] != "()":
                return _call_site(call, style, words[0])
            return None
        if kind == "node-assert" and not words:
            return _call_site(call, style, exported)
        return None

    def _expect(self, call: ts.Node, root: str, words: tuple[str, ...]) -> AssertionSite | None:
        if root in TYPE_EXPECTS:
            if words:
                return None
            return (
                _expect_site(call, "expect-type")
                if root == "expectTypeOf"
                else (_call_site(call, "expect-type", root))
            )
        style = "chai" if self._kind(root, "")[0] == "chai" else "expect"
        if not words or (len(words) == 1 and words[0] in EXPECT_STARTS):
            return _expect_site(call, style)
        if words == EXPECT_CONFIGURED:
            return _expect_site(call, style)
        if len(words) == 1 and words[0] in EXPECT_STANDALONE:
            return _call_site(call, "expect", words[0])
        return None
