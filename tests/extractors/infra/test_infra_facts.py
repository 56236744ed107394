"""State machines, functions and mocks read from CDK code, ASL, templates and mock configs."""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    FunctionDef,
    Mock,
    StateMachine,
    StateMachineDef,
)
from ralph_validate.extractors.infra import cfn_yaml


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def test_yaml_short_form_tags_load_as_values_with_lines() -> None:
    doc = cfn_yaml.load("A:\n  Arn: !GetAtt Fn.Arn\n  Name: !Sub '${Stage}-x'\n  L: [1, !Ref B]\n")
    assert isinstance(doc, cfn_yaml.PMap)
    inner = doc["A"]
    assert inner["Arn"] == cfn_yaml.Tagged("GetAtt", "Fn.Arn", 2)
    assert inner["L"][1] == cfn_yaml.Tagged("Ref", "B", 4)
    assert inner.line_of("Name") == 3


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


def test_mock_config_entries_become_mocks_of_states() -> None:
    config = {
        "StateMachines": {"Flow": {"TestCases": {"Happy": {"A": "AOk"}}}},
        "MockedResponses": {"AOk": {"0": {"Return": {"Payload": {"ok": True}}}}},
    }
    (mock,) = _facts("test/MockConfigFile.json", json.dumps(config, indent=1), Mock)
    assert (mock.kind, mock.machine, mock.state, mock.case) == ("sfn-local", "Flow", "A", "Happy")


def test_cdk_typescript_chain_with_parallel_discard_and_payload_only() -> None:
    source = (
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
        "const fn = new NodejsFunction(this, 'Fn', { entry: 'src/fn.ts' });\n"
        "const a = new tasks.LambdaInvoke(this, 'A', {\n"
        "  lambdaFunction: fn, payloadResponseOnly: true, resultPath: sfn.JsonPath.DISCARD });\n"
        "const b = new sfn.Pass(this, 'B', { result: sfn.Result.fromObject({ x: 1 }) });\n"
        "const c = new sfn.Pass(this, 'C');\n"
        "const p = new sfn.Parallel(this, 'P').branch(b).branch(c);\n"
        "const choice = new sfn.Choice(this, 'Q')\n"
        "  .when(sfn.Condition.and(sfn.Condition.isPresent('$.x'),\n"
        "    sfn.Condition.numberGreaterThanJsonPath('$.a', '$.b')), a)\n"
        "  .otherwise(p)\n"
        "  .afterwards();\n"
        "const end = new sfn.Succeed(this, 'End');\n"
        "new sfn.StateMachine(this, 'M', { definition: choice.next(end) });\n"
    )
    (fact,) = _facts("infra/stack.ts", source, StateMachine)
    states = {s.name: s for s in fact.machine.states}
    assert fact.machine.start == "Q"
    assert states["A"].function.code == "cwd:src/fn.ts"
    assert (states["A"].envelope, states["A"].result_path) == (False, None)
    assert [c.paths for c in states["Q"].choices] == [("$.a", "$.b")]
    assert [len(b.states) for b in states["P"].branches] == [1, 1]
    assert states["A"].next == "End" and states["P"].next == "End"


def test_cdk_python_keywords_across_lines_are_read_in_their_typescript_spelling() -> None:
    source = (
        "from aws_cdk import aws_stepfunctions as sfn, aws_stepfunctions_tasks as tasks\n"
        "from aws_cdk.aws_lambda_python_alpha import PythonFunction\n"
        "class S(Stack):\n"
        "    def __init__(self, scope, cid):\n"
        "        self.fn = PythonFunction(\n"
        "            self, 'Fn',\n"
        "            entry='lambdas/score',\n"
        "            index='main.py',\n"
        "        )\n"
        "        score = tasks.LambdaInvoke(\n"
        "            self,\n"
        "            'Score',\n"
        "            lambda_function=self.fn,\n"
        "            result_selector={'points': sfn.JsonPath.number_at('$.Payload.points')},\n"
        "            result_path='$.score',\n"
        "        )\n"
        "        sfn.StateMachine(self, 'M', definition_body=sfn.DefinitionBody.from_chainable(\n"
        "            sfn.Chain.start(score)))\n"
    )
    (fact,) = _facts("infra/stack.py", source, StateMachine)
    (state,) = fact.machine.states
    assert (state.function.code, state.function.handler) == ("cwd:lambdas/score/main.py", "handler")
    assert [(f.name, f.path, f.line) for f in state.result_selector] == [
        ("points", "$.Payload.points", 14)
    ]
    assert state.result_path == "$.score"
