"""What tracing found for one requirement, for the trace rules to judge.

The tracer (``evidence``) finds where each requirement is implemented and which tests
cover it; the check adds which of those tests test integrity flagged and which promised
files (``Created <path>``, or a path a criterion names) are missing. Nothing here says
PASS, FAIL or UNKNOWN: the rules of ``validator/rules/trace/`` do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.specs.model import Requirement
from ..report.model import Location, TestRef
from .evidence import Evidence

MAX_IMPLEMENTATION_CELLS = 3  # the strongest few locations; the JSON row lists the same
MAX_TEST_CELLS = 5


@dataclass(frozen=True)
class RequirementEvidence:
    """One requirement of the spec and the evidence for it."""

    id: str
    title: str
    file: str  # where the requirement is declared (spec file)
    line: int
    implementation: tuple[Location, ...]  # the strongest sites, one per file
    tests: tuple[TestRef, ...]  # covering tests test integrity left unflagged
    flagged: tuple[TestRef, ...]  # covering tests test integrity flagged
    missing_created: tuple[str, ...]  # ``Created <path>`` criteria with no file at HEAD
    missing_named: tuple[str, ...] = ()  # other files the criteria name, missing at HEAD
    # Where it is implemented in files only commits outside the change set changed
    # (they name neither the spec nor a story of it).
    outside: tuple[Location, ...] = ()
    # The files its own commits changed when none of them is production code the tool
    # reads (tests, configuration, a language not read): the work exists, unjudged.
    unread_work: tuple[str, ...] = ()
    # For a missing named file, a file written under a name its tool reads instead
    # (``oxlint.json`` named, ``.oxlintrc.json`` written): (named, found).
    named_alike: tuple[tuple[str, str], ...] = ()


def requirement_evidence(
    req: Requirement,
    evidence: Evidence,
    flagged: set[tuple[str, int]],
    missing_created: list[str],
    missing_named: list[str] | None = None,
    outside: Evidence | None = None,
    unread_work: tuple[str, ...] = (),
    named_alike: tuple[tuple[str, str], ...] = (),
) -> RequirementEvidence:
    """The evidence of ``req``, its lists cut to the cells the report shows; ``flagged``
    holds the (file, line) of every test test integrity did not pass."""
    implementation = _strongest(evidence)
    honest = sorted(c for c in evidence.tests if (c.file, c.line) not in flagged)
    dishonest = sorted(c for c in evidence.tests if (c.file, c.line) in flagged)
    return RequirementEvidence(
        id=req.id,
        title=req.title,
        file=req.file,
        line=req.line,
        implementation=tuple(implementation[:MAX_IMPLEMENTATION_CELLS]),
        tests=tuple(TestRef(c.file, c.name, c.line) for c in honest[:MAX_TEST_CELLS]),
        flagged=tuple(TestRef(c.file, c.name, c.line) for c in dishonest[:MAX_TEST_CELLS]),
        missing_created=tuple(missing_created),
        missing_named=tuple(p for p in missing_named or () if p not in missing_created),
        outside=tuple(_strongest(outside)[:MAX_IMPLEMENTATION_CELLS]) if outside else (),
        unread_work=unread_work,
        named_alike=named_alike,
    )


def _strongest(evidence: Evidence) -> list[Location]:
    """The implementation sites of ``evidence``, strongest first, one per file."""
    hits = sorted(evidence.implementation, key=lambda h: (-h.strength, h.file, h.line))
    seen: set[str] = set()
    implementation: list[Location] = []
    for hit in hits:
        if hit.file not in seen:
            seen.add(hit.file)
            implementation.append(Location(hit.file, hit.line))
    return implementation
