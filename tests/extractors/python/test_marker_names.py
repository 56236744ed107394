"""A module-level name for a marker (``later = pytest.mark.skip(...)``, then ``@later``) is
read as the marker it names: a skip where it names a skip, nothing where it names another."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Skip

SOURCE = b"""import sys
import pytest as pt
from unittest import skip

later = pt.mark.skip(reason="reworked")
posix_only = pt.mark.skipif(sys.platform == "win32", reason="posix")
slow = pt.mark.slow
legacy = skip("old API")


@later
def test_rounds():
    assert 1


@posix_only
def test_paths():
    assert 1


@slow
def test_bulk():
    assert 1


class TestOld:
    @legacy
    def test_v1(self):
        assert 1
"""


def test_a_name_for_a_skip_marker_is_a_skip_at_the_decorator() -> None:
    skips = extract("tests/test_cart.py", SOURCE).of_type(Skip)
    assert [(s.line, s.how, s.conditional, s.reason) for s in skips] == [
        (11, "pytest.mark.skip", False, "reworked"),
        (16, "pytest.mark.skipif", True, "posix"),
        (27, "unittest.skip", False, "old API"),
    ]
