"""Python behaviour facts: runtime patches, equality hooks (state flips are ``state``,
runner probes ``probes``; what a function and a return look like is the adapter's,
``adapter.py``).

Qualified names come from the file's semantic model, so ``import time as t`` makes
``t.time`` read as ``time.time``. The readers record what the code does; the
``impl`` rules decide what of it special-cases the test run.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import patches
from ..common import treesitter as T
from ..common.bodies import return_word, returned_value, value_returns
from ..common.dispatch import SourceFile
from ..common.literals import py_literal
from ..common.type_agreement import agreeing_types
from ..common.walk import enclosing, mentions
from ..facts import Fact, symbol_id
from ..facts.impl import EqualityOverride, OverrideReturn
from .adapter import BEHAVIOUR, NAMES
from .model import PythonModel, definition_symbol

_EQUALITY_HOOKS = frozenset({"__eq__", "__ne__", "__int__", "__float__", "__index__"})


def runtime_patches(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Assignments to an attribute of an imported module or class (``time.time = f``), and
    ``setattr``/``mock.patch``/``freeze_time`` calls (``common/patches.py``)."""

    def written(left: ts.Node) -> str:
        text = T.squash(left)
        # ``time.time = f`` patches the module only where ``time`` is the import, not a
        # parameter or local of that name
        if left.type != "attribute" or not model.imported_at(text.split(".", 1)[0], left):
            return ""
        return model.resolve_at(text, left)

    return patches.runtime_patches(
        source, caps, BEHAVIOUR, written, lambda node: _call_target(model, node)
    )


def _call_target(model: PythonModel, node: ts.Node) -> str:
    """``setattr(time, "time", f)``, ``mock.patch("time.time", ...)``, ``freeze_time(...)``:
    the target replaced, or the patching function itself when it names none."""
    function = model.resolve_at(T.squash(node.child_by_field_name("function")), node)
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    if function in ("setattr", "builtins.setattr") and len(values) == 3:
        owner, name = T.squash(values[0]), py_literal(values[1])
        if model.imported_at(owner.split(".", 1)[0], values[0]) and name and name.startswith("s:"):
            return f"{model.resolve_at(owner, values[0])}.{name[2:]}"
    elif function.endswith(("mock.patch", "mock.patch.object")) and values:
        named = py_literal(values[0])
        if function.endswith("object") and len(values) >= 2:
            attribute = py_literal(values[1])
            if attribute and attribute.startswith("s:"):
                return f"{model.resolve_at(T.squash(values[0]), values[0])}.{attribute[2:]}"
        elif named and named.startswith("s:"):
            return named[2:]
    elif function.startswith(("freezegun.", "time_machine.")):
        return function
    return ""


def _return_word(value: ts.Node | None) -> OverrideReturn:
    """``return NotImplemented`` hands the comparison to the other operand."""
    word = return_word(value, BEHAVIOUR)
    if word == "other" and value is not None and value.type == "identifier":
        return "not-implemented" if T.text(value) == "NotImplemented" else word
    return word


def class_owner(definition: ts.Node) -> str:
    owner = enclosing(definition, frozenset({"class_definition", "function_definition"}))
    if owner is None or owner.type != "class_definition":
        return ""
    return T.text(owner.child_by_field_name("name"))


def equality_overrides(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Comparison and conversion hooks of a class (``__eq__``, ``__ne__``, ``__int__``, ...),
    as a method or a lambda, with what each return gives."""
    found: list[Fact] = []
    for fn in caps.get("function", []):
        name = T.text(fn.child_by_field_name("name"))
        owner = class_owner(fn)
        if name not in _EQUALITY_HOOKS or not owner:
            continue
        body = fn.child_by_field_name("body")
        returns = value_returns(body, BEHAVIOUR)
        found.append(
            EqualityOverride(
                file=source.path,
                line=T.line_of(fn),
                symbol=definition_symbol(source.path, fn),
                method=name,
                owner=owner,
                returns=tuple(_return_word(returned_value(r)) for r in returns),
                ignores_other=_ignores_other(fn, name, body, 1),
                agrees_with_types=agreeing_types(fn, _other(fn, 1), BEHAVIOUR, type_tests),
            )
        )
    for node in caps.get("assignment", []):
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or right.type != "lambda":
            continue
        owner = class_owner(node)
        if T.text(left) not in _EQUALITY_HOOKS or not owner:
            continue
        found.append(
            EqualityOverride(
                file=source.path,
                line=T.line_of(node),
                symbol=symbol_id(source.path, f"{owner}.{T.text(left)}"),
                method=T.text(left),
                owner=owner,
                returns=(_return_word(right.child_by_field_name("body")),),
                ignores_other=_ignores_other(
                    right, T.text(left), right.child_by_field_name("body"), 1
                ),
                agrees_with_types=agreeing_types(right, _other(right, 1), BEHAVIOUR, type_tests),
            )
        )
    return found


def _other(fn: ts.Node, index: int) -> str:
    """The name of the parameter at ``index`` (the object compared with), "" for none."""
    params = fn.child_by_field_name("parameters")
    names = [c for c in (params.named_children if params is not None else [])]
    return T.text(names[index]) if len(names) > index and names[index].type == "identifier" else ""


def _unparen(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    return node


def _type_names(node: ts.Node | None) -> list[str]:
    """``int`` of ``int``, ``int``/``float`` of ``(int, float)``."""
    node = _unparen(node)
    if node is None:
        return []
    if node.type == "tuple":
        return [T.text(c) for c in node.named_children if c.type != "comment"]
    return [T.text(node)]


def _is_type_of(node: ts.Node | None, other: str) -> bool:
    """``type(other)``."""
    node = _unparen(node)
    if (
        node is None
        or node.type != "call"
        or T.text(node.child_by_field_name("function")) != "type"
    ):
        return False
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    return len(values) == 1 and T.text(values[0]) == other


def type_tests(node: ts.Node | None, other: str) -> list[str]:
    """The types ``node`` is true for on a type test of ``other`` alone, itself or as a
    disjunct: ``isinstance(other, T)``, ``type(other) is T`` (``==``, ``in (T, U)``)."""
    node = _unparen(node)
    if node is None:
        return []
    if node.type == "boolean_operator" and T.text(node.child_by_field_name("operator")) == "or":
        left = type_tests(node.child_by_field_name("left"), other)
        return left + type_tests(node.child_by_field_name("right"), other)
    if node.type == "call" and T.text(node.child_by_field_name("function")) == "isinstance":
        args = node.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        if len(values) == 2 and T.text(values[0]) == other:
            return _type_names(values[1])
    if node.type == "comparison_operator":
        operands = [c for c in node.named_children if c.type != "comment"]
        operators = {T.text(c) for c in node.children if not c.is_named}
        if (
            len(operands) == 2
            and _is_type_of(operands[0], other)
            and operators <= {"is", "==", "in"}
        ):
            return _type_names(operands[1])
    return []


def _ignores_other(fn: ts.Node, name: str, body: ts.Node | None, index: int) -> bool:
    """An ``__eq__``/``__ne__`` whose body never reads the object it is compared with (the
    parameter after ``self``); ``*args`` and a missing parameter are read as reading it."""
    if name not in ("__eq__", "__ne__") or body is None:
        return False
    params = fn.child_by_field_name("parameters")
    names = [c for c in (params.named_children if params is not None else [])]
    if len(names) <= index or names[index].type != "identifier":
        return False
    return not mentions(body, T.text(names[index]), NAMES)
