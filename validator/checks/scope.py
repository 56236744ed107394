"""Scope fences: changed files outside the spec's declared scope (``scope.out-of-scope``).

Where the scope comes from, first found wins: the stories' ``scope[]`` globs of
a ralph-loop ``prd.json``; a ``scope.txt`` in the spec folder (one glob a line,
``#`` comments); ``scope = [...]`` in the configuration. Globs are
gitignore-style and ``!pattern`` excludes, as in ralph-loop. Files of the spec
folder itself are always in scope (ticking tasks is part of the work). No
scope declared: nothing to check.
"""

from __future__ import annotations

from pathlib import Path

import pathspec

from ..context import AnalysisContext, CheckOutput
from ..findings import Finding, Status

RULE = "SC001"


def declared_scope(ctx: AnalysisContext) -> tuple[tuple[str, ...], str] | None:
    """The scope globs and where they were declared, or None."""
    spec = ctx.spec
    if spec is not None and spec.scope:
        return spec.scope, spec.tasks_file or spec.path
    if spec is not None:
        scope_file = ctx.repo / spec.path / "scope.txt"
        if scope_file.is_file():
            lines = scope_file.read_text(encoding="utf-8", errors="replace").splitlines()
            globs = tuple(g.strip() for g in lines if g.strip() and not g.strip().startswith("#"))
            return globs, (Path(spec.path) / "scope.txt").as_posix()
    if ctx.config.scope:
        return ctx.config.scope, ctx.config.source or "configuration"
    return None


class ScopeCheck:
    """Every changed file must match the declared scope."""

    name = "scope"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """One FAIL finding per changed file outside the scope."""
        out = CheckOutput()
        found = declared_scope(ctx)
        if found is None:
            return out
        globs, source = found
        fence = pathspec.PathSpec.from_lines("gitwildmatch", globs)
        spec_prefix = ctx.spec.path.rstrip("/") + "/" if ctx.spec and ctx.spec.path != "." else None
        for path in ctx.change_set.files:
            if spec_prefix and path.startswith(spec_prefix):
                continue
            if ctx.spec is not None and path == ctx.spec.tasks_file:
                continue
            if not fence.match_file(path):
                out.findings.append(
                    Finding(
                        kind="scope.out-of-scope",
                        rule=RULE,
                        status=Status.FAIL,
                        file=path,
                        line=1,
                        message=f"changed outside the scope declared in {source}",
                    )
                )
        return out
