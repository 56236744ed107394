"""What the language-neutral readers need to know of one language's grammar.

``reads`` (field reads on a bound value), ``returned_calls`` and the CDK interpreter are
written once; each language hands them a ``CodeSyntax`` (``python/adapter.py``,
``javascript/adapter.py``) naming its node types and the few places where the language's
semantics differ (a Python subscript raises on an absent key, a JS member read does not).
A new language is one more adapter, not another ``if`` in every algorithm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import tree_sitter as ts

from . import ir
from .dispatch import SourceFile

# (outermost node of a member/subscript chain, field path, segments an ``?.`` covers)
Climb = tuple[ts.Node, list[str], int]


class ImportModel(Protocol):
    """What every language's semantic model tells of the file's imports."""

    def named_imports(self) -> list[tuple[str, str, str]]:
        """(module, imported name, local name) of each name imported from a module."""
        ...

    def module_imports(self) -> list[tuple[str, str]]:
        """(module, local name) of each whole module bound to a name of its own."""
        ...


@dataclass(frozen=True)
class CodeSyntax:
    """Node types and read semantics of one language, for the language-neutral readers."""

    name: str
    functions: frozenset[str]  # node types that open a function scope
    classes: frozenset[str]  # class definitions: their methods' returns are not the function's
    call: str  # the call node type
    patterns: bool  # destructuring patterns and shorthand properties exist (JS)
    expression_bodies: bool  # a function's body may be a bare expression (arrow functions)
    absent_raises: bool  # a plain field read fails on an absent key (Python ``d["k"]``)
    # Walk up a member/subscript chain from an identifier.
    climb: Callable[[ts.Node], Climb]
    # The arguments of ``x.get(...)`` when the node is that call (a dict read that tolerates
    # an absent key), else None.
    get_call: Callable[[ts.Node], list[ts.Node] | None]
    # The node runs inside a ``try`` whose handler catches a missing key.
    caught: Callable[[ts.Node, ts.Node], bool]
    # The identifier is the name ``with … as name`` / ``except … as name`` binds.
    as_binds: Callable[[ts.Node], bool]
    # Spellings of ``root`` followed by ``path`` an existence check may use
    # (``o.a``; Python also ``o["a"]`` and ``o['a']``).
    spellings: Callable[[str, list[str]], set[str]]
    # A truth test of the member itself (``if (o.k)``) counts as an existence check.
    member_truth_checks: bool
    # Lower a syntax node to the shared expression tree.
    lower: Callable[[ts.Node | None], ir.Expr]
    # Options are passed as keyword arguments (``Function(self, "Id", handler=...)``), not
    # as an object literal (``new Function(this, 'Id', {handler})``).
    keyword_options: bool
    # Constructors are called like functions, without ``new``.
    bare_constructors: bool
    # The folder of the language's queries (``queries/<folder>/``), shared by its dialects.
    query_folder: str
    # The node type of a declaration that binds a name (``const x = …``); "" for none.
    declarator: str
    # Node types of an assignment statement's expression (``x = …``).
    assignments: frozenset[str]
    # The file's semantic model (imports, qualified names), built once per file.
    model: Callable[[SourceFile], ImportModel]
    # The object of a member/subscript node (``r`` of ``r.a`` / ``r["a"]``), None for any
    # other node.
    chain_object: Callable[[ts.Node], ts.Node | None]
    # The node is a subscript whose key is computed, not a literal one.
    computed_key: Callable[[ts.Node], bool]
    # (owner, sources) when the expression merges fields into a value: Python's
    # ``owner.update(a, k=v)``, JavaScript's ``Object.assign(owner, a, b)``; else None.
    merge_call: Callable[[ir.Expr], tuple[ir.Expr, list[ir.Expr]] | None]
