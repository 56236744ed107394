"""JSONata states: what their expressions read, and what they build (DESIGN §5).

A JSONata state has no ``*Path`` fields: ``Arguments`` builds what a Task or Parallel is
handed (default: its input), a Map's ``Items`` (default: its input) and
``ItemSelector`` build each item (``$states.context.Map.Item.Value``), ``Assign``
stores values in variables and ``Output`` builds the output (default: the result, or
the input of a state without one), both from ``$states.input`` and ``$states.result``.
An expression that is one reference selects that value; any other expression's value
is not known, but every reference in it is read (one that the expression tests, such as
``$exists(...)`` or a condition, with a guard that is not understood). A state whose
expressions are not known (a CDK ``.jsonata`` state) may read anything it is given and
its output is UNKNOWN.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...extractors.facts.contracts import (
    ARRAY,
    Shape,
    ShapeField,
    State,
    TemplateField,
    obj,
    union,
    unknown,
)
from .sfn_record import PathRead, ReadSite
from .sfn_states import (
    Run,
    StateType,
    Step,
    Variables,
    run_branches,
    variable_read,
    written_result,
)
from .shape import envelope, parse_path, select, with_origin

MAP_ITEM = "$states.context.Map.Item.Value"
# the values a state computes, and what reads only (the other keys holding an expression)
_COMPUTED = frozenset(
    {"Arguments", "Output", "Items", "ItemSelector", "Assign", "Condition"}
    | {"ItemReader", "ResultWriter", "BatchInput"}
)
_PRODUCES = frozenset({StateType.TASK, StateType.PARALLEL, StateType.MAP})


@dataclass(frozen=True)
class Scope:
    """What ``$states.input``, ``$states.result`` and the Map item refer to."""

    input: Shape
    result: Shape | None = None
    item: Shape | None = None


@dataclass
class _Visit:
    """One visit of a JSONata state: where its reads go and the variables it sees."""

    state: State
    reads: list[PathRead]
    variables: Variables

    def entries(self, name: str) -> list[TemplateField]:
        return [e for e in self.state.expressions or () if e.name == name]

    def evaluate(self, entry: TemplateField, scope: Scope, where: ReadSite) -> Shape:
        """The value an expression (or a template of them) builds; its reads recorded."""
        if entry.path:
            return self._reference(entry.path, entry.line, where, scope, vague=False)
        if entry.sub is not None:
            fields = {
                e.name: ShapeField(e.name, self.evaluate(e, scope, where), e.line)
                for e in entry.sub
            }
            return obj(fields)
        if entry.items is not None:
            values = [
                ShapeField(e.name, self.evaluate(e, scope, where), e.line) for e in entry.items
            ]
            items = union([v.shape for v in values]) if values else unknown(entry.line)
            return Shape(ARRAY, tuple(values), items=items, line=entry.line)
        for ref in entry.reads:
            self._reference(ref, entry.line, where, scope, vague=entry.vague)
        return entry.value or unknown(entry.line)

    def _reference(self, ref: str, line: int, where: ReadSite, scope: Scope, vague: bool) -> Shape:
        guards = ("",) if vague else ()
        name = self.state.name
        roots = ((MAP_ITEM, scope.item), ("$states.input", scope.input))
        for prefix, against in (*roots, ("$states.result", scope.result)):
            if ref != prefix and not (ref.startswith(prefix) and ref[len(prefix)] in ".["):
                continue
            if against is None:
                return unknown(line)
            path = "$" + ref[len(prefix) :]
            self.reads.append(PathRead(name, path, line, where, against, guards=guards))
            return select(against, path) if parse_path(path) is not None else unknown(line)
        if ref.startswith("$states"):  # the context object, an error output: not modelled
            return unknown(line)
        read = variable_read(name, ref, line, where, scope.input, self.variables, guards)
        self.reads.append(read)
        return select(read.against, read.path)


def step(state: State, given: Shape, run: Run, reads: list[PathRead]) -> Shape:
    """The output of a JSONata state for input ``given``; reads are appended to ``reads``."""
    flow = run.flow
    if state.expressions is None:
        flow.escape(given)
        return with_origin(unknown(state.line), ("", state.line, f"{state.name} (JSONata)"))
    visit = _Visit(state, reads, flow.variables)
    scope = Scope(given)
    for entry in state.expressions:
        if entry.name not in _COMPUTED:
            visit.evaluate(entry, scope, ReadSite.PATH)
    for entry in visit.entries("Condition"):
        visit.evaluate(entry, scope, ReadSite.CHOICE)
    if state.type == StateType.FAIL:
        return obj({})
    result = _result(visit, given, run)
    if result is not None:
        flow.results[state.name] = result
    after = Scope(given, result=result)
    mine = ("", state.line, f"{state.name} Assign")
    for entry in visit.entries("Assign"):
        for variable in entry.sub or ():
            value = visit.evaluate(variable, after, ReadSite.ASSIGN)
            flow.assign(variable.name, value if value.origin else with_origin(value, mine))
    outputs = [visit.evaluate(e, after, ReadSite.RESULT_SELECTOR) for e in visit.entries("Output")]
    if not outputs:
        return result if result is not None else given
    if state.type == StateType.CHOICE:  # the Default (and a rule without Output) passes input
        outputs.append(given)
    out = union(outputs)
    return out if out.origin else with_origin(out, ("", state.line, f"{state.name} Output"))


def _arguments(visit: _Visit, given: Shape) -> Shape:
    entries = visit.entries("Arguments")
    if not entries:
        return given
    return union([visit.evaluate(e, Scope(given), ReadSite.PARAMETERS) for e in entries])


def _result(visit: _Visit, given: Shape, run: Run) -> Shape | None:
    """A Task's, Parallel's or Map's result (a mock's stands in for it); None for a state
    without one."""
    state = visit.state
    if state.type not in _PRODUCES and state.type in set(StateType):
        return None
    args = _arguments(visit, given) if state.type != StateType.MAP else given
    mocked = run.overrides.get(state.name)
    if state.type == StateType.TASK:
        run.flow.escape(args)
        resolved = run.resolve(state) if state.function is not None and not mocked else None
        if resolved is not None:
            shape, origin = resolved
            return envelope(shape, origin) if state.envelope else with_origin(shape, origin)
    elif state.type == StateType.PARALLEL and not mocked:
        return run_branches(_step(visit, run, given, args, None), args, positional=True)
    elif state.type == StateType.MAP and not mocked:
        return _map(visit, given, run)
    if mocked:
        return with_origin(*mocked)
    return with_origin(unknown(state.line), ("", state.line, state.name))


def _step(visit: _Visit, run: Run, given: Shape, params: Shape, item: Shape | None) -> Step:
    return Step(visit.state, given, given, params, item, visit.reads, run)


def _map(visit: _Visit, given: Shape, run: Run) -> Shape:
    """A Map's result: its item processor run on each item as ``ItemSelector`` builds it
    (or on batches of them), or where a ``ResultWriter`` wrote the results."""
    state, scope = visit.state, Scope(given)
    source = state.map_source
    if visit.entries("ItemReader") or (source is not None and source.reader is not None):
        for entry in visit.entries("ItemReader"):
            visit.evaluate(entry, scope, ReadSite.ITEM_READER)
        item = with_origin(unknown(state.line), ("", state.line, f"{state.name} ItemReader"))
    else:
        lists = [visit.evaluate(e, scope, ReadSite.ITEMS_PATH) for e in visit.entries("Items")]
        item = select(union(lists) if lists else given, "$[*]")
    selectors = visit.entries("ItemSelector")
    per_item = item
    if selectors:
        chosen = Scope(given, item=item)
        per_item = union([visit.evaluate(e, chosen, ReadSite.PARAMETERS) for e in selectors])
    if source is not None and source.batched:
        fields = {"Items": ShapeField("Items", Shape(ARRAY, items=per_item), state.line)}
        for entry in visit.entries("BatchInput"):
            batch = visit.evaluate(entry, scope, ReadSite.PARAMETERS)
            fields["BatchInput"] = ShapeField("BatchInput", batch, state.line)
        per_item = with_origin(obj(fields), ("", state.line, f"{state.name} ItemBatcher"))
    outputs = run_branches(_step(visit, run, given, per_item, item), per_item, positional=False)
    if source is None or source.writer is None:
        return outputs
    for entry in visit.entries("ResultWriter"):
        visit.evaluate(entry, scope, ReadSite.RESULT_WRITER)
    run.flow.discard(outputs)
    return with_origin(written_result(state.line), ("", state.line, f"{state.name} ResultWriter"))
