"""Step Functions variations: aliased CDK imports, JSONata states, intrinsics, ASL loaded by
CDK from a file, Serverless Framework, and how the flow treats what tasks are handed."""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    FunctionDef,
    FunctionRef,
    Machine,
    ShapeField,
    State,
    StateMachine,
    StateMachineDef,
    TemplateField,
    obj,
    unknown,
)
from ralph_validate.validator.contracts import sfn_flow
from ralph_validate.validator.contracts.shape import lookup, parse_path, select, with_origin


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _states(fact: StateMachine) -> dict[str, State]:
    return {s.name: s for s in fact.machine.states}


def test_an_aliased_function_class_and_a_payload_path_are_followed() -> None:
    source = (
        "import * as path from 'path';\n"
        "import { Code, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';\n"
        "import {\n  LambdaInvoke,\n} from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "const base = { code: Code.fromAsset(path.join(__dirname, '../fns')) };\n"
        "const fn = new LambdaFunction(this, 'Fn', { ...base, handler: 'a.handler' });\n"
        "const a = new LambdaInvoke(this, 'A', {\n"
        "  lambdaFunction: fn,\n"
        "  payload: sfn.TaskInput.fromJsonPathAt('$.order'),\n"
        "  resultSelector: { 'total.$': '$.Payload.total' },\n"
        "});\n"
        "new sfn.StateMachine(this, 'M', { definition: sfn.Chain.start(a) });\n"
    )
    (fact,) = _facts("infra/lib/stack.ts", source, StateMachine)
    state = _states(fact)["A"]
    assert (state.function.code, state.function.handler) == ("infra/fns", "a.handler")
    assert state.parameters == (TemplateField("Payload", 9, path="$.order"),)
    assert state.result_selector == (TemplateField("total", 12, path="$.Payload.total"),)


def test_jsonata_states_are_marked_from_static_constructors_and_the_machine() -> None:
    source = (
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
        "const a = tasks.LambdaInvoke.jsonata(this, 'A', { lambdaFunction: fn });\n"
        "const b = new sfn.Pass(this, 'B');\n"
        "new sfn.StateMachine(this, 'Mixed', { definition: sfn.Chain.start(a).next(b) });\n"
        "const c = new sfn.Pass(this, 'C');\n"
        "const d = sfn.Pass.jsonPath(this, 'D');\n"
        "new sfn.StateMachine(this, 'Jsonata', {\n"
        "  queryLanguage: sfn.QueryLanguage.JSONATA,\n"
        "  definitionBody: sfn.DefinitionBody.fromChainable(c.next(d)),\n"
        "});\n"
    )
    facts = {f.name: f for f in _facts("lib/stack.ts", source, StateMachine)}
    assert [(s.name, s.jsonata) for s in facts["Mixed"].machine.states] == [
        ("A", True),
        ("B", False),
    ]
    assert [(s.name, s.jsonata) for s in facts["Jsonata"].machine.states] == [
        ("C", True),
        ("D", False),
    ]


def test_asl_query_language_is_inherited_and_overridden_per_state() -> None:
    definition = {
        "QueryLanguage": "JSONata",
        "StartAt": "A",
        "States": {
            "A": {"Type": "Pass", "Output": "{% $states.input.x %}", "Next": "B"},
            "B": {"Type": "Pass", "QueryLanguage": "JSONPath", "End": True},
        },
    }
    (fact,) = _facts("sm/flow.asl.json", json.dumps(definition, indent=2), StateMachine)
    assert [(s.name, s.jsonata) for s in fact.machine.states] == [("A", True), ("B", False)]


def test_intrinsic_functions_read_their_path_arguments() -> None:
    definition = (
        "StartAt: P\nStates:\n  P:\n    Type: Pass\n    Parameters:\n"
        "      msg.$: States.Format('Hi {} ($.not)', $.user.name, $$.Execution.Id)\n"
        "      n.$: States.ArrayLength($.items)\n"
        "    End: true\n"
    )
    (fact,) = _facts("sm/flow.asl.yaml", definition, StateMachine)
    params = {f.name: f.reads for f in _states(fact)["P"].parameters}
    assert params == {"msg": ("$.user.name",), "n": ("$.items",)}
    source = (
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "const p = new sfn.Pass(this, 'P', { parameters: {\n"
        "  msg: sfn.JsonPath.format('{}-{}', sfn.JsonPath.stringAt('$.a'), '$.b'),\n"
        "} });\n"
    )
    (cdk,) = _facts("lib/s.ts", source, StateMachine)
    assert [f.reads for f in _states(cdk)["P"].parameters] == [("$.a", "$.b")]


def test_python_dict_helpers_resolved_paths_and_a_file_definition() -> None:
    source = (
        "import os\nfrom pathlib import Path\n"
        "from aws_cdk import (\n    aws_lambda as lambda_,\n    aws_stepfunctions as sfn,\n)\n"
        "ROOT = Path(__file__).resolve().parent\n"
        "COMMON = dict(runtime=lambda_.Runtime.PYTHON_3_12, handler='app.handler')\n"
        "class S(Stack):\n"
        "    def __init__(self, scope, cid):\n"
        "        fn = lambda_.Function(\n"
        "            self, 'CheckFn',\n"
        "            code=lambda_.Code.from_asset(str(ROOT / 'check')),\n"
        "            **COMMON,\n"
        "        )\n"
        "        sfn.StateMachine(\n"
        "            self, 'Flow',\n"
        "            definition_body=sfn.DefinitionBody.from_file(\n"
        "                os.path.join(os.path.dirname(__file__), 'flow.asl.json')),\n"
        "            definition_substitutions={'CheckArn': fn.function_arn, 'Env': 'prod'},\n"
        "        )\n"
    )
    (definition,) = _facts("infra/stack.py", source, StateMachineDef)
    assert definition.definition_uri == "infra/flow.asl.json"
    assert definition.substitutions == (("CheckArn", "logical:CheckFn"), ("Env", "prod"))
    (function,) = _facts("infra/stack.py", source, FunctionDef)
    assert (function.name, function.function.code, function.function.handler) == (
        "CheckFn",
        "infra/check",
        "app.handler",
    )


def test_serverless_functions_are_known_by_key_and_by_their_cloudformation_id() -> None:
    source = (
        "service: s\nfunctions:\n  check-order:\n    handler: src/check.handler\n"
        "stepFunctions:\n  stateMachines:\n    flow:\n      definition:\n"
        "        StartAt: A\n        States:\n          A:\n            Type: Task\n"
        "            Resource: !GetAtt check-order.Arn\n            End: true\n"
    )
    names = sorted(f.name for f in _facts("svc/serverless.yml", source, FunctionDef))
    assert names == ["CheckDashorderLambdaFunction", "check-order"]
    (machine,) = _facts("svc/serverless.yml", source, StateMachine)
    state = _states(machine)["A"]
    assert (machine.name, state.function.ref, state.envelope) == (
        "flow",
        "logical:check-order",
        False,
    )


def _task(name: str, **kw: object) -> State:
    return State(name=name, type="Task", line=1, **kw)


def test_a_task_input_escapes_and_a_jsonata_state_output_is_unknown() -> None:
    machine = Machine(
        "A",
        (
            _task("A", next="B", result_path="$.a"),
            _task("B", next="C", jsonata=True),
            State(name="C", type="Succeed", line=3),
        ),
    )
    produced = obj({})

    def resolve(state: State) -> tuple:
        return produced, ("f.py", 1, state.name)

    flow = sfn_flow.run(machine, resolve)
    assert flow.outputs["B"].kind == "unknown"
    assert flow.outputs["B"].origin == ("", 1, "B (JSONata)")
    assert any(s.field("a") is not None for s in flow.escapes)


def test_a_map_item_selector_builds_the_item_processor_input() -> None:
    inner = Machine("T", (_task("T", end=True, envelope=False, function=FunctionRef()),))
    selector = (TemplateField("sku", 2, path="$.sku"),)
    machine = Machine(
        "M",
        (State(name="M", type="Map", line=1, end=True, parameters=selector, branches=(inner,)),),
    )
    seen: list[State] = []
    flow = sfn_flow.run(machine, lambda s: (seen.append(s), None)[1])
    assert [s.name for s in seen] == ["T"]
    assert [sorted(f.name for f in s.fields) for s in flow.escapes] == [["sku"]]


def test_jsonata_boundaries_answer_unknown_never_fail(
    contract_case,
) -> None:
    rows = contract_case("cdk-jsonata", "fixed").output.contracts
    jsonata = sorted((r.boundary, r.status.value) for r in rows if "(JSONata)" in r.boundary)
    # The CDK machines' .jsonata states are named unchecked; the ASL machine's are followed.
    assert jsonata == [
        ("Report (JSONata)", "UNKNOWN"),
        ("Scoring (JSONata)", "UNKNOWN"),
        ("Summarize (JSONata) -> Large?", "UNKNOWN"),
    ]
    reads = [r for r in rows if r.question == 2 and r.boundary.startswith("Tally")]
    assert sorted((r.boundary, r.consumer.path, r.status.value) for r in reads) == [
        ("Tally -> Check", "red", "PASS"),
        ("Tally -> Tally", "Payload.counts", "PASS"),
    ]
    passed_on = [r for r in rows if r.question == 3 and "passed to a task" in r.reason]
    assert [(r.producer.path, r.status.value) for r in passed_on] == [("Payload.rows", "UNKNOWN")]


def test_catches_wait_paths_and_the_default_nodejs_entry_are_read_from_cdk() -> None:
    source = (
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
        "const fn = new NodejsFunction(this, 'fetch');\n"
        "const a = new tasks.LambdaInvoke(this, 'A', { lambdaFunction: fn });\n"
        "const oops = new sfn.Fail(this, 'Oops', { causePath: '$.err.Cause' });\n"
        "a.addCatch(oops, { resultPath: '$.err' });\n"
        "const w = new sfn.Wait(this, 'W', { time: sfn.WaitTime.secondsPath('$.Payload.s') });\n"
        "new sfn.StateMachine(this, 'M', { definition: a.next(w) });\n"
    )
    (fact,) = _facts("lib/sync-stack.ts", source, StateMachine)
    states = _states(fact)
    assert states["A"].function.code == "lib/sync-stack.fetch.ts"
    assert states["A"].catches == (("Oops", "$.err"),)
    assert states["Oops"].path_reads == (("$.err.Cause", 5),)
    assert states["W"].path_reads == (("$.Payload.s", 7),)


def test_asl_catch_targets_receive_the_error_at_their_result_path() -> None:
    definition = {
        "StartAt": "A",
        "States": {
            "A": {
                "Type": "Task",
                "Resource": "arn:aws:lambda:eu-west-1:1:function:a",
                "Catch": [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.e", "Next": "F"}],
                "End": True,
            },
            "F": {"Type": "Fail", "CausePath": "$.e.Cause"},
        },
    }
    (fact,) = _facts("sm/a.asl.json", json.dumps(definition, indent=2), StateMachine)
    flow = sfn_flow.run(fact.machine, lambda _: None)
    (read,) = [r for r in flow.reads if r.state == "F"]
    assert read.path == "$.e.Cause"
    assert read.against.field("e").shape.field("Cause") is not None


def test_a_discarded_map_result_is_not_an_unconsumed_field(contract_case) -> None:
    rows = contract_case("sfn-correct-tricky", "fixed").output.contracts
    assert [r for r in rows if r.question == 3 and r.producer.path in ("row", "stored")] == []
    assert [r for r in rows if r.status.value == "FAIL"] == []


def test_a_callback_task_result_is_not_the_handler_result() -> None:
    definition = (
        "StartAt: A\nStates:\n  A:\n    Type: Task\n"
        "    Resource: arn:aws:states:::lambda:invoke.waitForTaskToken\n"
        "    Parameters:\n      FunctionName: ${Fn}\n      Payload:\n"
        "        token.$: $$.Task.Token\n    End: true\n"
    )
    (asl,) = _facts("sm/cb.asl.yaml", definition, StateMachine)
    assert _states(asl)["A"].function is None
    source = (
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
        "const fn = new NodejsFunction(this, 'Fn', { entry: 'src/a.ts' });\n"
        "const a = new tasks.LambdaInvoke(this, 'A', {\n"
        "  lambdaFunction: fn, integrationPattern: sfn.IntegrationPattern.WAIT_FOR_TASK_TOKEN,\n"
        "});\n"
    )
    (cdk,) = _facts("lib/s.ts", source, StateMachine)
    assert _states(cdk)["A"].function is None


def test_commonjs_requires_name_the_tasks_module_and_keep_the_chain() -> None:
    source = (
        "const sfn = require('aws-cdk-lib/aws-stepfunctions');\n"
        "const tasks = require('aws-cdk-lib/aws-stepfunctions-tasks');\n"
        "const { Pass: PassState } = require('aws-cdk-lib/aws-stepfunctions');\n"
        "const send = new tasks.SnsPublish(this, 'Send', { topic, message: m });\n"
        "const done = new PassState(this, 'Done');\n"
        "new sfn.StateMachine(this, 'M', { definition: send.next(done) });\n"
    )
    (fact,) = _facts("lib/stack.js", source, StateMachine)
    assert [(s.name, s.type, s.other_resource) for s in fact.machine.states] == [
        ("Send", "Task", "cdk"),
        ("Done", "Pass", ""),
    ]


def test_map_item_value_paths_read_the_current_item() -> None:
    definition = {
        "StartAt": "Seed",
        "States": {
            "Seed": {"Type": "Pass", "Result": {"items": [{"sku": "a"}]}, "Next": "Each"},
            "Each": {
                "Type": "Map",
                "ItemsPath": "$.items",
                "ItemSelector": {
                    "sku.$": "$$.Map.Item.Value.sku",
                    "size.$": "$$.Map.Item.Value.size",
                },
                "ItemProcessor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": True}}},
                "End": True,
            },
        },
    }
    (fact,) = _facts("sm/each.asl.json", json.dumps(definition, indent=2), StateMachine)
    flow = sfn_flow.run(fact.machine, lambda _: None)
    found = {
        r.path: lookup(r.against, parse_path(r.path)).presence.value
        for r in flow.reads
        if r.state == "Each" and r.where == "Parameters"
    }
    assert found == {"$.sku": "present", "$.size": "absent"}


def test_an_unknown_part_of_a_producer_still_names_it() -> None:
    value = with_origin(obj({"items": ShapeField("items", unknown(), 3)}), ("f.py", 1, "F"))
    part = select(value, "$.items[*].id")
    assert (part.kind, part.origin, part.at) == ("unknown", ("f.py", 1, "F"), ("items", "*", "id"))
