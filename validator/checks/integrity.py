"""Test integrity (DESIGN §6 ``test.*``): language-neutral judgements over test facts.

Per file, ``detect_tests`` finds tautologies, commented-out assertions,
swallowed exceptions, broad expected-exception checks, early returns, skips,
tests without assertions and tests whose every assertion is conditional. The
same function runs on the file at BASE, so a finding already there is marked
``pre_existing``. ``weakened`` compares each test with its BASE version.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from ...extractors.facts import FileFacts
from ...extractors.facts.integrity import (
    Assertion,
    Comment,
    Handler,
    Operand,
    Return,
    Skip,
    TestCase,
)
from ..baseline import compare_with_base, subtract_base
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding, Status
from ..report.model import TestRow
from ..trace.ids import ids_in_test_name, ids_in_text

_CATCH_ALL = {"Exception", "BaseException", "AssertionError", "Throwable", "Error", "object"}
_EXACT = {
    "==",
    "assertEqual",
    "assertEquals",
    "assertIs",
    "assertDictEqual",
    "assertListEqual",
    "toBe",
    "toEqual",
    "toStrictEqual",
    "equal",
    "strictEqual",
    "deepEqual",
    "deepStrictEqual",
    "to.equal",
    "to.eql",
    "to.deep.equal",
    "assertCountEqual",
}
_WEAK = {
    "is not",
    "assertIsNotNone",
    "assertTrue",
    "toBeDefined",
    "toBeTruthy",
    "ok",
    "assert",
    "not.toBeNull",
    "not.toBeUndefined",
    "to.exist",
    "to.be.ok",
    "toBeInstanceOf",
    "assertIsInstance",
    "isinstance",
}
_TRUTHY_MATCHERS = {
    "toBeTruthy",
    "to.be.true",
    "to.be.ok",
    "ok",
    "assertTrue",
    "toBeDefined",
    "assertIsNotNone",
    "to.exist",
    "isTrue",
    "isOk",
}
_FALSY_MATCHERS = {"toBeFalsy", "to.be.false", "assertFalse", "isFalse", "notOk"}
_SAME_MATCHERS = {
    "toBe",
    "toEqual",
    "toStrictEqual",
    "equal",
    "strictEqual",
    "deepEqual",
    "deepStrictEqual",
    "to.equal",
    "to.eql",
    "to.deep.equal",
    "assertEqual",
    "assertEquals",
    "assertIs",
    "assertDictEqual",
    "assertListEqual",
    "assertCountEqual",
    "assertSequenceEqual",
    "sameMembers",
}
_ASSERT_CODE = re.compile(
    r"^(?:assert\s+(?:not\s+)?\S.*(?:==|!=|<=|>=|<|>|\bis\b|\bin\b|\(|\[|\.).*"
    r"|assert\s+[A-Za-z_][\w.]*\s*$"
    r"|self\.assert\w*\(.*|(?:await\s+)?expect\(.*\)\s*\.\s*\w+.*|assert\.\w+\(.*"
    r"|[\w.\])]+\.should\.\w+.*|pytest\.raises\(.*|t\.(?:equal|ok|same|deepEqual)\(.*)$"
)
_LOOSER_ABOVE = {
    "<",
    "<=",
    "toBeLessThan",
    "toBeLessThanOrEqual",
    "assertLess",
    "assertLessEqual",
    "isBelow",
    "isAtMost",
}
_LOOSER_BELOW = {
    ">",
    ">=",
    "toBeGreaterThan",
    "toBeGreaterThanOrEqual",
    "assertGreater",
    "assertGreaterEqual",
    "isAbove",
    "isAtLeast",
}
_EXPECTS_RAISE = {"assertRaises", "assertWarns", "failUnlessRaises"}
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e-?\d+)?(?![\w.])")
_TOLERANCE = re.compile(r"\b(abs|rel|atol|rtol|delta|places|tol|tolerance)\s*=\s*(-?[\d.e-]+)")


def _truthy(op: Operand) -> bool | None:
    """A literal's truth value, or None when the operand is not a literal."""
    if op.literal is None or op.value is None:
        return None
    value = op.value.strip()
    if op.literal == "bool":
        return value.lower() == "true"
    if op.literal == "none":
        return False
    if op.literal == "number":
        try:
            return float(value.replace("_", "")) != 0
        except ValueError:
            return None
    if op.literal == "string":
        return len(value.strip("'\"`bfruBFRU")) > 0
    if op.literal == "collection":
        return value not in ("[]", "{}", "()", "set()")
    return None


def _same_value(x: Operand, y: Operand) -> bool:
    """Both sides are the same side-effect-free expression (a call may differ between calls)."""
    return x.text == y.text and "(" not in x.text


def is_tautology(a: Assertion) -> bool:
    """True for an assertion that cannot fail."""
    ops = a.operands
    if a.style in ("raises", "mock", "fail", "expect-type"):
        return False
    if a.style == "assert":
        if a.operator == "" and len(ops) == 1:
            truth = _truthy(ops[0])
            return truth is not None and truth != a.negated
        if len(ops) == 2 and not a.negated:
            same = _same_value(ops[0], ops[1])
            both_literal = ops[0].literal is not None and ops[1].literal is not None
            if a.operator in ("==", "is", "<=", ">=") and same:
                return True
            if a.operator in ("!=", "is not") and both_literal and not same:
                return True
        return False
    method = a.method
    if a.negated:
        # expect(false).not.toBe(true): two different literals are never the same.
        return (
            len(ops) == 2
            and method in _SAME_MATCHERS
            and all(o.literal is not None and o.value is not None for o in ops)
            and (ops[0].literal, ops[0].value) != (ops[1].literal, ops[1].value)
        )
    if len(ops) >= 1 and method in _TRUTHY_MATCHERS and len(ops) == 1:
        truth = _truthy(ops[0])
        if method in ("toBeDefined", "assertIsNotNone", "to.exist"):
            return ops[0].literal is not None and ops[0].literal != "none"
        return truth is True
    if len(ops) == 1 and method in _FALSY_MATCHERS:
        return _truthy(ops[0]) is False
    if len(ops) >= 2 and method in _SAME_MATCHERS:
        return _same_value(ops[0], ops[1])
    if a.style in ("node-assert", "chai") and method in ("assert", "ok") and len(ops) == 1:
        return _truthy(ops[0]) is True
    return False


def _finding(
    kind: str, rule: str, fact: object, message: str, status: Status = Status.FAIL
) -> Finding:
    return Finding(
        kind=kind,
        rule=rule,
        status=status,
        file=fact.file,
        line=fact.line,  # type: ignore[attr-defined]
        message=message,
        symbol=fact.symbol,
    )  # type: ignore[attr-defined]


def _own_and_helper_assertions(facts: FileFacts) -> dict[str, list[Assertion]]:
    """Test id → its assertions, including those of same-file helpers it calls."""
    by_symbol: dict[str, list[Assertion]] = defaultdict(list)
    for a in facts.of_type(Assertion):
        by_symbol[a.symbol].append(a)
    helpers: dict[str, list[Assertion]] = defaultdict(list)
    for symbol, found in by_symbol.items():
        name = symbol.rsplit("::", 1)[-1].rsplit(".", 1)[-1]
        helpers[name].extend(found)
    result: dict[str, list[Assertion]] = {}
    for test in facts.of_type(TestCase):
        own = list(by_symbol.get(test.symbol, []))
        for called in test.calls:
            name = called.rsplit(".", 1)[-1]
            if name != test.name:
                own.extend(helpers.get(name, []))
        result[test.symbol] = own
    return result


def detect_tests(facts: FileFacts) -> list[Finding]:
    """Every test-integrity finding of one file version (weakening aside)."""
    findings: list[Finding] = []
    tests = facts.of_type(TestCase)
    if not tests:
        return findings
    test_ids = {t.symbol for t in tests}
    assertions = _own_and_helper_assertions(facts)
    skipped: set[str] = set()
    for a in facts.of_type(Assertion):
        if a.symbol in test_ids and is_tautology(a):
            findings.append(_finding("test.tautology", "TI001", a, f"cannot fail: {a.text}"))
        if (
            a.symbol in test_ids
            and (a.style == "raises" or a.method in _EXPECTS_RAISE)
            and not a.has_match
            and any(
                t.rsplit(".", 1)[-1] in ("Exception", "BaseException") for t in a.exception_types
            )
        ):
            findings.append(
                _finding("test.swallowed-exception", "TI004", a, f"expects any exception: {a.text}")
            )
    python = facts.language == "python"
    for c in facts.of_type(Comment):
        # Python comments are parsed by the extractor; prose like "assert that it works"
        # does not parse. Other languages: the assertion's code shape.
        looks_like_code = (
            (c.code == "assert" or (c.code == "call" and _ASSERT_CODE.match(c.text.strip())))
            if python
            else bool(_ASSERT_CODE.match(c.text.strip()))
        )
        if c.in_test and looks_like_code:
            findings.append(
                _finding(
                    "test.commented-assert", "TI002", c, f"assertion in a comment: {c.text.strip()}"
                )
            )
    for h in facts.of_type(Handler):
        catch_all = not h.caught or any(t.rsplit(".", 1)[-1] in _CATCH_ALL for t in h.caught)
        if h.in_test and catch_all and h.body in ("empty", "pass", "return"):
            what = ", ".join(h.caught) or "everything"
            findings.append(
                _finding(
                    "test.swallowed-exception",
                    "TI003",
                    h,
                    f"handler catches {what} and does nothing",
                )
            )
    for r in facts.of_type(Return):
        if r.assertions_after > 0:
            findings.append(
                _finding(
                    "test.early-return",
                    "TI005",
                    r,
                    f"return skips {r.assertions_after} assertion(s) after it",
                )
            )
    for s in facts.of_type(Skip):
        if not s.conditional:
            findings.append(_finding("test.skipped", "TI006", s, f"{s.how}: test does not run"))
            skipped.add(s.symbol)
    for t in tests:
        found = assertions.get(t.symbol, [])
        # A test that calls its own methods (self.check(...)) may assert in them through
        # indirection this file does not show: not reported.
        delegates = any(
            c.startswith(("self.", "cls.", "this.")) and not _is_assert_name(c) for c in t.calls
        )
        if not found and t.symbol not in skipped and not delegates:
            findings.append(
                _finding("test.no-assert", "TI007", t, f"{t.name} has no assertion that can run")
            )
        elif found and all(a.conditional for a in found):
            findings.append(
                _finding(
                    "test.conditional-assert",
                    "TI008",
                    t,
                    f"every assertion of {t.name} is under a condition",
                    Status.UNKNOWN,
                )
            )
    return findings


def _is_assert_name(call: str) -> bool:
    last = call.rsplit(".", 1)[-1]
    return last.startswith(("assert", "fail", "skipTest"))


def _subject(a: Assertion) -> str:
    return a.operands[0].text if a.operands else a.text


def _numbers(text: str) -> list[float]:
    return [float(n) for n in _NUMBER.findall(text)]


def _loosened(before: Assertion, after: Assertion) -> bool:
    if before.method != after.method or before.operator != after.operator:
        return False
    if _subject(before) != _subject(after):
        return False
    tol_b = {k: float(v) for k, v in _TOLERANCE.findall(before.text) if _is_float(v)}
    tol_a = {k: float(v) for k, v in _TOLERANCE.findall(after.text) if _is_float(v)}
    for key in tol_b.keys() & tol_a.keys():
        if key == "places" and tol_a[key] < tol_b[key]:
            return True
        if key != "places" and tol_a[key] > tol_b[key]:
            return True
    nb, na = (
        _numbers(" ".join(o.text for o in before.operands[1:])),
        _numbers(" ".join(o.text for o in after.operands[1:])),
    )
    if len(nb) != len(na) or not nb:
        return False
    key = before.operator or before.method
    if key in _LOOSER_ABOVE:
        return na[0] > nb[0]
    if key in _LOOSER_BELOW:
        return na[0] < nb[0]
    if key == "toBeCloseTo" and len(na) >= 2:
        return na[1] < nb[1]
    return False


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _kind_of(a: Assertion) -> str:
    if a.style == "assert":
        if a.operator:
            return a.operator
        return "assert"
    return ("not." if a.negated else "") + a.method


def weakened(head: FileFacts, base: FileFacts | None) -> list[Finding]:
    """Tests that assert less than the same test did at BASE."""
    if base is None:
        return []
    findings: list[Finding] = []
    base_tests = {t.symbol: t for t in base.of_type(TestCase)}
    base_asserts = _own_and_helper_assertions(base)
    head_asserts = _own_and_helper_assertions(head)
    base_skips = {(s.symbol, s.how) for s in base.of_type(Skip)}
    for test in head.of_type(TestCase):
        if test.symbol not in base_tests:
            continue
        was, now = base_asserts.get(test.symbol, []), head_asserts.get(test.symbol, [])
        if len(now) < len(was):
            findings.append(
                _finding(
                    "test.weakened",
                    "TI009",
                    test,
                    f"{test.name} has {len(now)} assertion(s); {len(was)} at BASE",
                )
            )
        exact_before = {_subject(a) for a in was if _kind_of(a) in _EXACT}
        exact_now = {_subject(a) for a in now if _kind_of(a) in _EXACT}
        # Only what changed can have been weakened: an assertion present, word for word, on
        # both sides says nothing, and neither does a pairing with one.
        texts_before = {a.text for a in was}
        texts_now = {a.text for a in now}
        was = [b for b in was if b.text not in texts_now]
        for a in (a for a in now if a.text not in texts_before):
            subject = _subject(a)
            if _kind_of(a) in _WEAK and subject in exact_before and subject not in exact_now:
                findings.append(
                    _finding(
                        "test.weakened",
                        "TI009",
                        a,
                        f"exact check on {subject} weakened to: {a.text}",
                    )
                )
            if a.style == "raises" or a.exception_types:
                for b in was:
                    if (b.style, b.method) != (a.style, a.method):
                        continue
                    broad = any(
                        t.rsplit(".", 1)[-1] in ("Exception", "BaseException")
                        for t in a.exception_types
                    )
                    was_specific = b.exception_types and not any(
                        t.rsplit(".", 1)[-1] in ("Exception", "BaseException")
                        for t in b.exception_types
                    )
                    if (broad and was_specific) or (
                        b.has_match
                        and not a.has_match
                        and set(b.exception_types) == set(a.exception_types)
                    ):
                        findings.append(
                            _finding(
                                "test.weakened",
                                "TI009",
                                a,
                                f"expected exception broadened: {a.text}",
                            )
                        )
                        break
            for b in was:
                if _loosened(b, a):
                    findings.append(
                        _finding(
                            "test.weakened", "TI009", a, f"threshold loosened: {b.text} -> {a.text}"
                        )
                    )
                    break
        for s in head.of_type(Skip):
            if s.symbol == test.symbol and (s.symbol, s.how) not in base_skips:
                findings.append(
                    _finding("test.weakened", "TI009", s, f"{test.name} is newly skipped ({s.how})")
                )
    return findings


def _dedupe(findings: Iterable[Finding]) -> list[Finding]:
    seen: set[tuple[str, str, str, int]] = set()
    result: list[Finding] = []
    for f in findings:
        key = (f.rule, f.file, f.symbol, f.line)
        if key not in seen:
            seen.add(key)
            result.append(f)
    return result


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
        for path in ctx.change_set.files:
            head = ctx.facts.head(path)
            if head is None or not head.of_type(TestCase):
                continue
            base = ctx.facts.base(path)
            found = detect_tests(head)
            if compare:
                found = subtract_base(found, base, detect_tests)
            found = _dedupe([*found, *weakened(head, base)])
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
                        name=test.symbol.split("::", 1)[-1],
                        line=test.line,
                        status=status,
                        kinds=tuple(kinds),
                        requirements=tuple(sorted(reqs)),
                    )
                )
        return out
