"""What a JS/TS function returns or sends: the union of its results, locals followed as built.

``result.details = {...}``, ``Object.assign``, spreads; a value a callback may fill later is
left open. Route handlers send their body through ``res.json(...)``/``c.json(...)``.
"""

from __future__ import annotations

from dataclasses import replace

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.code_shapes import Env, shape_of
from ..common.returns import follow_statement
from ..facts.contracts import Shape, obj, scalar, union, unknown
from .adapter import JAVASCRIPT, NESTED
from .consumers import call_parts
from .model import strip

# Response methods of Express (``res``) and Hono (``c``): what the body becomes.
_SEND_BODY = {"json", "send", "jsonp"}

_SEND_NOTHING = {"sendStatus", "end", "redirect", "text", "html", "body", "notFound"}

_SEND_UNKNOWN = {"render", "sendFile", "download", "stream", "streamText", "streamSSE"}

Writes = dict[str, list[tuple[str, ...]]]  # local -> objects inside it a callback writes into


def _sent(node: ts.Node | None, sinks: frozenset[str], env: Env) -> Shape | None:
    """The body a response call sends (``res.status(201).json(x)``, ``c.json(x)``, Fastify's
    ``reply.code(400).send(x)``), or None when ``node`` is not one."""
    node = strip(node)
    if not sinks or node is None or node.type != "call_expression":
        return None
    callee = strip(node.child_by_field_name("function"))
    if callee is None or callee.type != "member_expression":
        return None
    method = T.text(callee.child_by_field_name("property"))
    owner = strip(callee.child_by_field_name("object"))
    if owner is not None and owner.type == "call_expression":
        inner = strip(owner.child_by_field_name("function"))
        if (
            inner is not None
            and inner.type == "member_expression"
            and T.text(inner.child_by_field_name("property")) in ("status", "code")
        ):
            owner = strip(inner.child_by_field_name("object"))
    if owner is None or owner.type != "identifier" or T.text(owner) not in sinks:
        return None
    line = T.line_of(node)
    if method in _SEND_BODY:
        args = call_parts(node)
        first = args[1][0] if args is not None and args[1] else None
        return shape_of(ir.from_js(first), env) if first is not None else scalar(line)
    if method in _SEND_NOTHING:
        return scalar(line)
    if method in _SEND_UNKNOWN:
        return unknown(line)
    return None


def _walk(
    node: ts.Node,
    env: Env,
    returns: list[Shape],
    sinks: frozenset[str] = frozenset(),
    caught: list[int] | None = None,
    later: Writes | None = None,
) -> None:
    for child in node.named_children:
        kind = child.type
        if kind in NESTED:
            continue
        if kind in ("lexical_declaration", "variable_declaration"):
            for decl in child.named_children:
                name = (
                    decl.child_by_field_name("name") if decl.type == "variable_declarator" else None
                )
                value = decl.child_by_field_name("value") if name is not None else None
                if name is not None and name.type == "identifier" and value is not None:
                    env[T.text(name)] = shape_of(ir.from_js(value), env)
            continue
        if kind == "expression_statement" and child.named_children:
            if later and sinks:
                _reopen(env, later)
            sent = _sent(child.named_children[0], sinks, env)
            if sent is not None:
                returns.append(sent)
                if caught is not None:
                    caught.append(1)
                continue
            follow_statement(child.named_children[0], env, JAVASCRIPT)
            continue
        if kind == "return_statement":
            value = child.named_children[0] if child.named_children else None
            if later:
                _reopen(env, later)
            sent = _sent(value, sinks, env)
            if sent is not None:
                returns.append(sent)
                if caught is not None:
                    caught.append(1)
            elif value is not None and not sinks:
                returns.append(shape_of(ir.from_js(value), env))
            elif value is not None and not _passes_on(value, sinks):
                # Fastify sends what a handler returns: a literal is the body; anything
                # else (another call's result) may be a body we cannot see.
                shape = shape_of(ir.from_js(value), env)
                literal = shape.kind in ("object", "array") and strip(value) is not None
                returns.append(shape if literal else unknown(T.line_of(value)))
            continue
        _walk(child, env, returns, sinks, caught, later)


def _passes_on(value: ts.Node, sinks: frozenset[str]) -> bool:
    """``return next(err)``: a route handler handing over to the next one (another
    parameter); the body sent then is not this handler's contract."""
    parts = call_parts(value)
    return parts is not None and "." not in parts[0] and parts[0] not in sinks and bool(parts[0])


def function_shape(function: ts.Node) -> Shape | None:
    """The union of what a function returns, or None when it has no ``return`` with a value."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    env: Env = {}
    returns: list[Shape] = []
    if body.type != "statement_block":
        returns.append(shape_of(ir.from_js(body), env))
    else:
        _walk(body, env, returns)
        later = _callback_writes(body) if any(r.kind != "unknown" for r in returns) else {}
        if later:
            returns = []
            _walk(body, {}, returns, later=later)
    if not returns:
        return None
    return union(returns, T.line_of(function))


def _callback_writes(body: ts.Node) -> Writes:
    """Objects that callbacks defined in ``body`` write into (``items.forEach(i => {
    out.byId[i.id] = i })``): when they run is not known, so those objects stay open."""
    out: Writes = {}
    stack = [(child, False) for child in body.named_children]
    while stack:
        node, nested = stack.pop()
        nested = nested or node.type in NESTED
        target: ts.Node | None = None
        whole = False
        if nested and node.type in ("assignment_expression", "augmented_assignment_expression"):
            target = node.child_by_field_name("left")
        elif nested and node.type == "call_expression":
            parts = call_parts(node)
            if parts is not None and parts[0] == "Object.assign" and parts[1]:
                target, whole = parts[1][0], True
        if target is not None:
            found = _container(target, whole)
            if found is not None:
                out.setdefault(found[0], []).append(found[1])
        stack.extend((child, nested) for child in node.named_children)
    return out


def _container(target: ts.Node, whole: bool) -> tuple[str, tuple[str, ...]] | None:
    """(local, path of the object written into) for ``local.a.b[key] = v`` -> ("local",
    ("a", "b")); ``whole`` for a target that is itself the object (``Object.assign(t, ...)``)."""
    path: list[str] = []
    node = strip(target)
    while node is not None and node.type in ("member_expression", "subscript_expression"):
        if node.type == "member_expression":
            path.append(T.text(node.child_by_field_name("property")))
        else:
            index = node.child_by_field_name("index")
            path.append(ir.js_string(index) if index is not None and index.type == "string" else "")
        node = strip(node.child_by_field_name("object"))
    if node is None or node.type != "identifier":
        return None
    path.reverse()
    if not whole:
        if not path:
            return None
        path = path[:-1]
    if "" in path:
        path = path[: path.index("")]
    return T.text(node), tuple(path)


def _reopen(env: Env, later: Writes) -> None:
    for name, paths in later.items():
        if name in env:
            for path in paths:
                env[name] = _open_at(env[name], path)


def _open_at(shape: Shape, path: tuple[str, ...]) -> Shape:
    """``shape`` with the object at ``path`` marked open (more fields may come)."""
    if shape.kind == "union":
        return replace(shape, options=tuple(_open_at(o, path) for o in shape.options))
    if shape.kind != "object":
        return shape
    if not path:
        return replace(shape, open=True)
    found = shape.field(path[0])
    if found is None:
        return shape
    fields = {f.name: f for f in shape.fields}
    fields[path[0]] = replace(found, shape=_open_at(found.shape, path[1:]))
    return replace(obj(fields, open=shape.open, line=shape.line), origin=shape.origin, at=shape.at)


def route_bodies(function: ts.Node, sinks: frozenset[str]) -> list[Shape]:
    """The bodies a route handler sends through its response parameters ``sinks``. A
    response call we do not follow (in a callback, inside an expression) or a response
    object handed to other code adds an unknown body."""
    body = function.child_by_field_name("body")
    if body is None or not sinks:
        return []
    env: Env = {}
    returns: list[Shape] = []
    caught: list[int] = []
    if body.type != "statement_block":
        sent = _sent(body, sinks, env)
        returns.append(sent if sent is not None else unknown(T.line_of(body)))
        caught.append(1)
    else:
        _walk(body, env, returns, sinks, caught, _callback_writes(body))
    if not returns:
        return []
    sends, bare = _response_uses(body, sinks)
    if sends != len(caught) or bare:
        returns.append(unknown(T.line_of(function)))
    return returns


def _response_uses(body: ts.Node, sinks: frozenset[str]) -> tuple[int, bool]:
    """(response calls anywhere in ``body``, whether an object that sends responses is also
    used bare: passed to other code, stored, returned)."""
    sends = 0
    owners: set[str] = set()
    loose: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            for name in sinks:
                if _sent(node, frozenset({name}), {}) is not None:
                    sends += 1
                    owners.add(name)
        if node.type == "identifier" and T.text(node) in sinks:
            parent = node.parent
            member = (
                parent is not None
                and parent.type in ("member_expression", "call_expression")
                and parent.child_by_field_name(
                    "object" if parent.type != "call_expression" else "function"
                )
                == node
            )
            if not member:
                loose.add(T.text(node))
        stack.extend(node.named_children)
    return sends, bool(owners & loose)
