"""What a Python function returns: the union of its ``return`` shapes, dicts followed as built.

Only the locals that may flow into a ``return`` are followed: ``result["details"] = {...}``,
``result.update(...)``, ``dict(a=1, **x)``; a dict handed to a function that may fill it,
or written with a computed key, has keys we cannot list and is left open.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.code_shapes import Env, shape_of
from ..common.returns import follow_statement, open_name, root_name
from ..facts.contracts import Shape, union
from .adapter import PYTHON

_NESTED = {"function_definition", "class_definition", "decorated_definition", "lambda"}

# Methods that add keys to a dict in ways a literal cannot show, and callees known not to
# change their arguments.
_MUTATORS = frozenset({"setdefault", "pop", "popitem", "clear", "__setitem__"})

_READ_ONLY_CALLEES = frozenset(
    {
        "print",
        "len",
        "str",
        "repr",
        "bool",
        "isinstance",
        "sorted",
        "list",
        "tuple",
        "set",
        "dict",
        "id",
        "type",
        "hash",
        "json.dumps",
        "copy.deepcopy",
        "copy.copy",
    }
)


def _walk(node: ts.Node, env: Env, returns: list[Shape], needed: set[str]) -> None:
    for child in node.named_children:
        kind = child.type
        if kind in _NESTED:
            continue
        if kind == "return_statement":
            value = child.named_children[0] if child.named_children else None
            if value is not None:
                returns.append(shape_of(ir.from_py(value), env))
            continue
        if kind == "expression_statement" and child.named_children:
            statement = child.named_children[0]
            _open_mutated(statement, env)
            if root_name(statement, PYTHON) in needed:
                follow_statement(statement, env, PYTHON)
            continue
        _walk(child, env, returns, needed)


def _open_mutated(statement: ts.Node, env: Env) -> None:
    """A dict changed by a method (``out.setdefault(k, [])``) or handed to a function that
    may fill it (``fill(out)``) holds keys we cannot list: its shape becomes open."""
    stack = [statement]
    while stack:
        node = stack.pop()
        if node.type in _NESTED or node.type == "lambda":
            continue
        stack.extend(node.named_children)
        if node.type != "call":
            continue
        function = node.child_by_field_name("function")
        if function is None:
            continue
        if function.type == "attribute":
            owner = function.child_by_field_name("object")
            method = function.child_by_field_name("attribute")
            if (
                owner is not None
                and owner.type == "identifier"
                and method is not None
                and T.text(method) in _MUTATORS
            ):
                open_name(T.text(owner), env)
        callee = T.text(function)
        if callee in _READ_ONLY_CALLEES or callee.split(".", 1)[0] in ("log", "logger", "logging"):
            continue
        arguments = node.child_by_field_name("arguments")
        for argument in arguments.named_children if arguments is not None else ():
            if argument.type == "identifier":
                open_name(T.text(argument), env)


def _names(node: ts.Node) -> set[str]:
    out: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier":
            out.add(T.text(current))
        elif current.type not in _NESTED:
            stack.extend(current.named_children)
    return out


def _needed(body: ts.Node) -> tuple[set[str], bool]:
    """Local names whose value may flow into a ``return`` (only those are followed), and
    whether the body returns a value at all."""
    returned: set[str] = set()
    writes: list[tuple[str, ts.Node]] = []
    has_return = False
    stack = [body]
    while stack:
        node = stack.pop()
        if node.type in _NESTED:
            continue
        if node.type == "return_statement":
            if node.named_children:
                has_return = True
                returned |= _names(node)
            continue
        if node.type == "assignment":
            right = node.child_by_field_name("right")
            if right is not None:
                writes.append((root_name(node, PYTHON), right))
            continue
        stack.extend(node.named_children)
    for _ in range(3):
        before = len(returned)
        for root, right in writes:
            if root in returned:
                returned |= _names(right)
        if len(returned) == before:
            break
    return returned, has_return


def function_shape(function: ts.Node) -> Shape | None:
    """The union of what a function returns, or None without a ``return`` of a value."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    needed, has_return = _needed(body)
    if not has_return:
        return None
    returns: list[Shape] = []
    _walk(body, {}, returns, needed)
    if not returns:
        return None
    return union(returns, T.line_of(function))
