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


def _statements(block: ts.Node | None) -> list[ts.Node]:
    return [c for c in block.named_children if c.type != "comment"] if block is not None else []


def _produced(statement: ts.Node, syntax: BehaviourSyntax) -> ts.Node | None:
    """The value one statement returns, assigns or declares (``return v``, ``x = v``,
    ``const x = v``), or the call it makes alone (``ip_address(host)``); None for any other
    statement."""
    if statement.type == "return_statement":
        return syntax.strip(returned_value(statement))
    inner = statement.named_children[0] if statement.named_children else None
    if statement.type == "expression_statement" and inner is not None:
        inner = syntax.strip(inner)
        if inner is not None and inner.type in syntax.updates:
            return syntax.strip(inner.child_by_field_name("right"))
        called = inner is not None and inner.child_by_field_name("arguments") is not None
        return inner if called else None
    declared = [c for c in statement.named_children if c.type == syntax.binding]
    if len(declared) == 1 and len(statement.named_children) == 1:
        return syntax.strip(declared[0].child_by_field_name(syntax.binding_fields[1]))
    return None


def _answers_literal(statement: ts.Node, syntax: BehaviourSyntax) -> bool:
    value = returned_value(statement) if statement.type == "return_statement" else None
    return value is not None and syntax.literal(syntax.strip(value)) is not None


# Subscripts of a held value by a constant: ``params["page"]``, ``row[0]``.
_SUBSCRIPTS = {"subscript": ("value", "subscript"), "subscript_expression": ("object", "index")}


def _input(node: ts.Node | None, syntax: BehaviourSyntax) -> bool:
    """A value the code holds: a name, an attribute, or an entry of one at a constant key."""
    if node is None:
        return False
    if node.type in syntax.handlers.references:
        return True
    fields = _SUBSCRIPTS.get(node.type)
    if fields is None:
        return False
    held, key = (syntax.strip(node.child_by_field_name(f)) for f in fields)
    return _input(held, syntax) and key is not None and syntax.literal(key) is not None


def converted_input(
    block: ts.Node | None,
    syntax: BehaviourSyntax,
    resolve: Callable[[str], str],
    conversions: frozenset[str],
) -> str:
    """The held value a guarded block converts when the whole block is one conversion of
    it: ``return JSON.parse(value)``, ``n = int(text, 16)``, ``const u = new URL(raw,
    base)``, ``new URL(s); return true``. One statement (then perhaps a literal returned)
    whose value is a call of one of the language's ``conversions`` (qualified as
    ``resolve`` gives them) on a held value (a name, an attribute, an entry at a constant
    key), the other arguments held names or literals.
    "" for any other block."""
    statements = _statements(block)
    if len(statements) == 2 and _answers_literal(statements[1], syntax):
        statements = statements[:1]  # ``new URL(s); return true``: the check, then its answer
    value = _produced(statements[0], syntax) if len(statements) == 1 else None
    if value is None:
        return ""
    callee = value.child_by_field_name("function") or value.child_by_field_name("constructor")
    arguments = value.child_by_field_name("arguments")
    if callee is None or arguments is None or resolve(T.squash(callee)) not in conversions:
        return ""
    given = [syntax.strip(a) for a in arguments.named_children if a.type != "comment"]
    if not given or not _input(given[0], syntax):
        return ""
    if not all(
        a is not None and (a.type in syntax.handlers.references or syntax.literal(a) is not None)
        for a in given[1:]
    ):
        return ""
    return T.squash(given[0])


def handed_names(block: ts.Node | None, syntax: BehaviourSyntax) -> tuple[str, ...]:
    """The held names a handler's top-level statements return or assign, as written."""
    found: list[str] = []
    for statement in _statements(block):
        value = _produced(statement, syntax)
        if value is not None and value.type in syntax.handlers.references:
            found.append(T.squash(value))
    return tuple(found)


def only_raised(names: frozenset[str], after: ts.Node, raise_type: str) -> bool:
    """Every read of ``names`` after ``after`` in the block around it stands inside a
    statement of ``raise_type`` (``throw_statement``, ``raise_statement``), and there is
    one: a fallback value only a raised error's message reads (``const body = await
    res.text().catch(() => ""); throw new Error(body)``) hides no failure."""
    block = after.parent
    if not names or block is None:
        return False
    reads = [
        n
        for n in T.walk(block)
        if n.type == "identifier" and n.start_byte >= after.end_byte and T.text(n) in names
    ]
    return bool(reads) and all(_within(n, raise_type, block) for n in reads)


def _within(node: ts.Node, kind: str, stop: ts.Node) -> bool:
    current: ts.Node | None = node
    while current is not None and current != stop:
        if current.type == kind:
            return True
        current = current.parent
    return False


def assigned_names(block: ts.Node | None) -> frozenset[str]:
    """The plain names a block's top-level statements assign (``detail = ""``)."""
    found: set[str] = set()
    for statement in _statements(block):
        expression = statement.named_children[0] if statement.named_children else None
        if statement.type != "expression_statement" or expression is None:
            continue
        if expression.type in ("assignment", "assignment_expression"):
            left = expression.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                found.add(T.text(left))
    return frozenset(found)
