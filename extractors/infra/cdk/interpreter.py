"""The interpreter of a stack file: statements in source order, expressions to values.

Names bind to what their expressions evaluate to; constructs and calls are handed to the
tables of ``constructs`` and ``calls``; a function handed to anything but a Step
Functions task is marked shared (others may invoke it).
"""

from __future__ import annotations

import posixpath

from ...common import ir
from ...common.dispatch import SourceFile
from ...common.syntaxes import syntax_of
from .calls import state_method, static_call
from .constructs import construct, construct_id
from .inline import MAX_CALLS, each, helper_of, inline, run_block, super_call
from .names import cdk_names, constructible, helper_name, imported_names, last_name, path_names
from .program import ROOT, build
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
    Untraced,
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
        if isinstance(base, list) and expr.name.isdigit() and int(expr.name) < len(base):
            return base[int(expr.name)]
        return base if isinstance(base, Untraced) else UNKNOWN_VALUE
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
    if isinstance(expr, ir.Template):
        return template_value(expr.parts, [evaluate(v, stack) for v in expr.values])
    if isinstance(expr, ir.Opaque) and len(expr.operands) == 2:
        return concatenated(evaluate(expr.operands[0], stack), evaluate(expr.operands[1], stack))
    return UNKNOWN_VALUE


def _text(value: object) -> str | None:
    """A string or number as text; None for anything else."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def template_value(parts: tuple[str | None, ...], values: list[object]) -> object:
    """A template/f-string whose every interpolated value is known: its text, or a
    ``Loc`` when it starts with a path (`${HANDLERS}/${file}`)."""
    if sum(p is None for p in parts) != len(values):
        return UNKNOWN_VALUE
    pending = iter(values)
    start: Loc | None = None
    pieces: list[str] = []
    for index, part in enumerate(parts):
        value: object = part if part is not None else next(pending)
        if isinstance(value, Loc) and index == 0:
            start = value
            continue
        text = _text(value)
        if text is None:
            return UNKNOWN_VALUE
        pieces.append(text)
    return concatenated(start, "".join(pieces)) if start is not None else "".join(pieces)


def concatenated(left: object, right: object) -> object:
    """``a + b`` of strings, or of a path and the text after it (``__dirname + '/x'``)."""
    if isinstance(left, Loc) and isinstance(right, str):
        joined = left.path + right
        # ``dir + "/"`` keeps its slash for what is added next (``dir + "/" + name``)
        return Loc(joined if joined.endswith("/") else posixpath.normpath(joined), left.exact)
    head, tail = _text(left), _text(right)
    if head is None or tail is None or not (isinstance(left, str) or isinstance(right, str)):
        return UNKNOWN_VALUE
    return head + tail


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
    found = super_call(call, stack, construct)
    if found is not None:
        return found
    helper = helper_of(call, stack) if stack.program is not None else None
    if helper is not None:
        return inline(call, *helper, stack)
    looped = each(call, stack) if stack.program is not None else None
    if looped is not None:
        return looped
    name = helper_name(ir.dotted(call.func), stack.path_names)
    named = len(call.args) >= 2 and construct_id(call.args[1], stack) is not None
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
    value = static_call(name, call, stack)
    if value is UNKNOWN_VALUE and name and names_only(call.func):
        return untraced(name, stack)
    return value


def untraced(name: str, stack: Stack) -> Untraced:
    """What a call that cannot be followed is: a lookup of a function defined elsewhere
    (``Function.fromFunctionArn``), a call of an imported name, or another call."""
    method = name.rsplit(".", 1)[-1]
    if "." in name and method.startswith("from") and method[4:5].isupper():
        return Untraced(f"{name}()", "lookup")
    module = stack.imported.get(name.split(".", 1)[0])
    if module is not None:
        return Untraced(f"{name}()", "import", module)
    return Untraced(f"{name}()")


def run(source: SourceFile) -> Stack:
    """Interpret a stack file: its statements in source order, helpers where called."""
    syntax = syntax_of(source.language)
    stack = Stack(source.path, posixpath.dirname(source.path), evaluate, syntax=syntax)
    stack.aliases, stack.task_names = cdk_names(source)
    stack.path_names = path_names(source)
    stack.imported = imported_names(source)
    stack.program = build(source, syntax)
    stack.budget = MAX_CALLS
    run_block(ROOT, stack)
    return stack
