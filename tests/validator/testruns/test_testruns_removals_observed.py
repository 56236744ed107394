"""A removed test comes back from the comparison as an observation (how it went, the BASE
file and line, the cause or the successor), with no prose: TI011 words it."""

from __future__ import annotations

from ralph_validate.extractors.runners.view import RevisionView
from ralph_validate.validator.testruns.compare import compare
from ralph_validate.validator.testruns.model import Removal


def _view(files: dict[str, str]) -> RevisionView:
    return RevisionView(list_paths=lambda: sorted(files), read=lambda p: files[p].encode())


TWO = "def test_add():\n    assert 1 + 1 == 2\n\n\ndef test_div():\n    assert 4 / 2 == 2\n"
ONE = "def test_add():\n    assert 1 + 1 == 2\n"
CART = "def test_total():\n    assert sum([1, 2]) == 3\n"


def _removals(base: dict[str, str], head: dict[str, str]) -> dict[str, tuple[str, Removal | None]]:
    return {
        c.subject: (c.reason, c.removal)
        for c in compare(_view(base), _view(head))
        if c.kind == "removed"
    }


def test_a_test_gone_from_its_file_and_a_deleted_file_are_told_apart() -> None:
    found = _removals(
        {"tests/test_calc.py": TWO, "tests/test_cart.py": CART}, {"tests/test_calc.py": ONE}
    )
    assert found == {
        "tests/test_calc.py::test_div": ("", Removal("gone", "tests/test_calc.py", 5)),
        "tests/test_cart.py::test_total": ("", Removal("deleted", "tests/test_cart.py", 1)),
    }


def test_a_module_skip_is_a_test_no_longer_run_with_its_cause() -> None:
    skipped = "import pytest\n\npytestmark = pytest.mark.skip\n\n\n" + ONE
    [(reason, removal)] = _removals(
        {"tests/test_calc.py": ONE}, {"tests/test_calc.py": skipped}
    ).values()
    assert reason == ""
    assert removal is not None and removal.how == "not-run" and removal.cause
