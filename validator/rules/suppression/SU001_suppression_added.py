"""SU001 suppression-added: a suppression the change set added is reported, not obeyed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType

from ...context import AnalysisContext
from ...findings import Finding, Status
from ..rule import Rule
from .common import Site, SuppressionSites, added

# Lines coverage tools themselves list as never worth measuring: excluding them hides nothing.
_CONVENTIONAL = re.compile(
    r"^if\s+(?:__name__\s*==\s*(?P<q>[\"'])__main__(?P=q)|(?:typing\.)?TYPE_CHECKING)\s*:"
)


class SuppressionAdded(Rule[SuppressionSites, AnalysisContext]):
    """## What it does
    Reports every suppression the change set added, at its line:

    - an inline `ralph-validate: ignore[<id or kind>] <reason>` directive (in a `#`,
      `//` or `/* */` comment) whose text is new in its file — compared with the
      file at BASE by text, not by line, so code that merely moved keeps its
      directive; a directive that names SU001 or `suppression.added` counts too;
    - an entry added to the `exclude` or `ignore` list of `[tool.ralph-validate]`
      (or `.ralph-validate.toml`), at the entry's line;
    - a coverage pragma that takes code out of measured coverage:
      `# pragma: no cover`, `/* istanbul ignore next */` (also `if`, `else`,
      `file`), `/* c8 ignore next */`, `/* c8 ignore start */`, `v8 ignore`,
      `node:coverage ignore next`. They belong here because they lower what a
      coverage threshold measures without touching the threshold, the bypass of
      the check that coverage thresholds were not lowered
      (`test.config-weakened`). Only the lines coverage tools
      themselves exclude by convention are exempt: `if __name__ == "__main__":`
      and `if TYPE_CHECKING:`.

    The suppressed finding stays hidden, as its author asked; the suppression is
    what fails. Linters' own comments (`noqa`, `eslint-disable`, `type: ignore`,
    `@ts-expect-error`) are not this tool's suppressions and are not reported.
    Directives without a reason do not take effect and are not counted. Without a
    BASE to compare with (`--all` without `--base`, settings at BASE unreadable)
    every suppression in effect is UNKNOWN and the report's header says why.

    ## Why is this bad?
    A suppression added by the same change that causes the finding is the agent
    marking its own work as fine: the check goes quiet and the problem stays.

    ## Example
    ```python
    MAX_RETRIES = 99999  # ralph-validate: ignore[placeholder.sentinel] fine for now
    ```

    Use instead: fix what the finding points at (`MAX_RETRIES = 5`), or have a
    person add the suppression in a change of its own, where it is reviewed.

    ## How to suppress
    It cannot be suppressed in the change set that adds the suppression: no inline
    directive and no settings entry written by that change turns it off. Settings
    that were already at BASE (`ignore = ["SU001"]`) do.
    """

    id = "SU001"
    kind = "suppression.added"
    name = "suppression-added"
    summary = "An inline suppression, settings ignore/exclude entry or coverage pragma was added."
    message = MappingProxyType(
        {
            "inline": "suppression added in the change set: {what}",
            "config": "settings entry added in the change set: {what}",
            "coverage": "coverage exclusion added in the change set: {what}",
            "unknown": "suppression in effect, not compared with BASE ({why}): {what}",
        }
    )

    def detect(self, facts: SuppressionSites, context: AnalysisContext) -> Iterator[Finding]:
        """The sites of HEAD that BASE does not have; every site when BASE is missing."""
        if facts.base is None:
            for site in sorted(facts.head, key=lambda s: (s.file, s.line, s.identity)):
                if not _conventional(site):
                    yield self.finding(
                        site,
                        variant="unknown",
                        status=Status.UNKNOWN,
                        why=facts.missing,
                        what=site.label,
                    )
            return
        for site in added(facts.head, facts.base):
            if not _conventional(site):
                yield self.finding(site, variant=site.origin, what=site.label)


def _conventional(site: Site) -> bool:
    """A coverage pragma on a line coverage tools exclude anyway."""
    return site.origin == "coverage" and bool(_CONVENTIONAL.match(site.code))
