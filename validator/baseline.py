"""Baseline subtraction: a finding already present at BASE is ``pre_existing``.

The same detector runs over the BASE version of the file; a finding matches when its
kind, rule, symbol and message (which quotes the offending text) are the same. Lines are
not compared: code above the finding may have moved it. A finding whose enclosing class or
``describe`` was renamed matches by the test's own name, one BASE finding for one HEAD
finding, so a second copy of an old problem under a new block is still new. A finding
about a test as a whole (skipped, asserts nothing) matches by its test alone: respelling
``xit`` as ``it.skip`` does not make the skip new.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from ..core.errors import InputError
from ..extractors.facts import FileFacts
from .context import AnalysisContext
from .findings import Finding
from .rules.registry import get_rule


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
    at_base = detect(base)
    before = {baseline_key(f) for f in at_base}
    now = {baseline_key(f) for f in found}
    unmatched = Counter(_own_key(f) for f in at_base if baseline_key(f) not in now)
    same_test = Counter(_test_key(f) for f in at_base if _whole_test(f))
    result = []
    for f in found:
        if baseline_key(f) in before:
            result.append(replace(f, pre_existing=True))
        elif unmatched[_own_key(f)] > 0:
            unmatched[_own_key(f)] -= 1
            result.append(replace(f, pre_existing=True))
        elif _whole_test(f) and same_test[_test_key(f)] > 0:
            # ``xit`` at BASE, ``it.skip`` at HEAD: the test was skipped all along.
            same_test[_test_key(f)] -= 1
            result.append(replace(f, pre_existing=True))
        else:
            result.append(f)
    return result


def _whole_test(f: Finding) -> bool:
    """Whether the finding's rule speaks of its test as a whole (``Rule.whole_test``)."""
    try:
        return get_rule(f.rule).whole_test
    except InputError:
        return False


def _test_key(f: Finding) -> tuple[str, str, str]:
    """A whole-test finding's identity: its rule and test, not its text."""
    return (f.kind, f.rule, f.symbol)


def _own_key(f: Finding) -> tuple[str, str, str, str]:
    """``baseline_key`` with the symbol cut to its own name (``Class::test``, ``a > b`` -> the
    last part): what stays when the enclosing block is renamed."""
    own = f.symbol.split("::")[-1].split(" > ")[-1] if f.symbol else ""
    return (f.kind, f.rule, own, " ".join(f.message.split()))
