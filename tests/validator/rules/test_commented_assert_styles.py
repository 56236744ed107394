"""TI002 commented-assert in every assertion style, checked against testdiff's reading.

Each snippet is put, as a comment, inside a real test of its language; the file is parsed
by the extractor and by the structural comparison (``testdiff``). TI002 must report every
commented assertion that testdiff reads as an assertion, and no prose look-alike.
"""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.rules.rule import FileContext
from ralph_validate.validator.rules.test.TI002_commented_assert import CommentedAssert
from ralph_validate.validator.testdiff import parse_test_file

PYTHON = (
    "import pytest\nfrom unittest import TestCase, mock\n\n\n"
    "class CartTest(TestCase):\n    def test_total(self):\n        total = 3\n"
    "        # {comment}\n        self.assertEqual(total, 3)\n"
)
JS = (
    "import assert from 'node:assert';\nimport chai, {{ expect }} from 'chai';\n\n"
    "describe('cart', () => {{\n  it('totals', () => {{\n    const total = 3;\n"
    "    // {comment}\n    expect(total).toBe(3);\n  }});\n}});\n"
)
# AVA: the test context ``t`` asserts.
AVA = (
    "import test from 'ava';\n\ntest('totals', (t) => {{\n  const total = 3;\n"
    "  // {comment}\n  t.truthy(total);\n}});\n"
)

ASSERTIONS = [
    ("test_cart.py", "assert total == 3"),
    ("test_cart.py", "assert not cart.empty"),
    ("test_cart.py", "assert result"),
    ("test_cart.py", "assert total == 3, 'message'"),
    ("test_cart.py", "self.assertEqual(total, 3)"),
    ("test_cart.py", "self.assertRaises(ValueError, parse, 'x')"),
    ("test_cart.py", "self.fail('boom')"),
    ("test_cart.py", "pytest.fail('no')"),
    ("test_cart.py", "with pytest.raises(ValueError):"),
    ("test_cart.py", "with self.assertRaisesRegex(ValueError, 'empty') as caught:"),
    ("test_cart.py", "sender.assert_called_once_with('ann')"),
    ("test_cart.py", "np.testing.assert_allclose(a, b)"),
    ("test_cart.py", "assert_that(total).is_equal_to(3)"),
    ("cart.test.js", "expect(total).toBe(3);"),
    ("cart.test.ts", "await expect(pay(-1)).rejects.toThrow('negative');"),
    ("cart.test.js", "expect(spy).toHaveBeenCalledWith('a')"),
    ("cart.test.js", "assert.equal(total, 3);"),
    ("cart.test.js", "assert.deepStrictEqual(total, { sum: 3 });"),
    ("cart.test.js", "assert(total === 3);"),
    ("cart.test.js", "assert(ok)"),
    ("cart.test.js", "expect(total).to.equal(3);"),
    ("cart.test.js", "expect(total).to.be.ok;"),
    ("cart.test.js", "chai.expect(total).to.equal(3)"),
    ("cart.test.js", "total.should.equal(3);"),
    ("cart.test.js", "expect.assertions(1);"),
    ("cart.test.js", "expect.hasAssertions()"),
    ("cart.test.ts", "await expect.soft(total).toBe(3);"),
    ("cart.test.js", "sinon.assert.calledWith(spy, 1)"),
    ("cart.test.ts", "expectTypeOf(total).toBeNumber()"),
    ("ava.test.js", "t.is(total, 3)"),
    ("ava.test.js", "await t.throwsAsync(pay(-1))"),
]
PROSE = [
    ("test_cart.py", "we assert that the cart is empty"),
    ("test_cart.py", "assert that it works"),
    ("test_cart.py", "self-check: fail fast"),
    ("test_cart.py", "expect the total to be 3"),
    ("test_cart.py", "with a raises block this would be stricter"),
    ("cart.test.js", "expect this to be 3"),
    ("cart.test.js", "assert that it works"),
    ("cart.test.js", "assert (roughly) that totals match"),
    ("cart.test.js", "we expect(nothing) here"),
    ("cart.test.ts", "should equal three"),
    ("cart.test.js", "t.is(total, 3)"),  # no test context in a Jest test
    ("ava.test.js", "t.context.total = 3;"),
    ("ava.test.js", "t is the context; is() compares with Object.is"),
]


def _source(path: str, comment: str) -> str:
    if path.endswith(".py"):
        return PYTHON.format(comment=comment)
    return (AVA if path.startswith("ava") else JS).format(comment=comment)


def _comment_line(path: str, comment: str) -> int:
    lines = _source(path, comment).splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip().endswith(comment))


def _reported(path: str, comment: str) -> list[int]:
    facts = extract(path, _source(path, comment).encode())
    return [f.line for f in CommentedAssert().detect(facts, FileContext())]


def _testdiff_reads_an_assertion(path: str, comment: str) -> bool:
    parsed = parse_test_file(path, _source(path, comment))
    assert parsed.error is None
    return any(t.commented for t in parsed.tests)


@pytest.mark.parametrize(("path", "comment"), ASSERTIONS)
def test_a_commented_assertion_is_reported_in_every_style(path: str, comment: str) -> None:
    assert _reported(path, comment) == [_comment_line(path, comment)]


@pytest.mark.parametrize(("path", "comment"), PROSE)
def test_prose_that_looks_like_an_assertion_is_not(path: str, comment: str) -> None:
    assert _reported(path, comment) == []
    assert not _testdiff_reads_an_assertion(path, comment)


@pytest.mark.parametrize(("path", "comment"), ASSERTIONS + PROSE)
def test_every_comment_testdiff_reads_as_an_assertion_is_reported(path: str, comment: str) -> None:
    if _testdiff_reads_an_assertion(path, comment):
        assert _reported(path, comment) == [_comment_line(path, comment)]
