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
    the spec nor a story of it is UNKNOWN: that work is outside the change set. So
    is a requirement whose own commits changed only files the tool does not read as
    implementation (tests, configuration, a language it does not read), and a
    named file missing where a file of the same kind holds its name
    (`oxlint.json` named, `.oxlintrc.json` written).

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
                named = seen.missing_named[0]
                found = dict(seen.named_alike).get(named)
                if found is not None:
                    why = (
                        f"acceptance criterion names {named}; no such file at HEAD, but "
                        f"{found} may be it under another name"
                    )
                    yield from context.decide(self, seen, status=Status.UNKNOWN, reason=why)
                    continue
                why = f"acceptance criterion names {named}; no such file at HEAD"
            elif not seen.implementation and seen.outside:
                # Work committed under no story's name: not audited, so not called missing.
                where = seen.outside[0]
                why = (
                    f"implemented only in {where.file}:{where.line}, changed by a commit "
                    "that names neither the spec nor a story of it"
                )
                yield from context.decide(self, seen, status=Status.UNKNOWN, reason=why)
                continue
            elif not seen.implementation and seen.unread_work:
                # Its commits changed files, none of them code this tool reads.
                shown = ", ".join(seen.unread_work[:3])
                more = len(seen.unread_work) - 3
                why = (
                    "its own commits changed only files not read as implementation (tests, "
                    f"configuration or a language not read): {shown}"
                    + (f" and {more} more" if more > 0 else "")
                )
                yield from context.decide(self, seen, status=Status.UNKNOWN, reason=why)
                continue
            elif not seen.implementation:
                why = f"no production code names requirement {seen.id} or matches its terms"
            else:
                continue
            yield from context.decide(self, seen, status=Status.FAIL, reason=why)
