"""Which Python calls are checks is read once (``extractors/python/check_calls.py``): the
integrity facts and the test comparison find a check at the same lines on every spelling,
and neither finds one where the other does not."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Assertion
from ralph_validate.extractors.python.testfile_side import parse_python

HEADER = (
    "import logging\nimport unittest\nimport warnings\nfrom unittest import mock\n"
    "import pytest\nfrom pytest import raises as expect_error\n"
    "import numpy.testing as npt\nfrom pandas.testing import assert_frame_equal\n"
    "from hamcrest import assert_that, equal_to\n\n\n"
)
# Each body, as the statements of one test method; the last value is whether it checks.
BODIES = {
    "plain assert": ("assert total(2) == 4", True),
    "pytest.raises block": ("with pytest.raises(ValueError):\n    total(-1)", True),
    "aliased raises block": ("with expect_error(ValueError, match='neg'):\n    total(-1)", True),
    "pytest.raises call": ("pytest.raises(ValueError, total, -1)", True),
    "pytest.warns block": ("with pytest.warns(UserWarning):\n    total(0)", True),
    "deprecated_call block": ("with pytest.deprecated_call():\n    total(0)", True),
    "pytest.fail": ("pytest.fail('not yet')", True),
    "assertEqual": ("self.assertEqual(total(2), 4)", True),
    "deprecated alias": ("self.assertEquals(total(2), 4)", True),
    "assertRaises block": ("with self.assertRaises(ValueError):\n    total(-1)", True),
    "assertRaisesRegexp call": ("self.assertRaisesRegexp(ValueError, 'neg', total, -1)", True),
    "assertLogs block": ("with self.assertLogs('cart', level='INFO'):\n    total(1)", True),
    "assertNoLogs block": ("with self.assertNoLogs('cart'):\n    total(1)", True),
    "self.fail": ("self.fail('unreachable')", True),
    "mock called once with": ("m = mock.Mock()\nm(1)\nm.assert_called_once_with(1)", True),
    "mock awaited once with": ("m = mock.AsyncMock()\nm.assert_awaited_once_with(1)", True),
    "mock any await": ("m = mock.AsyncMock()\nm.assert_any_await(1)", True),
    "mock has awaits": ("m = mock.AsyncMock()\nm.assert_has_awaits([])", True),
    "mock not called": ("m = mock.Mock()\nm.assert_not_called()", True),
    "mock on a call's result": ("mock.Mock()().assert_called()", True),
    "numpy testing": ("npt.assert_allclose(total(2), 4.0, rtol=1e-3)", True),
    "pandas testing": ("assert_frame_equal(frame(), frame())", True),
    "hamcrest": ("assert_that(total(2), equal_to(4))", True),
    "another TestCase's method": ("case = unittest.TestCase()\ncase.assertEqual(1, 1)", True),
    "a with that checks nothing": ("with open('f') as f:\n    total(1)", False),
    "warnings.catch_warnings": ("with warnings.catch_warnings():\n    total(1)", False),
    "a logging call": ("logging.getLogger('cart').info('x')", False),
    "a plain call": ("total(2)", False),
}


def _source(body: str) -> str:
    indented = "\n".join("        " + line for line in body.splitlines())
    return (
        HEADER + "class TestCart(unittest.TestCase):\n    def test_total(self):\n" + indented + "\n"
    )


@pytest.mark.parametrize("case", sorted(BODIES))
def test_facts_and_comparison_find_checks_at_the_same_lines(case: str) -> None:
    body, checks = BODIES[case]
    source = _source(body)
    facts = sorted(
        {a.line for a in extract("tests/test_cart.py", source.encode()).of_type(Assertion)}
    )
    [test] = parse_python("tests/test_cart.py", source).tests
    compared = sorted({a.line for a in test.assertions})
    assert facts == compared
    assert bool(facts) is checks


def test_a_deprecated_call_block_expects_the_deprecation_warnings_in_both() -> None:
    source = _source("with pytest.deprecated_call():\n    total(0)")
    [fact] = extract("tests/test_cart.py", source.encode()).of_type(Assertion)
    [test] = parse_python("tests/test_cart.py", source).tests
    [check] = test.assertions
    assert (
        fact.exception_types
        == check.exceptions
        == (
            "DeprecationWarning",
            "PendingDeprecationWarning",
        )
    )


def test_an_alias_is_read_as_the_method_it_stands_for() -> None:
    source = _source("self.assertRaisesRegexp(ValueError, 'neg', total, -1)")
    [fact] = extract("tests/test_cart.py", source.encode()).of_type(Assertion)
    assert (fact.method, fact.has_match) == ("assertRaisesRegex", True)


@pytest.mark.parametrize("case", sorted(BODIES))
def test_a_commented_out_check_is_read_by_the_same_vocabulary(case: str) -> None:
    """A comment holding a check's first line (a call, or a ``with`` header) is a check
    exactly when the live line is one: the comment reader uses the same vocabulary."""
    from ralph_validate.extractors.facts.integrity import Comment

    body, checks = BODIES[case]
    first = (
        body.splitlines()[-1]
        if body.startswith("m = ") or body.startswith("case = ")
        else body.splitlines()[0]
    )
    source = _source(f"# {first}\npass")
    [comment] = [c for c in extract("tests/test_cart.py", source.encode()).of_type(Comment)]
    assert (comment.code in ("assert", "check")) is checks, comment.code
