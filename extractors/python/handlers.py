"""Python error handlers: ``except`` clauses and ``contextlib.suppress``, with what they do.

Each handler's body is described one word per top-level statement (``ErrorHandler.steps``);
whether that discards the error is the ``impl.error-swallowed`` rule's call.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import py_literal
from ..common.walk import inside, mentions
from ..facts import Fact
from ..facts.impl import ErrorHandler
from .behaviour import NAMES, NESTED, returned_value, symbol_at
from .model import PythonModel

LOG_LEVELS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log", "trace"}
)
_EMPTY_COLLECTIONS = frozenset({"list", "dictionary", "tuple", "set"})
# Constructors whose call with constant arguments is a constant too (``dict()``, ``list()``).
_CONSTANT_TYPES = frozenset(
    {"dict", "list", "set", "tuple", "frozenset", "str", "int", "float", "bool", "bytes"}
    | {"OrderedDict", "defaultdict", "Counter", "deque"}
)


def _types(model: PythonModel, node: ts.Node | None) -> tuple[str, ...]:
    if node is None:
        return ()
    if node.type in ("tuple", "parenthesized_expression", "list"):
        return tuple(t for c in node.named_children for t in _types(model, c))
    return (model.resolve(T.squash(node)),)


def _constant(value: ts.Node) -> bool:
    """A literal, or a collection of literals (``[]``, ``{"ok": False}``)."""
    if py_literal(value) is not None:
        return True
    if value.type == "pair":
        parts = [value.child_by_field_name("key"), value.child_by_field_name("value")]
        return all(p is not None and _constant(p) for p in parts)
    if value.type == "call":
        function = T.squash(value.child_by_field_name("function")).rsplit(".", 1)[-1]
        args = value.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        # ``defaultdict(list)``: a type is as constant as a literal here
        return function in _CONSTANT_TYPES and all(
            _constant(a) or T.text(a) in _CONSTANT_TYPES for a in values
        )
    return value.type in _EMPTY_COLLECTIONS and all(
        _constant(c) for c in value.named_children if c.type != "comment"
    )


def _copy(value: ts.Node) -> bool:
    """A copy of a value the code already holds: ``dict(DEFAULTS)``, ``list(self.items)``."""
    if value.type != "call":
        return False
    function = T.squash(value.child_by_field_name("function")).rsplit(".", 1)[-1]
    args = value.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    return (
        function in _CONSTANT_TYPES
        and bool(values)
        and all(a.type in ("identifier", "attribute") or _constant(a) for a in values)
    )


def _value_word(value: ts.Node | None, error: str) -> str:
    if value is None or py_literal(value) == "none":
        return "none"
    if error and mentions(value, error, NAMES):
        return "error"
    if _constant(value):
        return "literal"
    if _copy(value):
        return "name"
    if value.type == "call":
        return "call"
    if value.type in ("identifier", "attribute"):
        return "name"
    return "other"


def _to_stderr(model: PythonModel, call: ts.Node) -> bool:
    """``print(..., file=sys.stderr)``."""
    args = call.child_by_field_name("arguments")
    return any(
        a.type == "keyword_argument"
        and T.text(a.child_by_field_name("name")) == "file"
        and model.resolve(T.squash(a.child_by_field_name("value"))) == "sys.stderr"
        for a in (args.named_children if args is not None else [])
    )


def _call_word(model: PythonModel, call: ts.Node, error: str) -> str:
    function = model.resolve(T.squash(call.child_by_field_name("function")))
    last = function.rsplit(".", 1)[-1]
    if function == "print":  # to standard error it reports the failure to the user
        return "log:error" if _to_stderr(model, call) else "log:print"
    if function == "warnings.warn":
        return "log:warning"
    if "." in function and last in LOG_LEVELS:
        return f"log:{last}"
    return "call:error" if error and mentions(call, error, NAMES) else "call"


def _step(model: PythonModel, statement: ts.Node, error: str) -> str:
    kind = statement.type
    if kind == "pass_statement":
        return "pass"
    if kind == "return_statement":
        return "return:" + _value_word(returned_value(statement), error)
    if kind in ("continue_statement", "break_statement"):
        return kind.split("_", 1)[0]
    if kind == "expression_statement" and statement.named_children:
        inner = statement.named_children[0]
        if inner.type == "ellipsis" or (inner.type == "string" and py_literal(inner) is not None):
            return "pass"
        if inner.type == "call":
            return _call_word(model, inner, error)
        if inner.type in ("assignment", "augmented_assignment"):
            word = _value_word(inner.child_by_field_name("right"), error)
            return "assign:literal" if word in ("literal", "none") else f"assign:{word}"
    return "other"


def _except(source: SourceFile, model: PythonModel, node: ts.Node) -> ErrorHandler:
    value = node.child_by_field_name("value")
    error = ""
    if value is not None and value.type == "as_pattern":
        alias = value.child_by_field_name("alias")
        error = T.squash(alias)
        value = value.named_children[0] if value.named_children else None
    body = next((c for c in reversed(node.named_children) if c.type == "block"), None)
    statements = [c for c in body.named_children if c.type != "comment"] if body else []
    head = [c for c in node.children if c.type not in ("comment", "block", ":")]
    header = " ".join(T.text(c) for c in head)
    return ErrorHandler(
        file=source.path,
        line=T.line_of(node),
        symbol=symbol_at(source, node),
        form="except",
        caught=_types(model, value),
        raises=body is not None and any(n.type == "raise_statement" for n in inside(body, NESTED)),
        steps=tuple(_step(model, s, error) for s in statements),
        text=" ".join(header.split()),
    )


def error_handlers(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Every ``except`` clause and ``with contextlib.suppress(...)``."""
    found: list[Fact] = [_except(source, model, n) for n in caps.get("except", [])]
    for call in caps.get("with_call", []):
        if model.resolve(T.squash(call.child_by_field_name("function"))) != "contextlib.suppress":
            continue
        args = call.child_by_field_name("arguments")
        caught = tuple(t for a in (args.named_children if args else []) for t in _types(model, a))
        found.append(
            ErrorHandler(
                file=source.path,
                line=T.line_of(call),
                symbol=symbol_at(source, call),
                form="suppress",
                caught=caught,
                raises=False,
                steps=(),
                text=T.squash(call),
            )
        )
    return found
