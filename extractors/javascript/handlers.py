"""JavaScript/TypeScript error handlers: ``catch`` clauses, promise ``.catch(cb)``, the
rejection callback of ``.then(ok, cb)`` and ``process.on('uncaughtException', cb)``.

Each handler's body is described one word per top-level statement (``ErrorHandler.steps``,
an expression-bodied callback as one ``return``); the ``impl.error-swallowed`` rule decides
whether that discards the error.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.walk import inside, mentions
from ..facts import Fact
from ..facts.impl import ErrorHandler
from .behaviour import NAMES, NESTED, returned_value, symbol_at
from .model import strip

LOG_LEVELS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log", "trace"}
)
_CALLBACKS = frozenset({"arrow_function", "function_expression"})
_PROCESS_ERRORS = frozenset({"s:uncaughtException", "s:unhandledRejection"})
# Calls that make a constant from constant arguments: ``new Map()``, ``Object.create(null)``,
# ``Promise.resolve([])`` (in a ``.catch`` callback, a resolved default).
_CONSTANT_NEW = frozenset({"Map", "Set", "Array", "Object", "WeakMap", "WeakSet", "String"})
_CONSTANT_CALLS = frozenset(
    {"Object.create", "Array.of", "Promise.resolve", "Object.freeze", "String", "Number"}
)


def _constant(value: ts.Node) -> bool:
    """A literal, or an array or object of literals (``[]``, ``{ ok: false }``)."""
    if js_literal(value) is not None:
        return True
    if value.type == "pair":
        part = value.child_by_field_name("value")
        return part is not None and _constant(part)
    if value.type in ("new_expression", "call_expression"):
        field = "constructor" if value.type == "new_expression" else "function"
        callee = T.squash(value.child_by_field_name(field))
        args = value.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        known = _CONSTANT_NEW if value.type == "new_expression" else _CONSTANT_CALLS
        return callee in known and all(_constant(a) for a in values)
    return value.type in ("array", "object") and all(
        _constant(c) for c in value.named_children if c.type != "comment"
    )


def _copy(value: ts.Node) -> bool:
    """A copy of a value the code already holds: ``{ ...DEFAULTS }``, ``[...items]``,
    ``new Map(defaults)``."""
    parts = [c for c in value.named_children if c.type != "comment"]
    if value.type in ("object", "array"):
        return bool(parts) and all(
            (
                c.type == "spread_element"
                and c.named_children
                and c.named_children[0].type in ("identifier", "member_expression")
            )
            or _constant(c)
            for c in parts
        )
    if value.type == "new_expression":
        args = value.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        return T.text(value.child_by_field_name("constructor")) in _CONSTANT_NEW and all(
            a.type in ("identifier", "member_expression") for a in values
        )
    return False


def _value_word(value: ts.Node | None, error: str) -> str:
    value = strip(value)
    if value is None or js_literal(value) == "none":
        return "none"
    if error and mentions(value, error, NAMES):
        return "error"
    if _constant(value):
        return "literal"
    if _copy(value):
        return "name"
    if value.type in ("call_expression", "new_expression"):
        return "call"
    if value.type in ("identifier", "member_expression"):
        return "name"
    return "other"


def _call_word(call: ts.Node, error: str) -> str:
    function = T.squash(call.child_by_field_name("function"))
    last = function.rsplit(".", 1)[-1]
    if "." in function and last in LOG_LEVELS:
        return f"log:{last}"
    return "call:error" if error and mentions(call, error, NAMES) else "call"


def _step(statement: ts.Node, error: str) -> str:
    kind = statement.type
    if kind == "empty_statement":
        return "pass"
    if kind == "return_statement":
        return "return:" + _value_word(returned_value(statement), error)
    if kind in ("continue_statement", "break_statement"):
        return kind.split("_", 1)[0]
    if kind == "expression_statement" and statement.named_children:
        inner = strip(statement.named_children[0])
        if inner is not None and inner.type == "call_expression":
            return _call_word(inner, error)
        if inner is not None and inner.type == "assignment_expression":
            word = _value_word(inner.child_by_field_name("right"), error)
            return "assign:literal" if word in ("literal", "none") else f"assign:{word}"
    return "other"


def _body_steps(body: ts.Node | None, error: str) -> tuple[tuple[str, ...], bool]:
    """(steps, raises) of a catch block or callback body."""
    if body is None:
        return (), False
    if body.type != "statement_block":
        inner = strip(body)
        if inner is not None and inner.type == "call_expression" and not _constant(inner):
            called = T.squash(inner.child_by_field_name("function"))
            return (_call_word(inner, error),), called.rsplit(".", 1)[-1] == "reject"
        return ("return:" + _value_word(body, error),), False
    statements = [c for c in body.named_children if c.type != "comment"]
    raises = any(n.type == "throw_statement" for n in inside(body, NESTED))
    return tuple(_step(s, error) for s in statements), raises


def _parameter(node: ts.Node | None) -> str:
    if node is None:
        return ""
    names = [n for n in [node, *inside(node, frozenset())] if n.type == "identifier"]
    return T.text(names[0]) if names else ""


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
                symbol=symbol_at(source, clause),
                form="catch",
                caught=(),
                raises=raises,
                steps=steps,
                text=" ".join(header.split()),
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
                symbol=symbol_at(source, call),
                form="promise-catch" if method in ("catch", "then") else "event",
                caught=(),
                raises=raises,
                steps=steps,
                text=f".{method}(" + ", ".join([*before, T.squash(callback)]) + ")",
            )
        )
    return found
