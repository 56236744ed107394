"""TR002 requirement-untested: an implementation no honest test reaches is not shown to work."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ....extractors.facts import symbol_id
from ...findings import Finding, Status
from ...trace.observed import RequirementEvidence
from .rows import RequirementTable, TraceRule, implemented


class RequirementUntested(TraceRule):
    """## What it does
    Reports a requirement that has implementing code but no honest covering
    test: no test names it, matches its terms, or imports the code that
    implements it — or every such test is flagged by test integrity. Reported as
    UNKNOWN; the LLM pass (`--llm`) may settle it with verified citations.

    ## Why is this bad?
    Untested behaviour is unverified: nothing stops it from breaking.

    ## Example
    `check_table()` implements requirement 1, and no test calls it.

    Use instead: a test that names the requirement (`test_req_1_short_table`).

    ## How to suppress
    Requirement rows are not suppressed.
    """

    id = "TR002"
    kind = "trace.untested"
    name = "requirement-untested"
    summary = "A requirement implemented but not covered by an honest test."
    severity = Status.UNKNOWN
    message = "requirement {id}: {reason}"

    def detect(
        self, facts: Iterable[RequirementEvidence], context: RequirementTable
    ) -> Iterator[Finding]:
        """UNKNOWN for an implemented requirement no unflagged test covers."""
        for seen in facts:
            if not implemented(seen) or seen.tests:
                continue
            if seen.flagged:
                names = ", ".join(symbol_id(t.file, t.name) for t in seen.flagged)
                why = f"implemented; its only covering tests are flagged by test integrity: {names}"
            else:
                why = "implemented; no test covers it"
            yield from context.decide(self, seen, status=self.severity, reason=why)
