"""Test integrity (DESIGN §6 ``test.*``): the family driver of the ``test`` rules.

Per file with tests, every rule of the family runs on the file (``validator/rules/test/``).
The same rules run on the file at BASE, so a finding already there is marked
``pre_existing``; a rule that compares with BASE itself (``reads_base``: weakened tests)
gets the BASE version in its context instead, and does not run without a BASE (``--all``
without ``--base``: ``checks/base_missing.py`` says so). One table row per test.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ...extractors.facts import FileFacts, symbol_name
from ...extractors.facts.integrity import TestCase
from ..baseline import compare_with_base, subtract_base
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding, Status
from ..report.model import TestRow
from ..rules import rules_of
from ..rules.rule import FileContext, FileRule
from ..rules.test.changes import Reach, comparison_context, spec_changed
from ..trace.ids import ids_in_test_name, ids_in_text
from .ci_environment import ci_environment
from .importable import importable
from .repository_modules import path_aliases, production_files


def _file_rules() -> list[FileRule]:
    return [r for r in rules_of("test") if isinstance(r, FileRule)]


def detect_tests(facts: FileFacts, context: FileContext | None = None) -> list[Finding]:
    """Every test-integrity finding of one file version, but those that compare with BASE."""
    if not facts.of_type(TestCase):
        return []
    context = context or FileContext()
    return [f for rule in _file_rules() if not rule.reads_base for f in rule.detect(facts, context)]


def weakened(head: FileFacts, context: FileContext) -> list[Finding]:
    """The findings of the rules that compare a test with its BASE version."""
    return [f for rule in _file_rules() if rule.reads_base for f in rule.detect(head, context)]


def _dedupe(findings: Iterable[Finding]) -> list[Finding]:
    seen: set[tuple[str, str, str, int]] = set()
    result: list[Finding] = []
    for f in findings:
        key = (f.rule, f.file, f.symbol, f.line)
        if key not in seen:
            seen.add(key)
            result.append(f)
    return result


class _LazyCi:
    """The file context naming CI's variables and the repository's own modules, read once
    and only for a change set with tests."""

    def __init__(self, ctx: AnalysisContext) -> None:
        self._ctx = ctx
        self._context: FileContext | None = None
        self._importable: frozenset[str] | None = None

    @property
    def context(self) -> FileContext:
        if self._context is None:
            self._context = FileContext(
                ci_names=ci_environment(self._ctx),
                production_files=production_files(self._ctx),
                path_aliases=path_aliases(self._ctx),
                assert_functions=self._ctx.config.assert_functions,
            )
        return self._context

    @property
    def importable(self) -> frozenset[str]:
        """The modules HEAD's tests can import where CI runs them, read once."""
        if self._importable is None:
            self._importable = importable(self._ctx)
        return self._importable

    def detect(self, facts: FileFacts) -> list[Finding]:
        """``detect_tests`` in this context."""
        return detect_tests(facts, self.context)


class IntegrityCheck:
    """Test integrity over the tests of the change set."""

    name = "test-integrity"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Findings and one table row per test in the change set."""
        out = CheckOutput()
        known = set()
        if ctx.spec is not None:
            known = {r.id for r in ctx.spec.requirements} | {
                c.id for r in ctx.spec.requirements for c in r.criteria
            }
        compare = compare_with_base(ctx)
        reach = Reach(ctx)
        asks_differently = spec_changed(ctx)
        ci = _LazyCi(ctx)
        for path in ctx.change_set.files:
            head = ctx.facts.head(path)
            if head is None or not head.of_type(TestCase):
                continue
            base = ctx.facts.base(path)
            found = detect_tests(head, ci.context)
            if compare:
                found = subtract_base(found, base, ci.detect)
            if compare:
                context = comparison_context(ctx, path, reach, asks_differently, ci.importable)
                found = [*found, *weakened(head, context)]
            found = _dedupe(found)
            out.findings.extend(found)
            by_test: dict[str, list[Finding]] = defaultdict(list)
            for f in found:
                if not f.pre_existing:
                    by_test[f.symbol].append(f)
            for test in head.of_type(TestCase):
                kinds = sorted({f.kind for f in by_test.get(test.symbol, [])})
                statuses = {f.status for f in by_test.get(test.symbol, [])}
                status = (
                    Status.FAIL
                    if Status.FAIL in statuses
                    else Status.UNKNOWN
                    if statuses
                    else Status.PASS
                )
                reqs = ids_in_test_name(test.name, known) | ids_in_text(test.doc, known)
                out.tests.append(
                    TestRow(
                        file=test.file,
                        name=symbol_name(test.symbol),
                        line=test.line,
                        status=status,
                        kinds=tuple(kinds),
                        requirements=tuple(sorted(reqs)),
                    )
                )
        return out
