"""The interpreter of a stack file: statements in source order, expressions to values.

Names bind to what their expressions evaluate to; constructs and calls are handed to the
tables of ``constructs`` and ``calls``; a function handed to anything but a Step
Functions task is marked shared (others may invoke it).
"""

from __future__ import annotations

import posixpath

import tree_sitter as ts

from ...common import ir
from ...common import treesitter as T
from ...common.adapter import CodeSyntax
from ...common.dispatch import SourceFile
from ...common.syntaxes import syntax_of
from .calls import state_method, static_call
from .constructs import construct
from .names import cdk_names, constructible, last_name
from .values import (
    CALLBACK,
    UNKNOWN_VALUE,
    Chain,
    Discard,
    FunctionAttr,
    JsonPathRef,
    LambdaFn,
    Language,
    Loc,
    ObjValue,
    Stack,
    StateRec,
)

_STATIC_CONSTRUCTORS = {"jsonata": "JSONata", "jsonPath": "JSONPath"}
# Methods of a function construct that let something else invoke it.
_SHARING_METHODS = ("addFunctionUrl", "addEventSource", "addPermission", "grantInvoke", "addAlias")


def evaluate(expr: ir.Expr, stack: Stack) -> object:
    """The value of ``expr`` in ``stack``; UNKNOWN_VALUE for what cannot be known."""
    if isinstance(expr, ir.Lit):
        return expr.value
    if isinstance(expr, ir.Name):
        if expr.id == "__dirname":
            return Loc(stack.folder, True)
        if expr.id == "__file__":
            return Loc(stack.path, True)
        return stack.env.get(expr.id, UNKNOWN_VALUE)
    if isinstance(expr, ir.Attr):
        dotted = ir.dotted(expr)
        if dotted.endswith("JsonPath.DISCARD"):
            return Discard()
        if dotted.endswith("IntegrationPattern." + CALLBACK):
            return CALLBACK
        if dotted.endswith(("QueryLanguage.JSONATA", "QueryLanguage.JSON_PATH")):
            return Language("JSONata" if dotted.endswith("JSONATA") else "JSONPath")
        if dotted.endswith(("JsonPath.entirePayload", "JsonPath.entire_payload")):
            return JsonPathRef("$")
        if dotted in stack.env:
            return stack.env[dotted]
        base = evaluate(expr.obj, stack)
        if isinstance(base, LambdaFn) and ir.camel(expr.name) in ("functionArn", "functionName"):
            return FunctionAttr(base)
        if isinstance(base, Loc) and expr.name == "parent":
            return Loc(posixpath.dirname(base.path), base.exact)
        if isinstance(base, dict):
            return base.get(expr.name, UNKNOWN_VALUE)
        return UNKNOWN_VALUE
    if isinstance(expr, ir.ObjLit):
        out: dict[str, object] = {}
        for key, value in expr.entries:
            evaluated = evaluate(value, stack)
            if key is None:
                if isinstance(evaluated, dict):
                    out.update(evaluated)
            else:
                out[key] = evaluated
        return ObjValue(out, expr)
    if isinstance(expr, ir.ArrLit):
        return [evaluate(i, stack) for i in expr.items]
    if isinstance(expr, ir.Call):
        return evaluate_call(expr, stack)
    return UNKNOWN_VALUE


def names_only(expr: ir.Expr) -> bool:
    """True for ``fn`` / ``this.fn``: evaluating it constructs nothing."""
    while isinstance(expr, ir.Attr):
        expr = expr.obj
    return isinstance(expr, ir.Name)


def handed(expr: ir.Expr, stack: Stack) -> list[LambdaFn]:
    """Function constructs an argument names (directly, or inside an object/array literal);
    only names are evaluated, so nothing is constructed twice."""
    if names_only(expr):
        value = evaluate(expr, stack)
        return [value] if isinstance(value, LambdaFn) else []
    if isinstance(expr, ir.ObjLit):
        return [fn for _, value in expr.entries for fn in handed(value, stack)]
    if isinstance(expr, ir.ArrLit):
        return [fn for item in expr.items for fn in handed(item, stack)]
    return []


def note_sharing(call: ir.Call, stack: Stack) -> None:
    """A function handed to anything but a Step Functions task (an API, a URL, an event
    rule, a helper) or opened by ``fn.addFunctionUrl()``-like methods may be invoked by
    others: its result reaches readers the state machine does not show. Grants *to* it
    (``table.grantReadData(fn)``) and ``Tags.of(fn)`` do not."""
    method = ir.camel(last_name(call.func))
    if isinstance(call.func, ir.Attr):
        receiver = evaluate(call.func.obj, stack) if names_only(call.func.obj) else None
        if isinstance(receiver, LambdaFn):
            if method.startswith(_SHARING_METHODS):
                stack.shared.add(receiver.ref)
            return
    if method.startswith("grant") or method == "of":
        return
    for expr in (*call.args, *(value for _, value in call.kwargs)):
        stack.shared.update(fn.ref for fn in handed(expr, stack))


def evaluate_call(call: ir.Call, stack: Stack) -> object:
    """A construct, a method of a state or chain, or a call on a class or helper."""
    name = ir.dotted(call.func)
    named = len(call.args) >= 2 and isinstance(call.args[1], ir.Lit)
    bare = stack.syntax is not None and stack.syntax.bare_constructors
    if (call.new or bare) and named and constructible(call.func, stack):
        return construct(call, stack, call.func)
    func = call.func
    if isinstance(func, ir.Attr) and named and constructible(func.obj, stack):
        # ``LambdaInvoke.jsonata(this, 'Id', {...})`` / ``Pass.json_path(self, "Id", ...)``
        language = _STATIC_CONSTRUCTORS.get(ir.camel(func.name))
        if language is not None:
            return construct(call, stack, func.obj, language)
    if isinstance(call.func, ir.Attr):
        method = ir.camel(call.func.name)
        receiver = evaluate(call.func.obj, stack)
        if isinstance(receiver, (StateRec, Chain)):
            return state_method(receiver, method, call, stack)
        if isinstance(receiver, Loc) and method in ("resolve", "absolute"):
            return receiver
    note_sharing(call, stack)
    return static_call(name, call, stack)


def statements(source: SourceFile, syntax: CodeSyntax) -> list[ts.Node]:
    """Declarations and statements of the stack file, in source order."""
    caps = source.captures("contract_cdk", source.language, syntax.query_folder)
    nodes = caps.get("declare", []) + caps.get("statement", [])
    return sorted(nodes, key=lambda n: n.start_byte)


def run(source: SourceFile) -> Stack:
    """Interpret a stack file's statements in source order."""
    syntax = syntax_of(source.language)
    stack = Stack(source.path, posixpath.dirname(source.path), evaluate, syntax=syntax)
    stack.aliases, stack.task_names = cdk_names(source)
    for node in statements(source, syntax):
        if node.type == syntax.declarator:
            name = node.child_by_field_name("name")
            value = evaluate(syntax.lower(node.child_by_field_name("value")), stack)
            if name is not None and name.type == "identifier":
                stack.env[T.text(name)] = value
            continue
        inner = node.named_children[0] if node.named_children else None
        if inner is None:
            continue
        if inner.type in syntax.assignments:
            target = ir.dotted(syntax.lower(inner.child_by_field_name("left")))
            right = inner.child_by_field_name("right")
            value = evaluate(syntax.lower(right), stack) if right is not None else UNKNOWN_VALUE
            if target:
                stack.env[target] = value
            continue
        evaluate(syntax.lower(inner), stack)
    return stack
