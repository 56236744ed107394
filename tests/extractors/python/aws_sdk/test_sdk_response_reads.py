"""The fields read from an AWS SDK call's response, followed through aliases, loops and comparisons,
and only while a name holds that client or response."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import SdkCall
from ralph_validate.validator.checks.contracts import judge
from ralph_validate.validator.contracts.aws_models import (
    sdk_observations,
)


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _rows(*files: tuple[str, str]) -> list[tuple[int, str, int]]:
    answers = judge(sdk_observations(extract(path, text.encode()) for path, text in files))
    return sorted(
        (a.row.question, a.row.status.value, a.row.location.line if a.row.location else 0)
        for a in answers
    )


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
