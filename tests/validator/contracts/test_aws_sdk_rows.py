"""The contract rows of an AWS SDK boundary: a read the service model does not answer is UNKNOWN or
absent, never a FAIL, and a FAIL names the model it rests on."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import judge
from ralph_validate.validator.contracts.aws_models import (
    sdk_observations,
)


def _rows(*files: tuple[str, str]) -> list[tuple[int, str, int]]:
    answers = judge(sdk_observations(extract(path, text.encode()) for path, text in files))
    return sorted(
        (a.row.question, a.row.status.value, a.row.location.line if a.row.location else 0)
        for a in answers
    )


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
