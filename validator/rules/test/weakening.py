"""How an assertion can say less than its BASE version: exact → weak checks, looser limits."""

from __future__ import annotations

import re

from ....extractors.facts.integrity import Assertion
from ...testdiff.model import Change

EXACT = {
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
WEAK = {
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
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e-?\d+)?(?![\w.])")
_TOLERANCE = re.compile(r"\b(abs|rel|atol|rtol|delta|places|tol|tolerance)\s*=\s*(-?[\d.e-]+)")


def subject(a: Assertion) -> str:
    """What an assertion checks: its first operand, else its whole text."""
    return a.operands[0].text if a.operands else a.text


def check_kind(a: Assertion) -> str:
    """The comparison an assertion makes (operator or matcher, ``not.`` when negated)."""
    if a.style == "assert":
        if a.operator:
            return a.operator
        return "assert"
    return ("not." if a.negated else "") + a.method


def _numbers(text: str) -> list[float]:
    return [float(n) for n in _NUMBER.findall(text)]


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def loosened(before: Assertion, after: Assertion) -> bool:
    """True when ``after`` is ``before`` with a looser threshold or tolerance."""
    if before.method != after.method or before.operator != after.operator:
        return False
    if subject(before) != subject(after):
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


# How each testdiff change weakens an assertion, as a report message says it.
WEAKENINGS = {
    Change.TOLERANCE_WIDENED: "tolerance widened",
    Change.EXCEPTION_WIDENED: "expected exception widened",
    Change.EXACT_TO_MEMBERSHIP: "exact check turned into a membership check",
    Change.EXACT_TO_SUBSTRING: "exact check turned into a substring check",
    Change.EXACT_TO_PARTIAL: "exact check turned into a partial check",
    Change.EXACT_TO_TRUTHINESS: "exact check turned into a truthiness check",
    Change.EXACT_TO_NONE_CHECK: "exact check turned into a not-None check",
    Change.EXACT_TO_TYPE_CHECK: "exact check turned into a type check",
    Change.COUNT_TO_BOUND: "exact count turned into a bound",
    Change.CALLED_WITH_TO_CALLED: "call-argument check turned into was-called",
    Change.BOUND_LOOSENED: "threshold loosened",
}
