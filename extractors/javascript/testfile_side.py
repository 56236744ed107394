"""TS/JS tests (``describe``/``it``/``test``) and their assertions, read with tree-sitter.

This module walks each test body and its comments; the declaration walk (``test_walk``)
finds the tests, ``testfile_reader`` reads each assertion, ``testfile_syntax`` and
``testfile_words`` hold what both share.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import final

from tree_sitter import Node

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.testfile_checks import Check, place
from ..facts.testfile import Assertion, Kind, ParsedTestFile, TestCase, TestLanguage
from .assertions import AssertionReader
from .model import JsModel
from .test_facts import library_values
from .test_walk import collected_walk
from .testfile_assertions import assertion_site, site_checks
from .testfile_errors import Errors, error_callbacks, identity_catch
from .testfile_loops import each_table, loop_table
from .testfile_naming import library_roles, local_bindings
from .testfile_reader import Reader
from .testfile_syntax import chain_words, unparen
from .testfile_words import CHAINS


@final
class _Statements:
    """Collects the checks of one test body (or of a commented-out snippet)."""

    def __init__(
        self,
        reader: Reader,
        assertions: AssertionReader,
        is_context: Callable[[str], bool] = lambda name: False,
    ) -> None:
        self.reader = reader
        self.assertions = assertions
        self.is_context = is_context
        self.found: list[tuple[Node, Check]] = []
        self.comments: list[Node] = []
        self.errors = Errors(self.found)

    def walk(self, node: Node, skip: frozenset[tuple[int, int]] = frozenset()) -> None:
        """Checks and comments under ``node``, leaving out the subtrees spanning ``skip``."""
        stack = [node]
        while stack:
            current = stack.pop()
            if (current.start_byte, current.end_byte) in skip:
                continue
            if current.type == "comment":
                self.comments.append(current)
            elif current.type in ("expression_statement", "return_statement"):
                expression = next((c for c in current.named_children if c.type != "comment"), None)
                if expression is not None:
                    self._statement(current, unparen(expression))
            elif current.type == "arrow_function":
                # ``xs.forEach((x) => expect(x).toBe(1))``: a callback's expression body runs
                # as a statement of the test does.
                body = current.child_by_field_name("body")
                if body is not None and body.type != "statement_block":
                    self._statement(body, unparen(body))
            elif current.type in ("lexical_declaration", "variable_declaration"):
                for declarator in current.named_children:
                    name = declarator.child_by_field_name("name")
                    value = declarator.child_by_field_name("value")
                    if name is not None and name.type == "identifier" and value is not None:
                        self._bind(current, name, value)
            stack.extend(reversed(current.children))

    def _statement(self, statement: Node, expression: Node) -> None:
        """The checks of one statement; those of an error a rejection check handed back go
        into that check."""
        if expression.type == "assignment_expression":
            left = expression.child_by_field_name("left")
            right = expression.child_by_field_name("right")
            if left is not None and left.type == "identifier" and right is not None:
                self._bind(statement, left, right)
            return
        for check in self.expression(expression):
            if not self.errors.fold(statement, check):
                self.found.append((statement, check))
                if check.kind is Kind.RAISES:
                    for name in error_callbacks(expression):
                        self.errors.bind(self.reader.renames.get(name, name), len(self.found) - 1)

    def _bind(self, statement: Node, name: Node, value: Node) -> None:
        """``const err = await p.should.be.rejected()`` / ``= await p.catch((e) => e)``: the
        rejection check, and the name its error is bound to."""
        local = self.reader.renames.get(T.text(name), T.text(name))
        checks = self.expression(value)
        raises = next((i for i, c in enumerate(checks) if c.kind is Kind.RAISES), None)
        if raises is not None:
            self.found += [(statement, c) for c in checks]
            self.errors.bind(local, len(self.found) - len(checks) + raises)
            return
        rejected = identity_catch(value)
        if rejected is not None:
            self.errors.bind(local, self.reader.canon(rejected))

    def expression(self, node: Node) -> list[Check]:
        node = unparen(node)
        if node.type == "await_expression" and node.named_child_count:
            node = unparen(node.named_children[0])
        site = assertion_site(node, self.assertions, self.is_context)
        return site_checks(site, self.reader, self._matchers) if site is not None else []

    def _matchers(self, subject: Node, steps: list[tuple[str, list[Node] | None]]) -> list[Check]:
        flags: set[str] = set()
        checks: list[Check] = []
        for word, args in chain_words(steps):
            if word == "not":
                flags ^= {"not"}
            elif word in ("resolves", "rejects", "deep", "eventually"):
                flags.add(word)
            elif word in CHAINS:
                continue
            else:
                checks += self.reader.matcher(subject, word, args or [], set(flags))
        return checks


def context_test(context: str) -> Callable[[str], bool]:
    """Tells a test's context parameter (``t`` in node:test and AVA) from other names."""
    return lambda name: bool(context) and name == context


def _comment_text(comment: Node) -> str:
    raw = T.text(comment)
    if raw.startswith("//"):
        return raw[2:]
    lines = raw[2:-2].splitlines()
    return "\n".join(re.sub(r"^\s*\* ?", "", line) for line in lines)


def _comment_blocks(comments: list[Node]) -> Iterator[tuple[int, str]]:
    """Runs of comment lines as (first line, text), then each comment alone."""
    runs: list[list[Node]] = []
    for comment in comments:
        if runs and runs[-1][-1].end_point[0] + 1 == comment.start_point[0]:
            runs[-1].append(comment)
        else:
            runs.append([comment])
    for run in runs:
        if len(run) > 1:
            yield T.line_of(run[0]), textwrap.dedent("\n".join(_comment_text(c) for c in run))
        for comment in run:
            yield T.line_of(comment), _comment_text(comment).strip()


def _commented(
    language: str,
    roles: dict[str, str],
    renames: dict[str, str],
    comments: list[Node],
    assertions: AssertionReader,
    is_context: Callable[[str], bool],
) -> Iterator[Assertion]:
    """Assertions written inside comments: a comment that parses as test code."""
    seen: set[int] = set()
    for line, text in _comment_blocks(comments):
        if line in seen or not text.strip():
            continue
        reader = Reader(roles, renames)
        for node, check in code_checks(language, text, reader, assertions, is_context):
            at = line + node.start_point[0]
            seen.add(at)
            yield replace(place(check, at, T.text(node)), commented=True)


def code_checks(
    language: str,
    text: str,
    reader: Reader,
    assertions: AssertionReader,
    is_context: Callable[[str], bool],
) -> list[tuple[Node, Check]]:
    """The checks ``text`` (a comment's) holds when parsed as code of the file's language,
    read as the same lines of a live test body would be; none for prose."""
    grammar = language if language in ("typescript", "tsx") else "javascript"
    tree = T.parse(grammar, text.encode("utf-8"))
    if tree.root_node.has_error and ";" in text:
        # ``assert.equal(a, 1); -- flaky on CI``: the code up to its last statement's end.
        tree = T.parse(grammar, text[: text.rindex(";") + 1].encode("utf-8"))
    if tree.root_node.has_error:
        return []
    statements = _Statements(reader, assertions, is_context)
    statements.walk(tree.root_node)
    return statements.found


def parse_js(path: str, source: str, language: TestLanguage) -> ParsedTestFile:
    """The tests of one TS/JS file with their assertions and commented-out assertions."""
    file = SourceFile(path, source.encode("utf-8"), language)
    root = file.tree.root_node
    roles = library_roles(file.model(JsModel))
    walk = collected_walk(file)
    recogniser = AssertionReader(walk.imports)
    recogniser.derived.update(library_values(walk.calls, recogniser))
    tests: list[TestCase] = []
    for test in walk.tests:
        call = test.call
        body = test.callback.child_by_field_name("body") if test.callback is not None else None
        name = " > ".join(test.path)
        renames = {n: f"_v{i}" for i, n in enumerate(local_bindings(body))} if body else {}
        reader = Reader(roles, renames)
        context = test.context_parameter()
        is_context = context_test(context)
        statements = _Statements(reader, recogniser, is_context)
        if body is not None:
            # A test declared inside this one (a node:test subtest) holds its own checks.
            inner = frozenset(
                (d.call.start_byte, d.call.end_byte) for d in walk.declarations if d.parent is test
            )
            statements.walk(body, inner)
            if body.type != "statement_block":  # ``it('x', () => assert.equal(f(), 3))``
                statements.found += [(body, c) for c in statements.expression(body)]
        table = each_table(call) or loop_table(call)
        cases = Reader(roles, {}).table_rows(table) if table is not None else []
        assertions = tuple(
            place(c, T.line_of(n), T.text(n)) for n, c in [*cases, *statements.found]
        )
        commented = tuple(
            _commented(language, roles, renames, statements.comments, recogniser, is_context)
        )
        canon = reader.canon(body) if body is not None else ""
        tests.append(TestCase(name, T.line_of(call), canon, assertions, commented))
    error: str | None = None
    if root.has_error and not tests:
        error = "syntax error: the file does not parse"
    return ParsedTestFile(path, language, tuple(tests), error)
