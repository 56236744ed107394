"""SC001 out-of-scope: a change outside the declared scope is work nobody asked for."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pathspec

from ...context import AnalysisContext
from ...findings import Finding
from ...report.model import Location
from ..rule import Rule


class OutOfScope(Rule[Sequence[str], AnalysisContext]):
    """## What it does
    Reports a changed file outside the spec's declared scope: the `scope[]`
    globs of a ralph-loop `prd.json` story (`!` excludes), a `scope.txt` in the
    spec folder, or `scope` in the configuration.

    ## Why is this bad?
    Changes outside the fence are unreviewed side effects of the goal.

    ## Example
    A story scoped to `src/parser/**` whose commits also edit `deploy/prod.yaml`.

    Use instead: revert the file, or widen the scope in the spec.

    ## How to suppress
    Widen the scope; scope findings are not suppressed inline.
    """

    id = "SC001"
    kind = "scope.out-of-scope"
    name = "out-of-scope"
    summary = "A file changed outside the spec's declared scope."
    message = "changed outside the scope declared in {source}"

    def detect(self, facts: Sequence[str], context: AnalysisContext) -> Iterator[Finding]:
        """Changed paths (``facts``) the declared scope does not match; the spec's own
        folder and task file are always in scope. No scope declared: nothing."""
        found = declared_scope(context)
        if found is None:
            return
        globs, source = found
        fence = pathspec.PathSpec.from_lines("gitignore", globs)
        spec = context.spec
        spec_prefix = spec.path.rstrip("/") + "/" if spec and spec.path != "." else None
        for path in facts:
            if spec_prefix and path.startswith(spec_prefix):
                continue
            if spec is not None and path == spec.tasks_file:
                continue
            if not fence.match_file(path):
                yield self.finding(Location(path, 1), source=source)


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
