"""Facts of the tests in a JS/TS file: TestCase, Skip, Assertion, Return, promise handlers.

Calls are read once, in source order. Declarations (``describe``/``it``) come
first, so that every later fact can be placed in its test by byte position;
a fact's ``conditional`` is read on the path from its node up to the test's
callback (never further).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tree_sitter as ts

from ..common import treesitter
from ..common.treesitter import line_of
from ..facts.integrity import Assertion, Handler, Return, Skip, TestCase
from .assertions import AssertionReader, AssertionSite, should_site
from .context import JsFile
from .declarations import Declaration, in_body_skip
from .error_sites import fold_error_checks
from .frameworks import BASES
from .marker_facts import handler_body
from .markers import comment_lines
from .syntax import (
    CALLBACK_TYPES,
    Chain,
    SpanIndex,
    arguments_of,
    enclosing_function,
    is_async,
    situation,
    span,
)
from .test_walk import Call

# Callee roots that can start a declaration, a skip or an assertion without any import.
_KNOWN_ROOTS = frozenset(BASES) | {
    "expect",
    "expectTypeOf",
    "assertType",
    "assert",
    "should",
    "sinon",
    "this",
}


def read_tests(f: JsFile) -> None:
    """Recognise the tests of a file that may hold tests and emit their facts."""
    caps = f.markers
    walk = f.walk
    if walk is None:
        return
    calls = walk.calls
    names = walk.names
    imported = walk.imported
    _declarations(f, walk.declarations)
    parameters = {p for t in f.tests if (p := t.context_parameter())}
    declared = {span(d.call) for d in (*f.tests, *f.suites)}
    reader = f.assertion_reader
    reader.derived.update(library_values(calls, reader))
    known = _KNOWN_ROOTS | imported | parameters | reader.derived.keys()
    sites: list[AssertionSite] = []
    called: dict[int, set[str]] = {}
    callees: dict[int, set[str]] = {}
    for call in calls:
        owner = f.test_index.innermost(call.node.start_byte)
        if owner is not None and call.callee.type == "identifier":
            called.setdefault(id(owner), set()).add(call.root)
        if owner is not None and (written := call.chain()) is not None:
            callees.setdefault(id(owner), set()).update(_callee_paths(f, written))
        if call.root not in known and not reader.is_state_wait(call.callee):
            continue
        chain = call.chain()
        if chain is None or span(call.node) in declared:
            continue
        skip = in_body_skip(chain, call.node, names, owner)
        if skip is not None:
            start = call.node.start_byte
            if not any(a <= start < b for a, b in f.imports.wrappers):
                _in_body_skip_fact(f, call.node, owner, skip)
            continue
        site = reader.read(call.node, chain, _context_names(owner))
        if site is not None:
            sites.append(site)
    sites.extend(s for s in map(should_site, caps.get("should", [])) if s is not None)
    sites.sort(key=lambda s: (s.start.start_byte, -s.end.end_byte))
    sites = fold_error_checks(sites)
    for site in sites:
        owner = f.test_index.innermost(site.start.start_byte)
        f.assertions.append((site, owner))
        _assertion_fact(f, site, owner)
    f.assertion_starts = [s.start.start_byte for s, _ in f.assertions]
    _promise_handlers(f, calls)
    _returns(f, caps.get("return", []))
    for test in f.tests:
        names = called.get(id(test), set()) | _named_callbacks(test)
        _test_fact(f, test, names, callees.get(id(test), set()))


def _callee_paths(f: JsFile, chain: Chain) -> set[str]:
    """A callee as dotted names, arguments left out; a root an import renamed also under
    its imported name (``import { expectCents as cents }``), a namespace import's members
    also without the namespace (``import * as t`` makes ``t.expectCents`` ``expectCents``)."""
    words = [w for w in chain.words if w != "()"]
    paths = {".".join((chain.root, *words))}
    origin = f.imports.bindings.get(chain.root)
    if origin is not None and origin.name == "*" and words:
        paths.add(".".join(words))
    elif origin is not None and origin.name not in ("default", "*", chain.root):
        paths.add(".".join((origin.name, *words)))
    return paths


def _named_callbacks(test: Declaration) -> set[str]:
    """``it("x", namedTestFunction)``: the function the test runs is named, not written."""
    if test.callback is not None:
        return set()
    return {treesitter.text(a) for a in arguments_of(test.call)[1:] if a.type == "identifier"}


def library_values(calls: Sequence[Call], reader: AssertionReader) -> dict[str, str]:
    """Local names assigned a call on an asserting library (``const t = Template.fromStack(s)``,
    ``agent = request.agent(app)``), with the library's kind, in file order."""
    out: dict[str, str] = {}
    for call in calls:
        kind = reader.library_kind(call.root)
        if not kind:
            continue
        node = call.node
        parent = node.parent
        if parent is not None and parent.type == "await_expression":
            node, parent = parent, parent.parent
        if parent is None:
            continue
        if parent.type == "variable_declarator" and parent.child_by_field_name("value") == node:
            target = parent.child_by_field_name("name")
        elif parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
            target = parent.child_by_field_name("left")
        else:
            continue
        if target is not None and target.type == "identifier":
            out[treesitter.text(target)] = kind
    return out


def _context_names(owner: Declaration | None) -> Callable[[str], bool]:
    """Tells whether a name is the owning test's context parameter (``t`` in node:test)."""
    parameter = owner.context_parameter() if owner is not None else ""
    return lambda name: bool(parameter) and name == parameter


def _declarations(f: JsFile, declarations: Sequence[Declaration]) -> None:
    """The facts of the file's describe/it calls, and the index of their callbacks."""
    for declaration in declarations:
        f.facts.extend(
            Skip(
                file=f.path,
                line=line_of(declaration.call),
                symbol=declaration.symbol,
                how=how,
                conditional=conditional,
                reason=reason,
                scope=declaration.scope,
                env=declaration.skip_env.get(how, ((), ""))[0],
                skipped_where=declaration.skip_env.get(how, ((), ""))[1],
                platforms=declaration.skip_platform.get(how, ((), ""))[0],
                platform_skipped=declaration.skip_platform.get(how, ((), ""))[1],
            )
            for how, conditional, reason in declaration.skips
        )
        (f.tests if declaration.kind == "test" else f.suites).append(declaration)
    f.test_index = SpanIndex(
        (t.callback.start_byte, t.callback.end_byte, t) for t in f.tests if t.callback is not None
    )
    suites = [
        (s.callback.start_byte, s.callback.end_byte, s.symbol)
        for s in f.suites
        if s.callback is not None
    ]
    f.scope_index = SpanIndex([*f.scope_spans, *suites])


def _in_body_skip_fact(
    f: JsFile, call: ts.Node, owner: Declaration | None, skip: tuple[str, bool, str]
) -> None:
    """A skip called in a test (scope test), a suite's hook (scope describe) or the module."""
    how, conditional, reason = skip
    if owner is not None and owner.callback is not None:
        symbol, scope, body = owner.symbol, "test", owner.callback
    else:
        suite = _innermost_suite(f, call.start_byte)
        if suite is not None:
            symbol, scope, body = suite.symbol, "describe", suite.callback
        else:
            symbol, scope, body = "", "module", None
    where = situation(call, body)
    f.facts.append(
        Skip(
            file=f.path,
            line=line_of(call),
            symbol=symbol,
            how=how,
            conditional=conditional or (body is not None and where.conditional),
            reason=reason,
            scope=scope,
        )
    )


def _innermost_suite(f: JsFile, position: int) -> Declaration | None:
    inside = [
        s
        for s in f.suites
        if s.callback is not None and s.callback.start_byte <= position < s.callback.end_byte
    ]
    return max(inside, key=lambda s: s.callback.start_byte) if inside else None  # type: ignore[union-attr]


def _assertion_fact(f: JsFile, site: AssertionSite, owner: Declaration | None) -> None:
    if owner is not None:
        symbol, boundary = owner.symbol, owner.callback
    else:
        symbol, boundary = f.place(site.start.start_byte)[0], enclosing_function(site.end)
    where = situation(site.end, boundary)
    f.facts.append(
        Assertion(
            file=f.path,
            line=line_of(site.start),
            symbol=symbol,
            style=site.style,
            method=site.method,
            operands=site.operands,
            negated=site.negated,
            conditional=where.conditional,
            in_handler=where.in_handler,
            text=treesitter.squash(site.end),
            exception_types=site.exception_types,
            has_match=site.has_match,
        )
    )


def _promise_handlers(f: JsFile, calls: Sequence[Call]) -> None:
    """``promise.catch(() => {})`` in test files: a handler like a catch block."""
    for call in calls:
        callee = call.callee
        if callee.type != "member_expression":
            continue
        if treesitter.text(callee.child_by_field_name("property")) != "catch":
            continue
        args = arguments_of(call.node)
        if not args or args[0].type not in CALLBACK_TYPES:
            continue
        body = args[0].child_by_field_name("body")
        receiver = callee.child_by_field_name("object")
        if body is None or receiver is None:
            continue
        symbol, owner = f.place(call.node.start_byte)
        f.facts.append(
            Handler(
                file=f.path,
                line=line_of(args[0]),
                symbol=symbol,
                caught=(),
                body=handler_body(f, body),
                in_test=owner is not None,
                try_has_assertions=f.assertions_between(receiver.start_byte, receiver.end_byte) > 0,
            )
        )


def _returns(f: JsFile, returns: list[ts.Node]) -> None:
    """Returns of a test callback's own body, with the assertions they skip."""
    by_callback = {span(t.callback): t for t in f.tests if t.callback is not None}
    for node in returns:
        function = enclosing_function(node)
        test = by_callback.get(span(function)) if function is not None else None
        if test is None:
            continue
        where = situation(node, function)
        after = sum(
            1
            for site, owner in f.assertions
            if owner is test and site.start.start_byte >= node.end_byte
        )
        f.facts.append(
            Return(
                file=f.path,
                line=line_of(node),
                symbol=test.symbol,
                conditional=where.conditional or where.in_catch,
                assertions_after=after,
                absent_guard=absent_guard(node),
            )
        )


_NOTHING = frozenset({"null", "undefined"})


def absent_guard(node: ts.Node) -> str:
    """The value a return's own ``if`` tests for absence: ``if (!x) return;``,
    ``if (x == null) { return; }``, ``if (x === undefined) return`` -> "x"; else ""."""
    parent = node.parent
    if parent is not None and parent.type == "statement_block" and parent.named_child_count == 1:
        parent = parent.parent
    if parent is None or parent.type != "if_statement":
        return ""
    if parent.child_by_field_name("alternative") is not None:
        return ""
    condition = parent.child_by_field_name("condition")
    while condition is not None and condition.type == "parenthesized_expression":
        condition = condition.named_children[0] if condition.named_children else None
    if condition is None:
        return ""
    if (
        condition.type == "unary_expression"
        and treesitter.text(condition.child_by_field_name("operator")) == "!"
    ):
        return treesitter.squash(condition.child_by_field_name("argument"))
    if condition.type == "binary_expression" and treesitter.text(
        condition.child_by_field_name("operator")
    ) in ("==", "==="):
        left = condition.child_by_field_name("left")
        right = condition.child_by_field_name("right")
        if right is not None and treesitter.text(right) in _NOTHING and left is not None:
            return treesitter.squash(left)
    return ""


def _leading_doc(call: ts.Node) -> str:
    """The comment block right above the statement holding a test call."""
    statement = (
        call.parent
        if call.parent is not None and (call.parent.type == "expression_statement")
        else call
    )
    lines: list[str] = []
    expected_end = statement.start_point[0]
    previous = statement.prev_named_sibling
    while previous is not None and previous.type == "comment":
        if previous.end_point[0] < expected_end - 1:
            break
        lines[:0] = [line for _, line in comment_lines(previous)]
        expected_end = previous.start_point[0]
        previous = previous.prev_named_sibling
    return "\n".join(lines)


def _test_fact(f: JsFile, test: Declaration, calls: set[str], callees: set[str]) -> None:
    end = test.callback if test.callback is not None else test.call
    f.facts.append(
        TestCase(
            file=f.path,
            line=line_of(test.call),
            symbol=test.symbol,
            name=test.name,
            framework=test.framework,
            end_line=end.end_point[0] + 1,
            is_async=test.callback is not None and is_async(test.callback),
            doc=_leading_doc(test.call),
            parametrized=test.parametrized,
            calls=tuple(sorted(calls)),
            callees=tuple(sorted(callees)),
        )
    )
