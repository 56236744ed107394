"""A function a state machine invokes is marked shared when something else invokes it too: other
code, an event source, another resource of the template."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import FunctionDef, State, StateMachine


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _states(fact: StateMachine) -> dict[str, State]:
    return {s.name: s for s in fact.machine.states}


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
