"""A SAM template gives its functions (code folder from ``Globals``) and state machines with their
definition files and substitutions."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    FunctionDef,
    StateMachineDef,
)


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def test_sam_template_gives_functions_and_definition_uri_with_substitutions() -> None:
    template = (
        "Globals:\n  Function:\n    CodeUri: src/\n"
        "Resources:\n"
        "  CountFunction:\n    Type: AWS::Serverless::Function\n"
        "    Properties:\n      Handler: app.handler\n"
        "  Machine:\n    Type: AWS::Serverless::StateMachine\n"
        "    Properties:\n      DefinitionUri: sm/flow.asl.yaml\n"
        "      DefinitionSubstitutions:\n        CountArn: !GetAtt CountFunction.Arn\n"
    )
    (function,) = _facts("infra/template.yaml", template, FunctionDef)
    assert (function.function.code, function.function.handler) == ("infra/src", "app.handler")
    (machine,) = _facts("infra/template.yaml", template, StateMachineDef)
    assert machine.definition_uri == "infra/sm/flow.asl.yaml"
    assert machine.substitutions == (("CountArn", "logical:CountFunction"),)
