"""Shapes flowing through a state machine, as Step Functions moves data (DESIGN §5).

Each state's input is the union of its predecessors' outputs (a fixed point,
so loops back to an earlier state settle); a state's output is computed from
its input by ``InputPath`` -> task result (Lambda envelope unless
``payloadResponseOnly``/bare ARN) -> ``ResultSelector`` -> ``ResultPath`` ->
``OutputPath``. Every JSONPath a state reads is recorded with the shape it is
read from, so the questions can ask whether the field is there. A ``Catch``
target gets the state's input with the error at the catch's ``ResultPath``.
What a task is handed (its Lambda may read any field of its event) and the input
of a JSONata state, whose expressions are not modelled, are kept as ``escapes``;
a JSONata state's output is unknown. A Parallel's result is positional: element ``i``
is branch ``i``'s output, so ``$.both[1].ok`` is looked up in the second branch only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...extractors.facts.contracts import (
    ARRAY,
    ChoiceRead,
    Machine,
    Shape,
    ShapeField,
    State,
    TemplateField,
    obj,
    scalar,
    union,
    unknown,
)
from .shape import (
    Origin,
    envelope,
    parse_path,
    place,
    select,
    with_origin,
)

# What a Catch hands on at its ResultPath.
_ERROR = obj(
    {
        "Error": ShapeField("Error", scalar(), 0),
        "Cause": ShapeField("Cause", scalar(), 0),
    }
)

# A state's task result: (shape, origin) or None when nothing can be known.
Resolver = Callable[[State], tuple[Shape, Origin] | None]

# Passes over the states before the inputs are taken as settled (loops converge in two or three).
MAX_PASSES = 12
EXECUTION_INPUT: Origin = ("", 0, "execution input")
MAP_ITEM = "$$.Map.Item.Value"


@dataclass(frozen=True)
class PathRead:
    """A JSONPath a state reads and the shape it reads it from."""

    state: str
    path: str
    line: int
    where: str  # "Choice", "Parameters", "ResultSelector", "InputPath", ...
    against: Shape
    state_type: str = ""
    guards: tuple[str, ...] = ()  # paths checked present whenever it is read ("": not known)


@dataclass
class Flow:
    """Inputs and outputs of every state, the reads, and what reaches the execution output."""

    inputs: dict[str, Shape] = field(default_factory=dict)
    outputs: dict[str, Shape] = field(default_factory=dict)
    results: dict[str, Shape] = field(default_factory=dict)
    reads: list[PathRead] = field(default_factory=list)
    final: list[Shape] = field(default_factory=list)  # outputs of terminal states
    # values handed to something whose reads are not known: a task's input (a Lambda may
    # read any field of its event), a JSONata state's input
    escapes: list[Shape] = field(default_factory=list)
    # results a state drops on purpose (``ResultPath: null``): a Map's item results too
    discarded: list[Shape] = field(default_factory=list)


def _template_shape(
    template: tuple[TemplateField, ...],
    source: Shape,
    state: str,
    where: str,
    reads: list[PathRead],
    item: Shape | None = None,
) -> Shape:
    """The object a template builds; ``item`` is a Map's current item (``$$.Map.Item.Value``)."""
    fields: dict[str, ShapeField] = {}
    for entry in template:
        local = _item_path(entry.path) if item is not None else None
        if local is not None and item is not None:
            reads.append(PathRead(state, local, entry.line, where, item))
            value = select(item, local) if parse_path(local) is not None else unknown()
        elif entry.path:
            reads.append(PathRead(state, entry.path, entry.line, where, source))
            value = select(source, entry.path) if parse_path(entry.path) is not None else unknown()
        elif entry.sub is not None:
            value = _template_shape(entry.sub, source, state, where, reads, item)
        else:
            for path in entry.reads:
                # an intrinsic computes from the value (a length, a format): it uses it
                reads.append(PathRead(state, path, entry.line, "Intrinsic", source))
            value = entry.value or unknown(entry.line)
        fields[entry.name] = ShapeField(entry.name, value, entry.line)
    return obj(fields)


def _item_path(path: str) -> str | None:
    """``$$.Map.Item.Value.sku`` -> ``$.sku`` (a path into the current item), else None."""
    rest = path.removeprefix(MAP_ITEM)
    if rest == path or rest[:1] not in ("", ".", "["):
        return None
    return "$" + rest


def _escape(flow: Flow, shape: Shape) -> None:
    if shape not in flow.escapes:
        flow.escapes.append(shape)


def _successors(state: State) -> list[str]:
    out = [state.next] if state.next else []
    out += [c.next for c in state.choices if c.next]
    if state.default:
        out.append(state.default)
    return out


def _step(
    state: State,
    given: Shape,
    resolve: Resolver,
    overrides: dict[str, tuple[Shape, Origin]],
    flow: Flow,
    reads: list[PathRead],
) -> Shape:
    """The state's output for input ``given``; reads are appended to ``reads``."""
    if state.jsonata:
        # JSONata expressions (``{% $states.input.x %}``) are not modelled: the state may
        # read anything it is given and its output is not known.
        _escape(flow, given)
        return with_origin(unknown(state.line), ("", state.line, f"{state.name} (JSONata)"))
    if state.input_path not in (None, "$"):
        reads.append(
            PathRead(
                state.name, state.input_path or "$", _line(state, "InputPath"), "InputPath", given
            )
        )
    effective = select(given, state.input_path)
    for rule in state.choices:
        for choice in rule.reads or tuple(ChoiceRead(p, rule.line) for p in rule.paths):
            reads.append(
                PathRead(
                    state.name,
                    choice.path,
                    choice.line or rule.line,
                    "Choice",
                    effective,
                    guards=choice.guards,
                )
            )
    for path, line in state.path_reads:
        reads.append(PathRead(state.name, path, line, "Path", effective))
    params = effective
    item: Shape | None = None
    if state.type == "Map":
        # each item; an unknown list still names its producer
        item = select(select(effective, state.items_path or "$"), "$[*]")
    if state.parameters is not None:
        params = _template_shape(state.parameters, effective, state.name, "Parameters", reads, item)
    if state.type in ("Choice", "Succeed", "Fail", "Wait"):
        return select(effective, state.output_path) if state.type != "Fail" else obj({})
    result: Shape
    if state.name in overrides:
        shape, origin = overrides[state.name]
        result = with_origin(shape, origin)
    elif state.type == "Task":
        _escape(flow, params)
        resolved = resolve(state) if state.function is not None else None
        if resolved is None:
            result = unknown(state.line)
        else:
            shape, origin = resolved
            result = envelope(shape, origin) if state.envelope else with_origin(shape, origin)
    elif state.type == "Pass":
        if state.result is not None:
            result = with_origin(state.result, ("", state.line, f"{state.name} Result"))
        elif state.parameters is not None:
            result = with_origin(params, ("", state.line, f"{state.name} Parameters"))
        else:
            result = params
    elif state.type == "Parallel":
        result = _branches(state.branches, [params], resolve, overrides, flow, reads, True)
    elif state.type == "Map":
        if state.items_path and state.items_path != "$":
            reads.append(
                PathRead(
                    state.name, state.items_path, _line(state, "ItemsPath"), "ItemsPath", effective
                )
            )
        given_item = item if item is not None else unknown()
        if state.parameters is not None:
            given_item = params  # ItemSelector / Parameters build each item processor's input
        result = _branches(state.branches, [given_item], resolve, overrides, flow, reads)
    else:
        result = unknown(state.line)
    flow.results[state.name] = result
    if state.result_path is None and result not in flow.discarded:
        flow.discarded.append(result)
    if state.result_selector is not None:
        selected = _template_shape(
            state.result_selector, result, state.name, "ResultSelector", reads
        )
        result = with_origin(selected, ("", state.line, f"{state.name} ResultSelector"))
    placed = place(given, state.result_path, result)
    if state.output_path not in (None, "$"):
        reads.append(
            PathRead(
                state.name,
                state.output_path or "$",
                _line(state, "OutputPath"),
                "OutputPath",
                placed,
            )
        )
    return select(placed, state.output_path)


def _branches(
    branches: tuple[Machine, ...],
    given: list[Shape],
    resolve: Resolver,
    overrides: dict[str, tuple[Shape, Origin]],
    flow: Flow,
    reads: list[PathRead],
    positional: bool = False,
) -> Shape:
    """Run Parallel branches / a Map item processor; the result is an array of their outputs.
    A Parallel's array is positional: element ``i`` is what branch ``i`` outputs."""
    finals: list[Shape] = []
    positions: list[ShapeField] = []
    for index, branch in enumerate(branches):
        sub = _run(branch, union(given), resolve, overrides, None)
        reads.extend(sub.reads)
        flow.results.update(sub.results)
        for shape in sub.escapes:
            _escape(flow, shape)
        flow.discarded.extend(s for s in sub.discarded if s not in flow.discarded)
        finals.extend(sub.final)
        if positional:
            positions.append(ShapeField(str(index), union(sub.final), 0))
    return Shape(ARRAY, tuple(positions), items=union(finals) if finals else unknown())


def _line(state: State, key: str) -> int:
    return dict(state.path_lines).get(key, state.line)


def _run(
    machine: Machine,
    start_input: Shape,
    resolve: Resolver,
    overrides: dict[str, tuple[Shape, Origin]],
    flow: Flow | None,
) -> Flow:
    flow = flow or Flow()
    by_name = {s.name: s for s in machine.states}
    incoming: dict[str, list[Shape]] = {machine.start: [start_input]}
    reads: dict[str, list[PathRead]] = {}
    for _ in range(MAX_PASSES):
        changed = False
        for state in machine.states:
            given = incoming.get(state.name)
            if not given:
                continue
            shape = union(given)
            if flow.inputs.get(state.name) == shape and state.name in flow.outputs:
                continue
            flow.inputs[state.name] = shape
            state_reads: list[PathRead] = []
            out = _step(state, shape, resolve, overrides, flow, state_reads)
            reads[state.name] = [
                replace(r, state_type=state.type) if r.state == state.name else r
                for r in state_reads
            ]
            flow.outputs[state.name] = out
            changed = True
            targets = [(t, out) for t in _successors(state)]
            error = with_origin(_ERROR, ("", state.line, f"{state.name} error"))
            targets += [(t, place(shape, path, error)) for t, path in state.catches]
            for target, value in targets:
                if target in by_name:
                    bucket = incoming.setdefault(target, [])
                    if value not in bucket:
                        bucket.append(value)
        if not changed:
            break
    for state in machine.states:
        flow.reads.extend(reads.get(state.name, []))
        terminal = (
            state.end
            or state.type == "Succeed"
            or (not _successors(state) and state.type not in ("Fail", "Choice"))
        )
        if terminal and state.name in flow.outputs:
            flow.final.append(flow.outputs[state.name])
    return flow


def run(
    machine: Machine,
    resolve: Resolver,
    overrides: dict[str, tuple[Shape, Origin]] | None = None,
) -> Flow:
    """Flow the execution input (unknown, no schema) through ``machine``."""
    start = with_origin(unknown(), EXECUTION_INPUT)
    return _run(machine, start, resolve, overrides or {}, None)
