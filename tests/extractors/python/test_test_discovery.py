"""Which Python functions are tests: those pytest collects by default, and unittest cases."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import TestCase

SOURCE = b"""
def test_ids(known):
    return sorted(known)


class TestShapes:
    def test_square(self):
        assert 4 == 2 * 2
"""

UNITTEST = b"""
import unittest


class Checks(unittest.TestCase):
    def test_square(self):
        self.assertEqual(4, 2 * 2)
"""


def _tests(path: str, source: bytes) -> list[str]:
    return sorted(t.name for t in extract(path, source).of_type(TestCase))


@pytest.mark.parametrize("path", ["tests/test_shapes.py", "src/shapes_test.py", "test_x.py"])
def test_files_pytest_collects_hold_tests(path: str) -> None:
    assert _tests(path, SOURCE) == ["test_ids", "test_square"]


@pytest.mark.parametrize(
    "path", ["validator/rules/test/common.py", "tests/helpers.py", "testing/util.py", "src/ids.py"]
)
def test_a_test_named_function_outside_collected_files_is_no_test(path: str) -> None:
    assert _tests(path, SOURCE) == []


@pytest.mark.parametrize("path", ["tests/checks.py", "src/checks.py"])
def test_unittest_cases_are_tests_wherever_they_live(path: str) -> None:
    assert _tests(path, UNITTEST) == ["test_square"]
