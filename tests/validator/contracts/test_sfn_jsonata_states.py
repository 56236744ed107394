"""JSONata states in the flow: Arguments, Items, ItemSelector, Assign and Output are
evaluated from ``$states.input``, ``$states.result``, the Map item and variables; a state
whose expressions are not known still reads anything and outputs UNKNOWN."""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Machine, State, StateMachine
from ralph_validate.validator.contracts import sfn_flow
from ralph_validate.validator.contracts.shape import Presence, lookup, parse_path


def _no_lambda(state: State) -> None:
    return None


def _machine(states: dict) -> Machine:
    definition = {"QueryLanguage": "JSONata", "StartAt": next(iter(states)), "States": states}
    source = json.dumps(definition, indent=2).encode()
    (fact,) = [f for f in extract("sm/flow.asl.json", source).facts if isinstance(f, StateMachine)]
    return fact.machine


def _answers(flow: sfn_flow.Flow) -> dict[tuple[str, str], tuple[Presence, str, tuple]]:
    out = {}
    for read in flow.reads:
        found = lookup(read.against, parse_path(read.path) or ())
        label = found.origin[2] if found.origin else ""
        out[(read.state, read.path)] = (found.presence, label, read.guards)
    return out


_SEED = {
    "Type": "Pass",
    "Output": {"order": {"id": "o1", "lines": [{"sku": "a", "qty": 1}]}},
}


def test_output_assign_and_a_map_over_a_variable_follow_the_values() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Keep"},
            "Keep": {
                "Type": "Pass",
                "Assign": {"lines": "{% $states.input.order.lines %}"},
                "Output": {"id": "{% $states.input.order.id %}"},
                "Next": "Each",
            },
            "Each": {
                "Type": "Map",
                "Items": "{% $lines %}",
                "ItemSelector": {
                    "sku": "{% $states.context.Map.Item.Value.sku %}",
                    "n": "{% $states.context.Map.Item.Value.qtty %}",
                    "id": "{% $states.input.id %}",
                },
                "ItemProcessor": {
                    "StartAt": "P",
                    "States": {
                        "P": {"Type": "Pass", "Output": "{% $states.input.sku %}", "End": True}
                    },
                },
                "End": True,
            },
        }
    )
    answers = _answers(sfn_flow.run(machine, _no_lambda))
    assert answers[("Keep", "$.order.lines")][0] is Presence.PRESENT
    assert answers[("Each", "$.lines")][:2] == (Presence.PRESENT, "Seed Output")
    assert answers[("Each", "$.sku")][0] is Presence.PRESENT
    assert answers[("Each", "$.qtty")][:2] == (Presence.ABSENT, "Seed Output")
    assert answers[("Each", "$.id")][:2] == (Presence.PRESENT, "Seed Output")
    assert answers[("P", "$.sku")][0] is Presence.PRESENT


def test_a_read_the_expression_tests_carries_a_guard_that_is_not_understood() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Check"},
            "Check": {
                "Type": "Choice",
                "Choices": [
                    {"Condition": "{% $exists($states.input.note) %}", "Next": "E"},
                    {"Condition": "{% $states.input.order.idd = 'x' %}", "Next": "E"},
                ],
                "Default": "E",
            },
            "E": {"Type": "Succeed"},
        }
    )
    answers = _answers(sfn_flow.run(machine, _no_lambda))
    assert answers[("Check", "$.note")] == (Presence.ABSENT, "Seed Output", ("",))
    assert answers[("Check", "$.order.idd")] == (Presence.ABSENT, "Seed Output", ())


def test_a_task_is_handed_its_arguments_and_outputs_its_result_by_default() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Put"},
            "Put": {
                "Type": "Task",
                "Resource": "arn:aws:states:::dynamodb:putItem",
                "Arguments": {"Item": {"id": {"S": "{% $states.input.order.id %}"}}},
                "Next": "After",
            },
            "After": {
                "Type": "Choice",
                "Choices": [{"Condition": "{% $states.input.Attributes.x %}", "Next": "E"}],
                "Default": "E",
            },
            "E": {"Type": "Succeed"},
        }
    )
    flow = sfn_flow.run(machine, _no_lambda)
    answers = _answers(flow)
    assert answers[("Put", "$.order.id")][0] is Presence.PRESENT
    assert answers[("After", "$.Attributes.x")][:2] == (Presence.UNKNOWN, "Put")
    assert [sorted(f.name for f in s.fields) for s in flow.escapes] == [["Item"]]


def test_a_jsonata_state_without_known_expressions_reads_anything_and_outputs_unknown() -> None:
    state = State(name="Cdk", type="Task", line=3, end=True, jsonata=True)
    flow = sfn_flow.run(Machine("Cdk", (state,)), _no_lambda)
    assert flow.outputs["Cdk"].kind == "unknown"
    assert flow.outputs["Cdk"].origin == ("", 3, "Cdk (JSONata)")
    assert flow.reads == []
