"""Which modules the tests of HEAD can import where CI runs them (``pytest.importorskip``
of a module no dependency manifest declares skips its tests there)."""

from __future__ import annotations

from ...extractors.runners.dependencies import importable_modules
from ..context import AnalysisContext
from .testruns import revision_view, worktree_view


def importable(ctx: AnalysisContext) -> frozenset[str]:
    """The ``module_key``s of the modules HEAD's test environment can import."""
    git = ctx.facts.git
    change = ctx.change_set
    view = worktree_view(git) if change.include_dirty else revision_view(git, change.head)
    return importable_modules(view)
