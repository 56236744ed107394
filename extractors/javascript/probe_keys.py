"""The names a runner probe's key may stand for, when it is no constant itself.

``['JEST_WORKER_ID', 'VITEST'].some((k) => k in process.env)`` reads the environment by
``k``, the callback's parameter: it stands for each string of the array the callback runs
over, a literal or a top-level ``const`` bound to one, and so does the variable of a
``for (const k of NAMES)`` loop. A probe in a callback decides what the array method's
call decides (its result leaves the callback); one in a loop decides for itself.
``Object.keys(env)`` searched for a name (``.includes('VITEST')``,
``.some((k) => k.startsWith('JEST_'))``) is a probe of each string it is searched for.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.walk import inside
from .adapter import WRAPPERS
from .model import JsModel, strip
from .module_bindings import module_declarators

# Array methods whose callback sees each element and whose result says what it found.
ARRAY_METHODS = frozenset(
    {"some", "every", "find", "findIndex", "findLast", "findLastIndex", "filter", "includes"}
    | {"indexOf", "forEach", "map", "flatMap", "reduce"}
)
_CALLBACKS = frozenset({"arrow_function", "function_expression"})
# Calls that list the names an object holds.
KEY_LISTS = frozenset(
    {"Object.keys", "Object.entries", "Object.getOwnPropertyNames", "Reflect.ownKeys"}
)
_LOOPS = frozenset({"for_in_statement"})


def _module_array(model: JsModel, name: ts.Node) -> ts.Node | None:
    """The array literal a top-level ``const`` read by ``name`` is bound to."""
    text = T.text(name)
    module = model.scopes.module
    if module.times.get(text) != 1 or model.scopes.lookup(text, name) is not module:
        return None
    root = name
    while root.parent is not None:
        root = root.parent
    for declarator in module_declarators(root):
        if declarator.name == text:
            return strip(declarator.value)
    return None


def array_strings(model: JsModel, node: ts.Node | None) -> list[str]:
    """The constant strings of an array literal (``as const`` and wrappers aside), or of a
    top-level constant bound to one."""
    node = strip(node)
    while node is not None and node.type in ("as_expression", "satisfies_expression"):
        node = strip(node.named_children[0]) if node.named_children else None
    if node is not None and node.type == "identifier":
        node = _module_array(model, node)
        while node is not None and node.type in ("as_expression", "satisfies_expression"):
            node = strip(node.named_children[0]) if node.named_children else None
    if node is None or node.type != "array":
        return []
    values = (model.string_value(c) for c in node.named_children if c.type != "comment")
    return [v for v in values if v is not None]


def _parameter_names(fn: ts.Node) -> list[str]:
    """The name of a callback's first parameter (the element), as a one-item list."""
    params = fn.child_by_field_name("parameters") or fn.child_by_field_name("parameter")
    if params is None:
        return []
    if params.type == "identifier":
        return [T.text(params)]
    first = next((c for c in params.named_children if c.type != "comment"), None)
    found = [first, *inside(first, frozenset())] if first is not None else []
    return [T.text(n) for n in found if n.type == "identifier"][:1]


def _array_call(callback: ts.Node) -> ts.Node | None:
    """The ``array.method(callback)`` call ``callback`` is the first argument of."""
    args = callback.parent
    while args is not None and args.type in WRAPPERS:
        args = args.parent
    call = args.parent if args is not None and args.type == "arguments" else None
    if call is None or call.type != "call_expression":
        return None
    function = call.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return None
    if T.text(function.child_by_field_name("property")) not in ARRAY_METHODS:
        return None
    return call


def bound_names(model: JsModel, node: ts.Node | None) -> tuple[list[str], ts.Node | None]:
    """(names, anchor) of a key that is a callback's element parameter (anchored at the
    array method's call) or a ``for...of`` variable (no anchor) over constant strings;
    ``([], None)`` for anything else."""
    node = strip(node)
    if node is None or node.type != "identifier":
        return [], None
    name = T.text(node)
    current = node.parent
    while current is not None:
        if current.type in _CALLBACKS:
            if name not in _parameter_names(current):
                current = current.parent
                continue
            call = _array_call(current)
            if call is None:
                return [], None
            function = call.child_by_field_name("function")
            owner = function.child_by_field_name("object") if function is not None else None
            return array_strings(model, owner), call
        if current.type in _LOOPS:
            left = current.child_by_field_name("left")
            if left is not None and T.text(left) == name:
                return array_strings(model, current.child_by_field_name("right")), None
        current = current.parent
    return [], None


def listed_object(node: ts.Node) -> ts.Node | None:
    """``X`` of ``Object.keys(X).method(...)`` when ``node`` is that call, else None."""
    function = node.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return None
    if T.text(function.child_by_field_name("property")) not in ARRAY_METHODS:
        return None
    lister = strip(function.child_by_field_name("object"))
    if lister is None or lister.type != "call_expression":
        return None
    if T.squash(lister.child_by_field_name("function")) not in KEY_LISTS:
        return None
    args = lister.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    return values[0] if len(values) == 1 else None


def searched_strings(model: JsModel, node: ts.Node) -> list[str]:
    """The constant strings the arguments of ``node`` (a call) search for: literals, and
    constants named in them."""
    args = node.child_by_field_name("arguments")
    found: list[str] = []
    for n in inside(args, frozenset()) if args is not None else []:
        if n.type in ("string", "template_string", "identifier"):
            value = model.string_value(n)
            if value is not None and value not in found:
                found.append(value)
    return found
