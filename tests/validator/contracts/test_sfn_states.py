"""One handler per Step Functions state type: the table covers the States Language."""

from __future__ import annotations

from ralph_validate.extractors.facts.contracts import Machine, ShapeField, State, obj, scalar
from ralph_validate.validator.contracts import sfn_flow
from ralph_validate.validator.contracts.sfn_record import ReadSite
from ralph_validate.validator.contracts.sfn_states import HANDLERS, StateType


def _no_lambda(state: State) -> None:
    return None


def _seeded(*states: State) -> Machine:
    """A machine whose first state writes ``{"a": ...}``, then runs ``states``."""
    seed = State(
        name="Seed",
        type="Pass",
        line=1,
        next=states[0].name,
        result=obj({"a": ShapeField("a", scalar(), 1)}),
    )
    return Machine("Seed", (seed, *states))


def test_the_state_types_are_those_the_states_language_defines() -> None:
    assert {t.value for t in StateType} == {
        "Task",
        "Pass",
        "Choice",
        "Wait",
        "Succeed",
        "Fail",
        "Parallel",
        "Map",
    }


def test_every_state_type_has_a_handler_and_nothing_else_does() -> None:
    assert set(HANDLERS) == set(StateType)


def test_a_type_the_states_language_does_not_define_has_an_unknown_result() -> None:
    flow = sfn_flow.run(_seeded(State(name="Odd", type="Sleep", line=2, end=True)), _no_lambda)
    assert flow.results["Odd"].kind == "unknown"
    assert flow.outputs["Odd"].kind == "unknown"


def test_wait_and_succeed_pass_their_input_on_without_a_result() -> None:
    machine = _seeded(
        State(name="Hold", type="Wait", line=2, next="Done"),
        State(name="Done", type="Succeed", line=3),
    )
    flow = sfn_flow.run(machine, _no_lambda)
    assert flow.outputs["Hold"] == flow.outputs["Seed"]
    assert flow.outputs["Done"] == flow.outputs["Seed"]
    assert "Hold" not in flow.results and "Done" not in flow.results
    assert flow.final == [flow.outputs["Seed"]]


def test_fail_hands_nothing_on_and_its_output_is_not_the_executions() -> None:
    flow = sfn_flow.run(_seeded(State(name="Stop", type="Fail", line=2)), _no_lambda)
    assert flow.outputs["Stop"] == obj({})
    assert flow.final == []


def test_the_keys_a_state_reads_are_recorded_with_where_they_are_read() -> None:
    machine = _seeded(
        State(name="Each", type="Map", line=2, end=True, items_path="$.a", output_path="$.b"),
    )
    flow = sfn_flow.run(machine, _no_lambda)
    assert [(r.state, r.path, r.where, r.state_type) for r in flow.reads] == [
        ("Each", "$.a", ReadSite.ITEMS_PATH, "Map"),
        ("Each", "$.b", ReadSite.OUTPUT_PATH, "Map"),
    ]
