"""Python state flips: functions that change state outliving their call and return a value
decided by it.

State that outlives a call: a ``global`` name, a ``nonlocal`` name of a function its
factory hands out, an attribute of the function's class (``Owner.calls``, ``cls.calls``),
and, mutated in place without a rebinding, an element at a constant key or an attribute of
a module-level name (``_state["calls"]``), of a parameter's mutable default (``def f(x,
_calls=[0])``: the default is built once, when the function is defined) or of the function
itself (``is_valid.calls``). A module-level iterator the function advances (``next(calls)``)
is state too.

The state decides the answer when a ``return`` sits under a condition on it, or when the
returned expression compares it or tests its truth (``return calls != 2 and ok``), read
directly or through a local bound from it (``n = _calls[0]``). A returned value that
carries the state as data (``return f"id-{n}"``) decides nothing.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.bodies import returned_value, value_returns
from ..common.dispatch import SourceFile
from ..common.literals import py_literal
from ..common.walk import enclosing, inside, mentions
from ..facts import Fact
from ..facts.impl import StateFlip, StateWrite
from .adapter import BEHAVIOUR, FUNCTIONS, NAMES, NESTED
from .behaviour import class_owner
from .model import definition_symbol


def _reads(node: ts.Node | None, name: str) -> bool:
    """Whether ``node`` reads the state ``name``: a name, an attribute (``Owner.calls``) or
    an element at a constant key (``_calls[0]``)."""
    if "." not in name and "[" not in name:
        return mentions(node, name, NAMES)
    if node is None:
        return False
    return any(
        n.type in _PATHS and T.squash(n) == name for n in [node, *inside(node, NESTED)]
    ) or any(_got(n) == name for n in [node, *inside(node, NESTED)])


_PATHS = frozenset({"attribute", "subscript"})
_COLLECTIONS = frozenset({"list", "dictionary", "set"})


def _got(node: ts.Node) -> str:
    """``owner.name`` of ``getattr(owner, "name", default)``, "" for any other node."""
    if node.type != "call" or T.text(node.child_by_field_name("function")) != "getattr":
        return ""
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    attribute = py_literal(values[1]) if len(values) >= 2 else None
    if attribute is None or not attribute.startswith("s:"):
        return ""
    return f"{T.squash(values[0])}.{attribute[2:]}"


def _stepped(right: ts.Node | None, name: str) -> bool:
    """``name + 1``, ``getattr(f, "calls", 0) + 1``: a step of the state by a number."""
    if right is None or right.type != "binary_operator":
        return False
    if T.text(right.child_by_field_name("operator")) not in ("+", "-"):
        return False
    sides = [right.child_by_field_name("left"), right.child_by_field_name("right")]
    numbers = [s for s in sides if (py_literal(s) or "").startswith("n:")]
    return len(numbers) == 1 and any(_reads(s, name) for s in sides if s not in numbers)


def _write_kind(statement: ts.Node, name: str) -> str:
    if statement.type == "augmented_assignment":
        return "augment"
    right = statement.child_by_field_name("right")
    if py_literal(right) is not None:
        return "literal"
    if right is not None and right.type == "not_operator" and _reads(right, name):
        return "negate"
    return "augment" if _stepped(right, name) else "other"


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
                    if value is not None and value.type in NESTED:
                        continue  # hands back a callback: its body answers when called
                    found.append((node, ret, [value] if value is not None else []))
        elif node.type == "return_statement":
            value = returned_value(node)
            if value is not None and value.type == "conditional_expression":
                parts = value.named_children
                if len(parts) == 3 and _reads(parts[1], name):
                    found.append((node, node, [parts[0], parts[2]]))
                    continue
            if value is not None and _decides(value, name):
                found.append((node, node, []))
    return found


def _decides(value: ts.Node, name: str) -> bool:
    """Whether a returned expression compares the state ``name`` or tests its truth
    (``calls != 2 and ok``, ``not used or ok``), rather than carrying it as data. A returned
    function (``lambda``) answers nothing itself: what its body compares is decided when
    it is called, not by this call."""
    if value.type in NESTED:
        return False
    for n in [value, *inside(value, NESTED)]:
        if n.type not in ("identifier", *_PATHS, "call") or not _reads(n, name):
            continue
        if n.type == "call" and _got(n) != name:
            continue
        child, parent = n, n.parent
        while child.id != value.id and parent is not None:
            if parent.type == "comparison_operator":
                return True
            if parent.type in ("boolean_operator", "not_operator") and child.id == n.id:
                return True
            if parent.type not in ("parenthesized_expression", "boolean_operator", "not_operator"):
                break
            child, parent = parent, parent.parent
    return False


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
    owner = class_owner(fn)
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


def _carriers(own: list[ts.Node], name: str) -> list[str]:
    """``name`` and the locals bound from a read of it (``n = _calls[0]``)."""
    found = [name]
    for n in own:
        left = n.child_by_field_name("left") if n.type == "assignment" else None
        named = left is not None and left.type == "identifier" and T.text(left) != name
        if named and _reads(n.child_by_field_name("right"), name):
            found.append(T.text(left))
    return found


def _kept(fn: ts.Node) -> set[str]:
    """Names whose value outlives a call of ``fn`` without a ``global``: the module's
    names, the parameters with a mutable default (built once, when ``fn`` is defined),
    ``fn`` itself, and the variables of a factory that hands ``fn`` out."""
    kept = _module_names(fn) | {T.text(fn.child_by_field_name("name"))}
    params = fn.child_by_field_name("parameters")
    for p in params.named_children if params is not None else []:
        default = p.child_by_field_name("value")
        mutable = default is not None and default.type in _COLLECTIONS
        if p.type.endswith("default_parameter") and mutable:
            kept.add(T.text(p.child_by_field_name("name")))
    outer = enclosing(fn, FUNCTIONS)
    if outer is not None and _returned_by_outer(fn):
        body = outer.child_by_field_name("body")
        kept |= {
            T.text(left)
            for n in (inside(body, NESTED) if body is not None else ())
            if n.type == "assignment"
            and (left := n.child_by_field_name("left")) is not None
            and left.type == "identifier"
        }
    return kept


def _in_place(fn: ts.Node, own: list[ts.Node]) -> set[str]:
    """State ``fn`` changes in place: an attribute or an element at a constant key of a
    name that outlives its call (``_calls[0] += 1``, ``is_valid.calls = ...``), not of a
    name it binds itself."""
    params = fn.child_by_field_name("parameters")
    local = {
        T.text(left)
        for n in own
        if n.type == "assignment" and (left := n.child_by_field_name("left")) is not None
    } | {T.text(p) for p in (params.named_children if params else []) if p.type == "identifier"}
    kept = _kept(fn) - local
    found: set[str] = set()
    for n in own:
        left = n.child_by_field_name("left") if n.type.endswith("assignment") else None
        root = left
        while root is not None and root.type in _PATHS:
            if (
                root.type == "subscript"
                and py_literal(root.child_by_field_name("subscript")) is None
            ):
                break
            root = root.child_by_field_name("object" if root.type == "attribute" else "value")
        held = root is not None and root.type == "identifier" and T.text(root) in kept
        if left is not None and left.type in _PATHS and held:
            found.add(T.squash(left))
    return found


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
    return sorted(names | _in_place(fn, own))


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


def _flips(
    source: SourceFile,
    fn: ts.Node,
    name: str,
    carriers: list[str],
    write: StateWrite,
    recomputed: bool,
) -> list[StateFlip]:
    """One flip per branch of ``fn`` that returns under a condition on the state ``name``
    (read directly or through one of its ``carriers``)."""
    body = fn.child_by_field_name("body")
    seen: set[int] = set()
    found: list[StateFlip] = []
    for carrier in carriers:
        for branch, ret, values in _guarded_returns(body, carrier) if body else []:
            if branch.id in seen:
                continue
            seen.add(branch.id)
            found.append(
                StateFlip(
                    file=source.path,
                    line=T.line_of(branch),
                    symbol=definition_symbol(source.path, fn),
                    name=name,
                    write=write,
                    returned=T.squash(returned_value(ret)),
                    returns_state=any(_reads(v, carrier) for v in values),
                    literal_return=bool(values) and all(py_literal(v) is not None for v in values),
                    recomputed=recomputed,
                )
            )
    return found


def state_flips(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Functions that change state outliving their call (``global``, a factory's
    ``nonlocal``, a class attribute, in place: a mutable default, a function attribute) and
    return a value it decides. A ``nonlocal`` of a function nobody hands out lives no longer
    than one call of the function around it."""
    found: list[Fact] = []
    kinds = {fn.id: _state_kinds(fn) for fn in caps.get("function", [])}
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        if body is None:
            continue
        own = list(inside(body, NESTED))
        for name, carriers in _advanced(fn, own):
            found.extend(_flips(source, fn, name, carriers, "augment", False))
        for name, writes in sorted(kinds[fn.id].items()):
            write = "other" if "other" in writes else sorted(writes)[0]
            recomputed = any("other" in k.get(name, ()) for i, k in kinds.items() if i != fn.id)
            found.extend(_flips(source, fn, name, _carriers(own, name), write, recomputed))
    return found
