"""One handler per Step Functions state type: what a state does to the data it is given.

Every state first reads what it is given: ``InputPath``, its Choice rules, its other
``*Path`` keys, and ``Parameters`` (a Map's ``ItemSelector``, built per item). Then
the handler of its ``Type`` takes over. Task, Pass, Parallel and Map produce a result,
which goes through ``ResultSelector`` -> ``ResultPath`` -> ``OutputPath``; Choice, Wait
and Succeed pass their input on through ``OutputPath``; Fail ends the execution. A type
the Amazon States Language does not define has an UNKNOWN result, produced by its state.
``Assign`` stores values from the result (a Choice's or Wait's input) in variables that
``$name`` paths read. A Map's items come from ``ItemsPath`` or its ``ItemReader``, are
batched by an ``ItemBatcher`` and its results written by a ``ResultWriter``. Templates
build arrays element by element. A JSONata state is ``sfn_jsonata``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

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
from .sfn_record import Flow, Overrides, PathRead, ReadSite, Resolver
from .shape import envelope, parse_path, place, select, unparsed_part, with_origin

MAP_ITEM = "$$.Map.Item.Value"
# ``$name.rest``: a read of workflow variable ``name`` (``$`` alone, ``$.``, ``$[`` and
# ``$$`` are the input and the context)
_VARIABLE = re.compile(r"^\$([A-Za-z_][\w]*)(.*)$", re.S)
Variables = dict[str, Shape]


class StateType(StrEnum):
    """The state types the Amazon States Language defines (``Type``)."""

    TASK = "Task"  # a CDK ``LambdaInvoke`` is one
    PASS = "Pass"
    CHOICE = "Choice"
    WAIT = "Wait"
    SUCCEED = "Succeed"
    FAIL = "Fail"
    PARALLEL = "Parallel"
    MAP = "Map"  # a CDK ``DistributedMap`` is one


@dataclass(frozen=True)
class Run:
    """The run a state is visited in: how tasks resolve, mocks, and what it records."""

    resolve: Resolver
    overrides: Overrides
    flow: Flow
    branch: Callable[[Machine, Shape], Flow]  # runs a Parallel branch / Map item processor


@dataclass(frozen=True)
class Step:
    """One visit of a state: its input as given, after ``InputPath``, after ``Parameters``."""

    state: State
    given: Shape
    effective: Shape
    params: Shape
    item: Shape | None  # a Map's current item (``$$.Map.Item.Value``)
    reads: list[PathRead]
    run: Run

    def read(self, path: str, where: ReadSite, against: Shape) -> None:
        """Record a read of one of the state's ``*Path`` keys."""
        self.reads.append(_key_read(self.state, path, where, against))


StateHandler = Callable[[Step], Shape]  # the state's output


def step(state: State, given: Shape, run: Run, reads: list[PathRead]) -> Shape:
    """The output of a JSONPath state for input ``given``; reads are appended to ``reads``."""
    variables = run.flow.variables
    effective = _read_input(state, given, reads, variables)
    item = _current_item(state, effective, reads, variables)
    params = effective
    if state.parameters is not None:
        params = _template_shape(
            state.parameters,
            source=effective,
            state=state.name,
            where=ReadSite.PARAMETERS,
            reads=reads,
            variables=variables,
            item=item,
        )
    visit = Step(state, given, effective, params, item, reads, run)
    return handler_for(state.type)(visit)


def variable_read(
    state: str,
    path: str,
    line: int,
    where: ReadSite,
    against: Shape,
    variables: Variables,
    guards: tuple[str, ...] = (),
) -> PathRead:
    """A read of ``path``; one of a variable (``$total.amount``) is read from what the
    variable holds, as ``$.total.amount`` of an object with the variable as its field."""
    match = _VARIABLE.match(path)
    if match is None:
        return PathRead(state, path, line, where, against, guards=guards)
    name, rest = match.groups()
    held = variables.get(name)
    if held is None:  # assigned nowhere the flow reaches: nothing is known of it
        held = with_origin(unknown(line), ("", line, f"variable ${name}"))
    holder = obj({name: ShapeField(name, held, line)})
    return PathRead(state, f"$.{name}{rest}", line, where, holder, guards=guards)


def _read_input(state: State, given: Shape, reads: list[PathRead], variables: Variables) -> Shape:
    """What every state reads of its input before its type matters: ``InputPath``, then, of
    what it selects, the Choice rules and the other ``*Path`` keys. Returns that selection."""
    if state.input_path not in (None, "$"):
        reads.append(_key_read(state, state.input_path or "$", ReadSite.INPUT_PATH, given))
    effective = select(given, state.input_path)
    for rule in state.choices:
        for choice in rule.reads or tuple(ChoiceRead(p, rule.line) for p in rule.paths):
            line = choice.line or rule.line
            reads.append(
                variable_read(
                    state.name,
                    choice.path,
                    line,
                    ReadSite.CHOICE,
                    effective,
                    variables,
                    choice.guards,
                )
            )
    for path, line in state.path_reads:
        reads.append(variable_read(state.name, path, line, ReadSite.PATH, effective, variables))
    return effective


def handler_for(state_type: str) -> StateHandler:
    """The handler of a state ``Type``; one the States Language does not define has an
    unknown result."""
    return HANDLERS.get(state_type, _UNDEFINED_TYPE)


def _key_read(state: State, path: str, where: ReadSite, against: Shape) -> PathRead:
    """A read of the state's ``InputPath``/``ItemsPath``/``OutputPath``, at that key's line."""
    line = dict(state.path_lines).get(where.value, state.line)
    return PathRead(state.name, path, line, where, against)


def _current_item(
    state: State, effective: Shape, reads: list[PathRead], variables: Variables
) -> Shape | None:
    """A Map's current item (an unknown list still names its producer); None elsewhere.
    An ``ItemReader`` reads the items from a store, where its ``Parameters`` say: their
    fields are not known, and the reader is their producer."""
    if state.type != StateType.MAP:
        return None
    source = state.map_source
    if source is not None and source.reader is not None:
        _template_shape(
            source.reader,
            source=effective,
            state=state.name,
            where=ReadSite.ITEM_READER,
            reads=reads,
            variables=variables,
        )
        return with_origin(unknown(state.line), ("", state.line, f"{state.name} ItemReader"))
    return select(select(effective, state.items_path or "$"), "$[*]")


# --- states that pass their input on, or end -------------------------------------------


def _passes_input_on(visit: Step) -> Shape:
    """Choice, Wait, Succeed: the input (``Assign`` may store parts of it), through
    ``OutputPath``."""
    _assign(visit, visit.effective)
    return select(visit.effective, visit.state.output_path)


def _assign(visit: Step, source: Shape) -> None:
    """A JSONPath ``Assign``: each variable takes what its template builds from ``source``
    (a variable assigned by several Choice rules takes each value). A value with no
    producer of its own is the state's (``Assign`` wrote it)."""
    state = visit.state
    mine = ("", state.line, f"{state.name} Assign")
    for entry in state.assign or ():
        value = _template_value(
            entry,
            source=source,
            state=state.name,
            where=ReadSite.ASSIGN,
            reads=visit.reads,
            variables=visit.run.flow.variables,
            item=None,
        )
        visit.run.flow.assign(entry.name, value if value.origin else with_origin(value, mine))


def _ends_execution(visit: Step) -> Shape:
    """Fail: nothing flows on."""
    return obj({})


# --- states that produce a result ------------------------------------------------------


def _produces(result_of: Callable[[Step], Shape]) -> StateHandler:
    """A handler for a state with a result: a mock's result stands in for the state's own;
    then ``ResultSelector``, ``ResultPath`` and ``OutputPath``."""

    def handle(visit: Step) -> Shape:
        state, flow = visit.state, visit.run.flow
        if state.name in visit.run.overrides:
            shape, origin = visit.run.overrides[state.name]
            result = with_origin(shape, origin)
        else:
            result = result_of(visit)
        flow.results[state.name] = result
        if state.result_path is None:
            flow.discard(result)
        if state.result_selector is not None:
            selected = _template_shape(
                state.result_selector,
                source=result,
                state=state.name,
                where=ReadSite.RESULT_SELECTOR,
                reads=visit.reads,
                variables=visit.run.flow.variables,
            )
            result = with_origin(selected, ("", state.line, f"{state.name} ResultSelector"))
        # ``$`` in a JSONPath ``Assign`` is the state's result (after ``ResultSelector``),
        # assigned before ``ResultPath`` places it
        _assign(visit, result)
        placed = place(visit.given, state.result_path, result)
        if state.output_path not in (None, "$"):
            visit.read(state.output_path or "$", ReadSite.OUTPUT_PATH, placed)
        return select(placed, state.output_path)

    return handle


def _task_result(visit: Step) -> Shape:
    """Task: the resolved Lambda handler's return (in its envelope unless
    ``payloadResponseOnly``/a bare ARN); any other task's result is unknown. What the task
    is handed escapes: a Lambda may read any field of its event."""
    state = visit.state
    visit.run.flow.escape(visit.params)
    resolved = visit.run.resolve(state) if state.function is not None else None
    if resolved is None:  # not known, but the task is still what produced it
        origin = ("", state.line, state.name)
        handler = with_origin(unknown(state.line), origin)
        # The invoke integration's envelope is fixed whatever the handler returns.
        invoked = state.function is not None and state.envelope
        return envelope(handler, origin) if invoked else handler
    shape, origin = resolved
    return envelope(shape, origin) if state.envelope else with_origin(shape, origin)


def _pass_result(visit: Step) -> Shape:
    """Pass: its ``Result``, else what its ``Parameters`` build, else its input."""
    state = visit.state
    if state.result is not None:
        return with_origin(state.result, ("", state.line, f"{state.name} Result"))
    if state.parameters is not None:
        return with_origin(visit.params, ("", state.line, f"{state.name} Parameters"))
    return visit.params


def _parallel_result(visit: Step) -> Shape:
    """Parallel: element ``i`` of the result is branch ``i``'s output."""
    return run_branches(visit, visit.params, positional=True)


def _map_result(visit: Step) -> Shape:
    """Map: the item processor's outputs, each run on an item (as ``ItemSelector`` /
    ``Parameters`` build it), or on a batch of them (``ItemBatcher``: ``{"Items": [...],
    "BatchInput": ...}``). With a ``ResultWriter`` the outputs go to a store, and the
    result says where (``{"MapRunArn", "ResultWriterDetails": {"Bucket", "Key"}}``)."""
    state, source = visit.state, visit.state.map_source
    reader = source is not None and source.reader is not None
    if state.items_path and state.items_path != "$" and not reader:
        visit.read(state.items_path, ReadSite.ITEMS_PATH, visit.effective)
    given_item = visit.item if visit.item is not None else unknown()
    if state.parameters is not None:
        given_item = visit.params
    if source is not None and source.batched:
        given_item = _batch(visit, given_item)
    if source is None or source.writer is None:
        return run_branches(visit, given_item, positional=False)
    _template_shape(
        source.writer,
        source=visit.effective,
        state=state.name,
        where=ReadSite.RESULT_WRITER,
        reads=visit.reads,
        variables=visit.run.flow.variables,
    )
    outputs = run_branches(visit, given_item, positional=False)
    visit.run.flow.discard(outputs)
    return with_origin(written_result(state.line), ("", state.line, f"{state.name} ResultWriter"))


def _batch(visit: Step, item: Shape) -> Shape:
    """What an ``ItemBatcher`` hands the item processor: the items, and the ``BatchInput``
    (built from the Map's input) when there is one."""
    source = visit.state.map_source
    fields = {"Items": ShapeField("Items", Shape(ARRAY, items=item), visit.state.line)}
    if source is not None and source.batch_input is not None:
        batch = _template_shape(
            source.batch_input,
            source=visit.effective,
            state=visit.state.name,
            where=ReadSite.PARAMETERS,
            reads=visit.reads,
            variables=visit.run.flow.variables,
        )
        fields["BatchInput"] = ShapeField("BatchInput", batch, visit.state.line)
    state = visit.state
    return with_origin(obj(fields), ("", state.line, f"{state.name} ItemBatcher"))


def written_result(line: int) -> Shape:
    """A Map's result with a ``ResultWriter``: the run, and the object its results went to."""

    def scalars(*names: str) -> Shape:
        return obj({n: ShapeField(n, scalar(line), line) for n in names})

    details = ShapeField("ResultWriterDetails", scalars("Bucket", "Key"), line)
    return obj({"MapRunArn": ShapeField("MapRunArn", scalar(line), line), details.name: details})


def _unknown_result(visit: Step) -> Shape:
    """A state type the States Language does not define: its result is not known."""
    state = visit.state
    return with_origin(unknown(state.line), ("", state.line, state.name))


HANDLERS: dict[str, StateHandler] = {
    StateType.TASK: _produces(_task_result),
    StateType.PASS: _produces(_pass_result),
    StateType.PARALLEL: _produces(_parallel_result),
    StateType.MAP: _produces(_map_result),
    StateType.CHOICE: _passes_input_on,
    StateType.WAIT: _passes_input_on,
    StateType.SUCCEED: _passes_input_on,
    StateType.FAIL: _ends_execution,
}
_UNDEFINED_TYPE = _produces(_unknown_result)


def run_branches(visit: Step, given: Shape, *, positional: bool) -> Shape:
    """Run Parallel branches / a Map item processor; the result is an array of their outputs.
    A Parallel's array is positional: element ``i`` is what branch ``i`` outputs."""
    finals: list[Shape] = []
    positions: list[ShapeField] = []
    for index, branch in enumerate(visit.state.branches):
        sub = visit.run.branch(branch, union([given]))
        visit.reads.extend(sub.reads)
        visit.run.flow.take_branch(sub)
        finals.extend(sub.final)
        if positional:
            positions.append(ShapeField(str(index), union(sub.final), 0))
    return Shape(ARRAY, tuple(positions), items=union(finals) if finals else unknown())


# --- templates: Parameters, ItemSelector, ResultSelector -------------------------------


def _template_shape(
    template: tuple[TemplateField, ...],
    *,
    source: Shape,
    state: str,
    where: ReadSite,
    reads: list[PathRead],
    variables: Variables,
    item: Shape | None = None,
) -> Shape:
    """The object a template builds from ``source``; ``item`` is a Map's current item."""
    fields: dict[str, ShapeField] = {}
    for entry in template:
        value = _template_value(
            entry,
            source=source,
            state=state,
            where=where,
            reads=reads,
            variables=variables,
            item=item,
        )
        fields[entry.name] = ShapeField(entry.name, value, entry.line)
    return obj(fields)


def _template_value(
    entry: TemplateField,
    *,
    source: Shape,
    state: str,
    where: ReadSite,
    reads: list[PathRead],
    variables: Variables,
    item: Shape | None,
) -> Shape:
    """The value one template entry builds: a path's selection, a nested template, an array
    of values (positional, element ``i`` as written), an intrinsic's or a literal's."""
    local = _item_path(entry.path) if item is not None else None
    if local is not None and item is not None:
        reads.append(PathRead(state, local, entry.line, where, item))
        return select(item, local) if parse_path(local) is not None else unparsed_part(item, local)
    if entry.path:
        read = variable_read(state, entry.path, entry.line, where, source, variables)
        reads.append(read)
        found = parse_path(read.path) is not None
        return select(read.against, read.path) if found else unparsed_part(read.against, read.path)
    if entry.sub is not None:
        return _template_shape(
            entry.sub,
            source=source,
            state=state,
            where=where,
            reads=reads,
            variables=variables,
            item=item,
        )
    if entry.items is not None:
        values = [
            ShapeField(
                element.name,
                _template_value(
                    element,
                    source=source,
                    state=state,
                    where=where,
                    reads=reads,
                    variables=variables,
                    item=item,
                ),
                element.line,
            )
            for element in entry.items
        ]
        items = union([v.shape for v in values]) if values else unknown(entry.line)
        return Shape(ARRAY, tuple(values), items=items, line=entry.line)
    for path in entry.reads:
        # an intrinsic computes from the value (a length, a format): it uses it
        reads.append(variable_read(state, path, entry.line, ReadSite.INTRINSIC, source, variables))
    return entry.value or unknown(entry.line)


def _item_path(path: str) -> str | None:
    """``$$.Map.Item.Value.sku`` -> ``$.sku`` (a path into the current item), else None."""
    rest = path.removeprefix(MAP_ITEM)
    if rest == path or rest[:1] not in ("", ".", "["):
        return None
    return "$" + rest
