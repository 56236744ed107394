"""Step Functions review fixes: ``IsPresent`` guards (same ``And``/``Or``, ``Not``, earlier
rules of a Choice, CDK conditions), Parallel results read by branch index, functions that
are also invoked outside the machine, and the line of every choice read (inline
``DefinitionString: !Sub |`` blocks, multi-line ``Condition.and``)."""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import FunctionDef, State, StateMachine


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _states(fact: StateMachine) -> dict[str, State]:
    return {s.name: s for s in fact.machine.states}


def _reads(state: State) -> list[list[tuple[str, int, tuple[str, ...]]]]:
    return [[(r.path, r.line, r.guards) for r in rule.reads] for rule in state.choices]


ASL = """{
  "StartAt": "Pick",
  "States": {
    "Pick": {
      "Type": "Choice",
      "Choices": [
        {"Not": {"Variable": "$.a.note", "IsPresent": true}, "Next": "Done"},
        {"Variable": "$.a.note.text", "StringEquals": "x", "Next": "Done"},
        {"Or": [
          {"Variable": "$.b", "IsPresent": false},
          {"Variable": "$.b", "NumericGreaterThanPath": "$.limit"}
        ], "Next": "Done"},
        {"And": [{"Variable": "$.c", "IsPresent": true}, {"Variable": "$.c", "IsNull": false}],
         "Next": "Done"},
        {"Variable": "$.c", "BooleanEquals": true, "Next": "Done"}
      ],
      "Default": "Done"
    },
    "Done": {"Type": "Succeed"}
  }
}
"""


def test_asl_existence_checks_guard_later_reads_of_the_same_rule_and_choice() -> None:
    (fact,) = _facts("machines/pick.asl.json", ASL, StateMachine)
    assert _reads(_states(fact)["Pick"]) == [
        [],  # Not(IsPresent) only checks
        [("$.a.note.text", 8, ("$.a.note",))],  # the rule before sent the absent case away
        [("$.b", 11, ("$.a.note", "$.b")), ("$.limit", 11, ("$.a.note", "$.b"))],
        # the Or failed, so its IsPresent false did: $.b is there from here on
        [("$.c", 13, ("$.a.note", "$.b", "$.c"))],
        # an And that did not match says nothing about $.c
        [("$.c", 15, ("$.a.note", "$.b"))],
    ]


def test_cdk_conditions_give_each_read_its_line_and_its_guards() -> None:
    source = (
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "const pick = new sfn.Choice(this, 'Pick')\n"
        "  .when(sfn.Condition.isNotPresent('$.res.level'), new sfn.Succeed(this, 'A'))\n"
        "  .when(sfn.Condition.and(\n"
        "      sfn.Condition.booleanEquals('$.res.ok', true),\n"
        "      sfn.Condition.stringEquals('$.res.level', 'high')),\n"
        "    new sfn.Succeed(this, 'B'))\n"
        "  .when(sfn.Condition.or(sfn.Condition.isPresent(where), "
        "sfn.Condition.numberEquals('$.n', 1)), new sfn.Succeed(this, 'C'))\n"
        "  .otherwise(new sfn.Fail(this, 'F'));\n"
        "new sfn.StateMachine(this, 'M', { definition: pick });\n"
    )
    (fact,) = _facts("lib/stack.ts", source, StateMachine)
    assert _reads(_states(fact)["Pick"]) == [
        [],
        [("$.res.ok", 5, ("$.res.level",)), ("$.res.level", 6, ("$.res.level",))],
        # a check on a path that is not known is kept as "" (it may guard anything)
        [("$.n", 8, ("$.res.level", ""))],
    ]


def test_inline_definition_in_a_sub_block_points_at_the_template_lines() -> None:
    template = (
        "Resources:\n"
        "  M:\n"
        "    Type: AWS::StepFunctions::StateMachine\n"
        "    Properties:\n"
        "      DefinitionString: !Sub |\n"
        "        {\n"
        '          "StartAt": "C",\n'
        '          "States": {\n'
        '            "C": {"Type": "Choice", "Default": "D",\n'
        '                  "Choices": [{"Variable": "$.x", "BooleanEquals": true, "Next": "D"}]},\n'
        '            "D": {"Type": "Succeed"}\n'
        "          }\n"
        "        }\n"
        "  N:\n"
        "    Type: AWS::StepFunctions::StateMachine\n"
        "    Properties:\n"
        '      DefinitionString: \'{"StartAt": "C", "States": {"C": {"Type": "Choice", '
        '"Choices": [{"Variable": "$.y", "BooleanEquals": true, "Next": "D"}], '
        '"Default": "D"}, "D": {"Type": "Succeed"}}}\'\n'
    )
    machines = {m.name: m for m in _facts("template.yaml", template, StateMachine)}
    assert _reads(_states(machines["M"])["C"]) == [[("$.x", 10, ())]]
    assert _states(machines["M"])["C"].line == 9
    assert _reads(_states(machines["N"])["C"]) == [[("$.y", 17, ())]]  # one line: its own


def test_functions_invoked_outside_the_machine_are_marked_shared() -> None:
    source = (
        "import * as lambda from 'aws-cdk-lib/aws-lambda';\n"
        "import * as apigw from 'aws-cdk-lib/aws-apigateway';\n"
        "import * as events from 'aws-cdk-lib/aws-events';\n"
        "import * as targets from 'aws-cdk-lib/aws-events-targets';\n"
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
        "const code = lambda.Code.fromAsset('fns');\n"
        "const viaUrl = new lambda.Function(this, 'U', { code, handler: 'u.main' });\n"
        "const viaApi = new lambda.Function(this, 'A', { code, handler: 'a.main' });\n"
        "const viaRule = new lambda.Function(this, 'R', { code, handler: 'r.main' });\n"
        "const onlyHere = new lambda.Function(this, 'H', { code, handler: 'h.main' });\n"
        "viaUrl.addFunctionUrl();\n"
        "new apigw.LambdaRestApi(this, 'Api', { handler: viaApi });\n"
        "new events.Rule(this, 'Nightly', { targets: [new targets.LambdaFunction(viaRule)] });\n"
        "table.grantReadData(onlyHere);\n"
        "onlyHere.addEnvironment('TABLE', table.tableName);\n"
        "const u = new tasks.LambdaInvoke(this, 'TU', { lambdaFunction: viaUrl });\n"
        "const a = new tasks.LambdaInvoke(this, 'TA', { lambdaFunction: viaApi });\n"
        "const r = new tasks.LambdaInvoke(this, 'TR', { lambdaFunction: viaRule });\n"
        "const h = new tasks.LambdaInvoke(this, 'TH', { lambdaFunction: onlyHere });\n"
        "new sfn.StateMachine(this, 'M', { definition: u.next(a).next(r).next(h) });\n"
    )
    (fact,) = _facts("lib/stack.ts", source, StateMachine)
    shared = {name: s.function.shared for name, s in _states(fact).items()}
    assert shared == {"TU": True, "TA": True, "TR": True, "TH": False}


def test_template_functions_with_events_or_invoking_resources_are_shared() -> None:
    template = (
        "Transform: AWS::Serverless-2016-10-31\n"
        "Resources:\n"
        "  Api:\n"
        "    Type: AWS::Serverless::Function\n"
        "    Properties: {CodeUri: src/, Handler: api.main, "
        "Events: {Get: {Type: Api, Properties: {Path: /x, Method: get}}}}\n"
        "  Url:\n"
        "    Type: AWS::Lambda::Function\n"
        "    Properties: {Code: src/, Handler: url.main}\n"
        "  UrlConfig:\n"
        "    Type: AWS::Lambda::Url\n"
        "    Properties: {TargetFunctionArn: !GetAtt Url.Arn, AuthType: NONE}\n"
        "  Inner:\n"
        "    Type: AWS::Serverless::Function\n"
        "    Properties: {CodeUri: src/, Handler: inner.main}\n"
        "  Policy:\n"
        "    Type: AWS::IAM::Policy\n"
        "    Properties: {PolicyDocument: {Statement: [{Resource: !GetAtt Inner.Arn}]}}\n"
    )
    shared = {f.name: f.function.shared for f in _facts("template.yaml", template, FunctionDef)}
    assert shared == {"Api": True, "Url": True, "Inner": False}


def test_guards_parallel_indices_and_template_lines_through_the_check(contract_case) -> None:
    rows = contract_case("sam-sub-parallel-guards", "buggy").output.contracts
    q2 = sorted(
        (r.consumer.line, r.consumer.path, r.status.value, r.producer.file if r.producer else "")
        for r in rows
        if r.question == 2 and r.consumer is not None and r.boundary.endswith("-> Route")
    )
    assert q2 == [
        (41, "checks[0].shortage.note", "PASS", "handlers/stock.js"),  # earlier IsPresent false
        (44, "checks[1].inStock", "FAIL", "handlers/fraud.js"),  # branch 1 is the fraud check
        (45, "checks[0].flags.manual", "FAIL", "handlers/stock.js"),
        (49, "checks[1].reason", "FAIL", "handlers/fraud.js"),
    ]
    fixed = contract_case("sam-sub-parallel-guards", "fixed").output.contracts
    reasons = {
        (r.consumer.line, r.status.value, r.reason)
        for r in fixed
        if r.question == 2 and r.consumer is not None and r.consumer.line == 49
    }
    assert reasons == {(49, "PASS", "missing, but only read under an existence check")}


def test_a_shared_function_makes_q3_unknown_and_an_unclear_guard_is_unknown(
    contract_case,
) -> None:
    def rows(variant: str, question: int) -> list[tuple[str, str]]:
        out = contract_case("cdk-py-guards-shared", variant).output.contracts
        return sorted((r.status.value, r.reason) for r in out if r.question == question)

    unconsumed = rows("fixed", 3)
    assert [s for s, _ in unconsumed] == ["UNKNOWN", "UNKNOWN"]
    assert all("also invoked outside it" in why for _, why in unconsumed)
    assert [s for s, _ in rows("buggy", 3)] == ["FAIL", "FAIL"]
    unclear = rows("unclear-guard", 2)
    assert ("UNKNOWN", "read under an existence check whose path is not understood") in unclear
    assert "FAIL" not in [s for s, _ in unclear]


def test_a_template_function_with_events_makes_q3_unknown(contract_case) -> None:
    def q3(variant: str) -> list[tuple[str, str]]:
        rows = contract_case("sam-events-shared", variant).output.contracts
        return sorted((r.producer.path, r.status.value) for r in rows if r.question == 3)

    assert q3("buggy") == [("Payload.details.count", "FAIL"), ("Payload.success", "FAIL")]
    assert q3("fixed") == [("Payload.details.count", "UNKNOWN"), ("Payload.success", "UNKNOWN")]


def test_yaml_definitions_keep_guards_and_lines() -> None:
    template = (
        "Resources:\n"
        "  M:\n"
        "    Type: AWS::Serverless::StateMachine\n"
        "    Properties:\n"
        "      Definition:\n"
        "        StartAt: C\n"
        "        States:\n"
        "          C:\n"
        "            Type: Choice\n"
        "            Default: D\n"
        "            Choices:\n"
        "              - And:\n"
        "                  - {Variable: '$.res.warning', IsPresent: true}\n"
        "                  - Variable: $.res.warning\n"
        "                    StringEquals: stale\n"
        "                Next: D\n"
        "          D: {Type: Succeed}\n"
    )
    (fact,) = _facts("template.yaml", template, StateMachine)
    assert _reads(_states(fact)["C"]) == [[("$.res.warning", 14, ("$.res.warning",))]]


def test_a_definition_in_an_escaped_json_string_points_at_its_key() -> None:
    definition = {
        "StartAt": "C",
        "States": {
            "C": {
                "Type": "Choice",
                "Choices": [{"Variable": "$.z", "BooleanEquals": True, "Next": "D"}],
                "Default": "D",
            },
            "D": {"Type": "Succeed"},
        },
    }
    body = json.dumps(definition, indent=2)  # its line breaks are escaped in the template
    resource = {
        "Type": "AWS::StepFunctions::StateMachine",
        "Properties": {"RoleArn": "r", "DefinitionString": {"Fn::Sub": body}},
    }
    text = json.dumps({"Resources": {"M": resource}}, indent=2)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "DefinitionString" in t)
    (fact,) = _facts("stack.template.json", text, StateMachine)
    assert _reads(_states(fact)["C"]) == [[("$.z", line, ())]]
