"""Python doubles and the imported calls of tests: targets qualified through the file's
imports, where each double is in place, and whether a call's result reaches an assertion."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Double, ImportedCall

PATH = "tests/test_pricing.py"


def _doubles(source: str) -> list[tuple[int, str, str, bool, int]]:
    facts = extract(PATH, source.encode()).of_type(Double)
    return [(d.line, d.how, d.target, d.replaces, d.until) for d in facts]


def _calls(source: str) -> list[tuple[int, str, bool, bool]]:
    facts = extract(PATH, source.encode()).of_type(ImportedCall)
    return [(c.line, c.target, c.asserted, c.bound_early) for c in facts]


def test_patch_targets_are_qualified_through_every_import_style() -> None:
    source = (
        "from unittest import mock as m\n"
        "import shop.pricing as p\n"
        "from shop import pricing as pr\n"
        "\n"
        "def test_a(monkeypatch, mocker):\n"
        "    m.patch.object(p, 'total').start()\n"
        "    monkeypatch.setattr(pr, 'rate', lambda: 1)\n"
        "    monkeypatch.setattr('shop.tax.vat', 0)\n"
        "    mocker.patch('shop.db.load', return_value=[])\n"
        "    mocker.spy(pr, 'round_up')\n"
        "    assert p.total([]) == 0\n"
    )
    assert _doubles(source) == [
        (6, "patch.object", "shop.pricing.total", True, 11),
        (7, "monkeypatch.setattr", "shop.pricing.rate", True, 11),
        (8, "monkeypatch.setattr", "shop.tax.vat", True, 11),
        (9, "mocker.patch", "shop.db.load", True, 11),
        (10, "mocker.spy", "shop.pricing.round_up", False, 11),
    ]


def test_a_with_block_double_ends_with_the_block_and_wraps_runs_the_real_code() -> None:
    source = (
        "from unittest.mock import patch\n"
        "from shop import pricing\n"
        "\n"
        "def test_a():\n"
        "    with patch('shop.pricing.total', wraps=pricing.total):\n"
        "        pricing.checkout()\n"
        "    assert pricing.total([1]) == 1\n"
    )
    assert _doubles(source) == [(5, "mock.patch", "shop.pricing.total", False, 6)]


def test_decorators_of_a_test_class_are_in_place_for_the_whole_class() -> None:
    source = (
        "import unittest\n"
        "from unittest.mock import patch\n"
        "\n"
        "@patch('shop.pricing.total', return_value=0)\n"
        "class TestTotal(unittest.TestCase):\n"
        "    def test_empty(self, _t):\n"
        "        self.assertEqual(1, 1)\n"
    )
    facts = extract(PATH, source.encode()).of_type(Double)
    assert [(d.symbol, d.line, d.until) for d in facts] == [(f"{PATH}::TestTotal", 4, 7)]


def test_a_patch_of_the_test_modules_own_name_rebinds_what_it_imported() -> None:
    source = (
        "from unittest.mock import patch\n"
        "from shop.pricing import total\n"
        "\n"
        "def test_a():\n"
        "    with patch(f'{__name__}.total', return_value=3):\n"
        "        assert total([1]) == 3\n"
        "    with patch('tests.test_pricing.total', return_value=3):\n"
        "        assert total([1]) == 3\n"
    )
    facts = extract(PATH, source.encode()).of_type(Double)
    assert [(d.target, d.rebinds_local) for d in facts] == [
        ("shop.pricing.total", True),
        ("shop.pricing.total", True),
    ]


def test_calls_say_whether_an_assertion_reads_their_result() -> None:
    source = (
        "from shop import pricing\n"
        "from shop.pricing import total\n"
        "\n"
        "def test_a():\n"
        "    pricing.checkout([1])\n"
        "    got = pricing.total([1])['amount']\n"
        "    unused = total([2])\n"
        "    assert got == 1\n"
        "\n"
        "def test_b():\n"
        "    from shop.pricing import total\n"
        "    assert total([3]) == 3\n"
    )
    assert _calls(source) == [
        (5, "shop.pricing.checkout", False, False),
        (6, "shop.pricing.total", True, False),
        (7, "shop.pricing.total", False, True),
        (12, "shop.pricing.total", True, False),
    ]


def test_a_fixtures_double_is_in_place_for_each_test_that_requests_it() -> None:
    source = (
        "import pytest\n"
        "from shop import pricing\n"
        "\n"
        "def test_a(stub_total):\n"
        "    assert pricing.total([1]) == 9\n"
        "\n"
        "def test_b():\n"
        "    assert pricing.total([1]) == 1\n"
        "\n"
        "@pytest.fixture\n"
        "def stub_total(stub_rate, mocker):\n"
        "    return mocker.patch('shop.pricing.total', return_value=9)\n"
        "\n"
        "@pytest.fixture\n"
        "def stub_rate(monkeypatch):\n"
        "    monkeypatch.setattr(pricing, 'rate', lambda: 1)\n"
        "\n"
        "class TestC:\n"
        "    @pytest.fixture(autouse=True)\n"
        "    def everywhere(self, mocker):\n"
        "        mocker.patch('shop.pricing.tax', return_value=0)\n"
        "\n"
        "    def test_c(self):\n"
        "        assert pricing.total([]) == 0\n"
    )
    facts = extract(PATH, source.encode()).of_type(Double)
    assert [(d.symbol.split("::", 1)[1], d.target, d.line, d.start, d.until) for d in facts] == [
        ("test_a", "shop.pricing.total", 12, 4, 5),
        ("test_a", "shop.pricing.rate", 16, 4, 5),
        ("TestC::test_c", "shop.pricing.tax", 21, 23, 24),
    ]
