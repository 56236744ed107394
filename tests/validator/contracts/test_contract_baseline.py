"""Contract findings the goal did not cause are pre-existing: the same answer at BASE."""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "contracts"


def _files(case: str, variant: str) -> dict[str, str]:
    root = FIXTURES / case / variant
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _contract_findings(root: Path, validate) -> tuple[list[dict], dict]:
    done = validate("--repo", str(root), "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    report = json.loads((root / "validation-report.json").read_text(encoding="utf-8"))
    return [f for f in report["findings"] if f["kind"].startswith("contract.")], report


def test_a_bug_already_at_base_is_pre_existing_and_not_a_row(repo, validate) -> None:
    files = _files("ts-cdk-nodejs", "buggy")
    repo.commit("chore: the pipeline as it was", files)
    handler = files["lambda/count.ts"] + "// counts rows of the staging table\n"
    repo.commit("row-count: document the handler", {"lambda/count.ts": handler})
    findings, report = _contract_findings(repo.root, validate)
    fails = [f for f in findings if f["status"] == "FAIL"]
    assert fails and all(f["pre_existing"] for f in fails)
    assert [c for c in report["contracts"] if c["status"] == "FAIL"] == []


def test_a_bug_the_goal_introduces_is_not_pre_existing(repo, validate) -> None:
    fixed = _files("ts-cdk-nodejs", "fixed")
    repo.commit("chore: the pipeline as it was", fixed)
    buggy = _files("ts-cdk-nodejs", "buggy")
    repo.commit(
        "row-count: read the result", {"lib/pipeline-stack.ts": buggy["lib/pipeline-stack.ts"]}
    )
    findings, report = _contract_findings(repo.root, validate)
    missing = [f for f in findings if f["kind"] == "contract.missing-field"]
    assert [(f["file"], f["line"], f["pre_existing"]) for f in missing] == [
        ("lib/pipeline-stack.ts", 26, False)
    ]
    assert any(c["status"] == "FAIL" and c["question"] == 2 for c in report["contracts"])


STACK = """import { aws_stepfunctions as sfn, aws_stepfunctions_tasks as tasks } from 'aws-cdk-lib';
import { aws_lambda as lambda } from 'aws-cdk-lib';

export function build(scope: any) {
  const fn = new lambda.Function(scope, 'Fn', {
    handler: 'app.main',
    code: lambda.Code.fromAsset('functions/count'),
  });
  const invoke = new tasks.LambdaInvoke(scope, 'Invoke', {
    lambdaFunction: fn,
    resultSelector: { 'ok.$': '$.Payload.details.passed' },
    resultPath: '$.res',
  });
  const decide = new sfn.Choice(scope, 'Decide');
  decide.when(sfn.Condition.booleanEquals('$.res.ok', true), new sfn.Succeed(scope, 'S'));
  decide.otherwise(new sfn.Fail(scope, 'F'));
  return new sfn.StateMachine(scope, 'SM', { definition: invoke.next(decide) });
}
"""
HANDLER = """exports.main = async (event) => {
  const result = { success: true%s };
  result.details = { passed: event.n > 3 };
  return result;
};
"""


def test_a_new_field_dropped_next_to_an_old_one_is_not_taken_for_the_old_one(
    repo, validate
) -> None:
    repo.commit("chore: pipeline", {"lib/stack.ts": STACK, "functions/count/app.js": HANDLER % ""})
    repo.commit("row-count: add a trace", {"functions/count/app.js": HANDLER % ", trace: []"})
    findings, _ = _contract_findings(repo.root, validate)
    unread = sorted(
        (f["message"].split(": ")[1], f["pre_existing"])
        for f in findings
        if f["kind"] == "contract.unconsumed-field" and f["status"] == "FAIL"
    )
    assert unread == [("Payload.success", True), ("Payload.trace", False)]
