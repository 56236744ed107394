"""Test-integrity and placeholder facts of JavaScript, TypeScript and TSX files.

Reads, per file: tests (Jest, Vitest, Mocha, node:test, Playwright) with their
assertions, skips, returns and handlers; comments; stub bodies; literal
bindings. The work is done by tree-sitter queries (``queries/<grammar>/js_*.scm``)
matched in C in one pass per file; Python only reads the nodes they return and
their near parents. A file is read for tests when it is a test file by name
(``*.test.*``, ``*.spec.*``, under ``test/``, ``tests/``, ``__tests__/``) or
imports a test framework; elsewhere a bare ``test(...)`` call is just a call.
``.d.ts`` files are read as TypeScript with every function a declaration.
"""

from __future__ import annotations

from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..facts import Fact
from ..facts.integrity import (
    Assertion,
    Binding,
    Comment,
    Double,
    Handler,
    ImportedCall,
    Return,
    Skip,
    StubBody,
    TestCase,
)
from . import comment_checks, double_sites, marker_facts, test_facts
from .context import JsFile
from .model import JsModel

# Fact order within one line, so that output is the same on every run.
_ORDER = {
    TestCase: 0,
    Skip: 1,
    Assertion: 2,
    Return: 3,
    Handler: 4,
    Comment: 5,
    StubBody: 6,
    Binding: 7,
    Double: 8,
    ImportedCall: 9,
}


def extract_integrity(source: SourceFile) -> tuple[Fact, ...]:
    """Every test-integrity and placeholder fact of one JS/TS/TSX file, in line order."""
    f = JsFile(source)
    functions = marker_facts.function_scopes(f)
    if f.test_context:
        test_facts.read_tests(f)
        f.facts.extend(double_sites.double_sites(f, source.model(JsModel)))
    marker_facts.handlers(f)
    comment_checks.comments(f)
    marker_facts.stubs(f, functions)
    marker_facts.bindings(f)
    return tuple(sorted(f.facts, key=lambda fact: (fact.line, _ORDER[type(fact)])))


register("javascript", extensions("javascript"), extract_integrity)
register("typescript", extensions("typescript"), extract_integrity)
register("tsx", extensions("tsx"), extract_integrity)
