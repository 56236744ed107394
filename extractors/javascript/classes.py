"""The classes of one JS/TS file: each class's name, the class it extends and its methods."""

from __future__ import annotations

from dataclasses import dataclass

import tree_sitter as ts

from ..common.treesitter import text
from .markers import plain_name

_CLASSES = frozenset({"class_declaration", "abstract_class_declaration", "class"})


@dataclass(frozen=True)
class ClassShape:
    """A named class: the class it extends as written ("" for none) and its method names."""

    name: str
    base: str
    methods: frozenset[str]


def extends_value(cls: ts.Node) -> ts.Node | None:
    """The expression a class extends (``B``, ``mod.B``, ``Mixin(B)``; the ``B`` of
    ``B<T>``), comments aside; None for a class that extends nothing."""
    for child in cls.children:
        if child.type != "class_heritage":
            continue
        clauses = [c for c in child.named_children if c.type == "extends_clause"]
        holder = clauses[0] if clauses else child  # TypeScript wraps it, JavaScript not
        if clauses and holder.child_by_field_name("value") is not None:
            return holder.child_by_field_name("value")
        if not clauses and any(c.type == "implements_clause" for c in child.named_children):
            return None
        inner = [c for c in holder.named_children if c.type not in ("comment", "type_arguments")]
        return inner[0] if inner else None
    return None


def _base(node: ts.Node) -> str:
    """The class a class extends by name (``B``, ``mod.B``); "" for none or an expression."""
    value = extends_value(node)
    if value is None or value.type not in ("identifier", "member_expression"):
        return ""
    return text(value)


def _methods(node: ts.Node) -> frozenset[str]:
    body = node.child_by_field_name("body")
    if body is None:
        return frozenset()
    return frozenset(
        plain_name(member.child_by_field_name("name"))
        for member in body.named_children
        if member.type in ("method_definition", "abstract_method_signature", "method_signature")
    )


def file_classes(root: ts.Node) -> dict[str, ClassShape]:
    """Every named class of the file by name (the first one when a name repeats)."""
    found: dict[str, ClassShape] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in _CLASSES:
            name = text(node.child_by_field_name("name"))
            if name and name not in found:
                found[name] = ClassShape(name, _base(node), _methods(node))
        stack.extend(reversed(node.named_children))
    return found


def overridden_in_subclass(classes: dict[str, ClassShape], owner: str, method: str) -> bool:
    """Whether a class of the file that derives from ``owner`` defines ``method`` itself."""
    return any(
        shape.base.rsplit(".", 1)[-1] == owner and method in shape.methods
        for shape in classes.values()
    )


def subclassed(classes: dict[str, ClassShape], owner: str) -> bool:
    """Whether a class of the file derives from ``owner``."""
    return any(shape.base.rsplit(".", 1)[-1] == owner for shape in classes.values())
