"""Scope fences: changed files outside the spec's declared scope (``scope.*`` rules).

Where the scope comes from, first found wins: the stories' ``scope[]`` globs of
a ralph-loop ``prd.json``; a ``scope.txt`` in the spec folder (one glob a line,
``#`` comments); ``scope = [...]`` in the configuration. Globs are
gitignore-style and ``!pattern`` excludes, as in ralph-loop. Files of the spec
folder itself are always in scope (ticking tasks is part of the work). No
scope declared: nothing to check. The matching lives in ``validator/rules/scope/``.
"""

from __future__ import annotations

from ..context import AnalysisContext, CheckOutput
from ..rules import rules_of


class ScopeCheck:
    """Every changed file must match the declared scope."""

    name = "scope"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """The findings of the scope rules over the change set."""
        out = CheckOutput()
        for rule in rules_of("scope"):
            out.findings.extend(rule.detect(ctx.change_set.files, ctx))
        return out
