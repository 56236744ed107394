"""A definition's pytest marks are read by one reader (``collected.marks_of``): the Skip
facts, the module skips and the runs model's markers agree on every spelling of a mark
(a decorator, a module-level name for a mark, an imported ``mark``, a class or module
``pytestmark`` alone or in a list)."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Skip
from ralph_validate.extractors.runners.python_files import python_test_items

PATH = "tests/test_cart.py"
TEST = "    def test_total(self):\n        assert 1 + 1 == 2\n"
# spelling -> (source, markers the runs model reads, (scope, line) of the Skip fact or None)
CASES: dict[str, tuple[str, tuple[str, ...], tuple[str, int] | None]] = {
    "decorator": (
        "import pytest\n\n\n@pytest.mark.skip\ndef test_total():\n    assert 1\n",
        ("skip",),
        ("test", 4),
    ),
    "name for a skip mark": (
        "import pytest\nsk = pytest.mark.skip\n\n\n@sk\ndef test_total():\n    assert 1\n",
        ("skip",),
        ("test", 5),
    ),
    "name for a plain mark": (
        "import pytest\nslow = pytest.mark.slow\n\n\n@slow\ndef test_total():\n    assert 1\n",
        ("slow",),
        None,
    ),
    "imported mark": (
        "from pytest import mark as m\n\n\n@m.slow\ndef test_total():\n    assert 1\n",
        ("slow",),
        None,
    ),
    "class pytestmark": (
        "import pytest\n\n\nclass TestCart:\n    pytestmark = pytest.mark.skip\n\n" + TEST,
        ("skip",),
        ("class", 5),
    ),
    "class pytestmark list": (
        "import pytest\n\n\nclass TestCart:\n"
        "    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason='x')]\n\n" + TEST,
        ("skip", "slow"),
        ("class", 5),
    ),
    "class pytestmark through a name": (
        "import pytest\nlater = pytest.mark.skip\n\n\nclass TestCart:\n"
        "    pytestmark = [later]\n\n" + TEST,
        ("skip",),
        ("class", 6),
    ),
    "class pytestmark of plain marks": (
        "import pytest\n\n\nclass TestCart:\n    pytestmark = (pytest.mark.slow,)\n\n" + TEST,
        ("slow",),
        None,
    ),
    "module pytestmark": (
        "import pytest\npytestmark = pytest.mark.skip\n\n\ndef test_total():\n    assert 1\n",
        ("skip",),
        ("module", 2),
    ),
    "another object's mark": (
        "import foo\n\n\n@foo.skip\ndef test_total():\n    assert 1\n",
        (),
        None,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_spelling_of_a_mark_is_read_alike(case: str) -> None:
    source, markers, skip = CASES[case]
    facts = extract(PATH, source.encode()).of_type(Skip)
    [item] = python_test_items(PATH, source.encode())
    assert item.markers == markers
    assert [(s.scope, s.line) for s in facts] == ([skip] if skip else [])


PARAM = (
    "import pytest\n{head}\n\n@pytest.mark.parametrize('x', [1, pytest.param(2, marks={marks})])\n"
    "def test_total(x):\n    assert x\n"
)


@pytest.mark.parametrize(
    ("head", "marks", "skipped"),
    [
        ("", "pytest.mark.skip", True),
        ("", "[pytest.mark.slow, pytest.mark.xfail(reason='later')]", True),
        ("later = pytest.mark.xfail", "later", True),
        ("later = [pytest.mark.skip]", "later", True),
        ("", "pytest.mark.xfail(x > 1, reason='on big ones')", False),
        ("slow = pytest.mark.slow", "slow", False),
    ],
)
def test_a_case_mark_is_read_by_the_same_reader(head: str, marks: str, skipped: bool) -> None:
    source = PARAM.format(head=head, marks=marks)
    facts = extract(PATH, source.encode()).of_type(Skip)
    assert [s.how.startswith("pytest.param(marks=") for s in facts] == ([True] if skipped else [])
    [item] = python_test_items(PATH, source.encode())
    assert item.markers == ("parametrize",)
