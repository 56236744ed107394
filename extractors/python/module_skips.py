"""What skips a whole Python test module, read once for every concern: the integrity facts
(``Skip`` with scope ``module``) and the runs model (a file none of whose tests runs).

- ``pytestmark = pytest.mark.skip(...)``, ``pytest.mark.skipif(cond, ...)``, or a list or
  tuple of markers holding one;
- ``pytest.skip(..., allow_module_level=True)`` at module level, or under a module-level
  ``if`` (then its condition decides);
- ``pytest.importorskip("pkg")`` at module level, its module kept in a name or not.

Names are resolved through the module's imports (``from pytest import mark as m``).
"""

from __future__ import annotations

from dataclasses import dataclass

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from .collected import SKIP_MARKS, marks_of
from .model import PythonModel
from .strings import literal_string


@dataclass(frozen=True)
class ModuleSkip:
    """One statement that skips the module's tests (or may, under its condition)."""

    how: str  # a pytest mark of ``collected.SKIP_MARKS``, "pytest.skip()" or "pytest.importorskip"
    node: ts.Node  # the marker expression or the call
    statement: ts.Node  # the module-level statement (an ``if`` around it counts as its own)
    condition: ts.Node | None  # a marker's condition, or the condition of the ``if`` around it
    reason: str = ""

    @property
    def always(self) -> bool:
        """It skips wherever the module is collected: no condition, not an import probe."""
        return self.condition is None and self.how in ("pytest.mark.skip", "pytest.skip()")


def _statements(root: ts.Node) -> list[tuple[ts.Node, ts.Node | None]]:
    """Module-level statements, and those of a module-level ``if`` with its condition."""
    found: list[tuple[ts.Node, ts.Node | None]] = []
    for statement in root.named_children:
        if statement.type == "if_statement":
            body = statement.child_by_field_name("consequence")
            condition = statement.child_by_field_name("condition")
            found.extend((s, condition) for s in (body.named_children if body else []))
        else:
            found.append((statement, None))
    return found


def _positional(call: ts.Node) -> list[ts.Node]:
    args = call.child_by_field_name("arguments")
    return [a for a in (args.named_children if args else []) if a.type != "keyword_argument"]


def _markers(source: SourceFile, statement: ts.Node) -> list[ModuleSkip]:
    found: list[ModuleSkip] = []
    for mark in marks_of(source, source.tree.root_node):
        if mark.anchor.id != statement.id or mark.name not in SKIP_MARKS or not mark.marker:
            continue
        positional = _positional(mark.call) if mark.call is not None else []
        condition = positional[0] if mark.name != "pytest.mark.skip" and positional else None
        found.append(ModuleSkip(mark.name, mark.written, statement, condition))
    return found


def _call(
    model: PythonModel, call: ts.Node, statement: ts.Node, guard: ts.Node | None
) -> ModuleSkip | None:
    function = call.child_by_field_name("function")
    if function is None:
        return None
    how = model.resolve_at(T.squash(function), function)
    if how == "pytest.importorskip":
        return ModuleSkip(how, call, statement, guard)
    if how != "pytest.skip":
        return None
    reason = next((literal_string(a) or "" for a in _positional(call) if a.type == "string"), "")
    return ModuleSkip("pytest.skip()", call, statement, guard, reason)


def module_skips(source: SourceFile) -> list[ModuleSkip]:
    """Every statement that skips the module, in source order."""
    model, found = source.model(PythonModel), list[ModuleSkip]()
    for statement, guard in _statements(source.tree.root_node):
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        inner = statement.named_children[0]
        if inner.type == "assignment":
            left, value = inner.child_by_field_name("left"), inner.child_by_field_name("right")
            if value is None:
                continue
            if guard is None and left is not None and T.text(left) == "pytestmark":
                found.extend(_markers(source, statement))
            elif value.type == "call" and (skip := _call(model, value, statement, guard)):
                found.append(skip)
        elif inner.type == "call" and (skip := _call(model, inner, statement, guard)):
            found.append(skip)
    return found
