"""JavaScript/TypeScript error handlers: ``catch`` clauses, promise ``.catch(cb)``, the
rejection callback of ``.then(ok, cb)`` and ``process.on('uncaughtException', cb)``.

Each handler's body is described one word per top-level statement (``ErrorHandler.steps``,
an expression-bodied callback as one ``return``; ``common/handlers.py``); the
``impl.error-swallowed`` rule decides whether that discards the error.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.handlers import (
    assigned_names,
    call_word,
    constant,
    converted_input,
    handed_names,
    only_raised,
    step,
    value_word,
)
from ..common.literals import js_literal
from ..common.walk import inside
from ..facts import Fact
from ..facts.impl import ErrorHandler, HandlerStep, handler_step
from .adapter import BEHAVIOUR, NESTED, symbol_at
from .model import strip

_CALLBACKS = frozenset({"arrow_function", "function_expression"})
_WRAPPING = frozenset({"await_expression", "parenthesized_expression"})
_PROCESS_ERRORS = frozenset({"s:uncaughtException", "s:unhandledRejection"})
# Calls that convert a value and fail only when it is malformed: a ``try`` around one of
# them alone is the language's try-parse.
CONVERSIONS = frozenset(
    {
        "JSON.parse",
        "Number",
        "Number.parseInt",
        "Number.parseFloat",
        "parseInt",
        "parseFloat",
        "BigInt",
        "URL",
        "Date",
        "Date.parse",
        "RegExp",
        "decodeURIComponent",
        "decodeURI",
        "atob",
    }
)


def _as_written(callee: str) -> str:
    """JavaScript callees are read as written (no import resolution for log calls)."""
    return callee


def _body_steps(body: ts.Node | None, error: str) -> tuple[tuple[HandlerStep, ...], bool]:
    """(steps, raises) of a catch block or callback body."""
    if body is None:
        return (), False
    if body.type != "statement_block":
        inner = strip(body)
        if (
            inner is not None
            and inner.type == "call_expression"
            and not constant(inner, BEHAVIOUR)  # ``() => Promise.resolve([])`` answers
        ):
            called = T.squash(inner.child_by_field_name("function"))
            rejects = called.rsplit(".", 1)[-1] == "reject"
            return (call_word(inner, error, _as_written, BEHAVIOUR),), rejects
        return (handler_step("return:" + value_word(body, error, BEHAVIOUR)),), False
    statements = [c for c in body.named_children if c.type != "comment"]
    raises = any(n.type == "throw_statement" for n in inside(body, NESTED))
    return tuple(step(s, error, _as_written, BEHAVIOUR) for s in statements), raises


def _parameter(node: ts.Node | None) -> str:
    if node is None:
        return ""
    names = [n for n in [node, *inside(node, frozenset())] if n.type == "identifier"]
    return T.text(names[0]) if names else ""


def _promise_value_only_raised(call: ts.Node) -> bool:
    """The value ``p.catch(cb)`` settles to is read only inside a thrown error: written in
    the ``throw`` itself, or bound by a declaration whose later reads all are."""
    node = call
    while node.parent is not None and node.parent.type in (
        "await_expression",
        "parenthesized_expression",
    ):
        node = node.parent
    parent = node.parent
    if parent is None:
        return False
    if _in_throw(parent):
        return True
    if parent.type != "variable_declarator" or parent.parent is None:
        return False
    name = parent.child_by_field_name("name")
    if name is None or name.type != "identifier":
        return False
    return only_raised(frozenset({T.text(name)}), parent.parent, "throw_statement")


def _in_throw(node: ts.Node) -> bool:
    """``node`` stands inside a ``throw`` of its own function."""
    current: ts.Node | None = node
    while current is not None and current.type not in _CALLBACKS | {"function_declaration"}:
        if current.type == "throw_statement":
            return True
        current = current.parent
    return False


def _guarded(clause: ts.Node) -> ts.Node | None:
    """The block a ``catch`` clause guards: its ``try`` statement's body."""
    statement = clause.parent
    return statement.child_by_field_name("body") if statement is not None else None


def error_handlers(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Every ``catch`` clause and every promise rejection handler given inline."""
    found: list[Fact] = []
    for clause in caps.get("catch", []):
        body = clause.child_by_field_name("body")
        error = _parameter(clause.child_by_field_name("parameter"))
        steps, raises = _body_steps(body, error)
        head = [c for c in clause.children if c.type not in ("comment", "statement_block")]
        header = " ".join(T.text(c) for c in head).replace("( ", "(").replace(" )", ")")
        found.append(
            ErrorHandler(
                file=source.path,
                line=T.line_of(clause),
                symbol=symbol_at(source.path, clause),
                form="catch",
                caught=(),
                raises=raises,
                steps=steps,
                text=" ".join(header.split()),
                converts=converted_input(_guarded(clause), BEHAVIOUR, _as_written, CONVERSIONS),
                hands_back=handed_names(body, BEHAVIOUR),
                only_raised=clause.parent is not None
                and only_raised(assigned_names(body), clause.parent, "throw_statement"),
            )
        )
    for call in caps.get("call", []):
        function = call.child_by_field_name("function")
        args = call.child_by_field_name("arguments")
        if function is None or args is None or function.type != "member_expression":
            continue
        method = T.text(function.child_by_field_name("property"))
        position = {"catch": 0, "then": 1}.get(method)
        event = js_literal(args.named_children[0]) if args.named_children else None
        if method in ("on", "once") and event in _PROCESS_ERRORS:
            position = 1  # process.on('uncaughtException', cb): every error of the process
        if position is None or len(args.named_children) <= position:
            continue
        callback = strip(args.named_children[position])
        if callback is None or callback.type not in _CALLBACKS:
            continue
        params = callback.child_by_field_name("parameters") or callback.child_by_field_name(
            "parameter"
        )
        steps, raises = _body_steps(callback.child_by_field_name("body"), _parameter(params))
        before = [T.squash(a) for a in args.named_children[:position]]
        if method == "then":
            before = ["..."]
        found.append(
            ErrorHandler(
                file=source.path,
                line=T.line_of(function.child_by_field_name("property") or call),
                symbol=symbol_at(source.path, call),
                form="promise-catch" if method in ("catch", "then") else "event",
                caught=(),
                raises=raises,
                steps=steps,
                text=f".{method}(" + ", ".join([*before, T.squash(callback)]) + ")",
                only_raised=_promise_value_only_raised(call),
            )
        )
    return found
