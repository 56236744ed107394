"""The name a literal's enclosing collection is bound to, in either grammar.

``const mockAccount = { limits: { creditLimit: 1e9 } }`` binds ``creditLimit`` inside a
collection named ``mockAccount``; ``MOCK = {"max_rows": 10**9}`` the same in Python. The
placeholder rules read it to tell a record of sample data from a setting.
"""

from __future__ import annotations

import tree_sitter as ts

from ..javascript import strings as js_strings
from ..python import strings as py_strings
from .treesitter import text

# Nodes a value passes through on its way out of a collection literal.
_THROUGH = frozenset(
    {
        "pair",
        "object",
        "array",
        "dictionary",
        "list",
        "tuple",
        "parenthesized_expression",
        "as_expression",
        "satisfies_expression",
        "expression_list",
    }
)
# Where the outermost collection is bound, and the field naming the target.
_TARGETS = {
    "variable_declarator": "name",
    "assignment_expression": "left",
    "assignment": "left",
    "public_field_definition": "name",
    "field_definition": "property",
}


def container_name(node: ts.Node) -> str:
    """The name the outermost collection holding ``node`` (a key or a value) is bound to
    (its last dotted part); "" when the value is not inside a bound collection literal."""
    parent = node.parent
    inside = False
    while parent is not None and parent.type in _THROUGH:
        inside = inside or parent.type not in ("pair", "parenthesized_expression")
        parent = parent.parent
    if not inside or parent is None or parent.type not in _TARGETS:
        return ""
    target = parent.child_by_field_name(_TARGETS[parent.type])
    if target is None:
        return ""
    return text(target).rsplit(".", 1)[-1].strip()


def enclosing_keys(binder: ts.Node | None) -> tuple[str, ...]:
    """The keys of the collection entries around a binding (``binder``: the pair,
    assignment or declarator that binds the value), outermost first: ``("rules",)`` for
    ``'no-console'`` in ``{ rules: { 'no-console': 'off' } }``, ``("rules", "quotes")`` for
    an option in ``rules: { quotes: ['error', { avoidEscape: true }] }``."""
    keys: list[str] = []
    parent = binder.parent if binder is not None else None
    while parent is not None and parent.type in _THROUGH:
        key = parent.child_by_field_name("key") if parent.type == "pair" else None
        if key is not None:
            keys.append(_key_text(key))
        parent = parent.parent
    return tuple(reversed(keys))


def _key_text(key: ts.Node) -> str:
    """A mapping key as written: a string's text (in the grammar it was parsed with),
    else the key's source (a name, a number)."""
    if key.type in ("string", "template_string"):
        python = bool(key.children) and key.children[0].type == "string_start"
        found = (py_strings if python else js_strings).literal_string(key)
        if found is not None:
            return found
    return text(key)
