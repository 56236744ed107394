"""State machines built with the CDK read the same from TypeScript and Python: chains, parallel
branches, discarded results and payload-only invokes."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    StateMachine,
)


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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
