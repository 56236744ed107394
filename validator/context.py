"""What every check receives, and what it gives back.

Checks read facts, not syntax trees: they get a ``FactStore`` that parses
(and caches) files on demand, at HEAD and at BASE.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..core.specs.model import Spec
from ..extractors.facts import FileFacts
from .config import Config
from .findings import Finding
from .report.model import ChangeSetSource, ContractRow, RequirementRow, TestRow


@dataclass(frozen=True)
class ChangeSet:
    """The files the goal changed, and how BASE and the list were chosen (DESIGN §3)."""

    base: str  # full sha
    base_rule: str
    head: str  # full sha
    source: ChangeSetSource
    files: tuple[str, ...]  # repo-relative, sorted, never-read paths removed
    include_dirty: bool = False
    notes: tuple[str, ...] = ()
    commits: tuple[str, ...] = ()  # the spec's commits (prefixed or naming a story), oldest first
    # Files changed after BASE only by commits naming neither the spec nor a story of it:
    # not audited, but a requirement implemented there is not called unimplemented.
    outside: tuple[str, ...] = ()


class FactStore(Protocol):
    """Facts per file version, computed lazily and cached."""

    def head(self, path: str) -> FileFacts | None:
        """Facts of the file as analysed (HEAD, or the work tree with --include-dirty)."""
        ...

    def base(self, path: str) -> FileFacts | None:
        """Facts of the file at BASE, or None when it did not exist there."""
        ...

    def head_text(self, path: str) -> str | None:
        """The file's text as analysed, or None when it is not readable source."""
        ...

    def base_text(self, path: str) -> str | None:
        """The file's text at BASE, or None when it is missing there or not readable source."""
        ...

    def files(self) -> Iterable[str]:
        """Every analysable repo file at HEAD (tracked, not excluded, not never-read), sorted."""
        ...


@dataclass
class CheckOutput:
    """What checks produce; the pipeline merges these into a Report."""

    findings: list[Finding] = field(default_factory=list)
    tests: list[TestRow] = field(default_factory=list)
    contracts: list[ContractRow] = field(default_factory=list)
    requirements: list[RequirementRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # for the report header
    # Findings of checks that ran before which this output's findings say better.
    superseded: list[Finding] = field(default_factory=list)

    def extend(self, other: CheckOutput) -> None:
        """Append another check's output, dropping the findings it supersedes."""
        if other.superseded:
            gone = set(other.superseded)
            self.findings = [f for f in self.findings if f not in gone]
        self.findings.extend(other.findings)
        self.tests.extend(other.tests)
        self.contracts.extend(other.contracts)
        self.requirements.extend(other.requirements)
        self.notes.extend(other.notes)


@dataclass
class AnalysisContext:
    """Everything a check may look at."""

    repo: Path
    spec: Spec | None
    change_set: ChangeSet
    config: Config
    facts: FactStore
    # Output of the checks that already ran (traceability reads test integrity).
    so_far: CheckOutput = field(default_factory=CheckOutput)


class Check(Protocol):
    """A family of rules run over the facts."""

    name: str

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Compute findings and table rows."""
        ...
