"""The vocabulary of test runs: a test's verdict, its cause, a suite, and a change from BASE."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Literal

from ...extractors.runners.coverage import CoverageTool

# What a change is; the rules that report them map these onto DESIGN §6's kinds.
ChangeKind = Literal["removed", "config-weakened"]
REMOVED: Final = "removed"
CONFIG_WEAKENED: Final = "config-weakened"
# The cell a change takes: FAIL when the model is sure the test no longer runs or can no
# longer fail the build, UNKNOWN when it cannot tell.
ChangeStatus = Literal["FAIL", "UNKNOWN"]
# The test runners whose runs the model reads.
Runner = Literal["pytest", "jest", "vitest", "mocha", "node-test"]


class Status(StrEnum):
    """Whether a test runs (or a suite can fail), does not, or the model cannot tell."""

    RUNS = "runs"
    DROPPED = "dropped"
    UNKNOWN = "unknown"


@dataclass(frozen=True, order=True)
class Cause:
    """What decided a verdict: a setting or option, its value, and where it is written."""

    setting: str
    detail: str
    file: str
    line: int

    def same_as(self, other: Cause) -> bool:
        """Same setting, value and file (lines move when unrelated lines are edited)."""
        return (self.setting, self.detail, self.file) == (other.setting, other.detail, other.file)


# Causes written in the test file itself that stop a test running while it stays written:
# ``it.todo`` in its place, its whole module skipped. A BASE test they stop is removed.
REPLACED_BY = "replaced by"
SKIPPED_WHOLE = "skipped module-wide by"
NOT_RUN = frozenset({REPLACED_BY, SKIPPED_WHOLE})


def not_run_cause(how: str, file: str, line: int) -> Cause:
    """The cause of a test that is written but never runs: ``it.todo`` or a module-wide skip."""
    return Cause(REPLACED_BY if how.endswith(".todo") else SKIPPED_WHOLE, how, file, line)


@dataclass(frozen=True)
class Verdict:
    """A test's fate in one suite, with the causes that decided it (none when it runs)."""

    status: Status
    causes: tuple[Cause, ...] = ()


RUNS = Verdict(Status.RUNS)


@dataclass(frozen=True)
class Suite:
    """One runner's run at one revision: the bare configuration, or one command that runs it."""

    runner: Runner
    invocation: str
    file: str
    line: int
    tests: Mapping[str, Verdict] = field(default_factory=dict)
    can_fail: Verdict = RUNS
    python_patterns: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    locations: Mapping[str, int] = field(default_factory=dict)
    bodies: Mapping[str, str] = field(default_factory=dict)

    def running(self) -> tuple[str, ...]:
        """Ids of the tests that run, sorted."""
        return tuple(sorted(t for t, v in self.tests.items() if v.status is Status.RUNS))


RemovalHow = Literal["deleted", "gone", "moved", "not-run", "rewritten"]


@dataclass(frozen=True, order=True)
class Removal:
    """How a BASE test went, observed, for its rule to word: its file deleted (``deleted``),
    the test gone from a file that remains (``gone``), moved where the runner does not
    collect it (``moved``), no longer run by a setting or the file itself (``not-run``), or
    gone with a new test that may be it (``rewritten``)."""

    how: RemovalHow
    path: str = ""  # the BASE file (``deleted``, ``gone``, ``rewritten``); ``moved``: the new file
    line: int = 0  # the test's BASE line
    cause: str = ""  # why the runner does not run it (``moved``, ``not-run``)
    successor: str = ""  # the new test that may be it (``rewritten``)
    file_deleted: bool = False  # ``rewritten``: its BASE file is deleted too


@dataclass(frozen=True, order=True)
class Change:
    """One way HEAD runs less than BASE did: a test no longer run, or a run that cannot fail."""

    kind: ChangeKind
    status: ChangeStatus
    file: str
    line: int
    subject: str
    reason: str  # what weakened the run, as read; "" for a removal (``removal`` says how)
    runner: Runner | CoverageTool  # the runner, or the tool whose threshold changed
    invocation: str
    # A removal by the test file itself (``it.todo``, a module-wide skip): the test is still
    # written, and a finding that it is skipped or checks nothing says less than this one.
    not_run: bool = False
    # A removed test: how it went (None for every other change).
    removal: Removal | None = None
