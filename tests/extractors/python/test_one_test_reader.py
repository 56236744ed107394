"""The integrity facts, the test comparison and the runs model read the same tests from a
Python file: one reader of what pytest and unittest collect (``python/collected.py``)."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.common.testfile import parse_test_file
from ralph_validate.extractors.facts.integrity import TestCase
from ralph_validate.extractors.runners.python_files import python_test_items

PATH = "tests/test_cart.py"

# Each case: the module, and the node ids (after ``PATH::``) pytest collects from it.
CASES: dict[str, tuple[str, list[str]]] = {
    "nested test classes": (
        "class TestCart:\n"
        "    def test_add(self):\n        assert 1\n"
        "    class TestTotals:\n"
        "        def test_sum(self):\n            assert 2\n"
        "    class Helpers:\n"
        "        def test_not_collected(self):\n            assert 3\n",
        ["TestCart::TestTotals::test_sum", "TestCart::test_add"],
    ),
    "a mixin's tests in the test class": (
        "class CartChecks:\n"
        "    def test_empty(self):\n        assert self.cart == []\n"
        "class TestCart(CartChecks):\n"
        "    cart = []\n"
        "    def test_own(self):\n        assert 1\n",
        ["TestCart::test_empty", "TestCart::test_own"],
    ),
    "a test class's tests inherited by another": (
        "class TestBase:\n"
        "    def test_shared(self):\n        assert 1\n"
        "class TestChild(TestBase):\n"
        "    def test_more(self):\n        assert 2\n",
        ["TestBase::test_shared", "TestChild::test_more", "TestChild::test_shared"],
    ),
    "an override wins over the inherited test": (
        "class TestBase:\n"
        "    def test_shared(self):\n        assert 1\n"
        "class TestChild(TestBase):\n"
        "    def test_shared(self):\n        assert 2\n",
        ["TestBase::test_shared", "TestChild::test_shared"],
    ),
    "unittest case inheriting test methods": (
        "import unittest\n"
        "class Base(unittest.TestCase):\n"
        "    def test_one(self):\n        self.assertTrue(1)\n"
        "class Child(Base):\n"
        "    def test_two(self):\n        self.assertTrue(2)\n",
        ["Base::test_one", "Child::test_one", "Child::test_two"],
    ),
    "unittest mixin": (
        "from unittest import TestCase\n"
        "class Checks:\n"
        "    def test_one(self):\n        self.assertTrue(1)\n"
        "class Cart(Checks, TestCase):\n"
        "    pass\n",
        ["Cart::test_one"],
    ),
    "__test__ False on a class and inherited": (
        "class TestBase:\n"
        "    __test__ = False\n"
        "    def test_shared(self):\n        assert 1\n"
        "class TestQuiet(TestBase):\n"
        "    def test_more(self):\n        assert 2\n"
        "class TestLoud(TestBase):\n"
        "    __test__ = True\n",
        ["TestLoud::test_shared"],
    ),
    "__test__ False on the module": (
        "__test__ = False\n"
        "def test_a():\n    assert 1\n"
        "class TestB:\n    def test_b(self):\n        assert 2\n",
        [],
    ),
    "a class with __init__ is not collected": (
        "class TestThing:\n"
        "    def __init__(self):\n        self.x = 1\n"
        "    def test_x(self):\n        assert self.x\n"
        "class TestChild(TestThing):\n"
        "    def test_y(self):\n        assert 2\n"
        "def test_plain():\n    assert 3\n",
        ["test_plain"],
    ),
    "a fixture named test_ is no test": (
        "import pytest\n"
        "@pytest.fixture\n"
        "def test_data():\n    return 1\n"
        "class TestA:\n"
        "    @pytest.fixture\n"
        "    def test_thing(self):\n        return 2\n"
        "    def test_real(self, test_thing):\n        assert test_thing\n"
        "def test_uses(test_data):\n    assert test_data\n",
        ["TestA::test_real", "test_uses"],
    ),
    "tests defined under an if": (
        "import sys\n"
        "if sys.version_info >= (3, 8):\n"
        "    def test_new():\n        assert 1\n"
        "else:\n"
        "    def test_old():\n        assert 2\n",
        ["test_new", "test_old"],
    ),
    "a later definition replaces an earlier one": (
        "def test_total():\n    assert 1 + 1 == 2\ndef test_total():\n    pass\n",
        ["test_total"],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_reader_reads_the_same_tests(case: str) -> None:
    source, expected = CASES[case]
    facts = sorted(t.symbol for t in extract(PATH, source.encode()).of_type(TestCase))
    compared = sorted(f"{PATH}::{t.name}" for t in parse_test_file(PATH, source).tests)
    runs = sorted(i.id for i in python_test_items(PATH, source.encode()))
    assert facts == compared == runs == [f"{PATH}::{e}" for e in sorted(expected)]


def test_an_inherited_test_is_read_from_the_base_definition() -> None:
    source, _ = CASES["a test class's tests inherited by another"]
    facts = {
        t.symbol.split("::", 1)[1]: t.line for t in extract(PATH, source.encode()).of_type(TestCase)
    }
    assert facts["TestChild::test_shared"] == facts["TestBase::test_shared"] == 2
    parsed = {t.name: t for t in parse_test_file(PATH, source).tests}
    inherited, own = parsed["TestChild::test_shared"], parsed["TestBase::test_shared"]
    assert inherited.assertions == own.assertions and len(own.assertions) == 1


def test_the_later_definition_is_the_test() -> None:
    source, _ = CASES["a later definition replaces an earlier one"]
    [fact] = extract(PATH, source.encode()).of_type(TestCase)
    [item] = python_test_items(PATH, source.encode())
    assert fact.line == item.line == 3


def test_outside_the_collected_files_only_unittest_cases_are_facts() -> None:
    source = (
        "import unittest\n"
        "def test_helper():\n    assert 1\n"
        "class TestShape:\n    def test_x(self):\n        assert 2\n"
        "class Cart(unittest.TestCase):\n    def test_y(self):\n        self.assertTrue(1)\n"
    )
    facts = [t.symbol for t in extract("tests/helpers.py", source.encode()).of_type(TestCase)]
    assert facts == ["tests/helpers.py::Cart::test_y"]


def test_a_nested_class_deriving_from_its_outer_class_is_read_once() -> None:
    source = (
        "class TestOuter:\n"
        "    def test_a(self):\n        assert 1\n"
        "    class TestInner(TestOuter):\n"
        "        def test_b(self):\n            assert 2\n"
    )
    runs = sorted(i.id for i in python_test_items(PATH, source.encode()))
    assert runs == [
        f"{PATH}::TestOuter::TestInner::test_a",
        f"{PATH}::TestOuter::TestInner::test_b",
        f"{PATH}::TestOuter::test_a",
    ]
