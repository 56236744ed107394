"""What Step Functions moves through arrays, Map item sources and variables, in the flow.

Every ``.$`` path inside an array of a template is a read; a Map hands its item processor
what its ``ItemReader`` / ``ItemsPath``, ``ItemSelector`` and ``ItemBatcher`` build and,
with a ``ResultWriter``, results in where they were written; a JSONPath ``Assign`` stores
(part of) the state's result in a variable that later states read as ``$name``; and a
value is named after the state whose output carries it, never after the execution input.
"""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    Machine,
    State,
    StateMachine,
)
from ralph_validate.validator.contracts import sfn_flow
from ralph_validate.validator.contracts.sfn_record import ReadSite
from ralph_validate.validator.contracts.shape import Presence, lookup, parse_path


def _no_lambda(state: State) -> None:
    return None


def _machine(states: dict) -> Machine:
    definition = {"StartAt": next(iter(states)), "States": states}
    source = json.dumps(definition, indent=2).encode()
    (fact,) = [f for f in extract("sm/flow.asl.json", source).facts if isinstance(f, StateMachine)]
    return fact.machine


_SEED = {
    "Type": "Pass",
    "Result": {"order": {"id": "o1", "total": 3, "lines": [{"sku": "a", "qty": 1}]}},
    "ResultPath": "$.seed",
}


def _answers(flow: sfn_flow.Flow) -> dict[str, tuple[Presence, str]]:
    """Each read path -> (its presence, the label of the producer it was found in)."""
    out: dict[str, tuple[Presence, str]] = {}
    for read in flow.reads:
        found = lookup(read.against, parse_path(read.path) or ())
        out[read.path] = (found.presence, found.origin[2] if found.origin else "")
    return out


def test_every_path_inside_an_array_of_a_template_is_read_from_the_state_input() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Publish"},
            "Publish": {
                "Type": "Task",
                "Resource": "arn:aws:states:::events:putEvents",
                "Parameters": {
                    "Entries": [
                        {"Detail": {"total.$": "$.seed.order.total"}, "Source": "s"},
                        [{"id.$": "$.seed.order.id"}, {"oops.$": "$.seed.order.totl"}],
                    ]
                },
                "End": True,
            },
        }
    )
    flow = sfn_flow.run(machine, _no_lambda)
    answers = _answers(flow)
    assert answers["$.seed.order.total"][0] is Presence.PRESENT
    assert answers["$.seed.order.id"][0] is Presence.PRESENT
    assert answers["$.seed.order.totl"][0] is Presence.ABSENT
    assert {r.where for r in flow.reads} == {ReadSite.PARAMETERS}


def test_an_array_literal_is_positional_in_what_the_state_hands_on() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Build"},
            "Build": {
                "Type": "Pass",
                "Parameters": {"pair": [{"n.$": "$.seed.order.total"}, "literal"]},
                "Next": "Use",
            },
            "Use": {
                "Type": "Choice",
                "Choices": [
                    {"Variable": "$.pair[0].n", "NumericEquals": 1, "Next": "End"},
                    {"Variable": "$.pair[0].m", "NumericEquals": 1, "Next": "End"},
                ],
                "Default": "End",
            },
            "End": {"Type": "Succeed"},
        }
    )
    answers = _answers(sfn_flow.run(machine, _no_lambda))
    assert answers["$.pair[0].n"][0] is Presence.PRESENT
    assert answers["$.pair[0].m"][0] is Presence.ABSENT


def test_a_batched_map_hands_items_and_batch_input_to_its_processor() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Batches"},
            "Batches": {
                "Type": "Map",
                "ItemsPath": "$.seed.order.lines",
                "ItemBatcher": {
                    "MaxItemsPerBatch": 5,
                    "BatchInput": {"order.$": "$.seed.order.id"},
                },
                "ItemProcessor": {
                    "StartAt": "Look",
                    "States": {
                        "Look": {
                            "Type": "Choice",
                            "Choices": [
                                {
                                    "Variable": "$.Items[0].qty",
                                    "NumericGreaterThan": 1,
                                    "Next": "K",
                                },
                                {
                                    "Variable": "$.Items[0].qtty",
                                    "NumericGreaterThan": 1,
                                    "Next": "K",
                                },
                                {
                                    "Variable": "$.BatchInput.order",
                                    "StringEquals": "x",
                                    "Next": "K",
                                },
                                {"Variable": "$.BatchInput.ordr", "StringEquals": "x", "Next": "K"},
                            ],
                            "Default": "K",
                        },
                        "K": {"Type": "Pass", "End": True},
                    },
                },
                "End": True,
            },
        }
    )
    answers = _answers(sfn_flow.run(machine, _no_lambda))
    assert answers["$.Items[0].qty"][0] is Presence.PRESENT
    assert answers["$.Items[0].qtty"] == (Presence.ABSENT, "Seed Result")
    assert answers["$.BatchInput.order"][0] is Presence.PRESENT
    assert answers["$.BatchInput.ordr"] == (Presence.ABSENT, "Batches ItemBatcher")


def test_an_item_reader_reads_its_parameters_and_produces_items_not_known() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Rows"},
            "Rows": {
                "Type": "Map",
                "ItemReader": {
                    "Resource": "arn:aws:states:::s3:getObject",
                    "Parameters": {"Bucket.$": "$.seed.order.id", "Key": "k"},
                },
                "ItemSelector": {"col.$": "$$.Map.Item.Value.col"},
                "ItemProcessor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": True}}},
                "End": True,
            },
        }
    )
    flow = sfn_flow.run(machine, _no_lambda)
    sites = {r.path: r.where for r in flow.reads}
    assert sites["$.seed.order.id"] == ReadSite.ITEM_READER
    answers = _answers(flow)
    assert answers["$.seed.order.id"][0] is Presence.PRESENT
    assert answers["$.col"] == (Presence.UNKNOWN, "Rows ItemReader")


def test_a_result_writer_makes_the_map_result_where_the_results_were_written() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Each"},
            "Each": {
                "Type": "Map",
                "ItemsPath": "$.seed.order.lines",
                "ItemProcessor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": True}}},
                "ResultWriter": {
                    "Resource": "arn:aws:states:::s3:putObject",
                    "Parameters": {"Bucket.$": "$.seed.order.id", "Prefix": "out"},
                },
                "ResultPath": "$.written",
                "Next": "Check",
            },
            "Check": {
                "Type": "Choice",
                "Choices": [
                    {
                        "Variable": "$.written.ResultWriterDetails.Key",
                        "IsPresent": True,
                        "Next": "E",
                    },
                    {
                        "Variable": "$.written.ResultWriterDetails.Bucket",
                        "StringEquals": "b",
                        "Next": "E",
                    },
                    {"Variable": "$.written[0].sku", "StringEquals": "a", "Next": "E"},
                ],
                "Default": "E",
            },
            "E": {"Type": "Succeed"},
        }
    )
    flow = sfn_flow.run(machine, _no_lambda)
    answers = _answers(flow)
    assert answers["$.written.ResultWriterDetails.Bucket"] == (
        Presence.PRESENT,
        "Each ResultWriter",
    )
    assert answers["$.written[0].sku"] == (Presence.ABSENT, "Each ResultWriter")
    assert {r.path: r.where for r in flow.reads}["$.seed.order.id"] == ReadSite.RESULT_WRITER


def test_a_variable_holds_what_assign_takes_from_the_result_and_is_read_as_dollar_name() -> None:
    machine = _machine(
        {
            "Seed": {
                **_SEED,
                "Assign": {"saved.$": "$.order", "fixed": 1},
                "Next": "Later",
            },
            "Later": {
                "Type": "Choice",
                "Choices": [
                    {"Variable": "$saved.total", "NumericEquals": 3, "Next": "E"},
                    {"Variable": "$saved.totl", "NumericEquals": 3, "Next": "E"},
                    {"Variable": "$fixed", "NumericEquals": 1, "Next": "E"},
                    {"Variable": "$never.x", "NumericEquals": 1, "Next": "E"},
                ],
                "Default": "E",
            },
            "E": {"Type": "Succeed"},
        }
    )
    flow = sfn_flow.run(machine, _no_lambda)
    answers = _answers(flow)
    assert answers["$.saved.total"] == (Presence.PRESENT, "Seed Result")
    assert answers["$.saved.totl"] == (Presence.ABSENT, "Seed Result")
    assert answers["$.fixed"] == (Presence.PRESENT, "Seed Assign")
    assert answers["$.never.x"] == (Presence.UNKNOWN, "variable $never")


def test_a_variable_assigned_after_its_reader_in_the_definition_still_reaches_it() -> None:
    machine = _machine(
        {
            "Start": {"Type": "Pass", "Next": "Set"},
            "Read": {
                "Type": "Choice",
                "Choices": [{"Variable": "$v.ok", "BooleanEquals": True, "Next": "E"}],
                "Default": "E",
            },
            "Set": {"Type": "Pass", "Result": {"ok": True}, "Assign": {"v.$": "$"}, "Next": "Read"},
            "E": {"Type": "Succeed"},
        }
    )
    answers = _answers(sfn_flow.run(machine, _no_lambda))
    assert answers["$.v.ok"] == (Presence.PRESENT, "Set Result")


def test_an_unknown_task_result_is_named_after_its_task_not_the_execution_input() -> None:
    machine = _machine(
        {
            "GetItem": {
                "Type": "Task",
                "Resource": "arn:aws:states:::dynamodb:getItem",
                "Parameters": {"TableName": "T", "Key": {"id": {"S": "1"}}},
                "ResultPath": "$.item",
                "Next": "Decide",
            },
            "Decide": {
                "Type": "Choice",
                "Choices": [{"Variable": "$.item.Item.status.S", "StringEquals": "x", "Next": "E"}],
                "Default": "E",
            },
            "E": {"Type": "Succeed"},
        }
    )
    answers = _answers(sfn_flow.run(machine, _no_lambda))
    assert answers["$.item.Item.status.S"] == (Presence.UNKNOWN, "GetItem")


def test_a_variable_assigned_by_several_choice_rules_holds_each_value() -> None:
    machine = _machine(
        {
            "Seed": {**_SEED, "Next": "Pick"},
            "Pick": {
                "Type": "Choice",
                "Choices": [
                    {
                        "Variable": "$.seed.order.total",
                        "NumericGreaterThan": 2,
                        "Assign": {"picked.$": "$.seed.order"},
                        "Next": "Use",
                    },
                    {
                        "Variable": "$.seed.order.total",
                        "NumericLessThan": 2,
                        "Assign": {"picked.$": "$.seed.order.lines[0]"},
                        "Next": "Use",
                    },
                ],
                "Default": "Use",
            },
            "Use": {
                "Type": "Choice",
                "Choices": [
                    {"Variable": "$picked.sku", "StringEquals": "a", "Next": "E"},
                    {"Variable": "$picked.id", "StringEquals": "o1", "Next": "E"},
                    {"Variable": "$picked.neither", "StringEquals": "x", "Next": "E"},
                ],
                "Default": "E",
            },
            "E": {"Type": "Succeed"},
        }
    )
    answers = _answers(sfn_flow.run(machine, _no_lambda))
    assert answers["$.picked.sku"][0] is Presence.PRESENT
    assert answers["$.picked.id"][0] is Presence.PRESENT
    assert answers["$.picked.neither"][0] is Presence.ABSENT
