"""What a validation report holds, independent of how it is written (DESIGN §7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Literal

from ..findings import KINDS, Finding, Status

# Closed vocabularies of the report: type-level only, the values stay plain strings.
DecidedBy = Literal["analysis", "llm"]  # who decided a requirement's row
# how the change set was chosen
ChangeSetSource = Literal["spec-prefix", "story-commits", "diff", "all"]
SuppressionSource = Literal["inline", "config"]  # a directive in a file, or a settings entry


@dataclass(frozen=True)
class Location:
    """``file:line`` evidence."""

    file: str
    line: int


@dataclass(frozen=True)
class TestRef:
    """A test that covers a requirement."""

    __test__ = False  # not a pytest test class

    file: str
    name: str
    line: int = 0


@dataclass(frozen=True)
class FieldRef:
    """One side of a boundary: where a field path is written or read."""

    file: str
    line: int
    path: str


@dataclass(frozen=True)
class RequirementRow:
    """A row of the Requirements traceability table."""

    id: str
    title: str
    status: Status
    implementation: tuple[Location, ...]
    tests: tuple[TestRef, ...]
    decided_by: DecidedBy
    reason: str
    file: str  # where the requirement is declared (spec file)
    line: int
    kind: str | None = None  # trace.unimplemented / trace.untested when not PASS


class Question(IntEnum):
    """The four cross-component questions of DESIGN §6 (the JSON report writes the number)."""

    MOCK_DRIFT = 1  # Q1: a mock differs from the real producer in a field the code reads
    MISSING_FIELD = 2  # Q2: a field read is not written by the resolved producer
    UNCONSUMED_FIELD = 3  # Q3: a produced field nobody reads
    NAMING_DRIFT = 4  # Q4: two sides name one concept differently


@dataclass(frozen=True)
class ContractRow:
    """A row of the Cross-component integrity table: one boundary, one question."""

    question: Question
    boundary: str  # "CountRows -> DidCountPass"
    producer: FieldRef | None
    consumer: FieldRef | None
    status: Status
    reason: str
    kind: str | None = None  # contract.* when not PASS
    # Where the finding points when not PASS (consumer read, mock definition, ...).
    location: Location | None = None


@dataclass(frozen=True)
class TestRow:
    """A row of the Integration test integrity table: one test in the change set."""

    __test__ = False  # not a pytest test class

    file: str
    name: str
    line: int
    status: Status
    kinds: tuple[str, ...]
    requirements: tuple[str, ...] = ()


@dataclass(frozen=True)
class Header:
    """The report header (DESIGN §7)."""

    spec_name: str | None
    spec_path: str | None
    base: str
    base_rule: str  # which rule chose BASE ("--base", "parent of oldest spec-prefixed commit", ...)
    head: str
    tool_version: str
    change_set_source: ChangeSetSource
    change_set_files: tuple[str, ...]
    llm: str  # "off (no ANTHROPIC_API_KEY)", "off (--no-llm)", "on (model ...)", "replay"
    include_dirty: bool = False
    notes: tuple[str, ...] = ()  # e.g. "no commit carries the prefix; change set from git diff"


@dataclass(frozen=True)
class Suppression:
    """A suppression in effect: an inline directive or a config ``exclude``/``ignore`` entry,
    at its ``file:line``, and whether it hid any finding of this audit."""

    file: str
    line: int
    rules: tuple[str, ...]  # ids or kinds it names; ("*",) for an exclude glob
    reason: str
    source: SuppressionSource
    used: bool
    paths: tuple[str, ...] = ()  # the glob of a config exclude entry

    def sort_key(self) -> tuple[str, int, str, tuple[str, ...], tuple[str, ...]]:
        """Stable order: file, line, source, rules, paths."""
        return (self.file, self.line, self.source, self.rules, self.paths)


@dataclass(frozen=True)
class SuppressedFinding:
    """A finding a suppression hid: kept for SARIF, which lists it with ``suppressions[]``."""

    finding: Finding
    suppression: Suppression


@dataclass(frozen=True)
class Report:
    """A whole report: header, the three tables and the flat findings list."""

    header: Header
    requirements: tuple[RequirementRow, ...] = ()
    contracts: tuple[ContractRow, ...] = ()
    tests: tuple[TestRow, ...] = ()
    findings: tuple[Finding, ...] = ()
    has_spec: bool = True  # without --spec there is no traceability table content
    suppressions: tuple[Suppression, ...] = ()  # every suppression in effect, sorted
    suppressed: tuple[SuppressedFinding, ...] = ()  # findings hidden by one of them
    extra: dict[str, object] = field(default_factory=dict)

    def summary(self) -> dict[str, int]:
        """Counts of PASS/FAIL/UNKNOWN over every status cell: the three tables' rows plus
        the findings that belong to no table (placeholders, scope)."""
        counts = {s.value: 0 for s in Status}
        for row in (*self.requirements, *self.contracts, *self.tests):
            counts[row.status.value] += 1
        for finding in self.findings:
            if KINDS[finding.kind] == "findings" and not finding.pre_existing:
                counts[finding.status.value] += 1
        return counts
