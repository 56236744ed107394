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
