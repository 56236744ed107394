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
from .model import PythonModel
from .strings import literal_string

# Markers that skip (or expect to fail) every test they are applied to.
SKIP_MARKERS = frozenset({"pytest.mark.skip", "pytest.mark.skipif", "pytest.mark.xfail"})


@dataclass(frozen=True)
class ModuleSkip:
    """One statement that skips the module's tests (or may, under its condition)."""

    how: str  # a marker of SKIP_MARKERS, "pytest.skip()" or "pytest.importorskip"
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


def _markers(model: PythonModel, value: ts.Node, statement: ts.Node) -> list[ModuleSkip]:
    items = value.named_children if value.type in ("list", "tuple") else [value]
    found: list[ModuleSkip] = []
    for item in items:
        expression = item.child_by_field_name("function") if item.type == "call" else item
        if expression is None:
            continue
        how = model.resolve_at(T.squash(expression), expression)
        if how not in SKIP_MARKERS:
            continue
        positional = _positional(item) if item.type == "call" else []
        condition = positional[0] if how != "pytest.mark.skip" and positional else None
        found.append(ModuleSkip(how, item, statement, condition))
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


def module_skips(model: PythonModel, root: ts.Node) -> list[ModuleSkip]:
    """Every statement that skips the module, in source order."""
    found: list[ModuleSkip] = []
    for statement, guard in _statements(root):
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        inner = statement.named_children[0]
        if inner.type == "assignment":
            left, value = inner.child_by_field_name("left"), inner.child_by_field_name("right")
            if value is None:
                continue
            if guard is None and left is not None and T.text(left) == "pytestmark":
                found.extend(_markers(model, value, statement))
            elif value.type == "call" and (skip := _call(model, value, statement, guard)):
                found.append(skip)
        elif inner.type == "call" and (skip := _call(model, inner, statement, guard)):
            found.append(skip)
    return found
