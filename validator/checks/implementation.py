"""Implementation (DESIGN §6 ``impl.*``): the family driver of the ``impl`` rules.

The rules (``validator/rules/impl/``) read one production file's facts; this driver gives
them what lies outside the file: the literal answers the repository's tests expect and
the environment variables its tests, setup files and test scripts set. Findings are made
only on production files of the change set; those the same rule also gives at BASE are
pre-existing.
"""

from __future__ import annotations

import dataclasses

from ...extractors.common.paths import is_test_path, is_test_side
from ...extractors.facts import FileFacts
from ...extractors.facts.impl import EnvWrite, ProducedWords, TestExpectation, TestInput
from ...extractors.runners.view import RevisionView
from ..baseline import compare_with_base, subtract_base
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding
from ..rules import rules_of
from ..rules.rule import FileContext, FileRule
from .script_env import script_env


def detect_impl(facts: FileFacts, context: FileContext) -> list[Finding]:
    """Every ``impl`` finding of one production file version."""
    rules = [r for r in rules_of("impl") if isinstance(r, FileRule)]
    return [f for rule in rules for f in rule.detect(facts, context)]


def program_words(ctx: AnalysisContext) -> frozenset[str]:
    """The word-like strings every production file writes as values at HEAD."""
    words: set[str] = set()
    for path in ctx.facts.files():
        facts = None if is_test_side(path) else ctx.facts.head(path)
        for found in facts.of_type(ProducedWords) if facts is not None else ():
            words.update(found.words)
    return frozenset(words)


def test_side_facts(ctx: AnalysisContext) -> tuple[tuple[TestExpectation, ...], set[str]]:
    """The literal expectations of every test file at HEAD, in file order, and the
    environment variables the test files and setup files set."""
    answers: list[TestExpectation] = []
    env: set[str] = set()
    for path in ctx.facts.files():
        if not is_test_side(path):
            continue
        facts = ctx.facts.head(path)
        if facts is not None:
            answers.extend(facts.of_type(TestExpectation) if is_test_path(path) else ())
            env |= {w.name for w in facts.of_type(EnvWrite)}
    return tuple(answers), env


def change_inputs(ctx: AnalysisContext) -> tuple[TestInput, ...]:
    """The literal arguments of calls in the test files the change set changed, at HEAD."""
    found: list[TestInput] = []
    for path in sorted(ctx.change_set.files):
        facts = ctx.facts.head(path) if is_test_path(path) else None
        found.extend(facts.of_type(TestInput) if facts is not None else ())
    return tuple(found)


def spec_text(ctx: AnalysisContext) -> str | None:
    """Every file of the spec at HEAD, lower-cased and joined; None without a spec."""
    if ctx.spec is None:
        return None
    root = ctx.spec.path.rstrip("/")
    texts = [
        ctx.facts.head_text(p) or ""
        for p in sorted(ctx.facts.files())
        if p == root or p.startswith(root + "/")
    ]
    return "\n".join(texts).lower()


def _head_view(ctx: AnalysisContext) -> RevisionView:
    def read(path: str) -> bytes | None:
        text = ctx.facts.head_text(path)
        return text.encode("utf-8") if text is not None else None

    return RevisionView(list_paths=ctx.facts.files, read=read)


class ImplementationCheck:
    """Production code of the change set that special-cases the tests or swallows errors."""

    name = "implementation"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """``impl`` findings on the change set's production files."""
        out = CheckOutput()
        production = [p for p in ctx.change_set.files if not is_test_side(p)]
        if not production:
            return out
        compare = compare_with_base(ctx)
        answers, env = test_side_facts(ctx)
        context = FileContext(
            test_answers=answers,
            runner_env=tuple(sorted(env | set(script_env(_head_view(ctx))))),
            base_known=compare,
            change_inputs=change_inputs(ctx),
            spec_text=spec_text(ctx),
            program_words=program_words(ctx),
        )
        for path in production:
            head = ctx.facts.head(path)
            if head is None:
                continue
            base = ctx.facts.base(path) if compare else None
            here = dataclasses.replace(context, base=base)
            found = detect_impl(head, here)
            if compare and found:
                found = subtract_base(found, base, lambda facts, c=here: detect_impl(facts, c))
            out.findings.extend(found)
        return out
