"""Baseline subtraction: a finding already present at BASE is ``pre_existing``.

The same detector runs over the BASE version of the file; a finding matches when its
kind, rule, symbol and message (which quotes the offending text) are the same. Lines are
not compared: code above the finding may have moved it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..extractors.facts import FileFacts
from .context import AnalysisContext
from .findings import Finding


def baseline_key(f: Finding) -> tuple[str, str, str, str]:
    """What identifies a finding across versions: not its line, which moves."""
    return (f.kind, f.rule, f.symbol, " ".join(f.message.split()))


def compare_with_base(ctx: AnalysisContext) -> bool:
    """Whether findings present at BASE are marked pre-existing (DESIGN §3: with --all only
    when --base was given)."""
    return ctx.change_set.source != "all" or ctx.change_set.base_rule.startswith("--base")


def subtract_base(
    found: list[Finding],
    base: FileFacts | None,
    detect: Callable[[FileFacts], list[Finding]],
) -> list[Finding]:
    """``found`` with every finding that ``detect`` also reports at BASE marked pre-existing."""
    if base is None or not found:
        return found
    before = {baseline_key(f) for f in detect(base)}
    return [replace(f, pre_existing=True) if baseline_key(f) in before else f for f in found]
