"""Python answers keyed by several inputs: and-ed comparisons, tuple comparisons, a match
on a tuple, dict entries keyed by tuples; keys in the order of the parameters."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import LiteralAnswer


def _answers(source: str) -> list[tuple[int, str, str, tuple[str, ...], str]]:
    facts = extract("src/calc.py", textwrap.dedent(source).encode()).facts
    return [(f.line, f.form, f.key, f.keys, f.value) for f in facts if isinstance(f, LiteralAnswer)]


def test_and_ed_comparisons_key_the_answer_by_each_parameter_in_order() -> None:
    found = _answers(
        """
        def add(a, b, c=0):
            if b == 3 and a == 2:
                return 5
            if (a, b) == (7, 10):
                return 17
            if a == 1 and a == 2:
                return 0
            return a + b + c
        """
    )
    assert found == [
        (3, "branch", "(n:2, n:3, )", ("n:2", "n:3", ""), "n:5"),
        (5, "branch", "(n:7, n:10, )", ("n:7", "n:10", ""), "n:17"),
    ]


def test_a_match_on_several_names_keys_each_case_by_them() -> None:
    found = _answers(
        """
        def mul(x, y):
            match x, y:
                case (2, 3):
                    return 6
                case [4, 5]:
                    return 20
                case (4, _):
                    return 0
            return x * y
        """
    )
    assert found == [
        (4, "branch", "(n:2, n:3)", ("n:2", "n:3"), "n:6"),
        (6, "branch", "(n:4, n:5)", ("n:4", "n:5"), "n:20"),
    ]


def test_a_name_that_is_no_parameter_makes_no_combined_key() -> None:
    assert (
        _answers(
            """
            def f(a):
                b = a * 2
                if a == 2 and b == 4:
                    return 9
                return b
            """
        )
        == []
    )


def test_tuple_keys_of_a_dict_are_combined_keys() -> None:
    found = _answers(
        """
        RATES = {("eu", 2): 14, "us": 25}

        def rate(zone, kg):
            return RATES[zone, kg]
        """
    )
    assert found == [
        (2, "table", "(s:eu, n:2)", ("s:eu", "n:2"), "n:14"),
        (2, "table", "s:us", (), "n:25"),
    ]
