"""Every way Python code creates an AWS SDK client names the service it talks to."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import SdkCall, SdkClient


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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
