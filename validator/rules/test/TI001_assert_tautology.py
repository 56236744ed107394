"""TI001 assert-tautology: an assertion that always holds turns a red test green without a fix."""

from __future__ import annotations

from collections.abc import Iterator

from ....extractors.facts import FileFacts
from ....extractors.facts.integrity import Assertion, Operand
from ...findings import Finding
from ..rule import FileContext, FileRule
from .common import test_ids


class AssertTautology(FileRule):
    """## What it does
    Finds assertions that cannot fail: a truthy literal (`assert True`,
    `self.assertTrue(True)`, `expect(true).toBe(true)`, `assert.ok(1)`), or a
    value compared with itself (`assert x == x`, `expect(x).toBe(x)`,
    `assertEqual(a, a)`), a tuple asserted in Python (`assert (total == 3, "message")`,
    true since the tuple is not empty), or a size compared with zero
    (`assert len(rows) >= 0`, `expect(rows.length).toBeGreaterThanOrEqual(0)`).

    ## Why is this bad?
    A test whose assertions always hold passes whatever the code does. Agents
    write them to turn a red test green without fixing anything.

    ## Example
    ```python
    def test_total():
        total = cart_total([1, 2])
        assert True
    ```

    Use instead:
    ```python
    def test_total():
        assert cart_total([1, 2]) == 3
    ```

    ## Limits
    Not reported yet (a known miss, marked `todoruleid` in the rule's fixtures): a
    comparison made to hold with `or True` (`assert total == 3 or True`).

    ## How to suppress
    `# ralph-validate: ignore[TI001] <reason>` on the line or the line above.
    """

    id = "TI001"
    kind = "test.tautology"
    name = "assert-tautology"
    summary = "An assertion that cannot fail."
    message = "cannot fail: {assertion}"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Assertions inside the file's tests that cannot fail."""
        tests = test_ids(facts)
        for a in facts.of_type(Assertion):
            if a.symbol in tests and is_tautology(a):
                yield self.finding(a, assertion=a.text)


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


_AT_LEAST_MATCHERS = {"toBeGreaterThanOrEqual", "isAtLeast", "gte", "least", "at.least"}
# ``0 <= len(x)`` written the other way round.
_FLIPPED = {">=": "<=", "<=": ">=", ">": "<", "<": ">"}


def _number(op: Operand) -> float | None:
    """A real number literal's value (its normal form ``n:2.5``), else None."""
    if op.literal != "number" or op.value is None or not op.value.startswith("n:"):
        return None
    return float(op.value[2:])


def _is_zero(op: Operand) -> bool:
    return _number(op) == 0


def _size_at_least_zero(left: Operand, operator: str, right: Operand) -> bool:
    """``len(x) >= 0`` / ``0 <= x.length``: a size is never negative."""
    if left.size and operator == ">=" and _is_zero(right):
        return True
    return right.size and _FLIPPED.get(operator) == ">=" and _is_zero(left)


def _truthy(op: Operand) -> bool | None:
    """A literal's truth value, or None when the operand is not a literal."""
    if op.literal is None or op.value is None:
        return None
    if op.literal == "bool":
        return op.value == "b:true"
    if op.literal == "none":
        return False
    if op.literal == "number":
        number = _number(op)
        return None if number is None else number != 0
    if op.literal == "string":
        return op.nonempty
    if op.literal == "collection":
        return op.value.strip() not in ("[]", "{}", "()", "set()")
    return None


def _same_value(x: Operand, y: Operand) -> bool:
    """Both sides are the same side-effect-free expression (a call may differ between calls):
    the same literal, or the same text without a call."""
    if x.literal is not None and x.literal == y.literal:
        return x.value is not None and x.value == y.value  # a collection of literals too
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
            return _size_at_least_zero(ops[0], a.operator, ops[1])
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
    if len(ops) == 2 and method in _AT_LEAST_MATCHERS:
        return _size_at_least_zero(ops[0], ">=", ops[1])
    if a.style in ("node-assert", "chai") and method in ("assert", "ok") and len(ops) == 1:
        return _truthy(ops[0]) is True
    return False
