"""pytest's -k and -m expression grammar, evaluated as pytest evaluates it."""

from __future__ import annotations

import pytest

from ralph_validate.validator.testruns.expressions import (
    ExpressionError,
    keyword_matches,
    marker_matches,
)

NAMES = frozenset({"test_refund_rounding", "TestOrders", "test_orders.py", "tests", "slow"})


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("", True),
        ("refund", True),
        ("REFUND", True),
        ("not refund", False),
        ("not slow_thing", True),
        ("orders and not refund", False),
        ("orders and (refund or nothing)", True),
        ("not (refund or nothing)", False),
        ("test_orders.py", True),
        ("nothing or TestOrd", True),
        ("not not refund", True),
    ],
)
def test_keyword_expressions_match_substrings_of_any_name(expression: str, expected: bool) -> None:
    assert keyword_matches(expression, NAMES) is expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("slow", True),
        ("not slow", False),
        ("sl", False),
        ("slow and db", False),
        ("db or slow", True),
    ],
)
def test_marker_expressions_match_whole_marker_names(expression: str, expected: bool) -> None:
    assert marker_matches(expression, frozenset({"slow", "parametrize"})) is expected


@pytest.mark.parametrize("expression", ["not", "(slow", "slow and", "slow)", "a = b", "slow(x=1)"])
def test_malformed_or_unevaluated_expressions_raise(expression: str) -> None:
    with pytest.raises(ExpressionError):
        marker_matches(expression, frozenset({"slow"}))
