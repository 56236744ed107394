"""Step Functions Local ``MockConfigFile.json`` -> ``Mock`` facts (one per mocked state).

``StateMachines.<machine>.TestCases.<case>.<state>`` names a key of
``MockedResponses``, whose ``"0"`` (or ``"0-2"``) entries hold ``Return`` (a
Lambda invoke envelope: ``Payload`` is the handler's result) or ``Throw``.
"""

from __future__ import annotations

from ..facts import Fact
from ..facts.contracts import Mock
from .cfn_yaml import PMap
from .doc_shapes import of_value


def is_mock_config(value: object) -> bool:
    """True when the document is a Step Functions Local mock configuration."""
    return isinstance(value, dict) and isinstance(value.get("MockedResponses"), dict)


def mock_facts(path: str, config: PMap) -> list[Fact]:
    """One ``Mock`` per (machine, test case, state, returned response)."""
    responses = config["MockedResponses"]
    assert isinstance(responses, dict)
    machines = config.get("StateMachines")
    facts: list[Fact] = []
    if not isinstance(machines, dict):
        return facts
    for machine_name, machine in machines.items():
        cases = machine.get("TestCases") if isinstance(machine, dict) else None
        if not isinstance(cases, dict):
            continue
        for case_name, case in cases.items():
            if not isinstance(case, dict):
                continue
            for state_name, response_name in case.items():
                response = responses.get(str(response_name))
                if not isinstance(response, PMap):
                    continue
                for attempt in response.values():
                    if not isinstance(attempt, PMap) or "Return" not in attempt:
                        continue
                    line = attempt.line_of("Return")
                    facts.append(
                        Mock(
                            file=path,
                            line=line,
                            symbol=f"{machine_name}/{case_name}/{state_name}",
                            kind="sfn-local",
                            target=f"{machine_name}/{state_name}",
                            shape=of_value(attempt["Return"], line),
                            machine=str(machine_name),
                            state=str(state_name),
                            case=str(case_name),
                        )
                    )
    return facts
