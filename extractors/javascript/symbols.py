"""The one definition of a JavaScript/TypeScript function's symbol, read by every fact.

A function is named by its own name or by what it is bound to: a variable, an object
property, a class field, an assignment target (``exports.run`` → ``run``,
``Foo.prototype.bar`` → ``Foo.bar``); a factory called where it is written
(``const counter = (function () { ... })()``) by what its call is bound to; an anonymous
``export default`` function by ``default`` (the name an importer reaches it by). Members are
qualified by their owner as Python's are (``Class.method``): a class method or field
``Svc.run``, a function in an object literal bound to a variable ``api.load``. A position's
symbol is that of the innermost named function or class around it; anonymous callbacks are
transparent (their code belongs to the function that wrote them).
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..facts import symbol_id
from .markers import plain_name, qualified

FUNCTIONS = frozenset(
    {
        "function_declaration",
        "function_expression",
        "function",
        "arrow_function",
        "method_definition",
        "generator_function_declaration",
        "generator_function",
    }
)
CLASSES = frozenset({"class_declaration", "abstract_class_declaration", "class"})
SCOPES = FUNCTIONS | CLASSES
WRAPPERS = frozenset({"parenthesized_expression", "as_expression", "non_null_expression"})
# Anonymous functions that may be called where they are written.
_IN_PLACE = frozenset({"function_expression", "arrow_function", "function"})
_BINDERS = {
    "variable_declarator": "name",
    "pair": "key",
    "public_field_definition": "name",
    "field_definition": "property",
    "assignment_expression": "left",
}


def _outer(node: ts.Node) -> ts.Node | None:
    parent = node.parent
    while parent is not None and parent.type in WRAPPERS:
        parent = parent.parent
    return parent


def binder(fn: ts.Node) -> ts.Node | None:
    """The node that names a function or class: its own name, else the variable, property,
    field or assignment target it (or, for a factory called in place, its call) is bound to."""
    own = fn.child_by_field_name("name")
    if own is not None:
        return own
    parent = _outer(fn)
    if parent is not None and parent.type == "call_expression" and fn.type in _IN_PLACE:
        called = parent.child_by_field_name("function")
        while called is not None and called.type in WRAPPERS and called.named_children:
            called = called.named_children[0]
        if called is not None and called.id == fn.id:
            return binder(parent)
    if parent is None or parent.type not in _BINDERS:
        return None
    field = "right" if parent.type == "assignment_expression" else "value"
    value = parent.child_by_field_name(field)
    while value is not None and value.type in WRAPPERS and value.named_children:
        value = value.named_children[0]
    if value is None or value.id != fn.id:
        return None
    return parent.child_by_field_name(_BINDERS[parent.type])


def scope_name(scope: ts.Node) -> str:
    """The qualified name of a function or class (``Svc.run``, ``api.load``, ``counter``,
    ``default``), "" for an anonymous one."""
    name = binder(scope)
    if name is None:
        parent = _outer(scope)
        exported = parent is not None and parent.type == "export_statement"
        return "default" if exported and scope.type in FUNCTIONS else ""
    text = plain_name(name)
    return qualified(name.parent, text) if name.parent is not None and text else text


def enclosing_scope_symbol(path: str, node: ts.Node) -> str:
    """``path::name`` of the innermost named function or class around ``node``, "" at
    module level."""
    current = node.parent
    while current is not None:
        if current.type in SCOPES:
            name = scope_name(current)
            if name:
                return symbol_id(path, name)
        current = current.parent
    return ""


def function_symbol(path: str, fn: ts.Node) -> str:
    """``path::name`` of a function itself, "" for an anonymous one."""
    name = scope_name(fn)
    return symbol_id(path, name) if name else ""


def own_name(fn: ts.Node) -> str:
    """The bare name a function is bound to (``run`` of ``Svc.run``), "" for an anonymous one
    or one bound by assignment to a member."""
    name = binder(fn)
    if name is None or name.parent is None or name.parent.type == "assignment_expression":
        return ""
    return T.text(name)
