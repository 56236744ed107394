"""The checks of one JS/TS assertion, projected from the one recogniser (``assertions.py``).

Which expression is an assertion, where it starts (``expect(x)``, ``assert.equal(``,
``sinon.assert.calledOnce(``), its subject and its matcher chain are what the integrity
facts read; the test comparison only turns that site into normalized checks. A chain
that makes several checks (chai's ``.to.be.a('number').and.equal(1)``, ``assert(a && b)``)
is one assertion with several checks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tree_sitter import Node

from ..common.testfile_checks import Check
from ..facts.testfile import Kind
from .assertions import AssertionReader, AssertionSite, should_site
from .syntax import callee_chain
from .testfile_reader import Reader
from .testfile_syntax import call_arguments, property_name, unparen

Steps = list[tuple[str, list[Node] | None]]
Matchers = Callable[[Node, Steps], list[Check]]


def assertion_site(
    expression: Node, reader: AssertionReader, is_context: Callable[[str], bool]
) -> AssertionSite | None:
    """The assertion an expression makes: the site the recogniser finds at the innermost
    call of its chain that starts one (``expect(x)`` of ``expect(x).not.toBe(1)``)."""
    calls: list[Node] = []
    should: Node | None = None
    node: Node | None = expression
    while node is not None:
        node = unparen(node)
        if node.type == "call_expression":
            calls.append(node)
            node = node.child_by_field_name("function")
        elif node.type == "member_expression" and property_name(node) == "should":
            should = node  # ``x.should.equal(1)``: what precedes it is the subject
            break
        elif node.type in ("member_expression", "non_null_expression"):
            node = node.child_by_field_name("object") or (
                node.named_children[0] if node.named_children else None
            )
        else:
            break
    for call in reversed(calls):
        chain = callee_chain(call.child_by_field_name("function"))
        if chain is None:
            continue
        site = reader.read(call, chain, is_context)
        if site is not None:
            return site
    return should_site(should) if should is not None else None


def steps_above(start: Node, end: Node) -> Steps:
    """The ``.word`` and ``(...)`` steps from ``start`` up to ``end``, in order."""
    steps: Steps = []
    current = start
    while current.id != end.id and current.parent is not None:
        parent = current.parent
        if parent.type == "member_expression":
            steps.append((property_name(parent), None))
        elif parent.type == "call_expression":
            steps.append(("()", call_arguments(parent)))
        elif parent.type not in ("parenthesized_expression", "non_null_expression"):
            break
        current = parent
    return steps


def site_checks(site: AssertionSite, reader: Reader, matchers: Matchers) -> list[Check]:
    """The normalized checks one recognised assertion makes."""
    if site.start.type == "member_expression":  # ``x.should...``
        owner = site.start.child_by_field_name("object")
        return matchers(owner, steps_above(site.start, site.end)) if owner is not None else []
    if site.start.id != site.end.id:
        subject = call_arguments(site.start)[:1]
        if not subject:
            return []
        return matchers(subject[0], steps_above(site.start, site.end))
    args = call_arguments(site.start)
    method = site.method
    if site.style in ("node-assert", "chai") and method.startswith("should."):
        checks = reader.assert_call(method.rsplit(".", 1)[-1], args)
    elif site.style in ("node-assert", "chai"):
        checks = reader.assert_call(None if method == "assert" else method, args)
    elif site.style == "expect":
        # ``expect.assertions(n)`` / ``expect.hasAssertions()`` / ``expect.unreachable()``.
        if method == "unreachable":
            return [Check(Kind.FAIL, "")]
        return [reader.custom("expect", method, args, False)]
    elif site.style == "call":
        # supertest's ``.expect(200)``, a CDK template's ``hasResourceProperties(...)``.
        callee = site.start.child_by_field_name("function")
        owner = callee.child_by_field_name("object") if callee is not None else None
        if owner is None:
            return []
        checks = reader.matcher(owner, method, args, set())
    elif args:
        # sinon's ``assert.calledOnce(spy)``, ``assertType<T>(x)``.
        checks = reader.matcher(args[0], method, args[1:], set())
    else:
        checks = []
    return [replace(c, negated=not c.negated) for c in checks] if site.negated else checks
