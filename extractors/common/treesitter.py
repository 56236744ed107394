"""tree-sitter languages, parsers and queries, loaded once per process.

Queries are data: ``extractors/queries/<language>/<name>.scm``, compiled on
first use and matched in C (DESIGN §5: no Python-side walk of every node).
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from functools import cache
from importlib import resources

import tree_sitter as ts
import tree_sitter_javascript
import tree_sitter_python
import tree_sitter_typescript

_GRAMMARS = {
    "python": tree_sitter_python.language,
    "javascript": tree_sitter_javascript.language,
    "typescript": tree_sitter_typescript.language_typescript,
    "tsx": tree_sitter_typescript.language_tsx,
}


@cache
def language(name: str) -> ts.Language:
    """The tree-sitter Language for ``name`` ("python", "javascript", "typescript", "tsx")."""
    return ts.Language(_GRAMMARS[name]())


@cache
def parser(name: str) -> ts.Parser:
    """A parser for ``name``; parsers are reused within one process."""
    return ts.Parser(language(name))


def parse(name: str, data: bytes) -> ts.Tree:
    """Parse ``data`` as language ``name``; bytes that are not UTF-8 are read as ``?``."""
    return parser(name).parse(same_length_utf8(data))


def _same_length(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeDecodeError)
    return "?" * (error.end - error.start), error.end


codecs.register_error("ralph-validate-same-length", _same_length)


def same_length_utf8(data: bytes) -> bytes:
    """``data`` with every byte that is not part of valid UTF-8 replaced by ``?``: the same
    length, so every offset and line of the tree is one of the file. tree-sitter's query
    predicates (``#match?``, ``#eq?``) decode a node's text strictly, and an undecodable byte
    there made the whole query fail, so one stray byte cost a file all its facts."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("utf-8", "ralph-validate-same-length").encode("utf-8")
    return data


@cache
def query(lang: str, query_name: str, folder: str | None = None) -> ts.Query:
    """The compiled query ``queries/<folder or lang>/<query_name>.scm`` for ``lang``."""
    text = (
        resources.files("ralph_validate.extractors")
        .joinpath("queries", folder or lang, f"{query_name}.scm")
        .read_text(encoding="utf-8")
    )
    return ts.Query(language(lang), text)


def captures(q: ts.Query, node: ts.Node) -> dict[str, list[ts.Node]]:
    """Captures of ``q`` under ``node``, by capture name, each list in source order."""
    found = ts.QueryCursor(q).captures(node)
    return {name: sorted(nodes, key=lambda n: n.start_byte) for name, nodes in found.items()}


def matches(q: ts.Query, node: ts.Node) -> list[tuple[int, dict[str, list[ts.Node]]]]:
    """Matches of ``q`` under ``node`` as (pattern index, captures), in source order."""
    found = ts.QueryCursor(q).matches(node)
    return sorted(
        found,
        key=lambda m: min((n.start_byte for ns in m[1].values() for n in ns), default=0),
    )


def text(node: ts.Node | None) -> str:
    """The node's source text (UTF-8, undecodable bytes replaced)."""
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", errors="replace")


def squash(node: ts.Node | None) -> str:
    """The node's text with every run of whitespace collapsed to one space."""
    return " ".join(text(node).split())


def line_of(node: ts.Node) -> int:
    """1-based line of the node's first byte."""
    return node.start_point[0] + 1


def walk(node: ts.Node) -> Iterator[ts.Node]:
    """Every node under ``node`` (itself included), in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))
