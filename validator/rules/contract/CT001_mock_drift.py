"""CT001 mock-drift: tests that pass against a mock's shape break on the real producer's."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...findings import Finding
from ...report.model import ContractRow
from .rows import MESSAGES, ContractRule, contract_findings


class MockDrift(ContractRule):
    """## What it does
    Compares a test double with the real producer it stands in for, on the
    fields the code under test reads: `mock.patch(..., return_value=...)`,
    `MagicMock(return_value=...)`, `jest.mock` + `mockResolvedValue`, a Step
    Functions Local `MockConfigFile.json` response.

    ## Why is this bad?
    The tests pass against the mock's shape; the deployed code meets the real
    one. A field the mock has and the producer lacks (or the reverse) changes
    the outcome as soon as the real implementation runs.

    ## Example
    The handler returns `{success, details: {passed}}`; the Step Functions Local
    mock answers `{"Payload": {"passed": true}}`, so the Choice that reads
    `$.countResult.Payload.passed` passes in the test and fails when deployed.

    Use instead: mock the shape the producer returns
    (`{"Payload": {"success": true, "details": {"passed": true}}}`).

    ## How to suppress
    `# ralph-validate: ignore[CT001] <reason>` on the mock's line. A mock in
    JSON (`MockConfigFile.json`) cannot carry a comment: leave the file out
    with `exclude`, or turn the rule off with `ignore = ["CT001"]` in the
    configuration.
    """

    id = "CT001"
    kind = "contract.mock-drift"
    name = "mock-drift"
    summary = "A mock's shape differs from the real producer in a field the code reads."
    question = 1
    field_side = "producer"
    message = MESSAGES

    def detect(self, facts: Iterable[ContractRow], context: None) -> Iterator[Finding]:
        """The non-PASS contract rows that answer this rule's question."""
        return contract_findings(self, facts)
