"""The facts a stack gives: each state machine with its states, or its definition file."""

from __future__ import annotations

from dataclasses import replace

from ...common.code_shapes import shape_of
from ...facts import Fact
from ...facts.contracts import (
    FunctionDef,
    FunctionRef,
    Machine,
    Shape,
    State,
    StateMachineDef,
    StateType,
    TemplateField,
    scalar,
    unknown,
)
from ..asl import intrinsic_paths
from .values import (
    CALLBACK,
    FunctionAttr,
    Intrinsic,
    JsonPathRef,
    LambdaFn,
    Loc,
    MachineRec,
    ObjValue,
    Stack,
    StateRec,
    Untraced,
    Wrapped,
    is_jsonata,
    path_prop,
    paths_in,
)

# props that only move data; every other ``*Path`` prop (``errorPath``...) reads a value
_MOVING_PATHS = {"inputPath", "outputPath", "resultPath", "itemsPath"}


def _template(value: object, line: int) -> tuple[TemplateField, ...] | None:
    if not isinstance(value, dict):
        return None
    source = value.source if isinstance(value, ObjValue) else None
    lines = {k: v.line for k, v in source.entries if k is not None} if source else {}
    out: list[TemplateField] = []
    for key, inner in value.items():
        at = lines.get(key, line)
        if key.endswith(".$") and isinstance(inner, str):
            # a key written in its ASL spelling: ``'amount.$': '$.Payload.amount'``
            path = inner if inner.startswith("$") else ""
            field_value = None if path else unknown(at)
            reads = () if path else intrinsic_paths(inner)
            out.append(TemplateField(key[:-2], at, path=path, value=field_value, reads=reads))
        else:
            out.append(_entry(key, inner, at))
    return tuple(out)


def _entry(key: str, inner: object, at: int) -> TemplateField:
    """One value of a template: a ``JsonPath.*At``, an intrinsic, an object, an array (one
    entry per element, each read in turn) or a literal."""
    if isinstance(inner, JsonPathRef):
        return TemplateField(key, at, path=inner.path)
    if isinstance(inner, Intrinsic):
        return TemplateField(key, at, value=unknown(at), reads=inner.paths)
    if isinstance(inner, dict):
        return TemplateField(key, at, sub=_template(inner, at))
    if isinstance(inner, list):
        return TemplateField(
            key, at, items=tuple(_entry(str(i), v, at) for i, v in enumerate(inner))
        )
    if isinstance(inner, (str, int, float, bool)) or inner is None:
        return TemplateField(key, at, value=scalar(at))
    return TemplateField(key, at, value=unknown(at))


def _result_shape(value: object, line: int) -> Shape | None:
    if isinstance(value, Wrapped) and isinstance(value.value, ObjValue):
        return shape_of(value.value.source, {})
    if isinstance(value, Wrapped):
        return unknown(line)
    return None


def _state_fact(rec: StateRec, stack: Stack, jsonata: bool) -> State:
    props = rec.props
    chosen = is_jsonata(props)
    jsonata = jsonata if chosen is None else chosen
    function: FunctionRef | None = None
    envelope = True
    other = ""
    if rec.kind == "Task" and props.get("integrationPattern") == CALLBACK:
        # the result is what the callback sends (SendTaskSuccess), not the handler's
        other = "callback"
    elif rec.kind == "Task":
        fn = props.get("lambdaFunction")
        function = fn.ref if isinstance(fn, LambdaFn) else FunctionRef(ref="unresolved")
        if isinstance(fn, Untraced):
            # the function comes from a call the interpreter could not follow
            function = FunctionRef(ref=fn.ref)
        if function in stack.shared:
            function = replace(function, shared=True)
        envelope = props.get("payloadResponseOnly") is not True
    kind: StateType
    if rec.kind == "OtherTask":
        kind, other = "Task", "cdk"
    else:
        kind = rec.kind
    parameters = props.get("parameters", props.get("itemSelector"))
    payload = props.get("payload")
    if kind == "Task" and isinstance(payload, Wrapped) and isinstance(payload.value, dict):
        parameters = {"Payload": payload.value}
    elif kind == "Task" and isinstance(payload, JsonPathRef):
        parameters = {"Payload": payload}
    branches = tuple(machine(c.start, stack, jsonata) for c in rec.branches)
    return State(
        name=rec.name,
        type=kind,
        line=rec.line,
        next=rec.next,
        end=not rec.next and kind not in ("Choice", "Succeed", "Fail"),
        default=rec.default,
        choices=tuple(rec.choices),
        function=function,
        envelope=envelope,
        other_resource=other,
        input_path=path_prop(props, "inputPath"),
        parameters=_template(parameters, rec.line),
        result=_result_shape(props.get("result"), rec.line),
        result_selector=_template(props.get("resultSelector"), rec.line),
        result_path=path_prop(props, "resultPath"),
        output_path=path_prop(props, "outputPath"),
        items_path=path_prop(props, "itemsPath") or "$" if kind == "Map" else "",
        branches=branches,
        jsonata=jsonata,
        catches=tuple(rec.catches),
        path_reads=_path_reads(rec),
    )


def _path_reads(rec: StateRec) -> tuple[tuple[str, int], ...]:
    """Paths read by ``time: WaitTime.secondsPath(...)``, ``errorPath``, ``timeout``..."""
    out: list[tuple[str, int]] = []
    for key, value in sorted(rec.props.items()):
        if isinstance(value, JsonPathRef) and key in ("time", "timeout", "heartbeatTimeout"):
            out.append((value.path, rec.line))
        elif key.endswith("Path") and key not in _MOVING_PATHS:
            out.extend((path, rec.line) for path in paths_in(value))
    return tuple(out)


def machine(start: str, stack: Stack, jsonata: bool = False) -> Machine:
    """The states reachable from ``start``, in the order a reader meets them."""
    order: list[str] = []
    todo = [start]
    while todo:
        name = todo.pop(0)
        if name in order or name not in stack.states:
            continue
        order.append(name)
        rec = stack.states[name]
        todo += [rec.next] + [c.next for c in rec.choices] + [rec.default]
        todo += [target for target, _ in rec.catches]
    return Machine(start, tuple(_state_fact(stack.states[n], stack, jsonata) for n in order))


def file_machine(path: str, rec: MachineRec, where: object, stack: Stack) -> list[Fact]:
    """``DefinitionBody.fromFile(asl)`` with ``definitionSubstitutions``: the ASL file is read
    by ``documents``; here its substitutions, and the functions they name, become facts."""
    if not isinstance(where, Loc) or not where.exact:
        return []
    subs: list[tuple[str, str]] = []
    if isinstance(rec.substitutions, dict):
        for key, value in rec.substitutions.items():
            if isinstance(value, FunctionAttr):
                subs.append((key, "logical:" + value.fn.ref.name))
            elif isinstance(value, str):
                subs.append((key, value))
    facts: list[Fact] = [
        StateMachineDef(
            file=path,
            line=rec.line,
            symbol=rec.name,
            name=rec.name,
            definition_uri=where.path,
            substitutions=tuple(sorted(subs)),
        )
    ]
    named = {value[8:] for _, value in subs if value.startswith("logical:")}
    for line, ref in stack.functions:
        if ref.name in named and ref.code:
            shared = replace(ref, shared=ref in stack.shared)
            facts.append(
                FunctionDef(file=path, line=line, symbol=ref.name, name=ref.name, function=shared)
            )
    return facts
