"""Pairing a vanished test with the new test it became: by calls, values, checks, title words
and file stem; certain only when nothing it checked is lost, possible when contested."""

from __future__ import annotations

import textwrap

from ralph_validate.validator.testdiff.pairing import (
    Pairing,
    TestPrints,
    file_stem,
    pair_tests,
    title_words,
)

UNITTEST = """\
import unittest
from shop import cart


class CartTest(unittest.TestCase):
    def test_total_adds_prices(self):
        self.assertEqual(cart.total([2, 3]), 5)

    def test_total_rounds_to_cents(self):
        self.assertEqual(cart.total([0.1, 0.2]), 0.3)

    def test_discount_for_members(self):
        self.assertEqual(cart.member_total([10, 10]), 18)
"""

PYTEST = """\
from shop.cart import member_total, total


def test_sum_of_prices():
    assert total([2, 3]) == 5


def test_sum_is_rounded_to_cents():
    assert total([0.1, 0.2]) == 0.3


def test_members_pay_ninety_percent():
    assert member_total([10, 10]) == 18
"""


def _ids(prints: TestPrints, files: dict[str, str]) -> list[str]:
    return [test for path in files for test in prints.of_file(path)]


def _pairs(base: dict[str, str], head: dict[str, str]) -> dict[str, tuple[str, str]]:
    old, new = TestPrints(base.get), TestPrints(head.get)
    found = pair_tests(old.of(_ids(old, base)), new.of(_ids(new, head)))
    return {k: (v.id, v.pairing.value) for k, v in found.items()}


def test_unittest_methods_rewritten_as_pytest_functions_in_another_file_are_paired() -> None:
    base = {"tests/test_cart.py": textwrap.dedent(UNITTEST)}
    head = {"tests/cart/test_cart_totals.py": textwrap.dedent(PYTEST)}
    new = "tests/cart/test_cart_totals.py::"
    assert _pairs(base, head) == {
        "tests/test_cart.py::CartTest::test_discount_for_members": (
            new + "test_members_pay_ninety_percent",
            "certain",
        ),
        "tests/test_cart.py::CartTest::test_total_adds_prices": (
            new + "test_sum_of_prices",
            "certain",
        ),
        "tests/test_cart.py::CartTest::test_total_rounds_to_cents": (
            new + "test_sum_is_rounded_to_cents",
            "certain",
        ),
    }


def test_a_test_whose_calls_are_made_nowhere_any_more_has_no_successor() -> None:
    head_source = PYTEST.split("\n\n\ndef test_members")[0] + "\n"
    head_source += "\n\ndef test_wrap():\n    assert wrap('a b', 1) == 'a\\nb'\n"
    base = {"tests/test_cart.py": textwrap.dedent(UNITTEST)}
    head = {"tests/test_cart.py": head_source}
    assert "tests/test_cart.py::CartTest::test_discount_for_members" not in _pairs(base, head)


def test_a_successor_that_asserts_less_is_only_possible() -> None:
    weaker = PYTEST.replace(
        "assert total([0.1, 0.2]) == 0.3", "assert total([0.1, 0.2]) == pytest.approx(0.3, 0.1)"
    )
    base = {"tests/test_cart.py": textwrap.dedent(UNITTEST)}
    head = {"tests/test_cart_totals.py": "import pytest\n" + weaker}
    found = _pairs(base, head)
    assert found["tests/test_cart.py::CartTest::test_total_rounds_to_cents"] == (
        "tests/test_cart_totals.py::test_sum_is_rounded_to_cents",
        Pairing.POSSIBLE.value,
    )
    assert found["tests/test_cart.py::CartTest::test_total_adds_prices"][1] == "certain"


def test_title_words_leave_out_placeholders_and_file_stems_leave_out_test_marks() -> None:
    assert title_words("when cli of ${arg} is %s then {0} suggest") == frozenset(
        {"when", "cli", "of", "is", "then", "suggest"}
    )
    assert file_stem("tests/help.wrap.test.js") == file_stem("test/test_help_wrap.py")
    assert file_stem("tests/command.executableSubcommand.mock.test.cjs") == frozenset(
        {"command", "executable", "subcommand", "mock"}
    )
