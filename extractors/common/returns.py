"""What a function returns: the union of its ``return`` shapes (or, for a route handler,
of the bodies it sends), the locals that flow into them followed as built.

``x = v`` binds, ``r.a.b = v`` writes into ``r``, a write under a computed key
(``r[key] = v``) leaves ``r`` open, a merge (``r.update(...)``, ``Object.assign(r, ...)``)
adds fields, and a local a call may fill or a callback writes into stays open. Nested
functions and classes are not entered. One walk serves every language: the adapter
(``CodeSyntax`` and its ``ReturnSyntax``) names the statements and says how the language's
locals may change behind a literal's back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import tree_sitter as ts

from ..facts.contracts import OBJECT, Shape, obj, union, unknown
from . import ir
from . import treesitter as T
from .adapter import CodeSyntax
from .code_shapes import Env, shape_of
from .later_writes import Writes, callback_writes, reopen
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


class _Walk:
    """One walk of a function body: the shapes it returns (or sends through ``sinks``), and
    how many response calls it followed."""

    def __init__(
        self,
        syntax: CodeSyntax,
        needed: set[str] | None = None,
        sinks: frozenset[str] = frozenset(),
        later: Writes | None = None,
    ):
        self.syntax = syntax
        self.follow = syntax.returns
        self.needed = needed
        self.sinks = sinks
        self.later = later
        self.returns: list[Shape] = []
        self.sent_calls = 0

    def sent(self, node: ts.Node | None, env: Env) -> Shape | None:
        responses = self.follow.responses
        if not self.sinks or responses is None:
            return None
        return responses.sent(node, self.sinks, env)

    def body(self, node: ts.Node, env: Env) -> None:
        follow = self.follow
        for child in node.named_children:
            kind = child.type
            if kind in follow.nested:
                continue
            if kind in follow.declarations:
                self._declare(child, env)
            elif kind == follow.statement and child.named_children:
                self._statement(child.named_children[0], env)
            elif kind == follow.return_statement:
                self._return(child.named_children[0] if child.named_children else None, env)
            else:
                self.body(child, env)

    def _declare(self, declaration: ts.Node, env: Env) -> None:
        """``const x = v`` binds ``x``."""
        behaviour = self.syntax.behaviour
        name_field, value_field = behaviour.binding_fields
        for decl in declaration.named_children:
            name = decl.child_by_field_name(name_field) if decl.type == behaviour.binding else None
            value = decl.child_by_field_name(value_field) if name is not None else None
            if name is not None and name.type in self.follow.names and value is not None:
                env[T.text(name)] = shape_of(self.syntax.lower(value), env)

    def _statement(self, statement: ts.Node, env: Env) -> None:
        if self.later and self.sinks:
            reopen(env, self.later)
        sent = self.sent(statement, env)
        if sent is not None:
            self.returns.append(sent)
            self.sent_calls += 1
            return
        open_mutated(statement, env, self.syntax)
        if self.needed is None or root_name(statement, self.syntax) in self.needed:
            follow_statement(statement, env, self.syntax)

    def _return(self, value: ts.Node | None, env: Env) -> None:
        if self.later:
            reopen(env, self.later)
        sent = self.sent(value, env)
        responses = self.follow.responses
        if sent is not None:
            self.returns.append(sent)
            self.sent_calls += 1
        elif value is not None and not self.sinks:
            self.returns.append(shape_of(self.syntax.lower(value), env))
        elif (
            value is not None
            and responses is not None
            and not responses.passes_on(value, self.sinks)
        ):
            # Fastify sends what a handler returns: a literal is the body; anything else
            # (another call's result) may be a body we cannot see.
            shape = shape_of(self.syntax.lower(value), env)
            literal = (
                shape.kind in ("object", "array") and self.syntax.behaviour.strip(value) is not None
            )
            self.returns.append(shape if literal else unknown(T.line_of(value)))


def open_mutated(statement: ts.Node, env: Env, syntax: CodeSyntax) -> None:
    """A local changed by a method (``out.setdefault(k, [])``) or, where the language's
    calls may fill their arguments, handed to a function (``fill(out)``) holds keys we
    cannot list: its shape becomes open."""
    follow = syntax.returns
    if not follow.mutators and not follow.fills_arguments:
        return
    stack = [statement]
    while stack:
        node = stack.pop()
        if node.type in follow.nested:
            continue
        stack.extend(node.named_children)
        if node.type != syntax.call:
            continue
        function = node.child_by_field_name("function")
        if function is None:
            continue
        method = follow.method(function)
        if method is not None and method[0].type in follow.names and method[1] in follow.mutators:
            open_name(T.text(method[0]), env)
        callee = T.text(function)
        if not follow.fills_arguments or callee in follow.read_only_callees:
            continue
        if callee.split(".", 1)[0] in follow.loggers:
            continue
        arguments = node.child_by_field_name("arguments")
        for argument in arguments.named_children if arguments is not None else ():
            if argument.type in follow.names:
                open_name(T.text(argument), env)


def _names(node: ts.Node, syntax: CodeSyntax) -> set[str]:
    follow = syntax.returns
    out: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in follow.names:
            out.add(T.text(current))
        elif current.type not in follow.nested:
            stack.extend(current.named_children)
    return out


def _needed(body: ts.Node, syntax: CodeSyntax) -> tuple[set[str], bool]:
    """Local names whose value may flow into a ``return`` (only those are followed), and
    whether the body returns a value at all."""
    follow = syntax.returns
    returned: set[str] = set()
    writes: list[tuple[str, ts.Node]] = []
    has_return = False
    stack = [body]
    while stack:
        node = stack.pop()
        if node.type in follow.nested:
            continue
        if node.type == follow.return_statement:
            if node.named_children:
                has_return = True
                returned |= _names(node, syntax)
            continue
        if node.type in syntax.assignments:
            right = node.child_by_field_name("right")
            if right is not None:
                writes.append((root_name(node, syntax), right))
            continue
        stack.extend(node.named_children)
    for _ in range(3):
        before = len(returned)
        for root, right in writes:
            if root in returned:
                returned |= _names(right, syntax)
        if len(returned) == before:
            break
    return returned, has_return


def _expression_body(body: ts.Node, syntax: CodeSyntax) -> bool:
    """An arrow function's body that is a bare expression: it is the returned value."""
    return syntax.expression_bodies and body.type not in syntax.behaviour.blocks


def function_shape(function: ts.Node, syntax: CodeSyntax, env: Env | None = None) -> Shape | None:
    """The union of what a function returns, or None without a ``return`` of a value;
    ``env`` gives the shapes of names the body does not bind (a call's arguments bound to
    the parameters, when a caller inlines the function)."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    follow = syntax.returns
    env = dict(env or {})
    if _expression_body(body, syntax):
        returns = [shape_of(syntax.lower(body), env)]
    else:
        needed: set[str] | None = None
        if follow.needed_only:
            needed, has_return = _needed(body, syntax)
            if not has_return:
                return None
        walk = _Walk(syntax, needed)
        walk.body(body, dict(env))
        returns = walk.returns
        if follow.callbacks_fill and any(r.kind != "unknown" for r in returns):
            later = callback_writes(body, syntax)
            if later:
                walk = _Walk(syntax, needed, later=later)
                walk.body(body, dict(env))
                returns = walk.returns
    if not returns:
        return None
    return union(returns, T.line_of(function))


def route_bodies(function: ts.Node, sinks: frozenset[str], syntax: CodeSyntax) -> list[Shape]:
    """The bodies a route handler sends through its response parameters ``sinks``. A
    response call we do not follow (in a callback, inside an expression) or a response
    object handed to other code adds an unknown body."""
    responses = syntax.returns.responses
    body = function.child_by_field_name("body")
    if body is None or not sinks or responses is None:
        return []
    if _expression_body(body, syntax):
        sent = responses.sent(body, sinks, {})
        returns = [sent if sent is not None else unknown(T.line_of(body))]
        followed = 1
    else:
        later = callback_writes(body, syntax) if syntax.returns.callbacks_fill else None
        walk = _Walk(syntax, sinks=sinks, later=later)
        walk.body(body, {})
        returns, followed = walk.returns, walk.sent_calls
    if not returns:
        return []
    sends, bare = responses.uses(body, sinks)
    if sends != followed or bare:
        returns.append(unknown(T.line_of(function)))
    return returns
