"""How a membership test normalises its input before looking it up: ``code.upper() in
CURRENCIES``, ``KNOWN.has(ext.trim().toLowerCase())``. The steps are named the same in
every language (``strip``, ``upper``, ``lower``, joined by ``+`` in sorted order), so a
rule can apply them to a test's input without knowing how the language spells them."""

from __future__ import annotations

import tree_sitter as ts

from . import treesitter as T

# Method name -> the language-neutral step it performs on a string.
STEPS = {
    "upper": "upper",
    "lower": "lower",
    "casefold": "lower",
    "strip": "strip",
    "toUpperCase": "upper",
    "toLowerCase": "lower",
    "toLocaleUpperCase": "upper",
    "toLocaleLowerCase": "lower",
    "trim": "strip",
}
_CALLS = frozenset({"call", "call_expression"})
_MEMBERS = frozenset({"attribute", "member_expression"})
_WRAPPERS = frozenset({"parenthesized_expression", "non_null_expression", "as_expression"})


def fold(node: ts.Node | None) -> str:
    """The steps ``node`` applies to the value it is called on, as one canonical word
    (``strip+upper``; "" for none): a chain of argument-less calls of ``STEPS``."""
    steps: set[str] = set()
    while node is not None:
        while node.type in _WRAPPERS and node.named_children:
            node = node.named_children[0]
        if node.type not in _CALLS:
            break
        function = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if function is None or function.type not in _MEMBERS or (args and args.named_children):
            break
        method = function.child_by_field_name(
            "attribute" if function.type == "attribute" else "property"
        )
        step = STEPS.get(T.text(method))
        if step is None:
            break
        steps.add(step)
        node = function.child_by_field_name("object")
    return "+".join(sorted(steps))
