"""JavaScript/TypeScript state flips: functions that change state outliving their call and
return a value under a condition on it.

State that outlives a call: a module-level ``let``/``var``, a variable of a factory that
hands the function out (``return () => ...``, ``return { next() {...} }``), or a static
member of the function's class (``Counter.calls``, ``this.constructor.calls``), or a
property of the function itself (``isValid.calls``). A variable of an enclosing function
that does not hand the function out lives no longer than one call of it (an accumulator in
a loop callback), and is not recorded.

The state decides the answer when a ``return`` sits under a condition on it, or when the
returned expression compares it or tests its truth (``return calls !== 2 && ok``), read
directly or through a local bound from it (``const n = ++calls``). A returned value that
carries the state as data (``return `id-${n}` ``) decides nothing.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.bodies import returned_value, value_returns
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.walk import enclosing, inside, mentions
from ..facts import Fact
from ..facts.impl import StateFlip
from .adapter import BEHAVIOUR, FUNCTIONS, NAMES, NESTED, function_name, symbol_at
from .model import strip

_CLASSES = frozenset({"class_declaration", "class"})


def _reads(node: ts.Node | None, name: str) -> bool:
    """Whether ``node`` reads the state ``name``: a name, a dotted member (``Owner.calls``)
    or an element at a constant key (``seen[0]``)."""
    if "." not in name and "[" not in name:
        return mentions(node, name, NAMES)
    if node is None:
        return False
    return any(
        n.type in ("member_expression", "subscript_expression") and T.squash(n) == name
        for n in [node, *inside(node, NESTED)]
    )


def _declares(scope: ts.Node, name: str) -> bool:
    body = scope.child_by_field_name("body") if scope.type != "program" else scope
    if body is None:
        return False
    return any(
        n.type == "variable_declarator" and T.text(n.child_by_field_name("name")) == name
        for n in inside(body, NESTED)
    )


def _hands_out(value: ts.Node | None, fn: ts.Node) -> bool:
    """Whether a returned value is ``fn`` or holds it uncalled (by name or in an object)."""
    value = strip(value)
    if value is None:
        return False
    if value.id == fn.id:
        return True
    name = function_name(fn)
    if value.type in ("identifier", "shorthand_property_identifier"):
        return bool(name) and T.text(value) == name
    if value.type in ("object", "array", "pair"):
        return any(_hands_out(c, fn) for c in value.named_children)
    return False


def _outlives_call(fn: ts.Node, name: str) -> bool:
    """Whether the variable ``name`` fn writes outlives a call of fn: declared at module
    level, or by a factory that hands fn out."""
    outer = enclosing(fn, FUNCTIONS)
    while outer is not None and not _declares(outer, name):
        outer = enclosing(outer, FUNCTIONS)
    if outer is None:
        root = fn
        while root.parent is not None:
            root = root.parent
        return _declares(root, name)
    body = outer.child_by_field_name("body")
    if body is not None and body.type != "statement_block":
        return _hands_out(body, fn)
    return any(_hands_out(returned_value(r), fn) for r in value_returns(body, BEHAVIOUR))


def _write(n: ts.Node) -> tuple[ts.Node | None, str] | None:
    """(target, how) of a write: ``++``/``+=`` augment, a literal, a negation, or other."""
    if n.type == "update_expression":
        return n.child_by_field_name("argument"), "augment"
    if n.type == "augmented_assignment_expression":
        return n.child_by_field_name("left"), "augment"
    if n.type != "assignment_expression":
        return None
    target, right = n.child_by_field_name("left"), n.child_by_field_name("right")
    if js_literal(right) is not None:
        return target, "literal"
    if target is not None and _stepped(right, T.squash(target)):
        return target, "augment"
    negates = right is not None and right.type == "unary_expression" and T.text(right)[:1] == "!"
    if negates and target is not None and _reads(right, T.squash(target)):
        return target, "negate"
    return target, "other"


def _stepped(right: ts.Node | None, name: str) -> bool:
    """``name + 1``, ``(name || 0) + 1``, ``name - 1``: a step of the state by a number."""
    right = strip(right)
    if right is None or right.type != "binary_expression":
        return False
    if T.text(right.child_by_field_name("operator")) not in ("+", "-"):
        return False
    sides = [right.child_by_field_name("left"), right.child_by_field_name("right")]
    numbers = [s for s in sides if (js_literal(s) or "").startswith("n:")]
    return len(numbers) == 1 and any(_reads(s, name) for s in sides if s not in numbers)


def _advanced(n: ts.Node) -> str:
    """The iterator ``name`` of ``name.next()`` (a generator, a counter), "" for another node:
    advancing it changes state as ``++`` does."""
    if n.type != "call_expression":
        return ""
    callee, args = n.child_by_field_name("function"), n.child_by_field_name("arguments")
    if callee is None or callee.type != "member_expression" or (args and args.named_children):
        return ""
    target = callee.child_by_field_name("object")
    named = T.text(callee.child_by_field_name("property")) == "next"
    return T.text(target) if named and target is not None and target.type == "identifier" else ""


def _carriers(body: ts.Node, name: str) -> list[str]:
    """``name`` and the locals bound from reading or advancing it (``const n = ++calls``,
    ``const n = ticks.next().value``)."""
    found = [name]
    for n in inside(body, NESTED):
        value = n.child_by_field_name("value") if n.type == "variable_declarator" else None
        target = n.child_by_field_name("name") if value is not None else None
        advances = value is not None and any(_advanced(c) == name for c in inside(value, NESTED))
        if (advances or _reads(value, name)) and target is not None and target.type == "identifier":
            found.append(T.text(target))
    return found


def _held_root(target: ts.Node) -> str:
    """The variable whose property or constant element ``target`` is (``state.calls``,
    ``seen[0]``), "" for a name, or an element at a computed key (a cache keyed by input)."""
    node = strip(target)
    if node is None or node.type not in ("member_expression", "subscript_expression"):
        return ""
    while node is not None and node.type in ("member_expression", "subscript_expression"):
        index = node.child_by_field_name("index")
        if node.type == "subscript_expression" and js_literal(index) is None:
            return ""
        node = strip(node.child_by_field_name("object"))
    return T.text(node) if node is not None and node.type == "identifier" else ""


def _state_writes(fn: ts.Node, body: ts.Node) -> dict[str, list[str]]:
    """State outliving a call that ``fn`` writes, with how each write rebinds it."""
    own = list(inside(body, NESTED))
    local = {
        T.text(n.child_by_field_name("name"))
        for n in own
        if n.type == "variable_declarator" and n.child_by_field_name("name") is not None
    }
    params = fn.child_by_field_name("parameters") or fn.child_by_field_name("parameter")
    if params is not None:
        local |= {T.text(n) for n in [params, *inside(params, frozenset())] if n.type in NAMES}
    owner = enclosing(fn, _CLASSES)
    owner_name = T.text(owner.child_by_field_name("name")) if owner is not None else ""
    statics = tuple(p for p in (f"{owner_name}.", "this.constructor.") if owner_name)
    own_name = function_name(fn)
    statics += (f"{own_name}.",) if own_name and own_name not in local else ()
    writes: dict[str, list[str]] = {}
    for n in own:
        advanced = _advanced(n)
        if advanced and advanced not in local and _outlives_call(fn, advanced):
            writes.setdefault(advanced, []).append("augment")
        found = _write(n)
        target = found[0] if found else None
        if found is None or target is None:
            continue
        text = T.squash(target)
        variable = target.type == "identifier" and text not in local
        static = target.type == "member_expression" and bool(statics)
        root = _held_root(target)
        held = root not in ("", *local) and _outlives_call(fn, root)
        if (variable and _outlives_call(fn, text)) or (static and text.startswith(statics)) or held:
            writes.setdefault(text, []).append(found[1])
    return writes


def _guarded(node: ts.Node, name: str) -> tuple[ts.Node, list[ts.Node]] | None:
    """(``return``, values it may hand back) when ``node`` returns under a condition on
    ``name``: an ``if`` whose consequence returns, or a returned ternary."""
    if node.type == "if_statement" and _reads(node.child_by_field_name("condition"), name):
        returns = value_returns(node.child_by_field_name("consequence"), BEHAVIOUR)
        if not returns:
            return None
        value = returned_value(returns[0])
        if value is not None and value.type in NESTED:
            return None  # hands back a callback: its body answers when it is called
        return returns[0], [value] if value is not None else []
    if node.type == "return_statement":
        value = returned_value(node)
        if (
            value is not None
            and value.type == "ternary_expression"
            and _reads(value.child_by_field_name("condition"), name)
        ):
            arms = ("consequence", "alternative")
            return node, [v for a in arms if (v := value.child_by_field_name(a))]
        if value is not None and _decides(value, name):
            return node, []
    return None


_COMPARISONS = frozenset({"==", "===", "!=", "!==", "<", "<=", ">", ">="})


def _decides(value: ts.Node, name: str) -> bool:
    """Whether a returned expression compares the state ``name`` or tests its truth
    (``calls !== 2 && ok``, ``!used || ok``), rather than carrying it as data. A returned
    function (a cleanup or cancel callback) answers nothing itself: what its body
    compares is decided when it is called, not by this call."""
    if value.type in NESTED:
        return False
    for n in [value, *inside(value, NESTED)]:
        if n.type not in ("identifier", "member_expression", "subscript_expression"):
            continue
        if not _reads(n, name):
            continue
        child, parent = n, n.parent
        while child.id != value.id and parent is not None:
            operator = T.text(parent.child_by_field_name("operator"))
            if parent.type == "binary_expression" and operator in _COMPARISONS:
                return True
            truth = parent.type in ("binary_expression", "unary_expression") and child.id == n.id
            if truth and operator in ("&&", "||", "!"):
                return True
            if parent.type not in (
                "parenthesized_expression",
                "binary_expression",
                "unary_expression",
            ):
                break
            child, parent = parent, parent.parent
    return False


def state_flips(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Functions that change state outliving their call and return under a condition on it."""
    found: list[Fact] = []
    writes: dict[int, dict[str, list[str]]] = {}
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        if body is not None and body.type == "statement_block":
            writes[fn.id] = _state_writes(fn, body)
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        if body is None or body.type != "statement_block":
            continue
        for name, kinds in sorted(writes[fn.id].items()):
            recomputed = any(
                "other" in w.get(name, ()) for other, w in writes.items() if other != fn.id
            )
            write = "other" if "other" in kinds else sorted(kinds)[0]
            carriers = _carriers(body, name)
            for node in inside(body, NESTED):
                found_at = ((c, g) for c in carriers if (g := _guarded(node, c)) is not None)
                carrier, guarded = next(found_at, ("", None))
                if guarded is None:
                    continue
                ret, values = guarded
                found.append(
                    StateFlip(
                        file=source.path,
                        line=T.line_of(node),
                        symbol=symbol_at(source.path, body),
                        name=name,
                        write=write,
                        returned=T.squash(returned_value(ret)),
                        returns_state=any(_reads(v, carrier) for v in values),
                        literal_return=bool(values)
                        and all(js_literal(v) is not None for v in values),
                        recomputed=recomputed,
                    )
                )
    return found
