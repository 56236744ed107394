"""Objects a nested callback writes into: when the callback runs is not known, so what a
function returns after defining it may hold more fields than its literals show.

``items.forEach(i => { out.byId[i.id] = i })`` leaves ``out.byId`` open; a merge into a
whole object (``Object.assign(t, …)``) leaves ``t`` open.
"""

from __future__ import annotations

from dataclasses import replace

import tree_sitter as ts

from ..facts.contracts import OBJECT, UNION, Shape, obj
from . import treesitter as T
from .adapter import CodeSyntax
from .code_shapes import Env

Writes = dict[str, list[tuple[str, ...]]]  # local -> objects inside it a callback writes into


def callback_writes(body: ts.Node, syntax: CodeSyntax) -> Writes:
    """Objects that callbacks defined in ``body`` write into, by the local holding them."""
    follow = syntax.returns
    out: Writes = {}
    stack = [(child, False) for child in body.named_children]
    while stack:
        node, nested = stack.pop()
        nested = nested or node.type in follow.nested
        target: ts.Node | None = None
        whole = False
        if nested and node.type in follow.writes:
            target = node.child_by_field_name("left")
        elif nested and node.type == syntax.call:
            target = follow.merge_target(node)
            whole = True
        if target is not None:
            found = _container(target, whole, syntax)
            if found is not None:
                out.setdefault(found[0], []).append(found[1])
        stack.extend((child, nested) for child in node.named_children)
    return out


def _container(
    target: ts.Node, whole: bool, syntax: CodeSyntax
) -> tuple[str, tuple[str, ...]] | None:
    """(local, path of the object written into) for ``local.a.b[key] = v`` -> ("local",
    ("a", "b")); ``whole`` for a target that is itself the object (``Object.assign(t, ...)``)."""
    path: list[str] = []
    strip = syntax.behaviour.strip
    node = strip(target)
    while node is not None and (inner := syntax.chain_object(node)) is not None:
        path.append(syntax.returns.chain_key(node))
        node = strip(inner)
    if node is None or node.type not in syntax.returns.names:
        return None
    path.reverse()
    if not whole:
        if not path:
            return None
        path = path[:-1]
    if "" in path:
        path = path[: path.index("")]
    return T.text(node), tuple(path)


def reopen(env: Env, later: Writes) -> None:
    """The bound objects callbacks may write into become open."""
    for name, paths in later.items():
        if name in env:
            for path in paths:
                env[name] = _open_at(env[name], path)


def _open_at(shape: Shape, path: tuple[str, ...]) -> Shape:
    """``shape`` with the object at ``path`` marked open (more fields may come)."""
    if shape.kind == UNION:
        return replace(shape, options=tuple(_open_at(o, path) for o in shape.options))
    if shape.kind != OBJECT:
        return shape
    if not path:
        return replace(shape, open=True)
    found = shape.field(path[0])
    if found is None:
        return shape
    fields = {f.name: f for f in shape.fields}
    fields[path[0]] = replace(found, shape=_open_at(found.shape, path[1:]))
    return replace(obj(fields, open=shape.open, line=shape.line), origin=shape.origin, at=shape.at)
