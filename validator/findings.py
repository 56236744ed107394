"""The finding vocabulary of DESIGN §6 and the one Finding type."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache


class Status(StrEnum):
    """The only three words a report cell may hold."""

    PASS = "PASS"
    FAIL = "FAIL"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return self.value


# The report table (DESIGN §6) of each family of kinds: the kind's prefix before its dot.
TABLES: dict[str, str] = {
    "test": "test-integrity",
    "contract": "cross-component",
    "trace": "traceability",
    "placeholder": "findings",
    "scope": "findings",
    "impl": "findings",
    "suppression": "findings",
}


@cache
def _kind_tables() -> dict[str, str]:
    # The rules import this module, so their registry is read on first use.
    from .rules.registry import all_rules

    return {rule.kind: TABLES[rule.family] for rule in all_rules()}


class _Kinds(Mapping[str, str]):
    """kind -> the report table it belongs to, for every kind a registered rule reports:
    each kind is typed once, in its rules' modules. The kind is the contract."""

    def __getitem__(self, kind: str) -> str:
        return _kind_tables()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(_kind_tables()))

    def __len__(self) -> int:
        return len(_kind_tables())


KINDS: Mapping[str, str] = _Kinds()


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
