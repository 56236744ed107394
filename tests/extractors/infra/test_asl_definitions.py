"""An Amazon States Language definition gives its states: Lambda invokes (by ARN or
``lambda:invoke``), choices and the paths each state reads and writes."""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    StateMachine,
)


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def test_asl_reads_lambda_invoke_bare_arns_choices_and_paths() -> None:
    definition = {
        "StartAt": "A",
        "States": {
            "A": {
                "Type": "Task",
                "Resource": "arn:aws:states:::lambda:invoke",
                "Parameters": {"FunctionName": "${AArn}", "Payload.$": "$.input"},
                "ResultSelector": {"ok.$": "$.Payload.ok"},
                "ResultPath": None,
                "Next": "B",
            },
            "B": {
                "Type": "Task",
                "Resource": "arn:aws:lambda:eu-west-1:123456789012:function:score",
                "OutputPath": "$.score",
                "Next": "C",
            },
            "C": {
                "Type": "Choice",
                "Choices": [
                    {"Not": {"Variable": "$.level", "StringEquals": "low"}, "Next": "A"},
                    {"Variable": "$.maybe", "IsPresent": True, "Next": "A"},
                ],
                "Default": "D",
            },
            "D": {"Type": "Succeed"},
        },
    }
    (fact,) = _facts("sm/flow.asl.json", json.dumps(definition, indent=2), StateMachine)
    states = {s.name: s for s in fact.machine.states}
    assert fact.name == "flow"
    assert (states["A"].function.ref, states["A"].envelope, states["A"].result_path) == (
        "sub:AArn",
        True,
        None,
    )
    assert (states["B"].function.ref, states["B"].envelope) == ("name:score", False)
    assert [c.paths for c in states["C"].choices] == [("$.level",), ()]


def test_asl_keeps_arrays_of_templates_assign_and_a_maps_item_reader_batcher_and_writer() -> None:
    definition = {
        "StartAt": "Put",
        "States": {
            "Put": {
                "Type": "Task",
                "Resource": "arn:aws:states:::events:putEvents",
                "Parameters": {"Entries": [{"Detail": {"total.$": "$.total"}}, "plain"]},
                "Assign": {"saved.$": "$.Entries", "count": 1},
                "Next": "Each",
            },
            "Each": {
                "Type": "Map",
                "ItemReader": {
                    "Resource": "arn:aws:states:::s3:getObject",
                    "Parameters": {"Bucket.$": "$.bucket", "Key": "k"},
                },
                "ItemBatcher": {"MaxItemsPerBatch": 2, "BatchInput": {"id.$": "$.id"}},
                "ResultWriter": {"Resource": "arn:aws:states:::s3:putObject"},
                "ItemProcessor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": True}}},
                "End": True,
            },
        },
    }
    (fact,) = _facts("sm/flow.asl.json", json.dumps(definition, indent=2), StateMachine)
    put, each = fact.machine.states
    (entries,) = put.parameters
    first, second = entries.items
    assert (first.name, second.name) == ("0", "1")
    assert first.sub[0].sub[0].path == "$.total"
    assert second.value is not None and second.sub is None
    assert [(a.name, a.path) for a in put.assign] == [("saved", "$.Entries"), ("count", "")]
    source = each.map_source
    assert [(f.name, f.path) for f in source.reader] == [("Bucket", "$.bucket"), ("Key", "")]
    assert source.batched and [f.path for f in source.batch_input] == ["$.id"]
    assert source.writer == ()
    assert put.map_source is None and each.assign is None


def test_asl_jsonata_states_keep_their_expressions_and_no_jsonpath_templates() -> None:
    definition = {
        "QueryLanguage": "JSONata",
        "StartAt": "M",
        "States": {
            "M": {
                "Type": "Map",
                "Items": "{% $states.input.lines %}",
                "Assign": {"n": "{% $count($states.input.lines) %}"},
                "ItemBatcher": {"MaxItemsPerBatch": 2},
                "ItemProcessor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": True}}},
                "End": True,
            }
        },
    }
    (fact,) = _facts("sm/flow.asl.json", json.dumps(definition, indent=2), StateMachine)
    (state,) = fact.machine.states
    assert state.jsonata and state.assign is None and state.parameters is None
    assert state.map_source.batched and state.map_source.batch_input is None
    items, assign = state.expressions
    assert (items.name, items.path) == ("Items", "$states.input.lines")
    (count,) = assign.sub
    assert (count.name, count.path, count.reads) == ("n", "", ("$states.input.lines",))
