"""The tree-sitter queries of the JS/TS integrity extractor, compiled once per grammar.

One pass of a query cursor over a tree has a fixed cost close to that of
the cheapest query, so the queries a file needs are joined into one and run
in a single pass: ``js_markers`` alone for production files, ``js_markers`` +
``js_imports`` + ``js_calls`` for files that may hold tests.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import tree_sitter as ts

from ..common import treesitter

# js_markers differs per grammar (TypeScript node types); the others are shared.
_SHARED_FOLDER = "javascript"


def _folder(language: str, name: str) -> str:
    if name != "js_markers" or language == "javascript":
        return _SHARED_FOLDER
    return "typescript"  # TypeScript and TSX share one file


@cache
def joined_query(language: str, names: tuple[str, ...]) -> ts.Query:
    """The queries ``names`` (files under ``queries/``) compiled as one for ``language``."""
    files = resources.files("ralph_validate.extractors").joinpath("queries")
    text = "\n".join(
        files.joinpath(_folder(language, name), f"{name}.scm").read_text(encoding="utf-8")
        for name in names
    )
    return ts.Query(treesitter.language(language), text)


MARKERS = ("js_markers",)
TEST_FILE = ("js_markers", "js_imports", "js_calls")
