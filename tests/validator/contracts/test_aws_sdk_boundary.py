"""The AWS SDK boundary: facts read from real Python code, answers from botocore's real models.

The fixture cases (``fixtures/contracts/aws-*``) run through the real check in
``test_contract_fixtures.py``; these tests pin the pieces: model lookups, what the
extractor reads from each client-creation style, and the rows that must be UNKNOWN or
absent rather than FAIL.
"""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import SdkCall, SdkClient, SdkMock
from ralph_validate.validator.checks.contracts import judge
from ralph_validate.validator.contracts.aws_models import (
    Found,
    near_spellings,
    operation,
    sdk_observations,
    service_model,
    walk,
)


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _rows(*files: tuple[str, str]) -> list[tuple[int, str, int]]:
    answers = judge(sdk_observations(extract(path, text.encode()) for path, text in files))
    return sorted(
        (a.row.question, a.row.status.value, a.row.location.line if a.row.location else 0)
        for a in answers
    )


# --- model lookups ------------------------------------------------------------------------


def test_a_method_name_maps_to_its_operation_in_the_shipped_model() -> None:
    assert operation("athena", "get_query_execution").name == "GetQueryExecution"
    assert operation("stepfunctions", "describe_execution").name == "DescribeExecution"
    assert operation("s3", "list_objects_v2").name == "ListObjectsV2"


def test_helpers_and_unknown_services_are_no_operation() -> None:
    assert operation("s3", "upload_file") is None
    assert operation("athena", "get_paginator") is None
    assert service_model("sfn") is None  # boto3's name is "stepfunctions"
    assert service_model("../athena") is None
    assert operation("sfn", "describe_execution") is None


def test_structures_lists_and_maps_are_walked() -> None:
    athena = operation("athena", "get_query_results").output_shape
    rows = ("ResultSet", "Rows", "*", "Data", "0", "VarCharValue")
    assert walk(athena, rows).found == Found.PRESENT
    item = operation("dynamodb", "get_item").output_shape
    assert walk(item, ("Item", "any_attribute", "S")).found == Found.PRESENT
    missing = walk(athena, ("ResultSet", "rows"))
    assert (missing.found, missing.depth, missing.shape.name) == (Found.ABSENT, 1, "ResultSet")


def test_past_a_scalar_or_the_response_metadata_the_model_says_nothing() -> None:
    body = operation("s3", "get_object").output_shape
    assert walk(body, ("Body", "read")).found == Found.OPAQUE
    assert walk(body, ("ResponseMetadata", "HTTPStatusCode")).found == Found.OPAQUE
    assert walk(body, ("LastModified", "year")).found == Found.OPAQUE


def test_an_operation_without_output_has_no_fields() -> None:
    deleted = operation("sqs", "delete_message")
    assert deleted.output_shape is None
    assert walk(deleted.output_shape, ("MessageId",)).found == Found.ABSENT
    assert walk(deleted.output_shape, ("ResponseMetadata",)).found == Found.OPAQUE


def test_near_spellings_cover_case_underscores_and_plurals() -> None:
    status = walk(
        operation("athena", "get_query_execution").output_shape, ("QueryExecution", "Status")
    ).shape
    assert near_spellings(status, "state_change_reasons") == ["StateChangeReason"]
    assert near_spellings(status, "state") == ["State"]
    assert near_spellings(status, "failureReason") == []


# --- extraction ---------------------------------------------------------------------------

_STYLES = """\
import boto3
import boto3.session as bs
from boto3 import client as make

glue = make("glue")
session = bs.Session(region_name="eu-west-1")
ath = session.client(service_name="athena")


class Runner:
    def __init__(self):
        self.sfn = boto3.Session().client("stepfunctions")

    def go(self, arn):
        return self.sfn.describe_execution(executionArn=arn)["status"]


def local(bucket):
    s3 = boto3.client("s3")
    return s3.list_objects_v2(Bucket=bucket).get("Contents")


def chained(q):
    return boto3.client("athena").get_query_execution(QueryExecutionId=q)["QueryExecution"]


def dynamic(name):
    c = boto3.client(name)
    return c.describe_execution(executionArn="x")["status"]


def shadowed(glue):
    return glue.get_job_run(JobName="j", RunId="r")["JobRun"]
"""


def test_every_client_creation_style_names_its_service() -> None:
    clients = _facts("app/clients.py", _STYLES, SdkClient)
    assert sorted((c.name, c.service) for c in clients) == [
        ("app.clients.Runner.sfn", "stepfunctions"),
        ("app.clients.ath", "athena"),
        ("app.clients.glue", "glue"),
    ]
    calls = _facts("app/clients.py", _STYLES, SdkCall)
    assert sorted((c.service, c.method, c.reads[0].path) for c in calls) == [
        ("athena", "get_query_execution", ("QueryExecution",)),
        ("s3", "list_objects_v2", ("Contents",)),
        ("stepfunctions", "describe_execution", ("status",)),
    ]


def test_aliases_loops_and_literal_comparisons_are_followed() -> None:
    source = (
        "import boto3\n"
        "sfn = boto3.client('stepfunctions')\n"
        "DONE = ('SUCCEEDED', 'FAILED')\n"
        "def names(arn):\n"
        "    listed = sfn.list_executions(stateMachineArn=arn)\n"
        "    runs = listed['executions']\n"
        "    out = [r['name'] for r in runs[:5]]\n"
        "    for run in runs:\n"
        "        if run['status'] in DONE or 'ABORTED' == run['status']:\n"
        "            out.append(run.get('stopDate'))\n"
        "    return out\n"
    )
    (call,) = _facts("jobs.py", source, SdkCall)
    assert sorted({r.path for r in call.reads}) == [
        ("executions",),
        ("executions", "*", "name"),
        ("executions", "*", "status"),
        ("executions", "*", "stopDate"),
    ]
    assert sorted((t.path, t.values, t.line) for t in call.tests) == [
        (("executions", "*", "status"), ("ABORTED",), 9),
        (("executions", "*", "status"), ("SUCCEEDED", "FAILED"), 9),
    ]


def test_stubbers_and_patches_name_the_client_they_stand_in_for() -> None:
    source = (
        "import boto3\n"
        "from unittest import mock\n"
        "from botocore.stub import Stubber\n"
        "from app import handler\n"
        "def test_stub():\n"
        "    local = boto3.client('athena')\n"
        "    body = {'QueryExecutionId': 'q'}\n"
        "    with Stubber(local) as stub:\n"
        "        stub.add_response('start_query_execution', body)\n"
        "@mock.patch('app.handler.sfn')\n"
        "def test_patch(sfn):\n"
        "    sfn.describe_execution.side_effect = [{'status': 'RUNNING'}, {'status': 'X'}]\n"
    )
    mocks = _facts("tests/test_h.py", source, SdkMock)
    assert [(m.kind, m.service, m.client, m.method, m.line) for m in mocks] == [
        ("stubber", "athena", "local", "start_query_execution", 9),
        ("side_effect", "", "app.handler.sfn", "describe_execution", 12),
        ("side_effect", "", "app.handler.sfn", "describe_execution", 12),
    ]
    assert [e.value for e in mocks[2].entries] == ["X"]


# --- answers ------------------------------------------------------------------------------


def test_an_unknown_service_is_unknown_never_fail() -> None:
    source = (
        "import boto3\n"
        "sfn = boto3.client('sfn')\n"
        "def f(arn):\n"
        "    return sfn.describe_execution(executionArn=arn)['Status']\n"
    )
    assert _rows(("app.py", source)) == [(2, "UNKNOWN", 4)]


def test_a_missing_field_read_under_an_existence_check_passes() -> None:
    source = (
        "import boto3\n"
        "athena = boto3.client('athena')\n"
        "def f(q):\n"
        "    status = athena.get_query_execution(QueryExecutionId=q)['QueryExecution']['Status']\n"
        "    if 'Reason' in status:\n"
        "        return status['Reason']\n"
        "    return status['State'] == 'DONE'\n"
    )
    assert _rows(("app.py", source)) == [
        (2, "FAIL", 7),  # 'DONE' is not a QueryExecutionState
        (2, "PASS", 0),
        (2, "PASS", 0),
        (2, "PASS", 0),
    ]


def test_a_mock_of_a_client_no_file_defines_gives_no_row() -> None:
    test = (
        "from unittest import mock\n"
        "@mock.patch('elsewhere.client')\n"
        "def test_x(c):\n"
        "    c.describe_execution.return_value = {'Nope': 1}\n"
    )
    assert _rows(("tests/test_x.py", test)) == []
    handler = "import boto3\nclient = boto3.client('stepfunctions')\n"
    assert _rows(("elsewhere.py", handler), ("tests/test_x.py", test)) == [(1, "FAIL", 4)]


def test_the_producer_of_a_row_names_the_model() -> None:
    source = (
        "import boto3\n"
        "glue = boto3.client('glue')\n"
        "def f():\n"
        "    return glue.get_job_run(JobName='j', RunId='r')['JobRun']['state']\n"
    )
    answers = judge(sdk_observations([extract("app.py", source.encode())]))
    fails = sorted(
        (a.row.question, a.row.producer.file, a.row.producer.path)
        for a in answers
        if a.row.status.value == "FAIL"
    )
    assert fails == [(2, "botocore:glue/GetJobRun", "JobRun")]
    assert all(a.files == frozenset({"app.py"}) for a in answers)


def test_a_name_given_another_value_is_no_longer_followed() -> None:
    source = (
        "import boto3\n"
        "sqs = boto3.client('sqs')\n"
        "def drain(queue, batches):\n"
        "    resp = sqs.receive_message(QueueUrl=queue)\n"
        "    for message in resp.get('Messages', []):\n"
        "        print(message['Body'])\n"
        "    for resp in batches:\n"
        "        print(resp['Records'])\n"
        "    return [r['eventSource'] for r in batches]\n"
    )
    (call,) = _facts("drain.py", source, SdkCall)
    assert [r.path for r in call.reads] == [("Messages",), ("Messages", "*", "Body")]
    assert [row[1] for row in _rows(("drain.py", source))] == ["PASS", "PASS"]


def test_a_name_is_a_client_only_between_its_binding_and_the_next_one() -> None:
    source = (
        "import boto3\n"
        "\n"
        "def check(backends):\n"
        "    iam = boto3.client('iam')\n"
        "    role = iam.get_role(RoleName='r')['Role']\n"
        "    iam = backends['global']\n"
        "    return role['Arn'], iam.get_role('r').last_used\n"
        "\n"
        "def resources():\n"
        "    ec2 = boto3.resource('ec2')\n"
        "    vpc = ec2.create_vpc(CidrBlock='10.0.0.0/16')\n"
        "    ec2 = boto3.client('ec2')\n"
        "    return vpc.id, ec2.describe_vpcs()['Vpcs']\n"
    )
    calls = _facts("app/check.py", source, SdkCall)
    assert sorted((c.method, c.line) for c in calls) == [
        ("describe_vpcs", 13),
        ("get_role", 5),
    ]


def test_comparing_with_the_default_of_get_is_not_an_enum_test() -> None:
    source = (
        "import boto3\n"
        "\n"
        "ecs = boto3.client('ecs')\n"
        "\n"
        "def launched(arn):\n"
        "    task = ecs.describe_tasks(tasks=[arn])['tasks'][0]\n"
        "    return task.get('launchType', '') == '', task.get('launchType', '') == 'EC2'\n"
    )
    (call,) = _facts("app/ecs.py", source, SdkCall)
    assert [t.values for t in call.tests] == [("EC2",)]


def test_a_comprehension_variable_is_not_the_outer_response() -> None:
    source = (
        "import boto3\n"
        "\n"
        "def arns():\n"
        "    autoscaling = boto3.client('autoscaling')\n"
        "    elbv2 = boto3.client('elbv2')\n"
        "    group = autoscaling.describe_auto_scaling_groups()['AutoScalingGroups'][0]\n"
        "    name = group['AutoScalingGroupName']\n"
        "    return name, {\n"
        "        group['TargetGroupArn']\n"
        "        for group in elbv2.describe_target_groups()['TargetGroups']\n"
        "    }, group.get('Status', '') == ''\n"
    )
    calls = {c.method: c for c in _facts("app/arns.py", source, SdkCall)}
    groups = calls["describe_auto_scaling_groups"]
    paths = {r.path for r in groups.reads}
    assert ("AutoScalingGroups", "0", "AutoScalingGroupName") in paths
    assert ("AutoScalingGroups", "0", "Status") in paths
    assert not any("TargetGroupArn" in path for path in paths)
    assert groups.tests == ()
    targets = calls["describe_target_groups"]
    assert ("TargetGroups", "*", "TargetGroupArn") in [r.path for r in targets.reads]
