"""What skips a whole Python module, and which classes are unittest test cases, are read
once: the integrity facts and the runs model agree on every spelling (markers in a list,
aliases, another object's ``skip``, a test case class imported under another name)."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Skip
from ralph_validate.extractors.runners.python_files import python_test_items

CASES = {
    "marker in a list": ("import pytest\npytestmark = [pytest.mark.skip(reason='x')]\n", 2),
    "aliased mark": ("from pytest import mark as m\npytestmark = m.skip\n", 2),
    "module-level call": ("import pytest\npytest.skip('later', allow_module_level=True)\n", 2),
    "another object's skip": ("import foo\nfoo.skip('x', allow_module_level=True)\n", 0),
    "a marker that selects": ("import pytest\npytestmark = pytest.mark.slow\n", 0),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_integrity_and_runs_read_the_same_module_skip(case: str) -> None:
    head, line = CASES[case]
    source = head + "\n\ndef test_total():\n    assert 1 + 1 == 2\n"
    skips = [
        s.line
        for s in extract("tests/test_cart.py", source.encode()).of_type(Skip)
        if s.scope == "module"
    ]
    [item] = python_test_items("tests/test_cart.py", source.encode())
    assert skips == ([line] if line else [])
    assert item.not_run_line == line


def test_integrity_and_runs_read_unittest_classes_through_imports() -> None:
    from ralph_validate.extractors.facts.integrity import TestCase

    source = (
        "from unittest import TestCase as TC\nimport django.test as dt\n\n"
        "class Totals(TC):\n    def test_sum(self):\n        self.assertEqual(1 + 1, 2)\n\n"
        "class Views(dt.TestCase):\n    def test_home(self):\n        self.assertTrue(True)\n"
    )
    facts = sorted(t.symbol for t in extract("tests/totals.py", source.encode()).of_type(TestCase))
    runs = sorted(i.id for i in python_test_items("tests/totals.py", source.encode()))
    assert (
        facts
        == runs
        == [
            "tests/totals.py::Totals::test_sum",
            "tests/totals.py::Views::test_home",
        ]
    )


def test_star_imports_are_import_edges_wherever_they_stand() -> None:
    """The model reads ``from m import *`` in a ``try``/``except`` or under an ``if`` too
    (an optional accelerated module, a platform switch); the import facts read the model."""
    from ralph_validate.extractors.common.dispatch import SourceFile
    from ralph_validate.extractors.facts.terms import Import
    from ralph_validate.extractors.python.model import PythonModel

    source = (
        "try:\n    from .fast import *\nexcept ImportError:\n    from .slow import *\n"
        "if True:\n    from pkg.extra import *\nfrom .base import *\nfrom .named import total\n"
    )
    model = SourceFile("pkg/__init__.py", source.encode(), "python").model(PythonModel)
    assert [(s.line, s.module, s.written, s.top_level) for s in model.star_imports] == [
        (2, "pkg.fast", ".fast", False),
        (4, "pkg.slow", ".slow", False),
        (6, "pkg.extra", "pkg.extra", False),
        (7, "pkg.base", ".base", True),
    ]
    edges = extract("pkg/__init__.py", source.encode()).of_type(Import)
    assert sorted((i.line, i.module) for i in edges) == [
        (2, ".fast"),
        (4, ".slow"),
        (6, "pkg.extra"),
        (7, ".base"),
        (8, ".named"),
    ]


COLLECTION_CASES = {
    "a base nested in a holder class": (
        "import unittest\n\nclass Holder:\n    class Base(unittest.TestCase):\n"
        "        def test_shared(self):\n            self.assertEqual(1, 1)\n\n"
        "class Concrete(Holder.Base):\n    def test_own(self):\n        self.assertEqual(2, 2)\n",
        ["tests/test_m.py::Concrete::test_own", "tests/test_m.py::Concrete::test_shared"],
    ),
    "a module's TestCase": (
        "import unittest as ut\n\nclass Plain(ut.TestCase):\n    def test_a(self):\n"
        "        self.assertTrue(1)\n",
        ["tests/test_m.py::Plain::test_a"],
    ),
    "a function hidden by __test__": (
        "def test_a():\n    assert 1\n\ntest_a.__test__ = False\n\n"
        "def test_b():\n    assert 2\n",
        ["tests/test_m.py::test_b"],
    ),
    "a class hidden by __test__ after it": (
        "class TestX:\n    def test_a(self):\n        assert 1\n\nTestX.__test__ = False\n",
        [],
    ),
    "a class hidden in its body, shown again in a subclass": (
        "class TestX:\n    __test__ = False\n    def test_a(self):\n        assert 1\n\n"
        "class TestY(TestX):\n    __test__ = True\n    def test_b(self):\n        assert 1\n",
        ["tests/test_m.py::TestY::test_a", "tests/test_m.py::TestY::test_b"],
    ),
}


@pytest.mark.parametrize("case", sorted(COLLECTION_CASES))
def test_integrity_and_runs_collect_the_same_tests_as_pytest(case: str) -> None:
    from ralph_validate.extractors.facts.integrity import TestCase

    source, expected = COLLECTION_CASES[case]
    facts = sorted(t.symbol for t in extract("tests/test_m.py", source.encode()).of_type(TestCase))
    runs = sorted(i.id for i in python_test_items("tests/test_m.py", source.encode()))
    assert facts == runs == expected


def test_a_parameter_that_shadows_an_import_is_no_consumer_of_that_import() -> None:
    from ralph_validate.extractors.facts.contracts import Consumer

    source = (
        "from app import client\n\ndef load(client):\n    r = client.fetch_total()\n"
        "    return r['total']\n\ndef other():\n    r = client.fetch_total()\n"
        "    return r['total']\n"
    )
    consumers = extract("src/load.py", source.encode()).of_type(Consumer)
    assert [(c.line, c.module) for c in consumers] == [(8, "app.client")]
