"""Stubbers and patches of an AWS SDK client name the client they stand in for."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import SdkMock


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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
