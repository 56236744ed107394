"""Construct handlers: what ``new X(scope, 'Id', props)`` builds, one handler per class.

Function constructs (``Function``, ``NodejsFunction``, ``PythonFunction``) name their code;
``StateMachine`` names its definition; state classes (``LambdaInvoke``, ``Pass``,
``Choice``...) and any class of the stepfunctions-tasks module become states.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ...common import ir
from ...facts.contracts import FunctionRef, StateType
from ...javascript.adapter import JAVASCRIPT
from .names import FUNCTION_CLASSES, STATE_CLASSES, class_of
from .values import (
    UNKNOWN_VALUE,
    Asset,
    LambdaFn,
    Language,
    Loc,
    MachineRec,
    Stack,
    StateRec,
    is_jsonata,
)


@dataclass(frozen=True)
class Built:
    """A construct call being interpreted: its class, id, evaluated props and line."""

    cls: str
    construct_id: str
    props: dict[str, object]
    line: int


Handler = Callable[[Built, Stack], object]


def props_of(call: ir.Call, stack: Stack) -> dict[str, object]:
    """The construct's options: keyword arguments, or the object literal after the id."""
    out: dict[str, object] = {}
    if stack.keyword_options:
        for key, value in call.kwargs:
            evaluated = stack.eval(value)
            if key is None:
                if isinstance(evaluated, dict):
                    out.update({ir.camel(k): v for k, v in evaluated.items()})
            else:
                out[ir.camel(key)] = evaluated
        return out
    if len(call.args) > 2:
        evaluated = stack.eval(call.args[2])
        if isinstance(evaluated, dict):
            out.update(evaluated)
    return out


def function_ref(
    cls: str, construct_id: str, props: dict[str, object], stack: Stack
) -> FunctionRef:
    """Where a function construct's code is: its file (or asset folder) and handler."""

    def loc(value: object) -> tuple[str, bool] | None:
        if isinstance(value, Loc):
            path = posixpath.normpath(value.path)
            return (path if value.exact else "cwd:" + path), True
        if isinstance(value, str):
            return "cwd:" + posixpath.normpath(value), True
        return None

    handler = props.get("handler")
    if cls == "NodejsFunction":
        entry = loc(props.get("entry"))
        if entry is None and "entry" not in props and stack.syntax is JAVASCRIPT:
            # the default entry: ``<stack file>.<construct id>.ts`` next to the stack
            stem, ext = posixpath.splitext(stack.path)
            entry = (f"{stem}.{construct_id}{ext}", True)
        if entry is None:
            return FunctionRef(ref="unresolved", name=construct_id)
        name = handler if isinstance(handler, str) else "handler"
        return FunctionRef(code=entry[0], handler=name, is_file=True, name=construct_id)
    if cls == "PythonFunction":
        entry = loc(props.get("entry"))
        index = props.get("index", "index.py")
        if entry is None or not isinstance(index, str):
            return FunctionRef(ref="unresolved", name=construct_id)
        name = handler if isinstance(handler, str) else "handler"
        return FunctionRef(
            code=posixpath.join(entry[0], index), handler=name, is_file=True, name=construct_id
        )
    code = props.get("code")
    if cls == "CfnFunction" and isinstance(props.get("codeUri"), (str, Loc)):
        # SAM's ``CfnFunction``: ``codeUri`` + ``handler``
        uri = props["codeUri"]
        code = Asset(uri if isinstance(uri, Loc) else Loc(posixpath.normpath(uri), False))
    if isinstance(code, Asset) and not isinstance(handler, str) and code.handler:
        handler = code.handler
    if isinstance(code, Asset) and isinstance(handler, str):
        where = code.where.path if code.where.exact else "cwd:" + code.where.path
        return FunctionRef(code=where, handler=handler, name=construct_id)
    return FunctionRef(ref="unresolved", name=construct_id)


def _function(built: Built, stack: Stack) -> object:
    ref = function_ref(built.cls, built.construct_id, built.props, stack)
    if ref.ref == "unresolved" and stack.helpers:
        # built inside a helper: the row names it
        ref = FunctionRef(ref=f"unresolved:{stack.helpers[-1]}()", name=ref.name)
    fn = LambdaFn(ref)
    stack.functions.append((built.line, fn.ref))
    return fn


def _state_machine(built: Built, stack: Stack) -> object:
    props = built.props
    definition = props.get("definition", props.get("definitionBody"))
    name = props.get("stateMachineName")
    stack.machines.append(
        MachineRec(
            name if isinstance(name, str) else built.construct_id,
            definition,
            built.line,
            is_jsonata(props),
            props.get("definitionSubstitutions"),
        )
    )
    return UNKNOWN_VALUE


def _state(kind: StateType | Literal["OtherTask"]) -> Handler:
    """The handler of a state class: a ``StateRec`` of ``kind`` named by ``stateName``."""

    def build(built: Built, stack: Stack) -> object:
        name = built.props.get("stateName")
        rec = StateRec(
            name if isinstance(name, str) else built.construct_id, kind, built.line, built.props
        )
        stack.states[rec.name] = rec
        return rec

    return build


CONSTRUCTS: dict[str, Handler] = {
    **{cls: _function for cls in sorted(FUNCTION_CLASSES)},
    "StateMachine": _state_machine,
    **{cls: _state(kind) for cls, kind in STATE_CLASSES.items()},
}
_OTHER_TASK = _state("OtherTask")  # any class of the stepfunctions-tasks module


def construct_id(expr: ir.Expr, stack: Stack) -> str | None:
    """A construct's id: a literal, or a name, field or template the stack's code gives
    (``id`` bound by a helper's call, `${name}Fn`); None when it is not known. Only
    expressions that construct nothing are evaluated."""
    if isinstance(expr, ir.Lit):
        return str(expr.value)
    if isinstance(expr, (ir.Name, ir.Attr, ir.Template)) or (
        isinstance(expr, ir.Opaque) and expr.operands
    ):
        value = stack.eval(expr)
        return value if isinstance(value, str) else None
    return None


def construct(call: ir.Call, stack: Stack, func: ir.Expr, language: str = "") -> object:
    """``new X(scope, 'Id', props)``; ``func`` names X (``X.jsonata(...)`` gives ``language``)."""
    cls = class_of(func, stack)
    found_id = construct_id(call.args[1], stack) if len(call.args) >= 2 else None
    if found_id is None:
        return UNKNOWN_VALUE
    construct_id_ = found_id
    props = props_of(call, stack)
    if language and "queryLanguage" not in props:
        props["queryLanguage"] = Language(language)
    handler = CONSTRUCTS.get(cls)
    head = ir.dotted(func).split(".", 1)[0]
    if handler is None and (head in stack.task_names or cls in stack.task_names):
        handler = _OTHER_TASK
    if handler is None:
        return UNKNOWN_VALUE
    return handler(Built(cls, construct_id_, props, call.line), stack)
