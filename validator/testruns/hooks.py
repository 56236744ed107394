"""Whether a conftest hook drops, may drop, or leaves one pytest item running.

The extractor lists what each hook does (``extractors/runners/conftest_hooks.py``): an
effect, and the condition on the item under which it happens. Here the condition is
decided for one item from what is known of it (its name, node id, file, markers): a hook
that removes items whose name holds ``refund`` drops ``test_refund`` and leaves
``test_total`` running; a hook that only sets environment variables or adds a marker no
expression selects drops nothing. What cannot be decided is UNKNOWN, never PASS.
"""

from __future__ import annotations

import posixpath

from ...extractors.runners.hook_conditions import Condition
from ...extractors.runners.python_files import HookDef, PyTestItem
from .model import Status


def _strings(item: PyTestItem, path: str, rootdir: str) -> dict[str, str]:
    relative = item.id[len(rootdir) + 1 :] if rootdir and item.id.startswith(rootdir) else item.id
    return {
        "name": item.name,
        "nodeid": relative,
        "path": path,
        "filename": posixpath.basename(path),
    }


def _keywords(item: PyTestItem, path: str, rootdir: str) -> frozenset[str]:
    """pytest's ``item.keywords``: the item's and its parents' names and its markers."""
    folders = path[len(rootdir) :].strip("/").split("/")[:-1]
    return frozenset({item.name, *item.classes, posixpath.basename(path), *folders, *item.markers})


def holds(condition: Condition, item: PyTestItem, path: str, rootdir: str) -> bool | None:
    """Whether ``condition`` holds for the item; None when it cannot be decided."""
    op = condition[0]
    if op == "true":
        return True
    if op == "not":
        inner = holds(condition[1], item, path, rootdir)  # type: ignore[arg-type]
        return None if inner is None else not inner
    if op in ("and", "or"):
        a = holds(condition[1], item, path, rootdir)  # type: ignore[arg-type]
        b = holds(condition[2], item, path, rootdir)  # type: ignore[arg-type]
        if op == "and":
            return False if False in (a, b) else None if None in (a, b) else True
        return True if True in (a, b) else None if None in (a, b) else False
    if op == "marker":
        return condition[1] in item.markers
    if op in ("contains", "startswith", "endswith", "equals"):
        field, literal = str(condition[1]), str(condition[2])
        if field == "keywords":
            return literal in _keywords(item, path, rootdir) if op == "contains" else None
        value = _strings(item, path, rootdir).get(field)
        if value is None or (field == "path" and op in ("startswith", "equals")):
            return None  # pytest's path is absolute: only its tail is known
        if op == "contains":
            return literal in value
        if op == "equals":
            return literal == value
        return value.startswith(literal) if op == "startswith" else value.endswith(literal)
    return None


def hook_status(
    hook: HookDef, item: PyTestItem, path: str, rootdir: str, selects_by_expression: bool
) -> Status | None:
    """DROPPED when the hook removes or skips the item, UNKNOWN when it may, None when it
    provably leaves it running (``selects_by_expression``: the run has ``-m`` or ``-k``, so
    a marker the hook adds may deselect the item)."""
    found: set[Status] = set()
    for effect in hook.effects:
        if effect.kind == "opaque":
            found.add(Status.UNKNOWN)
            continue
        applies = holds(effect.condition, item, path, rootdir)
        if applies is False:
            continue
        if effect.kind == "marks":
            if selects_by_expression:
                found.add(Status.UNKNOWN)
            continue
        found.add(Status.DROPPED if applies and not effect.guarded else Status.UNKNOWN)
    if Status.DROPPED in found:
        return Status.DROPPED
    return Status.UNKNOWN if found else None
