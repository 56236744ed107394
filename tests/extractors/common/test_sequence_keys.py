"""A key rendered from one array input (``prices.join(",")``, ``String(prices)``,
`` `${prices}` ``) is an answer keyed by that input, and a test's array argument is a
``q:`` sequence of its elements' normal forms (also in ``.each`` and ``parametrize`` rows),
so the answer-table rule can compare the two as the code renders them."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import LiteralAnswer, TestExpectation


def _facts(path: str, source: str) -> tuple:
    return extract(path, textwrap.dedent(source).encode()).facts


@pytest.mark.parametrize(
    "subject",
    ["prices.join(',')", "String(prices)", "`${prices}`", "prices.toString()"],
)
def test_a_switch_on_one_array_rendered_as_a_string_keys_its_answers(subject: str) -> None:
    source = f"""
    export function bundle(prices: number[]): number {{
      switch ({subject}) {{
        case '20,40':
          return 58;
        default:
          return prices.length;
      }}
    }}
    """
    answers = [f for f in _facts("src/bundle.ts", source) if isinstance(f, LiteralAnswer)]
    assert [(a.key, a.value, a.functions, a.general) for a in answers] == [
        ("s:20,40", "n:58", ("bundle",), True)
    ]


@pytest.mark.parametrize("subject", ["prices.join(a, b)", "`k${prices}`", "String(a + b)"])
def test_other_renderings_key_nothing(subject: str) -> None:
    source = f"""
    export function bundle(prices: number[], a: string, b: string): number {{
      switch ({subject}) {{
        case '20,40':
          return 58;
        default:
          return prices.length;
      }}
    }}
    """
    assert not [f for f in _facts("src/bundle.ts", source) if isinstance(f, LiteralAnswer)]


def test_js_array_arguments_and_each_rows_are_sequences() -> None:
    source = """
    test('pair', () => {
      expect(bundle([20, 40])).toBe(58);
      expect(bundle(['a', [1]])).toBe(1);
    });
    test.each([
      [[10, 10, 10], 29],
    ])('rows %j', (prices, want) => {
      expect(bundle(prices)).toBe(want);
    });
    """
    found = [
        (e.args, e.expected)
        for e in _facts("src/bundle.test.ts", source)
        if isinstance(e, TestExpectation)
    ]
    assert found == [(('q:["n:20","n:40"]',), "n:58"), (('q:["n:10","n:10","n:10"]',), "n:29")]


def test_python_list_and_tuple_arguments_are_sequences() -> None:
    source = """
    import pytest

    def test_pair():
        assert bundle([20, 40]) == 58
        assert bundle((1, "a")) == 3

    @pytest.mark.parametrize("prices, want", [([10, 10, 10], 29)])
    def test_rows(prices, want):
        assert bundle(prices) == want
    """
    found = [
        (e.args, e.expected)
        for e in _facts("tests/test_bundle.py", source)
        if isinstance(e, TestExpectation)
    ]
    assert found == [
        (('q:["n:20","n:40"]',), "n:58"),
        (('q:["n:1","s:a"]',), "n:3"),
        (('q:["n:10","n:10","n:10"]',), "n:29"),
    ]
