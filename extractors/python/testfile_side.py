"""Python tests and their assertions, read with libcst (comments and literals stay exact).

This module walks each test body and its comments; ``collected`` finds the tests (the
same reader as the integrity facts and the runs model),
``python_expressions`` and ``python_calls`` read each assertion, ``python_module`` resolves
names through the file's imports.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import final

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.testfile_checks import Check, place
from ..facts.testfile import Assertion, ParsedTestFile, TestCase
from .collected import default_tests
from .model import PythonModel
from .testfile_calls import Reader
from .testfile_module import SourceModule, walk_nodes
from .testfile_naming import body_text, function_bodies, local_bindings
from .testfile_tables import column_renames, loop_tables, parametrize_tables


@final
class _Collector:
    """The checks and comments inside one test function, with the nodes that made them."""

    def __init__(self, reader: Reader, root: cst.CSTNode) -> None:
        self.reader: Reader = reader
        self.found: list[tuple[cst.CSTNode, Check]] = []
        self.comments: list[cst.Comment] = []
        for node in walk_nodes(root):
            if isinstance(node, cst.Assert):
                self.found += [(node, c) for c in reader.condition(node.test)]
            elif isinstance(node, cst.Expr):
                self._expression(node)
            elif isinstance(node, cst.With):
                self._with(node)
            elif isinstance(node, cst.Comment):
                self.comments.append(node)

    def _expression(self, node: cst.Expr) -> None:
        value = node.value
        if isinstance(value, cst.Await):
            value = value.expression
        if isinstance(value, cst.Call):
            self.found += [(node, c) for c in self.reader.call_checks(value)]

    def _with(self, node: cst.With) -> None:
        subject = "; ".join(self._statement_text(s) for s in node.body.body)
        for item in node.items:
            self.found += [(item, c) for c in self.reader.with_checks(item.item, subject)]

    def _statement_text(self, statement: cst.CSTNode) -> str:
        """A statement inside ``with pytest.raises``, canonical when it is an expression."""
        parts: Sequence[cst.CSTNode] = [statement]
        if isinstance(statement, cst.SimpleStatementLine | cst.SimpleStatementSuite):
            parts = statement.body
        return "; ".join(
            self.reader.canon(p.value)
            if isinstance(p, cst.Expr)
            else " ".join(self.reader.module.code(p).split())
            for p in parts
        )


def _comment_blocks(comments: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Runs of comment lines, each as (first line, text without ``#``), then each line."""
    runs: list[list[tuple[int, str]]] = []
    for line, text in comments:
        if runs and runs[-1][-1][0] == line - 1:
            runs[-1].append((line, text))
        else:
            runs.append([(line, text)])
    for run in runs:
        if len(run) > 1:
            yield run[0][0], textwrap.dedent("\n".join(t for _, t in run))
        yield from ((line, text.strip()) for line, text in run)


def _uncomment(comment: str) -> str:
    return re.sub(r"^#+ ?", "", comment)


def parse_python(path: str, source: str) -> ParsedTestFile:
    """The tests of one Python file with their assertions and commented-out assertions."""
    try:
        wrapper = MetadataWrapper(cst.parse_module(source))
    except cst.ParserSyntaxError as error:
        return ParsedTestFile(path, "python", (), f"{type(error).__name__}: {error.message}")
    positions = wrapper.resolve(PositionProvider)
    file = SourceFile(path, source.encode("utf-8"), "python")
    module = SourceModule(wrapper.module, file.model(PythonModel).qualified)
    bodies = function_bodies(source)
    definitions = {
        positions[node.name].start.line: node
        for node in walk_nodes(wrapper.module)
        if isinstance(node, cst.FunctionDef)
    }
    tests: list[TestCase] = []
    for test in file.model(default_tests).tests:
        name = test.node_id
        function = definitions.get(T.line_of(test.function.child_by_field_name("name")))
        if function is None:
            continue
        tables = parametrize_tables(function, module)
        tables += loop_tables(function, wrapper.module.body)
        # Table columns are named by place, whether parameters or loop variables.
        columns = column_renames(tables)
        names = [n for n in local_bindings(function.body) if n not in columns]
        renames = {**columns, **{n: f"_v{i}" for i, n in enumerate(names)}}
        collector = _Collector(Reader(module, renames), function)
        cases = Reader(module, {}).table_rows(tables, columns)
        assertions = tuple(
            place(check, positions[node].start.line, module.code(node))
            for node, check in [*cases, *collector.found]
        )
        comments = [(positions[c].start.line, _uncomment(c.value)) for c in collector.comments]
        commented = tuple(_commented(module, renames, comments))
        line = positions[function.name].start.line
        body = body_text(bodies.get(line, []), renames)
        tests.append(TestCase(name, line, body, assertions, commented))
    return ParsedTestFile(path, "python", tuple(tests))


def _commented(
    module: SourceModule, renames: dict[str, str], comments: list[tuple[int, str]]
) -> Iterator[Assertion]:
    """Assertions written inside comments: a comment block that parses as test code."""
    seen: set[int] = set()
    for line, text in _comment_blocks(comments):
        if line in seen:
            continue
        try:
            small = cst.parse_module(text + "\n")
        except cst.ParserSyntaxError:
            continue
        wrapper = MetadataWrapper(small)
        positions = wrapper.resolve(PositionProvider)
        # A commented snippet reads names through the file's imports.
        inner = SourceModule(wrapper.module, module.aliases)
        collector = _Collector(Reader(inner, renames), wrapper.module)
        for node, check in collector.found:
            at = line + positions[node].start.line - 1
            seen.add(at)
            yield replace(place(check, at, inner.code(node)), commented=True)
