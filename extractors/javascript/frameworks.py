"""Resolve a callee to a test-framework function: ``iit.skip`` is vitest's ``it.skip``.

A name counts as a test function when it is imported from a framework
(``vitest``, ``@jest/globals``, ``node:test``, ``mocha``, ``@playwright/test``),
derived from one by ``.extend(...)``, imported under a framework name into a
test file (``import { test } from './fixtures'``), or left unbound in a test
file (the globals Jest and Mocha inject).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

from ..facts.integrity import JsFramework
from .imports import Imports, Switch, is_framework
from .syntax import Chain

TEST_BASES = frozenset({"it", "test", "specify"})
SUITE_BASES = frozenset({"describe", "context", "suite"})
# Prefixed globals: the base they stand for and the modifier they add.
PREFIXED = {
    "xit": ("it", "skip"),
    "xtest": ("test", "skip"),
    "xspecify": ("specify", "skip"),
    "fit": ("it", "only"),
    "ftest": ("test", "only"),
    "xdescribe": ("describe", "skip"),
    "xcontext": ("context", "skip"),
    "fdescribe": ("describe", "only"),
}
BASES = TEST_BASES | SUITE_BASES | PREFIXED.keys()
# Every global that declares a test or a suite, prefixed forms included: the one list the
# integrity facts, the test comparison and the runs model read.
TEST_FUNCTIONS = TEST_BASES | {p for p, (base, _) in PREFIXED.items() if base in TEST_BASES}
SUITE_FUNCTIONS = SUITE_BASES | {p for p, (base, _) in PREFIXED.items() if base in SUITE_BASES}
# Benchmarks declared like tests (Vitest's ``bench('x', fn)``): titled, but no test.
BENCHMARKS = frozenset({"bench"})
# Globals only Mocha provides: a file using them unimported is a Mocha file.
MOCHA_ONLY = frozenset({"context", "specify", "suite", "xcontext", "xspecify"})
TEST_DIRS = frozenset({"test", "tests", "__tests__", "__test__", "spec"})
TEST_NAME_PARTS = frozenset({"test", "spec", "test-d", "spec-d"})


def is_test_path(path: str) -> bool:
    """``*.test.*``, ``*.spec.*`` or a file under ``test/``, ``tests/``, ``__tests__/``,
    ``spec/`` (Mocha's and Jasmine's folder)."""
    pure = PurePosixPath(path)
    if any(part in TEST_DIRS for part in pure.parts[:-1]):
        return True
    return any(part.lower() in TEST_NAME_PARTS for part in pure.name.split(".")[1:-1])


@dataclass(frozen=True)
class Resolved:
    """A callee resolved to a framework function."""

    framework: JsFramework
    base: str  # canonical framework name: "it", "test", "describe", ...
    prefix: str  # "xit", "fdescribe", ... when written prefixed, else ""
    words: tuple[str, ...]  # the callee's words after the base
    # Called through a name a condition binds (``cond ? it.skip : it``): the words it may
    # add are in ``words``, and they apply only when the condition holds.
    switched: Switch | None = None


class FrameworkNames:
    """The test functions visible in one file."""

    def __init__(self, imports: Imports, test_path: bool, default_framework: JsFramework) -> None:
        self.imports = imports
        self.test_path = test_path
        self.default: JsFramework = default_framework

    def resolve(self, chain: Chain) -> Resolved | None:
        """The framework function a callee chain starts with, or None."""
        root, words, switch = chain.root, chain.words, None
        # Through names bound to a choice of test functions and names bound to those names
        # (``const a = cond ? it.skip : it; const b = a``), a few hops at most.
        for _ in range(4):
            switched = self.imports.switched.get(root)
            alias = self.imports.aliased.get(root) if root not in self.imports.bindings else None
            if switched is not None and switch is None:
                switch, root, words = switched, switched.base, (*switched.words, *words)
            elif alias is not None and alias[0] != root:
                root, words = alias[0], (*alias[1:], *words)
            else:
                break
        found = self._base_of(root, depth=0)
        if found is None:
            return None
        framework, base = found
        if base == "*":
            if not words or (words[0] not in BASES and words[0] != "default"):
                return None
            base = "test" if words[0] == "default" else words[0]
            words = words[1:]
        prefix = ""
        if base in PREFIXED:
            prefix = base
            base = PREFIXED[base][0]
        return Resolved(framework, base, prefix, words, switch)

    def _base_of(self, name: str, depth: int) -> tuple[JsFramework, str] | None:
        origin = self.imports.bindings.get(name)
        if origin is not None:
            if is_framework(origin.kind):
                export = origin.export
                return (origin.kind, export) if export == "*" or export in BASES else None
            if origin.kind == "" and self.test_path and origin.name in BASES:
                return self.default, origin.name
            if origin.kind == "" and self.test_path and origin.name == "default" and name in BASES:
                return self.default, name
            return None
        base = self.imports.extended.get(name)
        if base is not None and depth < 4:
            found = self._base_of(base, depth + 1)
            return (found[0], "test") if found is not None and found[1] != "*" else None
        if name in BASES and (self.test_path or self.imports.frameworks):
            return self.default, name
        return None


def default_framework(imports: Imports, roots: set[str]) -> JsFramework:
    """The framework of unimported globals: the first imported framework, else Mocha when
    only Mocha's globals/``this.skip()``/chai are used, vitest when ``vi`` is, else Jest."""
    if imports.frameworks:
        return imports.frameworks[0]
    unbound = {r for r in roots if r not in imports.bindings}
    if "vi" in unbound:
        return "vitest"
    if "jest" in unbound:
        return "jest"
    if unbound & MOCHA_ONLY or "this.skip" in roots or imports.imports_kind("chai"):
        return "mocha"
    return "jest"
