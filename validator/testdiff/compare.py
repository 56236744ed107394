"""The per-test before/after comparison of assertions, and the public entry point."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from ...extractors.common.testfile import parse_test_file
from .canonical import exceptions_narrowed, exceptions_widened
from .model import (
    Assertion,
    AssertionChange,
    Change,
    FileComparison,
    Kind,
    MapValue,
    ParsedTestFile,
    RemovedTest,
    TestCase,
    TestComparison,
    TestLanguage,
)

# A HEAD test with another name is the BASE one renamed when its body is this similar.
RENAME_SIMILARITY = 0.9

_VALUE_KINDS = frozenset(
    {
        Kind.EQUALITY,
        Kind.IDENTITY,
        Kind.MEMBERSHIP,
        Kind.SUBSTRING,
        Kind.PARTIAL,
        Kind.TRUTHINESS,
        Kind.NONE_CHECK,
        Kind.TYPE_CHECK,
        Kind.COMPARISON,
        Kind.APPROX,
        Kind.SNAPSHOT,
        Kind.LENGTH,
    }
)
_CALL_KINDS = frozenset({Kind.CALLED, Kind.CALLED_WITH, Kind.CALLED_TIMES})
_UPPER = frozenset({"<", "<="})
_LOWER = frozenset({">", ">="})
# How much a check pins its subject down; a HEAD check ranked lower asserts less.
_RANK = {
    Kind.EQUALITY: 5,
    Kind.IDENTITY: 5,
    Kind.SNAPSHOT: 5,
    Kind.NONE_CHECK: 5,
    Kind.APPROX: 4,
    Kind.PARTIAL: 3,
    Kind.MEMBERSHIP: 3,
    Kind.SUBSTRING: 3,
    Kind.LENGTH: 3,
    Kind.COMPARISON: 2,
    Kind.TYPE_CHECK: 2,
    Kind.TRUTHINESS: 1,
}
_WEAKER_AS = {
    Kind.MEMBERSHIP: Change.EXACT_TO_MEMBERSHIP,
    Kind.SUBSTRING: Change.EXACT_TO_SUBSTRING,
    Kind.PARTIAL: Change.EXACT_TO_PARTIAL,
    Kind.LENGTH: Change.EXACT_TO_PARTIAL,
    Kind.TRUTHINESS: Change.EXACT_TO_TRUTHINESS,
    Kind.NONE_CHECK: Change.EXACT_TO_NONE_CHECK,
    Kind.TYPE_CHECK: Change.EXACT_TO_TYPE_CHECK,
    Kind.APPROX: Change.TOLERANCE_WIDENED,
    Kind.COMPARISON: Change.COUNT_TO_BOUND,
}


def _rank(assertion: Assertion) -> int:
    if assertion.kind is Kind.NONE_CHECK and assertion.negated:
        return 1
    if assertion.kind is Kind.LENGTH and assertion.op != "==":
        return 2
    return _RANK.get(assertion.kind, 0)


def _number(assertion: Assertion) -> float | None:
    expected = assertion.expected
    if expected is None or not expected.is_literal:
        return None
    value = expected.value
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _inclusive_bound(assertion: Assertion) -> tuple[str, float] | None:
    """An ordering check as ("upper"|"lower", inclusive bound); ``> 0`` on ints is ``>= 1``."""
    value = _number(assertion)
    op = assertion.op
    if value is None or op not in _UPPER | _LOWER:
        return None
    integral = isinstance(assertion.expected and assertion.expected.value, int)
    if op in _UPPER:
        return "upper", value - 1 if op == "<" and integral else value
    return "lower", value + 1 if op == ">" and integral else value


def _ordering_change(base: Assertion, head: Assertion) -> Change | None:
    """Both checks are ordering checks: looser bound, edited bound, or nothing."""
    base_bound, head_bound = _inclusive_bound(base), _inclusive_bound(head)
    if base_bound is None or head_bound is None:
        return Change.EXPECTED_EDITED if base.signature() != head.signature() else None
    if base_bound[0] != head_bound[0]:
        return Change.EXPECTED_EDITED
    if base_bound[0] == "upper":
        looser = head_bound[1] > base_bound[1]
    else:
        looser = head_bound[1] < base_bound[1]
    return Change.BOUND_LOOSENED if looser else None


def _match_widened(base: str | None, head: str | None) -> bool:
    if base is None:
        return False
    return head is None or (head != base and head in base)


def _raises_change(base: Assertion, head: Assertion, language: TestLanguage) -> Change | None:
    if exceptions_widened(base.exceptions, head.exceptions, language):
        return Change.EXCEPTION_WIDENED
    same_or_narrower = set(base.exceptions) == set(head.exceptions) or exceptions_narrowed(
        base.exceptions, head.exceptions, language
    )
    if not same_or_narrower:
        return Change.EXPECTED_EDITED
    if _match_widened(base.match, head.match):
        return Change.EXCEPTION_WIDENED
    if base.match is not None and head.match is not None and base.match not in head.match:
        return Change.EXPECTED_EDITED
    return None


def _same_kind_change(base: Assertion, head: Assertion, language: TestLanguage) -> Change | None:
    kind = base.kind
    if kind is Kind.FAIL:
        return None
    if base.negated != head.negated:
        return Change.EXPECTED_EDITED
    if kind is Kind.RAISES:
        return _raises_change(base, head, language)
    if kind in (Kind.COMPARISON, Kind.LENGTH, Kind.CALLED_TIMES):
        if base.op == "==" and head.op != "==":
            return Change.COUNT_TO_BOUND
        if base.op != "==" and head.op == "==":
            return None
        if base.op != "==":
            return _ordering_change(base, head)
    base_expected = base.expected.text if base.expected else None
    head_expected = head.expected.text if head.expected else None
    if base_expected != head_expected:
        return Change.EXPECTED_EDITED
    if kind is Kind.APPROX and base.tolerance and head.tolerance:
        wider = head.tolerance.rel > base.tolerance.rel or head.tolerance.abs > base.tolerance.abs
        return Change.TOLERANCE_WIDENED if wider else None
    return None


def classify(base: Assertion, head: Assertion, language: TestLanguage) -> Change | None:
    """How a paired HEAD assertion changed the BASE one; None when it asserts no less."""
    if base.signature() == head.signature():
        return None
    if base.kind is head.kind:
        return _same_kind_change(base, head, language)
    if base.kind in _CALL_KINDS and head.kind in _CALL_KINDS:
        if base.negated or head.negated:
            return Change.EXPECTED_EDITED if base.negated != head.negated else None
        if base.kind is Kind.CALLED_WITH:
            return Change.CALLED_WITH_TO_CALLED
        if base.kind is Kind.CALLED_TIMES and head.kind is not Kind.CALLED_TIMES:
            return Change.COUNT_TO_BOUND if base.op == "==" else None
        return None
    if base.kind in _VALUE_KINDS and head.kind in _VALUE_KINDS:
        if base.negated:
            return None
        if head.kind is Kind.APPROX and _approximates_another(base, head):
            return Change.EXPECTED_EDITED
        if _rank(head) >= _rank(base):
            return None
        if base.kind is Kind.LENGTH and head.kind is Kind.TRUTHINESS:
            return Change.COUNT_TO_BOUND
        if head.kind is Kind.COMPARISON and _number(base) is None:
            return Change.EXPECTED_EDITED
        return _WEAKER_AS.get(head.kind, Change.EXPECTED_EDITED)
    # Different families (a value check against a mock check or a throw): BASE's is gone.
    return Change.ASSERTION_REMOVED


def _approximates_another(base: Assertion, head: Assertion) -> bool:
    """An exact check turned into an approximate one around a different number (``== 0.0``
    -> ``== approx(50.0)``): the expected value was edited, whatever the tolerance."""
    was, now = _number(base), _number(head)
    return was is not None and now is not None and was != now


def _root(subject: str) -> str | None:
    """The variable a subject starts from; None when it starts with a call (``f(...)``)."""
    found = re.match(r"([A-Za-z_$][\w$]*)\s*(\(?)", subject)
    return found.group(1) if found and not found.group(2) else None


def _same_root(base: Assertion, head: Assertion) -> bool:
    """True when both subjects start from the same variable (``resp.status``, ``resp.ok``)."""
    root = _root(base.subject)
    return root is not None and root == _root(head.subject)


def _family(kind: Kind) -> str:
    if kind in _VALUE_KINDS:
        return "value"
    if kind in _CALL_KINDS:
        return "call"
    return kind.value


def _key_subjects(subject: str, key: object) -> set[str]:
    """How a test may spell ``subject[key]`` in either language."""
    spelled = {f"{subject}[{key!r}]", f'{subject}["{key}"]'}
    if isinstance(key, str) and re.fullmatch(r"[A-Za-z_$][\w$]*", key):
        spelled.add(f"{subject}.{key}")
    return spelled


def _split_coverage(base: Assertion, heads: list[Assertion]) -> tuple[int, list[Assertion]]:
    """Of a dict-literal equality's keys, how many HEAD checks key by key, and which ones."""
    expected = base.expected
    if base.kind is not Kind.EQUALITY or expected is None or base.negated:
        return 0, []
    if not isinstance(expected.value, MapValue):
        return 0, []
    covering: list[Assertion] = []
    for key, value in expected.value.items:
        subjects = _key_subjects(base.subject, key)
        for head in heads:
            same_value = head.expected is not None and head.expected.value == value
            if head.kind is Kind.EQUALITY and head.subject in subjects and same_value:
                covering.append(head)
                break
    return len(expected.value.items), covering


def _change(change: Change, base: Assertion, head: Assertion | None) -> AssertionChange:
    return AssertionChange(
        change=change,
        base_line=base.line,
        base_text=base.text,
        head_line=head.line if head else None,
        head_text=head.text if head else None,
        base_kind=base.kind,
        head_kind=head.kind if head else None,
        base_value=base.expected.value if base.expected else None,
        head_value=head.expected.value if head and head.expected else None,
    )


def _pair_pass(
    base: list[Assertion],
    head: list[Assertion],
    paired: dict[int, int],
    used: set[int],
    fits: Callable[[Assertion, Assertion], bool],
    reuse: bool = False,
) -> None:
    """Pairs each unpaired BASE assertion with the first HEAD one that fits."""
    for i, b in enumerate(base):
        if i in paired:
            continue
        for j, h in enumerate(head):
            if (j in used and not reuse) or not fits(b, h):
                continue
            paired[i] = j
            used.add(j)
            break


def compare_assertions(
    base: TestCase, head: TestCase, language: TestLanguage
) -> tuple[AssertionChange, ...]:
    """Pairs BASE and HEAD assertions (same check, same subject, then same family in order)
    and classifies every BASE assertion HEAD asserts less about."""
    bases, heads = list(base.assertions), list(head.assertions)
    paired: dict[int, int] = {}
    used: set[int] = set()
    changes: list[AssertionChange] = []

    def related(b: Assertion, h: Assertion) -> bool:
        return _family(b.kind) == _family(h.kind)

    _pair_pass(bases, heads, paired, used, lambda b, h: b.signature() == h.signature())
    split: set[int] = set()
    for i, b in enumerate(bases):
        if i in paired:
            continue
        total, covering = _split_coverage(b, heads)
        if not covering:
            continue
        # A dict equality checked key by key: all keys is the same check, fewer is partial.
        split.add(i)
        paired[i] = heads.index(covering[0])
        used.update(heads.index(c) for c in covering)
        if len(covering) < total:
            changes.append(_change(Change.EXACT_TO_PARTIAL, b, covering[0]))

    def same_subject(b: Assertion, h: Assertion) -> bool:
        return b.subject == h.subject and related(b, h)

    _pair_pass(bases, heads, paired, used, lambda b, h: same_subject(b, h) and b.kind is h.kind)
    _pair_pass(bases, heads, paired, used, same_subject)
    # Then by position: the same kind on another subject (the input changed), a related
    # kind on the same variable, and expected exceptions and mock checks in order.
    _pair_pass(bases, heads, paired, used, lambda b, h: b.kind is h.kind and b.kind in _VALUE_KINDS)
    _pair_pass(bases, heads, paired, used, lambda b, h: _same_root(b, h) and related(b, h))
    _pair_pass(
        bases,
        heads,
        paired,
        used,
        lambda b, h: _family(b.kind) != "value" and _family(b.kind) == _family(h.kind),
    )
    # A check of a subject HEAD checks otherwise may stand for that check, unless HEAD kept
    # it commented out: then the comment is what became of it.
    _pair_pass(
        bases,
        heads,
        paired,
        used,
        lambda b, h: same_subject(b, h) and _commented_twin(b, head.commented) is None,
        reuse=True,
    )
    for i, b in enumerate(bases):
        if i in split:
            continue
        if i in paired:
            found = classify(b, heads[paired[i]], language)
            if found is not None:
                changes.append(_change(found, b, heads[paired[i]]))
            continue
        commented = _commented_twin(b, head.commented)
        if commented is not None:
            changes.append(_change(Change.ASSERTION_COMMENTED_OUT, b, commented))
        else:
            changes.append(_change(Change.ASSERTION_REMOVED, b, None))
    return tuple(sorted(changes, key=_change_key))


def _commented_twin(base: Assertion, commented: tuple[Assertion, ...]) -> Assertion | None:
    """The HEAD comment that still reads as this BASE assertion (same check, else subject)."""
    for candidate in commented:
        if candidate.signature() == base.signature():
            return candidate
    for candidate in commented:
        if candidate.kind is base.kind and candidate.subject == base.subject:
            return candidate
    return None


def _change_key(change: AssertionChange) -> tuple[object, ...]:
    return (change.base_line, change.change.value, change.head_line or 0, change.base_text)


def _similar(base: TestCase, head: TestCase) -> float:
    """How alike two test bodies are (1.0: same code once local names are numbered)."""
    if base.body == head.body:
        return 1.0
    return difflib.SequenceMatcher(None, base.body, head.body, autojunk=False).ratio()


def _unique(tests: tuple[TestCase, ...]) -> dict[str, TestCase]:
    """Tests by name; a repeated name gets its occurrence number (``name [2]``)."""
    named: dict[str, TestCase] = {}
    for test in tests:
        name, count = test.name, 1
        while name in named:
            count += 1
            name = f"{test.name} [{count}]"
        named[name] = test
    return named


def compare_parsed(base: ParsedTestFile, head: ParsedTestFile) -> FileComparison:
    """Pairs the tests of two parsed versions by name (then renames) and diffs each pair."""
    error = base.error or head.error
    if error is not None:
        return FileComparison(head.path, head.language, (), (), (), error)
    base_tests, head_tests = _unique(base.tests), _unique(head.tests)
    pairs = [(name, name) for name in base_tests if name in head_tests]
    gone = [name for name in base_tests if name not in head_tests]
    new = [name for name in head_tests if name not in base_tests]
    for name in gone[:]:
        scored = [(_similar(base_tests[name], head_tests[n]), n) for n in new]
        best = min(scored, key=lambda s: (-s[0], s[1]), default=None)
        if best is not None and best[0] >= RENAME_SIMILARITY:
            pairs.append((name, best[1]))
            gone.remove(name)
            new.remove(best[1])
    compared: list[TestComparison] = []
    for base_name, head_name in sorted(pairs):
        old, now = base_tests[base_name], head_tests[head_name]
        compared.append(
            TestComparison(
                name=base_name,
                base_line=old.line,
                head_line=now.line,
                changes=compare_assertions(old, now, head.language),
                head_name=head_name if head_name != base_name else None,
            )
        )
    removed = tuple(
        RemovedTest(n, base_tests[n].line, len(base_tests[n].assertions)) for n in sorted(gone)
    )
    return FileComparison(head.path, head.language, tuple(compared), removed, tuple(sorted(new)))


def compare_test_file(path: str, base_source: str, head_source: str) -> FileComparison:
    """The structural comparison of one test file's BASE and HEAD versions."""
    return compare_parsed(parse_test_file(path, base_source), parse_test_file(path, head_source))
