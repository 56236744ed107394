"""The answer-table rule compares a key rendered from one array input with a test's array
argument rendered alike: its elements joined by one separator, or a tuple key of the same
elements; a key of other elements, or of another separator's parts, is not the test's."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.facts.impl import LiteralAnswer, TestExpectation
from ralph_validate.validator.rules.impl.IM001_test_special_case import _Expectations, _show

_TEST = TestExpectation(
    file="test/bundle.test.js",
    line=3,
    callee="bundle",
    args=('q:["n:20","n:40.5"]',),
    expected="n:58",
)


def _answer(key: str, keys: tuple[str, ...] = ()) -> LiteralAnswer:
    return LiteralAnswer(
        file="lib/bundle.js",
        line=2,
        form="table",
        functions=("bundle",),
        group="lib/bundle.js::T@1",
        key=key,
        value="n:58",
        size=1,
        keys=keys,
    )


@pytest.mark.parametrize(
    ("key", "keys", "matched"),
    [
        ("s:20,40.5", (), True),
        ("s:20|40.5", (), True),
        ("s:20, 40.5", (), True),
        ("(n:20, n:40.5)", ("n:20", "n:40.5"), True),
        ("s:20,40", (), False),
        ("s:2040.5", (), False),
        ("s:40.5,20", (), False),
        ("n:20", (), False),
    ],
)
def test_a_rendered_key_matches_the_test_array(
    key: str, keys: tuple[str, ...], matched: bool
) -> None:
    assert (_Expectations((_TEST,)).match(_answer(key, keys)) is _TEST) is matched


def test_a_one_element_array_renders_as_its_element() -> None:
    test = TestExpectation(
        file="t.js", line=1, callee="bundle", args=('q:["n:1"]',), expected="n:58"
    )
    assert _Expectations((test,)).match(_answer("s:1")) is test


def test_a_sequence_shows_as_written() -> None:
    assert _show('q:["n:20","s:a"]') == "[20, 'a']"
