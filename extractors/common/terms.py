"""Names, string contents and imports of a file: what requirement tracing matches against.

One ``Terms`` fact per file, each distinct name or string with the line of its
first occurrence. Code files are read with tree-sitter queries (comments are
not terms: a comment that restates a requirement is no implementation of it);
configuration files (JSON, YAML, TOML, INI, .env) have no code, so their
keys and values are taken as word tokens.
"""

from __future__ import annotations

import re

import tree_sitter as ts

from ..facts import Fact
from ..facts.terms import Import, Terms
from ..javascript.model import JsModel
from ..python.model import PythonModel
from . import treesitter
from .dispatch import SourceFile, register
from .languages import extensions

# Longer strings are prose (docstrings, messages): their words still count, the text is cut.
_MAX_STRING = 300
_CONFIG_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")


def _first_lines(pairs: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    first: dict[str, int] = {}
    for value, line in pairs:
        if value and (value not in first or line < first[value]):
            first[value] = line
    return tuple(sorted(first.items(), key=lambda item: (item[1], item[0])))


def _code_terms(source: SourceFile, folder: str, imports: list[Import]) -> tuple[Fact, ...]:
    query = treesitter.query(source.language, "terms", folder)
    names: list[tuple[str, int]] = []
    strings: list[tuple[str, int]] = []
    for _, caps in treesitter.matches(query, source.tree.root_node):
        if "name" in caps:
            names.extend((treesitter.text(n), treesitter.line_of(n)) for n in caps["name"])
        elif "string" in caps:
            strings.extend(
                (treesitter.text(n)[:_MAX_STRING], treesitter.line_of(n)) for n in caps["string"]
            )
    merged = _merge_imports(imports)
    terms = Terms(
        file=source.path,
        line=1,
        names=_first_lines(names),
        strings=_first_lines(strings),
        definitions=sum(1 for s in source.tree.root_node.named_children if _defines(s)),
    )
    return (terms, *merged)


def _python_imports(source: SourceFile) -> list[Import]:
    """The import edges of the file's semantic model, modules as written."""
    return [
        Import(
            file=source.path,
            line=bound.line,
            module=bound.written,
            names=(bound.name,) if bound.name else (),
        )
        for bound in source.model(PythonModel).imports
    ] + [
        Import(file=source.path, line=star.line, module=star.written)
        for star in source.model(PythonModel).star_imports
    ]


def _javascript_imports(source: SourceFile) -> list[Import]:
    """Every module specifier the file's semantic model found."""
    return [
        Import(file=source.path, line=line, module=module)
        for module, line in source.model(JsModel).references
        if module
    ]


_NO_DEFINITION = {
    "comment",
    "hash_bang_line",
    "import_statement",
    "import_from_statement",
    "future_import_statement",
    "pass_statement",
    "empty_statement",
}
_EMPTY_EXPORTS = {"module.exports={}", "exports={}", "module.exports=undefined"}


def _defines(statement: ts.Node) -> bool:
    """Whether a top-level statement defines or does something (see ``Terms.definitions``)."""
    if statement.type in _NO_DEFINITION:
        return False
    if statement.type == "expression_statement":
        children = [c for c in statement.named_children if c.type != "comment"]
        if all(c.type in ("string", "ellipsis") for c in children):
            return False  # a docstring, "use strict", ``...``
        return "".join(treesitter.text(statement).rstrip(";").split()) not in _EMPTY_EXPORTS
    if statement.type == "export_statement":
        # ``export {}`` and ``export { a } from "./x"`` define nothing here.
        return any(
            statement.child_by_field_name(field) is not None for field in ("declaration", "value")
        )
    return True


def _merge_imports(imports: list[Import]) -> list[Import]:
    """One Import per (module, line): ``from m import a, b`` matches once per name."""
    grouped: dict[tuple[str, int], set[str]] = {}
    for fact in imports:
        grouped.setdefault((fact.module, fact.line), set()).update(fact.names)
    return [
        Import(file=imports[0].file, line=line, module=module, names=tuple(sorted(names)))
        for (module, line), names in sorted(
            grouped.items(), key=lambda item: (item[0][1], item[0][0])
        )
    ]


def python_terms(source: SourceFile) -> tuple[Fact, ...]:
    """Terms and imports of a Python file."""
    return _code_terms(source, "python", _python_imports(source))


def javascript_terms(source: SourceFile) -> tuple[Fact, ...]:
    """Terms and imports of a JavaScript file."""
    return _code_terms(source, "javascript", _javascript_imports(source))


def typescript_terms(source: SourceFile) -> tuple[Fact, ...]:
    """Terms and imports of a TypeScript or TSX file."""
    return _code_terms(source, "typescript", _javascript_imports(source))


def config_terms(source: SourceFile) -> tuple[Fact, ...]:
    """Word tokens of a configuration file, keys and values alike."""
    names: list[tuple[str, int]] = []
    for number, line in enumerate(source.text.splitlines(), start=1):
        names.extend((token, number) for token in _CONFIG_TOKEN.findall(line))
    return (Terms(file=source.path, line=1, names=_first_lines(names), strings=()),)


register("python", extensions("python"), python_terms)
register("javascript", extensions("javascript"), javascript_terms)
register("typescript", extensions("typescript"), typescript_terms)
register("tsx", extensions("tsx"), typescript_terms)
register("json", extensions("json"), config_terms)
register("yaml", extensions("yaml"), config_terms)
register("config", extensions("config"), config_terms)
