"""Parsing for configuration code read outside the per-file extraction (a revision's
``jest.config.ts`` or test file read while runs are compared): the shared tree-sitter
plumbing, with the grammar chosen by the file's extension."""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T


def parse(name: str, data: bytes) -> ts.Node:
    """The root node of ``data`` parsed with grammar ``name``."""
    return T.parse(name, data).root_node


def grammar_for(path: str) -> str:
    """The grammar that reads a JS-family file, chosen by its extension."""
    if path.endswith((".ts", ".mts", ".cts")):
        return "typescript"
    if path.endswith(".tsx"):
        return "tsx"
    return "javascript"
