"""What the rules that compare a test with BASE know of the change set around it.

The structural comparison of the test file (``testdiff``), the production files of the
change set that the test file reaches through its imports, and whether the change set
changed what the spec asks for. The test-family driver builds one ``FileContext`` per
changed test file from these.
"""

from __future__ import annotations

from collections import deque

from ....core.bounded import json_loads
from ....extractors.common.languages import is_code
from ....extractors.common.modules import import_files
from ....extractors.common.paths import is_test_path
from ....extractors.facts.terms import Import
from ...context import AnalysisContext
from ...testdiff import compare_test_file, language_of
from ...testdiff.model import FileComparison
from ..rule import FileContext

# How many files an import walk from one test file visits at most: a test reaches the code
# it checks in a few hops; a walk through a whole framework says nothing more.
MAX_REACHED = 400
# Keys of a JSON spec that record progress, not what is asked for (DESIGN §4 done-states).
_PROGRESS_KEYS = frozenset({"passes", "passed", "complete", "completed", "done", "status", "state"})


def compare_sources(ctx: AnalysisContext, path: str) -> FileComparison | None:
    """The testdiff comparison of a test file's BASE and HEAD text; None when either side
    is missing or the file is not Python or TS/JS."""
    if language_of(path) is None:
        return None
    base, head = ctx.facts.base_text(path), ctx.facts.head_text(path)
    if base is None or head is None:
        return None
    comparison = compare_test_file(path, base, head)
    return None if comparison.error is not None else comparison


def _without_progress(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_progress(v) for k, v in value.items() if k not in _PROGRESS_KEYS}
    if isinstance(value, list):
        return [_without_progress(v) for v in value]
    return value


def _asks_differently(ctx: AnalysisContext, path: str) -> bool:
    """True when a changed spec file changed more than its progress marks."""
    before, after = ctx.facts.base_text(path), ctx.facts.head_text(path)
    if before is None or after is None:
        return True
    if path.endswith(".json"):
        try:
            return _without_progress(json_loads(before)) != _without_progress(json_loads(after))
        except ValueError:
            return True
    return True


def spec_changed(ctx: AnalysisContext) -> bool | None:
    """Whether the change set changed what the spec asks for (requirements, design, a
    PRD's criteria); a Markdown task list whose boxes were ticked does not count. None
    when no spec is known."""
    spec = ctx.spec
    if spec is None:
        return None
    root = spec.path.rstrip("/")
    spec_files = [p for p in ctx.change_set.files if p == root or p.startswith(root + "/")]
    for extra in (spec.requirements_file, spec.tasks_file):
        if extra and extra in ctx.change_set.files and extra not in spec_files:
            spec_files.append(extra)
    for path in sorted(spec_files):
        separate_tasks = spec.tasks_file != spec.requirements_file
        if path == spec.tasks_file and separate_tasks and not path.endswith(".json"):
            continue
        if _asks_differently(ctx, path):
            return True
    return False


class Reach:
    """Which changed production files each test file reaches through its imports."""

    def __init__(self, ctx: AnalysisContext) -> None:
        self.ctx = ctx
        self.paths = set(ctx.facts.files())
        spec_root = (ctx.spec.path.rstrip("/") + "/") if ctx.spec is not None else None
        self.changed = {
            p
            for p in ctx.change_set.files
            if language_of(p) is not None
            and not is_test_path(p)
            and not (spec_root and p.startswith(spec_root))
        }
        self._imports: dict[str, list[str]] = {}

    def _targets(self, path: str) -> list[str]:
        if path not in self._imports:
            facts = self.ctx.facts.head(path)
            found: set[str] = set()
            if facts is not None and is_code(facts.language):
                for imp in facts.of_type(Import):
                    found.update(import_files(path, imp, self.paths))
            self._imports[path] = sorted(found - {path})
        return self._imports[path]

    def changed_code(self, test_file: str) -> tuple[str, ...]:
        """The changed production files ``test_file`` imports, directly or through others."""
        if not self.changed:
            return ()
        seen = {test_file}
        queue = deque([test_file])
        while queue and len(seen) < MAX_REACHED:
            for target in self._targets(queue.popleft()):
                if target not in seen:
                    seen.add(target)
                    queue.append(target)
        return tuple(sorted(seen & self.changed))


def comparison_context(
    ctx: AnalysisContext,
    path: str,
    reach: Reach,
    asks_differently: bool | None,
    importable: frozenset[str] | None = None,
) -> FileContext:
    """The context of the rules that compare the test file ``path`` with BASE."""
    return FileContext(
        base=ctx.facts.base(path),
        comparison=compare_sources(ctx, path),
        changed_code=reach.changed_code(path),
        spec_changed=asks_differently,
        importable=importable,
    )
