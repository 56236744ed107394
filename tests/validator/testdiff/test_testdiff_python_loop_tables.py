"""A ``@pytest.mark.parametrize`` table and a loop inside the test over the same cases are
the same checks; a case left out of either is a check removed, and a loop over a table that
always has rows is no condition around the assertions it holds."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Assertion
from ralph_validate.validator.testdiff import Change, compare_test_file, parse_test_file

PARAMETRIZED = """\
import pytest
from shop.cart import total


@pytest.mark.parametrize("prices,expected", [
    ([2, 3], 5),
    pytest.param([0.1, 0.2], 0.3, id="floats"),
])
def test_total(prices, expected):
    result = total(prices)
    assert result == expected
"""

LOOP_INLINE = """\
from shop.cart import total


def test_total():
    for items, want in [([2, 3], 5), ([0.1, 0.2], 0.3)]:
        result = total(items)
        assert result == want
"""

LOOP_OVER_CONSTANT = """\
from shop.cart import total

CASES: list[tuple[list[float], float]] = [
    ([2, 3], 5),
    ([0.1, 0.2], 0.3),
]


def test_total():
    for (prices, expected) in CASES:
        result = total(prices)
        assert result == expected
"""


def _rows(source: str) -> list[tuple[str, str]]:
    (test,) = parse_test_file("tests/test_cart.py", source).tests
    return [
        (a.subject, a.expected.text)
        for a in test.assertions
        if a.subject.startswith("parametrize") and a.expected is not None
    ]


@pytest.mark.parametrize("loop", [LOOP_INLINE, LOOP_OVER_CONSTANT])
def test_a_loop_reads_as_the_same_rows_as_the_table(loop: str) -> None:
    assert (
        _rows(loop)
        == _rows(PARAMETRIZED)
        == [
            ("parametrize(_c0, _c1): [2, 3]", "5"),
            ("parametrize(_c0, _c1): [0.1, 0.2]", "0.3"),
        ]
    )


@pytest.mark.parametrize("loop", [LOOP_INLINE, LOOP_OVER_CONSTANT])
def test_table_to_loop_over_the_same_cases_changes_nothing(loop: str) -> None:
    compared = compare_test_file("tests/test_cart.py", PARAMETRIZED, loop)
    assert [c for t in compared.tests for c in t.changes] == []
    assert compared.removed == ()


def test_a_loop_that_drops_a_case_removes_its_check() -> None:
    dropped = LOOP_OVER_CONSTANT.replace("    ([0.1, 0.2], 0.3),\n", "")
    compared = compare_test_file("tests/test_cart.py", PARAMETRIZED, dropped)
    changes = [(c.change, c.base_text) for t in compared.tests for c in t.changes]
    assert changes == [(Change.ASSERTION_REMOVED, 'pytest.param([0.1, 0.2], 0.3, id="floats")')]


def test_a_loop_that_edits_an_expected_value_edits_the_expectation() -> None:
    edited = LOOP_INLINE.replace("0.3)]", "0.30000000000000004)]")
    compared = compare_test_file("tests/test_cart.py", PARAMETRIZED, edited)
    assert [c.change for t in compared.tests for c in t.changes] == [Change.EXPECTED_EDITED]


def test_a_name_bound_twice_is_no_table() -> None:
    rebound = LOOP_OVER_CONSTANT.replace(
        "\n\ndef test_total", "CASES = CASES[:1]\n\n\ndef test_total"
    )
    assert _rows(rebound) == []


def test_stacked_tables_and_nested_loops_name_their_columns_alike() -> None:
    stacked = textwrap.dedent("""\
        import pytest
        from shop.cart import scale


        @pytest.mark.parametrize("factor", [2, 3])
        @pytest.mark.parametrize("value", [1, 10])
        def test_scale(factor, value):
            assert scale(value, factor) == value * factor
        """)
    nested = textwrap.dedent("""\
        from shop.cart import scale


        def test_scale():
            for f in [2, 3]:
                for v in [1, 10]:
                    assert scale(v, f) == v * f
        """)
    compared = compare_test_file("tests/test_scale.py", stacked, nested)
    assert [c for t in compared.tests for c in t.changes] == []


def test_assertions_in_a_loop_over_a_constant_table_are_not_conditional() -> None:
    facts = extract("tests/test_cart.py", LOOP_OVER_CONSTANT.encode())
    assert [a.conditional for a in facts.of_type(Assertion)] == [False]
    rebound = LOOP_OVER_CONSTANT.replace("\n\ndef test_total", "CASES = []\n\n\ndef test_total")
    facts = extract("tests/test_cart.py", rebound.encode())
    assert [a.conditional for a in facts.of_type(Assertion)] == [True]
