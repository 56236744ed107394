"""Placeholders (DESIGN §6 ``placeholder.*``): the family driver of the ``placeholder`` rules.

The rules themselves (TODO markers, stub bodies, sentinel values) live in
``validator/rules/placeholder/``.
"""

from __future__ import annotations

from ...extractors.facts import FileFacts
from ..baseline import compare_with_base, subtract_base
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding
from ..rules import rules_of
from ..rules.rule import FileContext, FileRule


def detect_placeholders(facts: FileFacts, sentinel_names: tuple[str, ...]) -> list[Finding]:
    """Every placeholder finding of one file version."""
    context = FileContext(sentinel_names=sentinel_names)
    rules = [r for r in rules_of("placeholder") if isinstance(r, FileRule)]
    return [f for rule in rules for f in rule.detect(facts, context)]


class PlaceholderCheck:
    """TODO markers, stubs and sentinels in the files of the change set."""

    name = "placeholders"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Placeholder findings; those present at BASE are marked pre-existing."""
        out = CheckOutput()
        compare = compare_with_base(ctx)
        extra = ctx.config.sentinel_names
        for path in ctx.change_set.files:
            head = ctx.facts.head(path)
            if head is None:
                continue
            found = detect_placeholders(head, extra)
            if compare and found:
                found = subtract_base(
                    found, ctx.facts.base(path), lambda facts: detect_placeholders(facts, extra)
                )
            out.findings.extend(found)
        return out
