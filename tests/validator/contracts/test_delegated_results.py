"""A handler that returns a builder's result (``return buildResult(rows)``) produces the
builder's shape; a state machine returned from a helper function is built too."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import answers_of

STACK = """import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';

export function build(scope: any) {
  const fn = new nodejs.NodejsFunction(scope, 'CountFn', { entry: 'lambda/count.ts' });
  const count = new tasks.LambdaInvoke(scope, 'CountRows', {
    lambdaFunction: fn,
    resultPath: '$.countResult',
  });
  const ok = new sfn.Succeed(scope, 'Ok');
  const decide = new sfn.Choice(scope, 'DidCountPass')
    .when(sfn.Condition.booleanEquals('$.countResult.Payload.%s', true), ok)
    .otherwise(new sfn.Fail(scope, 'Bad'));
  return new sfn.StateMachine(scope, 'RowCountCheck', { definition: count.next(decide) });
}
"""
TS_FILES = {
    "lambda/results.ts": (
        "export function buildResult(rows: number) {\n"
        "  return { success: true, details: { passed: rows > 3 } };\n"
        "}\n"
    ),
    "lambda/count.ts": (
        "import { buildResult } from './results';\n"
        "export const handler = async (event: any) => {\n"
        "  return buildResult(event.rows);\n"
        "};\n"
    ),
}
PY_FILES = {
    "app/results.py": (
        "def make_result(n):\n    return {'ok': True, 'details': {'passed': n > 3}}\n"
    ),
    "app/handler.py": (
        "from app.results import make_result\n"
        "\n"
        "def lambda_handler(event, context):\n"
        "    return make_result(event['n'])\n"
    ),
}
PY_USE = (
    "from app.handler import lambda_handler\n"
    "\n"
    "def run():\n"
    "    result = lambda_handler({}, None)\n"
    "    return result%s\n"
)


def _q2(files: dict[str, str]) -> list[tuple[str, str, int]]:
    answers = answers_of(extract(p, t.encode()) for p, t in sorted(files.items()))
    return sorted(
        (a.row.status.value, a.row.consumer.file, a.row.consumer.line)
        for a in answers
        if a.row.question == 2 and a.row.consumer is not None
    )


@pytest.mark.parametrize(("read", "status"), [("passed", "FAIL"), ("details.passed", "PASS")])
def test_a_state_machine_reads_what_the_handlers_builder_returns(read: str, status: str) -> None:
    rows = _q2({**TS_FILES, "lib/stack.ts": STACK % read})
    assert rows == [(status, "lib/stack.ts", 13)]


@pytest.mark.parametrize(
    ("read", "status"), [("['passed']", "FAIL"), ("['details']['passed']", "PASS")]
)
def test_python_code_reads_what_the_delegated_builder_returns(read: str, status: str) -> None:
    rows = _q2({**PY_FILES, "app/use.py": PY_USE % read})
    assert (status, "app/use.py", 5) in rows
    assert status == "FAIL" or all(r[0] != "FAIL" for r in rows)
