"""What an error handler's body does, one word per top-level statement, written once over
the language's ``BehaviourSyntax``.

``pass``, ``return:<what>``, ``log:<level>``, ``call``/``call:error``, ``assign:<what>``,
``continue``/``break`` or ``other``: the ``impl.error-swallowed`` rule decides from these
words whether the handler discards the error. Which clauses and callbacks are handlers is
each language's own (``python/handlers.py``, ``javascript/handlers.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..facts.impl import LOG_LEVELS, HandlerStep, handler_step
from . import treesitter as T
from .adapter import BehaviourSyntax
from .bodies import returned_value
from .walk import mentions


def constant(value: ts.Node, syntax: BehaviourSyntax) -> bool:
    """A literal, a collection of literals (``[]``, ``{"ok": False}``), or a fresh value
    built from constants (``dict()``, ``new Map()``, ``Promise.resolve([])``)."""
    if syntax.literal(value) is not None:
        return True
    if value.type == "pair":
        parts = [value.child_by_field_name(f) for f in syntax.handlers.constant_pair_fields]
        return all(p is not None and constant(p, syntax) for p in parts)
    built = syntax.handlers.constructed(value)
    if built is not None:
        return all(constant(a, syntax) for a in built[0])
    return value.type in syntax.handlers.constant_collections and all(
        constant(c, syntax) for c in value.named_children if c.type != "comment"
    )


def _held(node: ts.Node | None, syntax: BehaviourSyntax) -> bool:
    return node is not None and node.type in syntax.handlers.references


def _copy(value: ts.Node, syntax: BehaviourSyntax) -> bool:
    """A copy of a value the code already holds: ``dict(DEFAULTS)``, ``{ ...DEFAULTS }``,
    ``[*items]``, ``new Map(defaults)``."""
    built = syntax.handlers.constructed(value)
    if built is not None:
        arguments, copies = built
        return copies and all(_held(a, syntax) or constant(a, syntax) for a in arguments)
    if value.type not in syntax.handlers.constant_collections:
        return False
    parts = [c for c in value.named_children if c.type != "comment"]
    spread = [c for c in parts if c.type in syntax.handlers.spreads]
    return bool(spread) and all(
        (c.type in syntax.handlers.spreads and any(_held(n, syntax) for n in c.named_children[:1]))
        or constant(c, syntax)
        for c in parts
    )


def value_word(value: ts.Node | None, error: str, syntax: BehaviourSyntax) -> str:
    """What a returned or assigned value is: ``none``, the caught ``error``, a ``literal``,
    a ``call``, a ``name`` (also a copy of one) or ``other``."""
    value = syntax.strip(value)
    if value is None or syntax.literal(value) == "none":
        return "none"
    if error and mentions(value, error, syntax.names):
        return "error"
    if constant(value, syntax):
        return "literal"
    if _copy(value, syntax):
        return "name"  # a held value handed back, as ``return DEFAULTS`` is
    if value.type in syntax.handlers.value_calls:
        return "call"
    if value.type in syntax.handlers.references:
        return "name"
    return "other"


def call_word(
    call: ts.Node, error: str, resolve: Callable[[str], str], syntax: BehaviourSyntax
) -> HandlerStep:
    """``log:<level>`` for a logging call, ``call:error`` for one handed the error, else
    ``call``; ``resolve`` gives the qualified name of the callee as written."""
    function = resolve(T.squash(call.child_by_field_name("function")))
    last = function.rsplit(".", 1)[-1]
    logged = dict(syntax.handlers.log_calls).get(function)
    if logged == "log:print" and syntax.handlers.to_stderr(call, resolve):
        return "log:error"  # printed to standard error, the failure reaches the user
    if logged is not None:
        return handler_step(logged)
    if "." in function and last in LOG_LEVELS:
        return handler_step(f"log:{last}")
    return "call:error" if error and mentions(call, error, syntax.names) else "call"


def step(
    statement: ts.Node, error: str, resolve: Callable[[str], str], syntax: BehaviourSyntax
) -> HandlerStep:
    """The word of one top-level statement of a handler's body."""
    kind = statement.type
    if kind in syntax.handlers.empty_statements:
        return "pass"
    if kind == "return_statement":
        return handler_step("return:" + value_word(returned_value(statement), error, syntax))
    if kind in ("continue_statement", "break_statement"):
        return handler_step(kind.split("_", 1)[0])
    if kind == "expression_statement" and statement.named_children:
        inner = syntax.strip(statement.named_children[0])
        if inner is not None and syntax.handlers.inert(inner):
            return "pass"
        if inner is not None and inner.type == syntax.call:
            return call_word(inner, error, resolve, syntax)
        if inner is not None and inner.type in syntax.updates:
            word = value_word(inner.child_by_field_name("right"), error, syntax)
            return (
                "assign:literal" if word in ("literal", "none") else handler_step(f"assign:{word}")
            )
    return "other"
