"""The repository's own modules, as the test rules need them to tell first-party imports
from packages: its production source files and the import aliases of its JS/TS configs."""

from __future__ import annotations

import posixpath
import re

from ...extractors.facts.contracts import JsPathAlias
from ..context import AnalysisContext
from ..trace.evidence import is_test_path

_SOURCE = (".py", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
# Files that may declare import aliases: tsconfig/jsconfig, package.json (jest), runner configs.
_ALIAS_CONFIG = re.compile(
    r"^((ts|js)config[.\w-]*\.json|package\.json|jest\.config\.\w+|(vite|vitest)\.config\.\w+)$"
)


def production_files(ctx: AnalysisContext) -> frozenset[str]:
    """Source files at HEAD that are not tests."""
    return frozenset(p for p in ctx.facts.files() if p.endswith(_SOURCE) and not is_test_path(p))


def path_aliases(ctx: AnalysisContext) -> tuple[JsPathAlias, ...]:
    """Every import alias the repository's JS/TS configs declare, in file order."""
    found: list[JsPathAlias] = []
    for path in ctx.facts.files():
        if not _ALIAS_CONFIG.match(posixpath.basename(path)):
            continue
        facts = ctx.facts.head(path)
        if facts is not None:
            found.extend(facts.of_type(JsPathAlias))
    return tuple(found)
