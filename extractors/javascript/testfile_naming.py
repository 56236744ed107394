"""The local names of the assertion libraries a TS/JS test file uses, and the names a test
body binds (which calls are tests is the declaration walk's, ``test_walk.py``).

The libraries' local names come from the file's semantic model (``model.py``), which
reads every import and ``require`` once; this module only says what each export does."""

from __future__ import annotations

from tree_sitter import Node

from ..common import treesitter as T
from .model import JsImport, JsModel
from .patterns import pattern_names
from .testfile_words import ASSERT_SOURCES, EXPECT_SOURCES


def library_roles(model: JsModel) -> dict[str, str]:
    """Local names of ``expect``, ``assert`` and ``should``, and of a library imported
    whole (role "library": ``v`` of ``v.expect(x)``), through the imports and requires the
    file's semantic model read."""
    roles = {"expect": "expect", "assert": "assert", "should": "should"}
    for bound in model.imports:
        role = _import_role(bound) if bound.via == "import" else None
        role = _require_role(bound) if bound.via == "require" else role
        if role:
            roles[bound.local] = role
    return roles


def _role(exported: str) -> str | None:
    """What a test library's export does: expect, assert or should."""
    return exported if exported in ("expect", "assert", "should") else None


def _import_role(bound: JsImport) -> str | None:
    """``import assert from 'node:assert'``, ``import { expect as e } from 'vitest'``;
    ``import * as v from 'vitest'`` is the library as a whole (``v.expect(x)``)."""
    whole = bound.name in ("default", "*")
    if bound.module in ASSERT_SOURCES:
        return "assert" if whole or bound.name in ("strict", "ok", "assert") else None
    if whole:
        return "library" if bound.name == "*" and bound.module in EXPECT_SOURCES else None
    return _role(bound.name) if bound.module in EXPECT_SOURCES else None


def _require_role(bound: JsImport) -> str | None:
    """``const assert = require('assert')``, ``const { expect: e } = require('chai')``,
    ``const expect = require('chai').expect``."""
    if bound.module in ASSERT_SOURCES:
        return None if bound.destructured else "assert"
    return _role(bound.name) if bound.module in EXPECT_SOURCES else None


def local_bindings(body: Node) -> list[str]:
    """Names a test body declares, in the order it declares them."""
    names: list[str] = []

    def bind(pattern: Node) -> None:
        for name in pattern_names(pattern):
            if T.text(name) not in names:
                names.append(T.text(name))

    stack = [body]
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            name = node.child_by_field_name("name")
            if name is not None:
                bind(name)
        elif node.type == "catch_clause":
            parameter = node.child_by_field_name("parameter")
            if parameter is not None:
                bind(parameter)
        elif node.type in ("for_in_statement",):
            left = node.child_by_field_name("left")
            if left is not None:
                bind(left)
        stack.extend(reversed(node.children))
    return names
