"""Runtime patches: production code that replaces a global, an imported module's attribute
or the clock, written once over the language's ``BehaviourSyntax``.

Which writes and calls patch what (``time.time = f``, ``jest.spyOn(Date, 'now')``,
``freeze_time``) is each language's own; this module turns them into ``RuntimePatch``
facts, with whether an assignment keeps the original in the replacement.
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..facts import Fact
from ..facts.impl import RuntimePatch
from . import treesitter as T
from .adapter import BehaviourSyntax
from .dispatch import SourceFile
from .walk import inside


def _keeps(left: ts.Node, right: ts.Node | None, syntax: BehaviourSyntax) -> bool:
    """The replacement reads what it replaces (``Date.now = () => Date.now() + 1``)."""
    written = T.squash(left)
    return right is not None and any(
        T.squash(c) == written
        for c in [right, *inside(right, syntax.nested)]
        if c.type == left.type
    )


def runtime_patches(
    source: SourceFile,
    caps: dict[str, list[ts.Node]],
    syntax: BehaviourSyntax,
    written: Callable[[ts.Node], str],
    called: Callable[[ts.Node], str],
) -> list[Fact]:
    """One fact per assignment whose target ``written`` names (from the assignment's left
    side), then per call ``called`` says patches a target; "" for neither."""
    found: list[tuple[ts.Node, str, bool]] = []
    for node in caps.get("assignment", []):
        left = node.child_by_field_name("left")
        target = written(left) if left is not None else ""
        if left is not None and target:
            found.append((node, target, _keeps(left, node.child_by_field_name("right"), syntax)))
    for node in caps.get("call", []):
        target = called(node)
        if target:
            found.append((node, target, False))
    return [
        RuntimePatch(
            file=source.path,
            line=T.line_of(node),
            symbol=syntax.symbol_at(source.path, node),
            target=target,
            keeps_original=keeps,
        )
        for node, target, keeps in found
    ]
