"""The finding vocabulary of DESIGN §6 and the one Finding type."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """The only three words a report cell may hold."""

    PASS = "PASS"
    FAIL = "FAIL"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return self.value


# kind -> the report table it belongs to (DESIGN §6). The kind is the contract.
KINDS: dict[str, str] = {
    "contract.mock-drift": "cross-component",
    "contract.missing-field": "cross-component",
    "contract.unconsumed-field": "cross-component",
    "contract.naming-drift": "cross-component",
    "test.tautology": "test-integrity",
    "test.commented-assert": "test-integrity",
    "test.swallowed-exception": "test-integrity",
    "test.early-return": "test-integrity",
    "test.skipped": "test-integrity",
    "test.no-assert": "test-integrity",
    "test.conditional-assert": "test-integrity",
    "test.weakened": "test-integrity",
    "placeholder.todo": "findings",
    "placeholder.stub": "findings",
    "placeholder.sentinel": "findings",
    "trace.unimplemented": "traceability",
    "trace.untested": "traceability",
    "trace.not-understood": "traceability",
    "scope.out-of-scope": "findings",
    "test.config-weakened": "test-integrity",
    "test.removed": "test-integrity",
    "test.expectation-edited": "test-integrity",
    "test.mocks-subject": "test-integrity",
    "impl.test-special-case": "findings",
    "impl.error-swallowed": "findings",
    "suppression.added": "findings",
    "suppression.unused": "findings",
}


@dataclass(frozen=True)
class Finding:
    """One non-PASS cell or finding, located at the offending line."""

    kind: str
    rule: str
    status: Status
    file: str
    line: int
    message: str
    pre_existing: bool = False
    symbol: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown finding kind {self.kind!r}")
        if self.status is Status.PASS:
            raise ValueError("a finding is never PASS")

    def sort_key(self) -> tuple[str, int, str, str, str]:
        """Stable order: file, line, kind, rule, message."""
        return (self.file, self.line, self.kind, self.rule, self.message)
