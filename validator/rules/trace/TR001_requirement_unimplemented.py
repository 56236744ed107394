"""TR001 requirement-unimplemented: a requirement no production code implements is not done."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...findings import Finding, Status
from ...trace.observed import RequirementEvidence
from .rows import RequirementTable, TraceRule


class RequirementUnimplemented(TraceRule):
    """## What it does
    Reports a requirement of the spec that no production code implements: no
    file names its id, completes one of its tasks alone, or matches its
    distinctive terms; or a criterion naming a file that is missing at HEAD
    (`Created <path>`, `migrations/0002_orders.sql`, `schema.prisma`). A
    requirement implemented only in files changed by commits that name neither
    the spec nor a story of it is UNKNOWN: that work is outside the change set.

    ## Why is this bad?
    The work claimed complete does not contain the requirement.

    ## Example
    A spec with "Requirement 3: resume from the checkpoint" and no code that
    mentions requirement 3 or checkpoints.

    Use instead: implement it, and name the requirement in a comment
    (`# Requirement 3: resume from the checkpoint`).

    ## How to suppress
    Requirement rows are not suppressed: change the spec if it is wrong.
    """

    id = "TR001"
    kind = "trace.unimplemented"
    name = "requirement-unimplemented"
    summary = "A requirement with no implementing production code."
    message = "requirement {id}: {reason}"

    def detect(
        self, facts: Iterable[RequirementEvidence], context: RequirementTable
    ) -> Iterator[Finding]:
        """FAIL for a requirement whose promised file is missing, or that no production
        code implements."""
        for seen in facts:
            if seen.missing_created:
                why = (
                    f"acceptance criterion says Created {seen.missing_created[0]}; "
                    "no such file at HEAD"
                )
            elif seen.missing_named:
                why = f"acceptance criterion names {seen.missing_named[0]}; no such file at HEAD"
            elif not seen.implementation and seen.outside:
                # Work committed under no story's name: not audited, so not called missing.
                where = seen.outside[0]
                why = (
                    f"implemented only in {where.file}:{where.line}, changed by a commit "
                    "that names neither the spec nor a story of it"
                )
                yield from context.decide(self, seen, status=Status.UNKNOWN, reason=why)
                continue
            elif not seen.implementation:
                why = f"no production code names requirement {seen.id} or matches its terms"
            else:
                continue
            yield from context.decide(self, seen, status=Status.FAIL, reason=why)
