"""Python boundaries resolved across files: producers re-exported by a package, patches reaching
calls through the module, optional fields, and the files a row rests on."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import judge
from ralph_validate.validator.contracts.code_boundaries import code_observations
from ralph_validate.validator.contracts.graph import Wiring, collect


def _rows(files: dict[str, str]):
    facts = collect(extract(path, text.encode()) for path, text in sorted(files.items()))
    return [a.row for a in judge(code_observations(facts, Wiring(facts)))]


_IMPORTED = "from app.client import fetch\ndef {name}(i):\n    o = fetch(i)\n    return o['id']\n"


_CLIENT = "def fetch(i):\n    return {'id': i, 'state': {'open': True}}\n"


def test_a_re_exported_producer_is_found_through_the_package() -> None:
    rows = _rows(
        {
            "app/__init__.py": "from .client import fetch as get_order\n",
            "app/client.py": _CLIENT,
            "web/view.py": (
                "from app import get_order\n"
                "def show(i):\n"
                "    order = get_order(i)\n"
                "    return order['state']['closed']\n"
            ),
        }
    )
    missing = [(r.status.value, r.consumer.path, r.producer.file) for r in rows if r.question == 2]
    assert missing == [("FAIL", "state.closed", "app/client.py")]


def test_a_patch_reaches_calls_through_the_module_not_names_imported_from_it() -> None:
    files = {
        "app/__init__.py": "",
        "app/client.py": _CLIENT,
        "app/a.py": "import app.client as c\ndef f(i):\n    o = c.fetch(i)\n    return o['id']\n",
        "app/b.py": _IMPORTED.format(name="g"),
        "app/c.py": _IMPORTED.format(name="h"),
        "tests/test_a.py": (
            "from unittest.mock import patch\n"
            "@patch('app.client.fetch', return_value={'id': 1})\n"
            "def test_f(m):\n"
            "    pass\n"
            "@patch('app.c.fetch', return_value={'id': 1})\n"
            "def test_h(m):\n"
            "    pass\n"
        ),
    }
    rows = [r for r in _rows(files) if r.question == 1]
    assert sorted((r.boundary.split(" -> ")[1], r.status.value) for r in rows) == [
        ("app/a.py::f", "PASS"),
        ("app/c.py::h", "PASS"),
    ]


def test_an_optional_field_read_is_unknown_unless_guarded_and_a_mock_may_omit_it() -> None:
    files = {
        "app/__init__.py": "",
        "app/models.py": (
            "from typing import TypedDict\n"
            "class Customer(TypedDict, total=False):\n"
            "    name: str\n"
            "    vip: bool\n"
        ),
        "app/repo.py": (
            "from app.models import Customer\ndef load(i) -> Customer:\n    return CACHE[i]\n"
        ),
        "app/view.py": (
            "from app import repo\n"
            "def badge(i):\n"
            "    c = repo.load(i)\n"
            "    if 'vip' in c:\n"
            "        return c['vip']\n"
            "    return c['name'], c['nick']\n"
        ),
        "tests/test_view.py": (
            "from unittest.mock import patch\n"
            "def test_badge():\n"
            "    with patch('app.repo.load', return_value={'name': 'x', 'nick': 'y'}):\n"
            "        pass\n"
        ),
    }
    rows = _rows(files)
    reads = sorted((r.consumer.path, r.status.value) for r in rows if r.question == 2)
    assert reads == [("name", "UNKNOWN"), ("nick", "FAIL"), ("vip", "PASS")]
    drift = [(r.status.value, r.reason) for r in rows if r.question == 1]
    assert drift == [("FAIL", "the mock has nick, the real app/repo.py::load does not")]
    # Evidence stays in the producer's file: the function's line stands for the class's.
    assert {(r.producer.file, r.producer.line) for r in rows if r.producer} == {("app/repo.py", 2)}
    assert [r for r in rows if r.question == 3] == []


def test_a_row_rests_on_the_file_that_declares_the_record(contract_case) -> None:
    untouched = ("shop/__init__.py", "shop/records.py", "shop/repo.py", "shop/views.py")
    result = contract_case("py-typeddict", "buggy", untouched=untouched)
    # Only shop/models.py is new: the read of a field its TypedDict lacks is still reported,
    # the dataclass read (shop/records.py, unchanged) is not.
    assert result.fails() == {("contract.missing-field", "shop/views.py", 16)}
