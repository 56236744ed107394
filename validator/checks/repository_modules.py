"""The repository's own modules, as the test rules need them to tell first-party imports
from packages: its production source files and the import aliases of its JS/TS configs."""

from __future__ import annotations

from ...extractors.common.paths import is_source_path, is_test_path, may_declare_aliases
from ...extractors.facts.contracts import JsPathAlias
from ..context import AnalysisContext


def production_files(ctx: AnalysisContext) -> frozenset[str]:
    """Source files at HEAD that are not tests."""
    return frozenset(p for p in ctx.facts.files() if is_source_path(p) and not is_test_path(p))


def path_aliases(ctx: AnalysisContext) -> tuple[JsPathAlias, ...]:
    """Every import alias the repository's JS/TS configs declare, in file order."""
    found: list[JsPathAlias] = []
    for path in ctx.facts.files():
        if not may_declare_aliases(path):
            continue
        facts = ctx.facts.head(path)
        if facts is not None:
            found.extend(facts.of_type(JsPathAlias))
    return tuple(found)
