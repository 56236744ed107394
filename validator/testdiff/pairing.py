"""Which new test a vanished test became: pairing across renames, rewrites and file moves.

A framework migration (Jest to ``node:test``, unittest to pytest) renames files, re-titles
tests and rewrites every assertion in another spelling, while the behaviour each test checks
stays: the same functions called with the same values, the same checks of the same results.
A test is paired with a new one by what survives such a move: the calls and literal values
of its body, the subjects and expected values it asserts, the words of its title and the
stem of its file name. A pairing is certain only when the test's calls are still made, the
two bodies agree, and no other new test fits about as well; a weaker or contested match is
a possible successor, which makes a removal unknown rather than a failure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property

from ...extractors.common.testfile import language_of, parse_test_file
from ...extractors.facts import symbol_id
from .compare import compare_assertions
from .model import TestCase

# How much of the removed test's calls a successor must still make (certain, possible).
CALLS_CERTAIN = 0.75
CALLS_POSSIBLE = 0.5
# How alike the bodies must be (calls, values, checks), and the whole score with title and
# file name, for a certain pairing; the score of a possible one; the lead over the runner-up.
BODY_CERTAIN = 0.6
SCORE_CERTAIN = 0.6
SCORE_POSSIBLE = 0.45
LEAD = 0.05

_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")
_NUMBER = re.compile(r"(?<![\w$.])-?\d+(?:\.\d+)?(?![\w$])")
_CONSTANT = re.compile(r"(?<![\w$.])(true|false|null|undefined|None|True|False|NaN)(?![\w$])")
_CALL = re.compile(r"([A-Za-z_$][\w$]*)\s*\(")
_LOCAL = re.compile(r"^_v\d+$")
# The module or object a called name is reached through (``cart.total(`` -> ``total(``):
# ``import cart`` and ``from cart import total`` call the same function.
_QUALIFIER = re.compile(r"^(?:[A-Za-z_$][\w$]*\.)+(?=[A-Za-z_$][\w$]*\()")
_PLACEHOLDER = re.compile(r"%[sdifjopc#%]|\$\{[^}]*\}|\$[A-Za-z_]\w*|\{[^}]*\}")
_WORD = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_TEST_MARK = re.compile(r"(^|[._-])(test|tests|spec|specs)(?=$|[._-])|^test_|_test$")

# Names of the assertion and test libraries: a migration replaces them, the behaviour stays.
_HARNESS = frozenset(
    {
        "expect",
        "assert",
        "equal",
        "strictEqual",
        "deepEqual",
        "deepStrictEqual",
        "notEqual",
        "notStrictEqual",
        "notDeepEqual",
        "notDeepStrictEqual",
        "ok",
        "throws",
        "doesNotThrow",
        "rejects",
        "doesNotReject",
        "match",
        "doesNotMatch",
        "fail",
        "raises",
        "approx",
        "test",
        "it",
        "describe",
        "each",
        "fn",
        "spyOn",
        "mock",
        "mockImplementation",
        "mockReturnValue",
        "mockRestore",
        "mockClear",
        "patch",
        "object",
        "stub",
        "spy",
        "require",
        "import",
        "isinstance",
        "len",
        "str",
        "repr",
        "function",
        "async",
        "await",
        "if",
        "for",
        "while",
        "switch",
        "catch",
        "return",
    }
)


def _harness(name: str) -> bool:
    """Whether a called name belongs to the test harness (``toBe``, ``assertEqual``)."""
    return (
        name in _HARNESS
        or bool(re.match(r"to[A-Z]", name))
        or name.startswith(("assert", "expect", "mock"))
    )


@dataclass(frozen=True)
class TestPrint:
    """What identifies a test's behaviour across a rewrite: its id, title words, calls made,
    literal values used and (subject, expected) pairs asserted."""

    __test__ = False  # not a pytest test class

    id: str
    words: frozenset[str]
    stem: frozenset[str]
    calls: frozenset[str]
    literals: tuple[tuple[str, int], ...]
    checks: frozenset[tuple[str, str]]
    case: TestCase = field(compare=False, repr=False)

    @cached_property
    def literal_counts(self) -> Counter[str]:
        """The literal values with how often each is used."""
        return Counter(dict(self.literals))

    def asserts_as_much_as(self, old: TestPrint) -> bool:
        """Whether this test makes every check ``old`` made, none weaker or edited."""
        language = language_of(self.id.split("::", 1)[0]) or "unknown"
        return not compare_assertions(old.case, self.case, language)


def title_words(name: str) -> frozenset[str]:
    """The lower-cased words of a test's full name, without the placeholders a parametrised
    title fills (``%s``, ``${name}``, ``{0}``), camelCase split, and without the word
    ``test`` that Python's names must carry (``CartTest::test_total`` -> {cart, total})."""
    words = _WORD.findall(_CAMEL.sub(" ", _PLACEHOLDER.sub(" ", name)))
    return frozenset(w.lower() for w in words) - {"test", "tests"}


def file_stem(path: str) -> frozenset[str]:
    """The parts of a test file's name without folder, extensions and test markers
    (``tests/help.wrap.test.js`` and ``test/test_help_wrap.py`` -> {help, wrap})."""
    name = path.rsplit("/", 1)[-1]
    name = re.sub(r"\.(c|m)?(js|ts|jsx|tsx|py)$", "", name)
    name = _TEST_MARK.sub(".", name)
    parts = re.split(r"[._\-]+|(?<=[a-z])(?=[A-Z])", name)
    return frozenset(p.lower() for p in parts if p)


def test_print(path: str, test: TestCase, name: str | None = None) -> TestPrint:
    """The fingerprint of one parsed test (``name``: its id's name, when not its own)."""
    body = test.body
    strings = _STRING.findall(body)
    bare = _STRING.sub(" ", body)
    literals = Counter(s[1:-1] for s in strings)
    literals.update(_NUMBER.findall(bare))
    literals.update(_CONSTANT.findall(bare))
    calls = frozenset(
        called
        for called in _CALL.findall(bare)
        if not _harness(called) and not _LOCAL.match(called)
    )
    checks = frozenset(
        (_QUALIFIER.sub("", a.subject), a.expected.text if a.expected else "")
        for a in test.assertions
    )
    return TestPrint(
        id=symbol_id(path, name or test.name),
        words=title_words(test.name),
        stem=file_stem(path),
        calls=calls,
        literals=tuple(sorted(literals.items())),
        checks=checks,
        case=test,
    )


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def _literal_likeness(a: TestPrint, b: TestPrint) -> float:
    left, right = a.literal_counts, b.literal_counts
    union = sum((left | right).values())
    return sum((left & right).values()) / union if union else 1.0


def _covered(a: frozenset[object], b: frozenset[object], empty: float) -> float:
    """The share of ``a`` found in ``b`` (``empty`` when ``a`` is empty)."""
    return len(a & b) / len(a) if a else empty


@dataclass(frozen=True)
class Likeness:
    """How a new test compares with a vanished one."""

    calls: float
    body: float
    score: float


def likeness(old: TestPrint, new: TestPrint) -> Likeness:
    """Calls kept, body likeness (calls, values, checks) and the score with title and file."""
    values = _literal_likeness(old, new)
    calls = _covered(old.calls, new.calls, values)
    checks = _covered(old.checks, new.checks, values)
    body = 0.4 * values + 0.35 * calls + 0.25 * checks
    score = 0.6 * body + 0.25 * _jaccard(old.words, new.words) + 0.15 * _jaccard(old.stem, new.stem)
    return Likeness(calls, body, score)


class Pairing(StrEnum):
    """What a vanished test's best match is: certainly it, or possibly it."""

    CERTAIN = "certain"
    POSSIBLE = "possible"


@dataclass(frozen=True)
class Successor:
    """The new test a vanished one is paired with, and how sure the pairing is."""

    id: str
    pairing: Pairing
    score: float


def pair_tests(old: Sequence[TestPrint], new: Sequence[TestPrint]) -> dict[str, Successor]:
    """Each vanished test's successor among the new tests, one new test for one old at most
    (the best-scoring pairs first); tests with no plausible successor are left out. A
    pairing is certain only when the successor still makes every check the test made: a
    test renamed and weakened at once is a possible successor, never a certain one."""
    scored: list[tuple[float, str, str, Likeness]] = []
    best_other: dict[str, list[float]] = {}
    news = {b.id: b for b in new}
    olds = {a.id: a for a in old}
    by_call: dict[str, list[TestPrint]] = {}
    for b in new:
        for called in b.calls:
            by_call.setdefault(called, []).append(b)
    for a in old:
        # A new test that makes none of the old one's calls keeps none of them.
        near = {b.id for called in a.calls for b in by_call.get(called, [])}
        for b in new if not a.calls else [b for b in new if b.id in near]:
            like = likeness(a, b)
            best_other.setdefault(a.id, []).append(like.score)
            if like.calls >= CALLS_POSSIBLE and like.score >= SCORE_POSSIBLE:
                scored.append((like.score, a.id, b.id, like))
    scored.sort(key=lambda s: (-s[0], s[1], s[2]))
    taken: set[str] = set()
    found: dict[str, Successor] = {}
    for score, a_id, b_id, like in scored:
        if a_id in found or b_id in taken:
            continue
        taken.add(b_id)
        scores = sorted(best_other[a_id], reverse=True)
        runner_up = scores[1] if len(scores) > 1 else 0.0
        certain = (
            like.calls >= CALLS_CERTAIN
            and like.body >= BODY_CERTAIN
            and score >= SCORE_CERTAIN
            and score - runner_up >= LEAD
            and news[b_id].asserts_as_much_as(olds[a_id])
        )
        found[a_id] = Successor(b_id, Pairing.CERTAIN if certain else Pairing.POSSIBLE, score)
    return found


class TestPrints:
    """Fingerprints of the tests of one revision, read and parsed once per file."""

    __test__ = False  # not a pytest test class

    def __init__(self, read: Callable[[str], str | None]) -> None:
        self._read = read

    @cache  # noqa: B019 - one instance per comparison, dropped with it
    def of_file(self, path: str) -> dict[str, TestPrint]:
        """The fingerprints of a file's tests by id; empty when it cannot be read."""
        if language_of(path) is None:
            return {}
        text = self._read(path)
        if text is None:
            return {}
        parsed = parse_test_file(path, text)
        if parsed.error is not None:
            return {}
        prints: dict[str, TestPrint] = {}
        for test in parsed.tests:
            prints.setdefault(symbol_id(path, test.name), test_print(path, test))
        return prints

    def of(self, ids: Iterable[str]) -> list[TestPrint]:
        """The fingerprints of the given test ids that could be read, in id order."""
        found = []
        for test_id in sorted(set(ids)):
            got = self.of_file(test_id.split("::", 1)[0]).get(test_id)
            if got is not None:
                found.append(got)
        return found
