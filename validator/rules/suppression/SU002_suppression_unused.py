"""SU002 suppression-unused: a suppression that hid nothing is stale."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from types import MappingProxyType

from ...context import AnalysisContext
from ...findings import Finding, Status
from ..rule import Rule
from .common import SuppressionSites, added, names_ours


class SuppressionUnused(Rule[SuppressionSites, AnalysisContext]):
    """## What it does
    Reports an inline `ralph-validate: ignore[...]` directive, or an `ignore`
    entry of the settings, that hid no finding in this audit, at its line. The
    cell is UNKNOWN: a stale suppression hides nothing today, but it will hide the
    next finding of its rule at that place without anyone deciding so. A
    suppression already at BASE is reported as pre-existing (listed, not a cell
    of this change). `exclude` globs are listed with whether they kept a file out
    of the audit, but not reported: keeping generated or vendored paths out is
    their job whether or not such a file exists today. A directive that names no
    rule id or kind of this tool (`ignore[E501]`, another linter's code) can
    never hide a finding, and its message says so.

    ## Why is this bad?
    Suppressions outlive the code they were written for; each one left behind is a
    blind spot waiting for a new problem.

    ## Example
    ```python
    # ralph-validate: ignore[placeholder.todo] tracked in the issue tracker
    def total(prices):
        return sum(prices)
    ```

    Use instead: delete the directive (the TODO it excused is gone).

    ## How to suppress
    Remove the stale suppression; it cannot be suppressed in the change set.
    """

    id = "SU002"
    kind = "suppression.unused"
    name = "suppression-unused"
    summary = "An inline suppression or settings ignore entry hid no finding."
    severity = Status.UNKNOWN
    message = MappingProxyType(
        {
            "unused": "suppression hid no finding in this audit: {what}",
            "foreign": "suppression names no rule id or kind of ralph-validate ({names}), so "
            "it can hide no finding: {what}",
        }
    )

    def detect(self, facts: SuppressionSites, context: AnalysisContext) -> Iterator[Finding]:
        """Unused directives and ignore entries; those at BASE are pre-existing."""
        stale = [
            s for s in facts.head if s.used is False and (s.origin == "inline" or s.key == "ignore")
        ]
        new = set(added(stale, facts.base)) if facts.base is not None else set(stale)
        for site in sorted(stale, key=lambda s: (s.file, s.line, s.identity)):
            if site.names and not names_ours(site.names):
                finding = self.finding(
                    site, variant="foreign", names=", ".join(site.names), what=site.label
                )
            else:
                finding = self.finding(site, variant="unused", what=site.label)
            yield finding if site in new else replace(finding, pre_existing=True)
