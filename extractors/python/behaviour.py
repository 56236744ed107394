"""Python behaviour facts: runtime patches, equality hooks, state flips (runner probes are
``probes``; what a function and a return look like is the adapter's, ``adapter.py``).

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
from ..common.walk import enclosing, inside, mentions
from ..facts import Fact
from ..facts.impl import EqualityOverride, OverrideReturn, StateFlip
from .adapter import BEHAVIOUR, FUNCTIONS, NAMES, NESTED
from .model import PythonModel, qualname

_EQUALITY_HOOKS = frozenset({"__eq__", "__ne__", "__int__", "__float__", "__index__"})


def runtime_patches(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Assignments to an attribute of an imported module or class (``time.time = f``), and
    ``setattr``/``mock.patch``/``freeze_time`` calls (``common/patches.py``)."""

    def written(left: ts.Node) -> str:
        text = T.squash(left)
        if left.type != "attribute" or text.split(".", 1)[0] not in model.qualified:
            return ""
        return model.resolve(text)

    return patches.runtime_patches(
        source, caps, BEHAVIOUR, written, lambda node: _call_target(model, node)
    )


def _call_target(model: PythonModel, node: ts.Node) -> str:
    """``setattr(time, "time", f)``, ``mock.patch("time.time", ...)``, ``freeze_time(...)``:
    the target replaced, or the patching function itself when it names none."""
    function = model.resolve(T.squash(node.child_by_field_name("function")))
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    if function in ("setattr", "builtins.setattr") and len(values) == 3:
        owner, name = T.squash(values[0]), py_literal(values[1])
        if owner.split(".", 1)[0] in model.qualified and name and name.startswith("s:"):
            return f"{model.resolve(owner)}.{name[2:]}"
    elif function.endswith(("mock.patch", "mock.patch.object")) and values:
        named = py_literal(values[0])
        if function.endswith("object") and len(values) >= 2:
            attribute = py_literal(values[1])
            if attribute and attribute.startswith("s:"):
                return f"{model.resolve(T.squash(values[0]))}.{attribute[2:]}"
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


def _owner(definition: ts.Node) -> str:
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
        owner = _owner(fn)
        if name not in _EQUALITY_HOOKS or not owner:
            continue
        body = fn.child_by_field_name("body")
        returns = value_returns(body, BEHAVIOUR)
        found.append(
            EqualityOverride(
                file=source.path,
                line=T.line_of(fn),
                symbol=f"{source.path}::{qualname(fn)}",
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
        owner = _owner(node)
        if T.text(left) not in _EQUALITY_HOOKS or not owner:
            continue
        found.append(
            EqualityOverride(
                file=source.path,
                line=T.line_of(node),
                symbol=f"{source.path}::{owner}.{T.text(left)}",
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


def _reads(node: ts.Node | None, name: str) -> bool:
    """Whether ``node`` reads the state ``name`` (a name, or a dotted class attribute)."""
    if "." not in name:
        return mentions(node, name, NAMES)
    if node is None:
        return False
    return any(n.type == "attribute" and T.squash(n) == name for n in [node, *inside(node, NESTED)])


def _write_kind(statement: ts.Node, name: str) -> str:
    if statement.type == "augmented_assignment":
        return "augment"
    right = statement.child_by_field_name("right")
    if py_literal(right) is not None:
        return "literal"
    if right is not None and right.type == "not_operator" and _reads(right, name):
        return "negate"
    return "other"


def _guarded_returns(body: ts.Node, name: str) -> list[tuple[ts.Node, ts.Node, list[ts.Node]]]:
    """(condition's statement, ``return``, values it may hand back) of every ``return
    <value>`` under an ``if`` condition, or a returned conditional expression, on ``name``."""
    found: list[tuple[ts.Node, ts.Node, list[ts.Node]]] = []
    for node in inside(body, NESTED):
        if node.type in ("if_statement", "elif_clause"):
            if _reads(node.child_by_field_name("condition"), name):
                consequence = node.child_by_field_name("consequence")
                for ret in value_returns(consequence, BEHAVIOUR)[:1]:
                    value = returned_value(ret)
                    found.append((node, ret, [value] if value is not None else []))
        elif node.type == "return_statement":
            value = returned_value(node)
            if value is not None and value.type == "conditional_expression":
                parts = value.named_children
                if len(parts) == 3 and _reads(parts[1], name):
                    found.append((node, node, [parts[0], parts[2]]))
    return found


def _returned_by_outer(fn: ts.Node) -> bool:
    """Whether the function around ``fn`` hands it out (``return inner``): a factory whose
    closure state outlives each call of the inner function."""
    outer = enclosing(fn, FUNCTIONS)
    name = T.text(fn.child_by_field_name("name"))
    if outer is None:
        return False
    returns = value_returns(outer.child_by_field_name("body"), BEHAVIOUR)
    return any(_hands_out(returned_value(r), name) for r in returns)


def _hands_out(value: ts.Node | None, name: str) -> bool:
    """Whether a returned value is the function ``name`` itself, or holds it uncalled."""
    if value is None:
        return False
    if value.type == "identifier":
        return T.text(value) == name
    if value.type in ("tuple", "list", "expression_list", "dictionary", "pair"):
        return any(_hands_out(c, name) for c in value.named_children)
    return False


def _class_prefixes(fn: ts.Node) -> tuple[str, ...]:
    """How a method names its class's attributes: ``Owner.``, ``cls.``, ``type(self).``."""
    owner = _owner(fn)
    if not owner:
        return ()
    return (f"{owner}.", "cls.", "type(self).", "self.__class__.")


def _module_names(fn: ts.Node) -> set[str]:
    """The names the module binds at its top level (``calls = itertools.count()``)."""
    root = fn
    while root.parent is not None:
        root = root.parent
    names: set[str] = set()
    for statement in root.named_children:
        inner = statement.named_children[0] if statement.named_children else None
        if statement.type == "expression_statement" and inner and inner.type == "assignment":
            left = inner.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                names.add(T.text(left))
    return names


def _advanced(fn: ts.Node, own: list[ts.Node]) -> list[tuple[str, list[str]]]:
    """Module-level iterators ``fn`` advances with ``next(name)`` (``itertools.count()``, a
    generator): each with the names carrying its value, itself and the locals bound from
    it (``n = next(calls)``); the iterator's position is state outliving every call."""
    module = _module_names(fn)
    bound = {
        T.text(left)
        for n in own
        if n.type == "assignment" and (left := n.child_by_field_name("left")) is not None
    }
    params = fn.child_by_field_name("parameters")
    bound |= {
        T.text(p) for p in (params.named_children if params else []) if p.type == "identifier"
    }
    advanced: dict[str, list[str]] = {}
    for n in own:
        if n.type != "call" or T.text(n.child_by_field_name("function")) != "next":
            continue
        args = n.child_by_field_name("arguments")
        first = args.named_children[0] if args is not None and args.named_children else None
        if first is None or first.type != "identifier":
            continue
        name = T.text(first)
        if name in module and name not in bound:
            advanced.setdefault(name, [name])
    for n in own:
        left = n.child_by_field_name("left") if n.type == "assignment" else None
        right = n.child_by_field_name("right") if left is not None else None
        for name, carriers in advanced.items():
            if left is not None and left.type == "identifier" and _reads(right, name):
                carriers.append(T.text(left))
    return sorted(advanced.items())


def _state_names(fn: ts.Node, own: list[ts.Node]) -> list[str]:
    """Names of state that outlives a call of ``fn``: ``global`` names, ``nonlocal`` names
    of a function its factory returns, and attributes of its class."""
    names: set[str] = set()
    factory = _returned_by_outer(fn)
    for n in own:
        if n.type == "global_statement" or (n.type == "nonlocal_statement" and factory):
            names |= {T.text(c) for c in n.named_children if c.type == "identifier"}
    prefixes = _class_prefixes(fn)
    for n in own:
        left = n.child_by_field_name("left") if n.type.endswith("assignment") else None
        if prefixes and left is not None and left.type == "attribute":
            text = T.squash(left)
            if text.startswith(prefixes) and text.count(".") == 1 + text.startswith("self.__"):
                names.add(text)
    return sorted(names)


def _state_kinds(fn: ts.Node) -> dict[str, list[str]]:
    """State outliving a call of ``fn`` that it writes, with how each write rebinds it."""
    body = fn.child_by_field_name("body")
    own = list(inside(body, NESTED)) if body is not None else []
    kinds: dict[str, list[str]] = {}
    for name in _state_names(fn, own):
        writes = [
            _write_kind(n, name)
            for n in own
            if n.type in ("assignment", "augmented_assignment")
            and T.squash(n.child_by_field_name("left")) == name
        ]
        if writes:
            kinds[name] = writes
    return kinds


def state_flips(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Functions that rebind state outliving their call (``global``, a factory's
    ``nonlocal``, a class attribute) and return under a condition on it. A ``nonlocal`` of
    a function nobody hands out lives no longer than one call of the function around it."""
    found: list[Fact] = []
    kinds = {fn.id: _state_kinds(fn) for fn in caps.get("function", [])}
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        if body is None:
            continue
        own = list(inside(body, NESTED))
        for name, carriers in _advanced(fn, own):
            seen: set[int] = set()
            for carrier in carriers:
                for branch, ret, values in _guarded_returns(body, carrier):
                    if branch.id in seen:
                        continue
                    seen.add(branch.id)
                    found.append(
                        StateFlip(
                            file=source.path,
                            line=T.line_of(branch),
                            symbol=f"{source.path}::{qualname(fn)}",
                            name=name,
                            write="augment",
                            returned=T.squash(returned_value(ret)),
                            returns_state=any(_reads(v, carrier) for v in values),
                            literal_return=bool(values)
                            and all(py_literal(v) is not None for v in values),
                        )
                    )
        for name, writes in sorted(kinds[fn.id].items()):
            write = "other" if "other" in writes else sorted(writes)[0]
            recomputed = any("other" in k.get(name, ()) for i, k in kinds.items() if i != fn.id)
            for branch, ret, values in _guarded_returns(body, name):
                value = returned_value(ret)
                found.append(
                    StateFlip(
                        file=source.path,
                        line=T.line_of(branch),
                        symbol=f"{source.path}::{qualname(fn)}",
                        name=name,
                        write=write,
                        returned=T.squash(value),
                        returns_state=any(_reads(v, name) for v in values),
                        literal_return=bool(values)
                        and all(py_literal(v) is not None for v in values),
                        recomputed=recomputed,
                    )
                )
    return found
