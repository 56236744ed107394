"""The rules that compare with BASE, when there is no BASE: one UNKNOWN row each.

``--all`` without ``--base`` audits every file with no BASE to compare with (DESIGN §3).
A rule that reads BASE (``Rule.reads_base``: weakened tests, edited expectations, removed
tests, a weakened test run) cannot say PASS then, and staying silent would read as one:
each gives one UNKNOWN finding, its ``no-base`` message naming why, at the repository
itself. With ``--base`` (or any other change set) this check says nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...extractors.facts import symbol_id
from ..baseline import compare_with_base
from ..context import AnalysisContext, CheckOutput
from ..findings import Status
from ..rules import all_rules

REPOSITORY = "."
WHY = "--all without --base"


@dataclass(frozen=True)
class _Repository:
    """Where a finding about the whole repository points: its root, line 1."""

    file: str = REPOSITORY
    line: int = 1


class BaseMissingCheck:
    """One UNKNOWN finding per rule that needs BASE, when BASE was not given."""

    name = "base-missing"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """The UNKNOWN findings of ``--all`` without ``--base``; nothing otherwise."""
        out = CheckOutput()
        if compare_with_base(ctx):
            return out
        at = _Repository()
        for rule in sorted(all_rules(), key=lambda r: r.id):
            if rule.reads_base:
                out.findings.append(
                    rule.finding(
                        at,
                        variant="no-base",
                        status=Status.UNKNOWN,
                        symbol=symbol_id(REPOSITORY, f"{rule.kind} since BASE"),
                        why=WHY,
                    )
                )
        return out
