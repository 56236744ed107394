"""The names a JS/TS module binds at its top level with ``const``/``let``/``var``, read once.

Config evaluation, module string constants, probe tables and test titles all ask "what is
this top-level name bound to": they read this list, exported declarations included.
"""

from __future__ import annotations

from dataclasses import dataclass

import tree_sitter as ts

from ..common import treesitter as T

DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})


@dataclass(frozen=True)
class ModuleDeclarator:
    """``const name = value`` at the top of a module (``value`` None when not initialised)."""

    name: str
    value: ts.Node | None
    constant: bool  # declared with ``const``
    node: ts.Node  # the variable_declarator


def module_declarators(root: ts.Node) -> list[ModuleDeclarator]:
    """Every top-level declarator binding a plain name, in source order."""
    found: list[ModuleDeclarator] = []
    for statement in root.named_children:
        if statement.type == "export_statement":
            statement = statement.child_by_field_name("declaration") or statement
        if statement.type not in DECLARATIONS:
            continue
        kind = statement.child(0)
        constant = kind is not None and T.text(kind) == "const"
        for declarator in statement.named_children:
            if declarator.type != "variable_declarator":
                continue
            name = declarator.child_by_field_name("name")
            if name is None or name.type != "identifier":
                continue
            value = declarator.child_by_field_name("value")
            found.append(ModuleDeclarator(T.text(name), value, constant, declarator))
    return found
