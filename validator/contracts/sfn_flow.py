"""Shapes flowing through a state machine, as Step Functions moves data (DESIGN §5).

Each state's input is the union of its predecessors' outputs (a fixed point,
so loops back to an earlier state settle); what a state makes of its input is
its type's handler (``sfn_states``): ``InputPath`` -> task result (Lambda envelope
unless ``payloadResponseOnly``/bare ARN) -> ``ResultSelector`` -> ``ResultPath`` ->
``OutputPath``. Every JSONPath a state reads is recorded with the shape it is
read from, so the questions can ask whether the field is there. A ``Catch``
target gets the state's input with the error at the catch's ``ResultPath``.
What a task is handed (its Lambda may read any field of its event) and the input
of a JSONata state whose expressions are not known are kept as ``escapes``; a JSONata
state's expressions are ``sfn_jsonata``'s. Variables (``Assign``) hold every value assigned
to them anywhere, and a state reading one is visited again until they settle. A
Parallel's result is positional: element ``i``
is branch ``i``'s output, so ``$.both[1].ok`` is looked up in the second branch only.
"""

from __future__ import annotations

from dataclasses import replace

from ...extractors.facts.contracts import (
    Machine,
    Shape,
    ShapeField,
    State,
    obj,
    scalar,
    union,
    unknown,
)
from . import sfn_jsonata
from .sfn_record import EXECUTION_INPUT, Flow, Overrides, PathRead, Resolver
from .sfn_states import Run, StateType, step
from .shape import place, with_origin

# What a Catch hands on at its ResultPath.
_ERROR = obj(
    {
        "Error": ShapeField("Error", scalar(), 0),
        "Cause": ShapeField("Cause", scalar(), 0),
    }
)

# Passes over the states before the inputs are taken as settled (loops converge in two or three).
MAX_PASSES = 12


def _successors(state: State) -> list[str]:
    """The states ``Next``, the Choice rules and ``Default`` lead to."""
    out = [state.next] if state.next else []
    out += [c.next for c in state.choices if c.next]
    if state.default:
        out.append(state.default)
    return out


def _terminal(state: State) -> bool:
    """True when the state's output is the execution's (or the branch's) output."""
    return (
        state.end
        or state.type == StateType.SUCCEED
        or (not _successors(state) and state.type not in (StateType.FAIL, StateType.CHOICE))
    )


def _run(
    machine: Machine,
    start_input: Shape,
    resolve: Resolver,
    overrides: Overrides,
    variables: dict[str, Shape] | None = None,
) -> Flow:
    """Flow ``start_input`` through ``machine`` until every state's input and every
    variable settles; ``variables`` are those of the machine it runs inside."""
    flow = Flow(variables={} if variables is None else variables)

    def branch(sub: Machine, given: Shape) -> Flow:
        return _run(sub, given, resolve, overrides, flow.variables)

    run = Run(resolve=resolve, overrides=overrides, flow=flow, branch=branch)
    by_name = {s.name: s for s in machine.states}
    incoming: dict[str, list[Shape]] = {machine.start: [start_input]}
    reads: dict[str, list[PathRead]] = {}
    moved = False  # a variable took a new value in the last pass: every state reads again
    for _ in range(MAX_PASSES):
        changed = False
        held = dict(flow.variables)
        for state in machine.states:
            given = incoming.get(state.name)
            if not given:
                continue
            shape = union(given)
            settled = flow.inputs.get(state.name) == shape and state.name in flow.outputs
            if settled and not moved and flow.variables == held:
                continue
            flow.inputs[state.name] = shape
            state_reads: list[PathRead] = []
            out = (sfn_jsonata.step if state.jsonata else step)(state, shape, run, state_reads)
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
        moved = flow.variables != held
        if not changed and not moved:
            break
    for state in machine.states:
        flow.reads.extend(reads.get(state.name, []))
        if _terminal(state) and state.name in flow.outputs:
            flow.final.append(flow.outputs[state.name])
    return flow


def run(machine: Machine, resolve: Resolver, overrides: Overrides | None = None) -> Flow:
    """Flow the execution input (unknown, no schema) through ``machine``."""
    start = with_origin(unknown(), EXECUTION_INPUT)
    return _run(machine, start, resolve, overrides or {})
