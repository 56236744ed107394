"""Naming drift's spelling rules: case styles, separators, plurals, abbreviations."""

from __future__ import annotations

import pytest

from ralph_validate.validator.contracts.naming import canonical, same_concept, singular, words


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("user_id", "userId"),
        ("UserID", "user-id"),
        ("userIds", "user_id"),
        ("estimated_delivery", "estimatedDelivery"),
        ("EstimatedDelivery", "estimated.delivery"),
        ("failureReason", "failureReasons"),
        ("qty", "quantity"),
        ("msgs", "message"),
        ("HTTPStatus", "http_status"),
        ("categories", "category"),
        ("boxes", "box"),
        ("row_count", "rowCnt"),
        ("s3Key", "s3_key"),
    ],
)
def test_one_concept_spelled_two_ways(a: str, b: str) -> None:
    assert same_concept(a, b)
    assert same_concept(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("passed", "pass"),
        ("count", "amount"),
        ("status", "state"),
        ("user_id", "user_name"),
        ("details", "details"),  # equal names are not drift
        ("min", "max"),
    ],
)
def test_different_concepts_or_the_same_name_are_not_drift(a: str, b: str) -> None:
    assert not same_concept(a, b)


def test_words_split_on_case_digits_and_separators() -> None:
    assert words("parseHTTPResponse2xx_body-size") == [
        "parse",
        "http",
        "response",
        "2",
        "xx",
        "body",
        "size",
    ]


def test_words_ending_in_s_that_are_not_plurals_keep_it() -> None:
    assert [singular(w) for w in ("status", "address", "analysis", "success", "bus")] == [
        "status",
        "address",
        "analysis",
        "success",
        "bus",
    ]
    assert canonical("statuses") == canonical("status")
