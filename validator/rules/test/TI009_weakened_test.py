"""TI009 weakened-test: a test that asserts less than at BASE was weakened to pass."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Skip, TestCase
from ...findings import Finding
from ...report.model import Location
from ...testdiff.model import Change, FileComparison
from ..rule import FileContext, FileRule
from .common import (
    names_any_exception,
    own_and_helper_assertions,
    skip_covers,
    skips_in_ci,
    tests_by_name,
)
from .weakening import EXACT, WEAK, WEAKENINGS, check_kind, loosened, subject


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split()).rstrip(";")


_ASSERT_KEYWORD = re.compile(r"^assert\s+")
_BARE_NAME = re.compile(r"^[\w.]+$")


def _still_checked(removed: str, head_texts: list[str]) -> bool:
    """True when every part of a removed assertion (``a and b``) is still checked, word for
    word, inside an assertion the HEAD test or a helper it calls runs (a loop folded into
    ``all(...)``, checks moved into a shared helper)."""
    parts = [p.strip() for p in _ASSERT_KEYWORD.sub("", removed).split(" and ")]
    return all(
        not _BARE_NAME.match(part) and any(part in text for text in head_texts) for part in parts
    )


class WeakenedTest(FileRule):
    """## What it does
    Compares each test of the change set with the same test (same file, same
    name, or the BASE test renamed) at BASE, assertion by assertion, from the
    parsed BASE and HEAD source, and reports when it asserts less: an assertion
    deleted from a test that still exists (or fewer assertions); an exact
    comparison turned into a membership (`in`, `toContain`), substring, partial
    object (`toMatchObject`, `objectContaining`, some keys of a dict), truthiness,
    `is not None` / `toBeDefined()` or type check; an exact count turned into a
    bound (`toHaveLength(3)` → `toBeGreaterThan(0)`, `call_count == 2` →
    `assert_called()`); a call-argument check turned into "was called"
    (`toHaveBeenCalledWith(x)` → `toHaveBeenCalled()`); a specific exception
    turned into a broader one or its message match dropped; a threshold or
    tolerance loosened (`< 100` → `< 1000`, `abs=0.01` → `abs=0.5`,
    `toBeCloseTo(x, 5)` → `toBeCloseTo(x, 1)`); a new skip, of the test itself or
    of what encloses it (its class, its `describe`, the whole module: `pytestmark =
    pytest.mark.skipif(...)`, `if ...: pytest.skip(..., allow_module_level=True)`,
    `describe.skipIf(...)`, `describe.runIf(...)`, `(cond ? describe.skip : describe)`),
    under any condition, reported for each BASE test it stops, at the skip. A skip
    whose condition compares the platform alone and holds only off CI's (Linux)
    machines (`skipif(sys.platform == "win32")`, `runIf(process.platform !== "win32")`)
    stops nothing where the tests ran; nor does `pytest.importorskip("pkg")` of a
    package a dependency manifest declares (`requirements*.txt`, `pyproject.toml`,
    `setup.cfg`, `setup.py`, `Pipfile`, tox `deps`), of the repository's own or of the
    standard library, while one of any other package skips. A test skipped at BASE
    under a condition and now under another is no new skip. The message quotes the
    assertion as it was and as it is now. A stricter check, a more specific
    exception, a reformatted assertion and a changed expected value are not
    weakenings (the last is expectation-edited's when the code under test changed
    too).

    ## Why is this bad?
    Weakening a test until it passes is the quietest way to fake progress: the
    test still exists and is green.

    ## Example
    ```python
    # BASE
    assert total == 3
    # HEAD
    assert total is not None
    ```

    Use instead: keep the exact check and fix the code.

    ## How to suppress
    `# ralph-validate: ignore[TI009] <reason>` on the line or the line above.
    """

    id = "TI009"
    kind = "test.weakened"
    name = "weakened-test"
    summary = "The test asserts less than it did at BASE."
    reads_base = True
    says_not_run = True
    message = MappingProxyType(
        {
            "fewer": "{test} has {now} assertion(s); {was} at BASE",
            "weaker": "{what}: {before} -> {after}",
            "replaced": "assertion replaced by a check of something else: {before} -> {after}",
            "removed": "{test} still exists but no longer checks: {removed}",
            "exact": "exact check on {subject} weakened to: {assertion}",
            "broadened": "expected exception broadened: {assertion}",
            "loosened": "threshold loosened: {before} -> {after}",
            "skipped": "{test} is newly skipped ({how})",
            "no-base": "tests not compared with BASE ({why}): an assertion weakened since BASE "
            "is not known; --base REF compares them",
        }
    )

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Tests that assert less than the same test did at BASE: the structural comparison
        of the source (``context.comparison``), then the assertion facts (``context.base``)
        for what it does not say."""
        if context.base is None:
            return
        said: set[int] = set()
        if context.comparison is not None:
            for found in self._structural(facts, context.comparison):
                said.add(found.line)
                yield found
        for found in self._by_facts(facts, context.base, context.importable):
            if found.line not in said:
                yield found

    def _structural(self, facts: FileFacts, comparison: FileComparison) -> Iterator[Finding]:
        tests = tests_by_name(facts)
        runs = own_and_helper_assertions(facts)
        for compared in comparison.tests:
            test = tests.get(compared.head_name or compared.name)
            if test is None:
                continue
            lines: set[int] = set()
            gone: list[str] = []
            head_texts = [_one_line(a.text) for a in runs.get(test.symbol, [])]
            for change in compared.changes:
                if change.head_line is None:
                    removed = _one_line(change.base_text)
                    if change.change is Change.ASSERTION_REMOVED and not _still_checked(
                        removed, head_texts
                    ):
                        gone.append(removed)
                    continue
                if change.head_line in lines:
                    continue
                at = Location(facts.path, change.head_line)
                before, after = _one_line(change.base_text), _one_line(change.head_text)
                if change.change in WEAKENINGS:
                    what = WEAKENINGS[change.change]
                    lines.add(change.head_line)
                    yield self.finding(
                        at,
                        variant="weaker",
                        symbol=test.symbol,
                        what=what,
                        before=before,
                        after=after,
                    )
                elif change.change is Change.ASSERTION_REMOVED:
                    lines.add(change.head_line)
                    yield self.finding(
                        at, variant="replaced", symbol=test.symbol, before=before, after=after
                    )
            if gone:
                yield self.finding(test, variant="removed", test=test.name, removed="; ".join(gone))

    def _by_facts(
        self, facts: FileFacts, base: FileFacts, importable: frozenset[str] | None
    ) -> Iterator[Finding]:
        base_tests = {t.symbol: t for t in base.of_type(TestCase)}
        base_asserts = own_and_helper_assertions(base)
        head_asserts = own_and_helper_assertions(facts)
        base_skips, head_skips = base.of_type(Skip), facts.of_type(Skip)
        for test in facts.of_type(TestCase):
            if test.symbol not in base_tests:
                continue
            was, now = base_asserts.get(test.symbol, []), head_asserts.get(test.symbol, [])
            if len(now) < len(was):
                yield self.finding(
                    test, variant="fewer", test=test.name, now=len(now), was=len(was)
                )
            exact_before = {subject(a) for a in was if check_kind(a) in EXACT}
            exact_now = {subject(a) for a in now if check_kind(a) in EXACT}
            # Only what changed can have been weakened: an assertion present, word for word, on
            # both sides says nothing, and neither does a pairing with one.
            texts_before = {a.text for a in was}
            texts_now = {a.text for a in now}
            was = [b for b in was if b.text not in texts_now]
            for a in (a for a in now if a.text not in texts_before):
                what = subject(a)
                if check_kind(a) in WEAK and what in exact_before and what not in exact_now:
                    yield self.finding(a, variant="exact", subject=what, assertion=a.text)
                if a.style == "raises" or a.exception_types:
                    for b in was:
                        if (b.style, b.method) != (a.style, a.method):
                            continue
                        broad = names_any_exception(a.exception_types)
                        was_specific = b.exception_types and not names_any_exception(
                            b.exception_types
                        )
                        if (broad and was_specific) or (
                            b.has_match
                            and not a.has_match
                            and set(b.exception_types) == set(a.exception_types)
                        ):
                            yield self.finding(a, variant="broadened", assertion=a.text)
                            break
                for b in was:
                    if loosened(b, a):
                        yield self.finding(a, variant="loosened", before=b.text, after=a.text)
                        break
            yield from self._newly_skipped(test, base_skips, head_skips, importable)

    def _newly_skipped(
        self,
        test: TestCase,
        base_skips: list[Skip],
        head_skips: list[Skip],
        importable: frozenset[str] | None,
    ) -> Iterator[Finding]:
        """The skips of HEAD that stop a BASE test running where it ran at BASE, its own or
        one on its class, ``describe`` or module (reported for the test, at the skip). A test
        skipped at BASE whatever happens is no newly skipped test, nor is one skipped at BASE
        under a condition and now under another (``xit`` -> ``it.skip``,
        ``skipif(a)`` -> ``pytestmark = skipif(b)``); ``skipif`` -> ``skip`` is."""
        before = [
            s for s in base_skips if skip_covers(s, test.symbol) and skips_in_ci(s, importable)
        ]
        if any(not s.conditional for s in before):
            return
        for s in head_skips:
            if (
                not skip_covers(s, test.symbol)
                or not skips_in_ci(s, importable)
                or (before and s.conditional)
            ):
                continue
            yield self.finding(s, variant="skipped", symbol=test.symbol, test=test.name, how=s.how)
