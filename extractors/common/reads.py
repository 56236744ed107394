"""Field reads on a bound value: member chains, subscripts, ``.get("k")``, guards, escapes.

Given the name a value was bound to and the function body it lives in, every
later use of the name is either a read of a field path (``order.details.passed``,
``order["details"].get("passed")``) or an escape (returned, passed to a call,
stored, spread): an escaped value may be read by code we do not see. Whether a read is
guarded against an absent field is ``guards``.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

import tree_sitter as ts

from ..facts.contracts import Read
from ..javascript.patterns import destructured_reads, pattern_names
from . import treesitter as T
from .adapter import CodeSyntax
from .guards import DEFAULT, guard_texts, guarded_segments, in_condition, local_use, tolerance


@dataclass
class Uses:
    """What the code does with one bound value."""

    reads: list[Read]
    escapes: bool = False


def enclosing_scope(node: ts.Node, syntax: CodeSyntax) -> ts.Node:
    """The function (or module) body a node belongs to."""
    kinds = syntax.functions
    current = node.parent
    while current is not None:
        if current.type in kinds:
            return current
        current = current.parent
    return _root(node)


def _root(node: ts.Node) -> ts.Node:
    while node.parent is not None:
        node = node.parent
    return node


class Identifiers:
    """Every identifier of a file by name, in source order (one query pass, no tree walks)."""

    def __init__(self, nodes: list[ts.Node]) -> None:
        self._by_name: dict[bytes, list[ts.Node]] = {}
        for node in nodes:
            self._by_name.setdefault(node.text or b"", []).append(node)
        self._starts = {k: [n.start_byte for n in v] for k, v in self._by_name.items()}

    def within(self, name: str, start: int, end: int) -> list[ts.Node]:
        """Identifiers spelling ``name`` that start in [start, end)."""
        key = name.encode()
        nodes = self._by_name.get(key, [])
        starts = self._starts.get(key, [])
        return nodes[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]


def is_call_target(node: ts.Node, syntax: CodeSyntax) -> bool:
    """True when ``node`` is the function a call calls (``r.json`` of ``r.json()``)."""
    parent = node.parent
    kind = syntax.call
    return (
        parent is not None
        and parent.type == kind
        and parent.child_by_field_name("function") == node
    )


def destructured(pattern: ts.Node) -> Uses:
    """The reads of ``const {a, b: {c}} = value``: each key path read off the value, guarded
    where a default stands in for a missing key; a ``...rest`` or computed key keeps the rest."""
    bounds, escapes = destructured_reads(pattern)
    reads = [
        Read(
            b.read,
            T.line_of(b.entry or b.name),
            T.text(b.entry or b.name),
            guarded=len(b.read) if len(b.read) in b.defaulted else 0,
            checked=len(b.read) if len(b.read) in b.defaulted else 0,
        )
        for b in bounds
    ]
    return Uses(reads, escapes=escapes)


def uses_of(
    name: str,
    scope: ts.Node,
    after: int,
    index: Identifiers,
    *,
    syntax: CodeSyntax,
    strip: str = "",
) -> Uses:
    """Every read of ``name`` in ``scope`` after byte ``after``; ``strip`` drops a leading
    segment (``res.data.x`` of an HTTP client reads ``x`` of the body)."""
    out = Uses([])
    written: list[tuple[str, ...]] = []
    for ident in index.within(name, after, scope.end_byte):
        parent = ident.parent
        if parent is None:
            continue
        if syntax.patterns and ident.type == "shorthand_property_identifier":
            out.escapes = True
            continue
        if shadowed(ident, scope, syntax):
            continue
        if rebinds(ident) or syntax.as_binds(ident):
            # Another value takes the name: later uses may see either, so we stop following
            # and count the value as gone somewhere we do not track.
            out.escapes = True
            break
        top, path, guarded = syntax.climb(ident)
        if path and is_call_target(top, syntax):
            path = path[:-1]
        if path and is_written(top):
            written.append(tuple(path))
            continue
        if any(tuple(path[: len(w)]) == w for w in written):
            continue  # the reader wrote this field itself before reading it
        if strip:
            if not path or path[0] != strip:
                continue
            path = path[1:]
            guarded = max(guarded - 1, 0)
        if not path:
            if top.parent is not None and not local_use(top, top.parent):
                out.escapes = True
            continue
        conditions = guard_texts(top, scope)
        root = name + (f".{strip}" if strip else "")
        # A read under an enclosing check (``if (o.k) use(o.k.x)``) is covered by it, and
        # reported, if at all, at the check. The read that is itself a truth test
        # (``if (o.k)``, ``if d.get("k")``) or passes ``?.`` (the climb's ``guarded``) copes
        # with a field that is sometimes there, not with one that never is.
        checked = guarded_segments(root, path, conditions, syntax)
        coping = tolerance(top, scope, syntax, guarded)
        guarded = max(guarded, checked)
        if coping:
            guarded = len(path)
        if coping == DEFAULT:
            checked = len(path)
        out.reads.append(
            Read(
                tuple(path),
                T.line_of(top),
                T.squash(top),
                in_condition=in_condition(top, scope),
                guarded=guarded,
                checked=checked,
            )
        )
    return out


def is_written(node: ts.Node) -> bool:
    """True when a member chain is the target of an assignment (a write, not a read)."""
    parent = node.parent
    return (
        parent is not None
        and parent.type
        in (
            "assignment",
            "augmented_assignment",
            "assignment_expression",
            "augmented_assignment_expression",
        )
        and parent.child_by_field_name("left") == node
    )


def rebinds(ident: ts.Node) -> bool:
    """True when this occurrence re-binds the name (later uses see another value): the
    target of an assignment, a ``for`` loop, ``with ... as``, ``except ... as``, a walrus,
    a declaration or a destructuring pattern."""
    node = ident
    parent = node.parent
    # Climb out of destructuring patterns (``a, b = ...``, ``[a, b] = ...``, ``{a} = ...``).
    while parent is not None and parent.type in _PATTERNS:
        node, parent = parent, parent.parent
    if parent is None:
        return False
    field = _BINDING_FIELDS.get(parent.type)
    return field is not None and parent.child_by_field_name(field) == node


# The field of each statement that names what it binds.
_BINDING_FIELDS = {
    "assignment": "left",
    "augmented_assignment": "left",
    "for_statement": "left",
    "named_expression": "name",
    "assignment_expression": "left",
    "augmented_assignment_expression": "left",
    "variable_declarator": "name",
    "for_in_statement": "left",
    "catch_clause": "parameter",
}

_PATTERNS = {
    "pattern_list",
    "tuple_pattern",
    "list_pattern",
    "list_splat_pattern",
    "as_pattern_target",
    "array_pattern",
    "object_pattern",
    "pair_pattern",
    "rest_pattern",
    "assignment_pattern",
    "shorthand_property_identifier_pattern",
}

_COMPREHENSIONS = {
    "list_comprehension",
    "set_comprehension",
    "dictionary_comprehension",
    "generator_expression",
}


def _parameter_names(function: ts.Node, syntax: CodeSyntax) -> set[bytes]:
    """The names a function's parameters bind, destructured ones included (read by the
    language's model: a name in a default or a computed key is read there, not bound)."""
    return {
        name.text or b""
        for parameter in syntax.parameters(function)
        for name in pattern_names(parameter.target)
    }


def _names_in(node: ts.Node | None) -> set[bytes]:
    """The identifiers a comprehension's loop target binds (``for k, v in ...``)."""
    out: set[bytes] = set()
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if current.type in ("identifier", "shorthand_property_identifier_pattern"):
            out.add(current.text or b"")
            continue
        if current.type in ("default_parameter", "typed_default_parameter"):
            stack.append(current.child_by_field_name("name") or current.children[0])
            continue
        if current.type in ("assignment_pattern",):
            stack.append(current.child_by_field_name("left") or current.children[0])
            continue
        if current.type in ("type", "type_annotation", "string", "number"):
            continue
        stack.extend(current.children)
    return out


def shadowed(ident: ts.Node, scope: ts.Node, syntax: CodeSyntax) -> bool:
    """True when a function or comprehension between ``ident`` and ``scope`` binds the same
    name (``orders.map(order => order.id)``, ``[o["id"] for o in rows]``): that use sees
    another value."""
    name = ident.text or b""
    functions = syntax.functions
    current = ident.parent
    while current is not None and current != scope:
        if current.type in functions:
            if name in _parameter_names(current, syntax):
                return True
        elif current.type in _COMPREHENSIONS:
            for child in current.children:
                if child.type == "for_in_clause" and name in _names_in(
                    child.child_by_field_name("left")
                ):
                    return True
        current = current.parent
    return False


def returned_calls(function: ts.Node, syntax: CodeSyntax) -> list[str] | None:
    """The names of the functions whose results ``function`` returns directly
    (``return build(x)``, ``return await build(x)``); None when some ``return`` gives
    anything else, or none gives a value."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    nested = syntax.functions | syntax.classes
    names: list[str] = []
    if syntax.expression_bodies and body.type != "statement_block":  # ``x => f(x)``
        return names if _called_name(body, syntax, names) else None
    stack = list(body.named_children)
    while stack:
        node = stack.pop()
        if node.type in nested:
            continue
        if node.type == "return_statement":
            values = node.named_children
            if not values or not _called_name(values[0], syntax, names):
                return None
            continue
        stack.extend(node.named_children)
    return sorted(set(names)) or None


def _called_name(value: ts.Node, syntax: CodeSyntax, names: list[str]) -> bool:
    while value.type in ("await", "await_expression", "parenthesized_expression"):
        if not value.named_children:
            return False
        value = value.named_children[0]
    if value.type != syntax.call:
        return False
    function = value.child_by_field_name("function")
    if function is None or function.type != "identifier":
        return False
    names.append(T.text(function))
    return True
