"""A Step Functions Local mock configuration gives one mock per state it answers for."""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    Mock,
)


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def test_mock_config_entries_become_mocks_of_states() -> None:
    config = {
        "StateMachines": {"Flow": {"TestCases": {"Happy": {"A": "AOk"}}}},
        "MockedResponses": {"AOk": {"0": {"Return": {"Payload": {"ok": True}}}}},
    }
    (mock,) = _facts("test/MockConfigFile.json", json.dumps(config, indent=1), Mock)
    assert (mock.kind, mock.machine, mock.state, mock.case) == ("sfn-local", "Flow", "A", "Happy")
