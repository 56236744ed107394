"""The language-neutral steps of following what a function returns: a statement's effect
on the shapes of the locals bound so far.

``x = v`` binds, ``r.a.b = v`` writes into ``r``, a write under a computed key
(``r[key] = v``) leaves ``r`` open, and a merge (``r.update(...)``, ``Object.assign(r,
...)``) adds fields. The per-language readers (``python/returns.py``,
``javascript/returns.py``) walk the function body and hand each statement here; the
adapter (``CodeSyntax``) says how the language spells chains, keys and merges.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import tree_sitter as ts

from ..facts.contracts import OBJECT, Shape, obj
from . import ir
from . import treesitter as T
from .adapter import CodeSyntax
from .code_shapes import Env, shape_of
from .shapes import assign, spread_into


def _target(expr: ir.Expr) -> tuple[str, tuple[str, ...]] | None:
    """(root name, field path) of an assignment target ``r.details.passed``."""
    path: list[str] = []
    while isinstance(expr, ir.Attr):
        path.append(expr.name)
        expr = expr.obj
    if isinstance(expr, ir.Name) and path:
        return expr.id, tuple(reversed(path))
    return None


def assign_to(env: Env, left: ir.Expr, value: Shape, line: int) -> None:
    """``x = v`` binds ``x``; ``r.a.b = v`` / ``r["a"]["b"] = v`` writes into ``r``'s shape
    when ``r`` is bound (a write into anything else is not followed)."""
    if isinstance(left, ir.Name):
        env[left.id] = value
        return
    target = _target(left)
    if target is not None and target[0] in env:
        root, path = target
        env[root] = assign(env[root], path, value, line)


def merge_into(env: Env, owner: ir.Expr, sources: Sequence[ir.Expr]) -> None:
    """The fields of ``sources`` join the bound ``owner``'s shape (which stays open when a
    source's fields cannot be listed)."""
    if not isinstance(owner, ir.Name) or owner.id not in env:
        return
    base = env[owner.id]
    fields = {f.name: f for f in base.fields} if base.kind == OBJECT else {}
    opened = base.kind != OBJECT or base.open
    for source in sources:
        opened = spread_into(fields, shape_of(source, env)) or opened
    env[owner.id] = obj(fields, open=opened, line=base.line)


def open_name(name: str, env: Env) -> None:
    """The bound object ``name`` may hold keys we cannot list: its shape becomes open."""
    shape = env.get(name)
    if shape is not None and shape.kind == OBJECT and not shape.open:
        env[name] = replace(shape, open=True)


def open_computed_root(left: ts.Node | None, env: Env, syntax: CodeSyntax) -> None:
    """``d[key] = v`` / ``d.a[key] = v`` with a computed key: ``d`` is a map whose keys we
    cannot list."""
    computed = False
    node = left
    while node is not None:
        inner = syntax.chain_object(node)
        if inner is None:
            break
        computed = computed or syntax.computed_key(node)
        node = inner
    if computed and node is not None and node.type == "identifier":
        open_name(T.text(node), env)


def root_name(node: ts.Node | None, syntax: CodeSyntax) -> str:
    """The local name an assignment writes to (``r`` of ``r["a"]["b"] = v``) or a method call
    is made on (``r`` of ``r.update(...)``); "" for anything else."""
    if node is None:
        return ""
    if node.type in syntax.assignments:
        node = node.child_by_field_name("left")
    elif node.type == syntax.call:
        node = node.child_by_field_name("function")
    while node is not None and (inner := syntax.chain_object(node)) is not None:
        node = inner
    return T.text(node) if node is not None and node.type == "identifier" else ""


def follow_statement(node: ts.Node, env: Env, syntax: CodeSyntax) -> None:
    """Follow one expression statement: an assignment or a merge into a bound local."""
    if node.type in syntax.assignments:
        left = node.child_by_field_name("left")
        open_computed_root(left, env, syntax)
        right = node.child_by_field_name("right")
        if right is None:
            return
        value = shape_of(syntax.lower(right), env)
        assign_to(env, syntax.lower(left), value, T.line_of(node))
        return
    merge = syntax.merge_call(syntax.lower(node))
    if merge is not None:
        merge_into(env, merge[0], merge[1])
