"""Constant strings a name stands for: the part of each language's semantic model that
reads ``NAME = "text"`` at module level and ``NAME`` wherever it means that binding.

Written once over the language's string form (``literal_string``), its module-level
string bindings (``module_string_names``) and its scopes, which each model hands in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Protocol

import tree_sitter as ts

from . import treesitter as T


class _Scope(Protocol):
    times: dict[str, int]


class _Scopes(Protocol):
    @property
    def module(self) -> _Scope: ...

    def lookup(self, name: str, at: ts.Node) -> object: ...


class ModuleStrings:
    """The constant text of a string expression, or of a name bound once at module level
    to one and read where that binding is visible (not a local or parameter of the same
    name)."""

    def __init__(
        self,
        root: ts.Node,
        scopes: Callable[[], _Scopes],
        literal: Callable[[ts.Node | None], str | None],
        bindings: Callable[[ts.Node], dict[str, ts.Node]],
    ) -> None:
        self._root = root
        self._scopes = scopes  # built on first use: most files never ask
        self._literal = literal
        self._bindings = bindings

    @cached_property
    def _names(self) -> dict[str, str]:
        module = self._scopes().module
        return {
            name: value
            for name, node in self._bindings(self._root).items()
            if module.times.get(name) == 1 and (value := self._literal(node)) is not None
        }

    def value(self, node: ts.Node | None) -> str | None:
        """The constant text ``node`` stands for, else None."""
        value = self._literal(node)
        if value is not None or node is None or node.type != "identifier":
            return value
        name = T.text(node)
        if name not in self._names:
            return None
        scopes = self._scopes()
        return self._names[name] if scopes.lookup(name, node) is scopes.module else None
