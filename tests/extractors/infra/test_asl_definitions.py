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
