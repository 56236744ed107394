"""Python contract tracing, widened: every way a test places a double and says what it
returns, record classes as shapes, re-exports and imports resolved across files."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Mock, Producer, PyAlias, Record
from ralph_validate.validator.checks.contracts import judge
from ralph_validate.validator.contracts.code_boundaries import code_observations
from ralph_validate.validator.contracts.graph import Wiring, collect
from ralph_validate.validator.contracts.shape import Presence, leaves, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _mocks(source: str) -> list[tuple[str, int, list[tuple[str, ...]]]]:
    found = _facts("tests/test_orders.py", source, Mock)
    return sorted((m.target, m.line, [p for p, _ in leaves(m.shape)]) for m in found)


def _rows(files: dict[str, str]):
    facts = collect(extract(path, text.encode()) for path, text in sorted(files.items()))
    return [a.row for a in judge(code_observations(facts, Wiring(facts)))]


# --- doubles ----------------------------------------------------------------------------


def test_side_effect_lists_and_local_functions_give_what_the_calls_return() -> None:
    source = (
        "from unittest import mock\n"
        "from app import service\n"
        "def test_a(mocker):\n"
        "    mocker.patch('app.service.fetch', side_effect=[\n"
        "        {'id': 1},\n"
        "        {'id': 2, 'extra': True},\n"
        "    ])\n"
        "@mock.patch.object(service, 'fetch', side_effect=_fake)\n"
        "def test_b(fetch):\n"
        "    pass\n"
        "def _fake(order_id):\n"
        "    return {'id': order_id, 'total': {'net': 1}}\n"
    )
    assert _mocks(source) == [
        ("app.service.fetch", 4, [("extra",), ("id",)]),
        ("app.service.fetch", 12, [("id",), ("total", "net")]),
    ]


def test_prepared_doubles_passed_in_as_new_are_followed_through_their_name() -> None:
    source = (
        "from unittest.mock import MagicMock, Mock, patch\n"
        "import app.client as c\n"
        "def test_a(monkeypatch):\n"
        "    fake = MagicMock(return_value={'a': 1})\n"
        "    with patch('app.service.fetch', fake):\n"
        "        pass\n"
        "    other = Mock()\n"
        "    other.side_effect = [{'b': 1}]\n"
        "    monkeypatch.setattr(c, 'fetch', other)\n"
        "    with patch('app.service.fetch', new=MagicMock(side_effect=lambda i: {'c': i})):\n"
        "        pass\n"
        "    monkeypatch.setattr('app.service.fetch', lambda *a, **k: {'d': 1})\n"
    )
    assert _mocks(source) == [
        ("app.client.fetch", 8, [("b",)]),
        ("app.service.fetch", 4, [("a",)]),
        ("app.service.fetch", 10, [("c",)]),
        ("app.service.fetch", 12, [("d",)]),
    ]


def test_doubles_whose_result_has_no_fields_or_cannot_be_read_give_no_mock() -> None:
    source = (
        "from unittest.mock import patch, MagicMock\n"
        "from app import service\n"
        "@patch('app.service.notify', new=lambda *a: None)\n"
        "@patch('app.service.fetch', side_effect=TimeoutError)\n"
        "def test_a(fetch):\n"
        "    pass\n"
        "def test_b(monkeypatch):\n"
        "    monkeypatch.setattr(service, 'LIMIT', 5)\n"
        "    monkeypatch.setattr(service, 'CONFIG', {'a': 1})\n"
        "    with patch('app.service.fetch', new_callable=MagicMock):\n"
        "        pass\n"
        "    with patch('app.service.fetch', make_fake()):\n"
        "        pass\n"
    )
    assert _mocks(source) == []


def test_a_decorator_with_its_own_double_injects_no_parameter() -> None:
    source = (
        "from unittest.mock import patch\n"
        "@patch('app.service.fetch')\n"
        "@patch('app.service.audit', lambda *a: {'ok': True})\n"
        "def test_a(fetch):\n"
        "    fetch.return_value = {'id': 1}\n"
    )
    assert _mocks(source) == [
        ("app.service.audit", 3, [("ok",)]),
        ("app.service.fetch", 5, [("id",)]),
    ]


# --- records ----------------------------------------------------------------------------


def test_typeddict_dataclass_and_model_fields_become_records() -> None:
    source = (
        "from dataclasses import dataclass\n"
        "from typing import NotRequired, TypedDict\n"
        "from pydantic import BaseModel, ConfigDict, Field\n"
        "class Money(TypedDict):\n"
        "    net: int\n"
        "    gross: NotRequired[int]\n"
        "class Order(TypedDict, total=False):\n"
        "    id: str\n"
        "    total: Money\n"
        "class Full(Order):\n"
        "    status: str\n"
        "@dataclass(frozen=True)\n"
        "class Line:\n"
        "    sku: str\n"
        "    qty: int = 1\n"
        "    @property\n"
        "    def label(self):\n"
        "        return self.sku\n"
        "class Quote(BaseModel):\n"
        "    price: float\n"
        "class Loose(BaseModel):\n"
        "    model_config = ConfigDict(extra='allow')\n"
        "class Renamed(BaseModel):\n"
        "    price: float = Field(alias='Price')\n"
        "@dataclass\n"
        "class Late:\n"
        "    a: int\n"
        "    def __post_init__(self):\n"
        "        self.b = self.a\n"
        "class Plain:\n"
        "    x: int\n"
    )
    records = {r.name: r.shape for r in _facts("app/models.py", source, Record)}
    assert sorted(records) == [
        "Full",
        "Late",
        "Line",
        "Loose",
        "Money",
        "Order",
        "Quote",
        "Renamed",
    ]
    flags = {n: [(f.name, f.optional) for f in s.fields] for n, s in records.items()}
    assert flags["Money"] == [("gross", True), ("net", False)]
    assert flags["Full"] == [("id", True), ("status", False), ("total", True)]
    assert [f.name for f in records["Line"].fields] == ["label", "qty", "sku"]
    assert lookup(records["Order"], ("total", "net")).presence is Presence.PRESENT
    assert lookup(records["Line"], ("price",)).presence is Presence.ABSENT
    assert lookup(records["Quote"], ("model_fields_set",)).presence is Presence.PRESENT
    opened = sorted(n for n, s in records.items() if s.open)
    assert opened == ["Late", "Loose", "Renamed"]


def test_the_functional_typeddict_form_is_a_record_too() -> None:
    source = (
        "from typing import NotRequired, Required, TypedDict\n"
        "Customer = TypedDict('Customer', {'name': str, 'vip': NotRequired[bool]})\n"
        "Loose = TypedDict('Loose', {'id': Required[str], 'note': str}, total=False)\n"
        "def local():\n"
        "    Hidden = TypedDict('Hidden', {'a': int})\n"
    )
    records = {r.name: r.shape for r in _facts("app/types.py", source, Record)}
    flags = {n: [(f.name, f.optional) for f in s.fields] for n, s in records.items()}
    assert flags == {
        "Customer": [("name", False), ("vip", True)],
        "Loose": [("id", False), ("note", True)],
    }


def test_a_producer_names_the_class_its_annotation_declares_only_without_own_fields() -> None:
    source = (
        "from .models import Ticket\n"
        "import app.records as rec\n"
        "from fastapi import APIRouter\n"
        "router = APIRouter()\n"
        "def a() -> Ticket:\n"
        "    return load()\n"
        "def b() -> 'Local':\n"
        "    return make()\n"
        "def c() -> rec.Line:\n"
        "    return make()\n"
        "def d() -> Ticket:\n"
        "    return {'id': 1}\n"
        "def e() -> Ticket | None:\n"
        "    return load()\n"
        "@router.get('/t', response_model=Ticket)\n"
        "def f() -> Ticket:\n"
        "    return load()\n"
    )
    producers = {p.name: p.declared for p in _facts("app/views.py", source, Producer)}
    assert producers == {
        "a": "app.models.Ticket",
        "b": "app.views.Local",
        "c": "app.records.Line",
        "d": "",
        "e": "",
        "f": "",
    }


def test_dict_calls_spreads_and_key_assignments_shape_a_result() -> None:
    source = (
        "def build(extra):\n"
        "    out = dict(a=1, **extra)\n"
        "    out['k'] = {'n': 2}\n"
        "    return out\n"
        "def closed():\n"
        "    out = dict(a=1)\n"
        "    out['k'] = 2\n"
        "    return out\n"
    )
    shapes = {p.name: p.shape for p in _facts("app/build.py", source, Producer)}
    assert lookup(shapes["build"], ("k", "n")).presence is Presence.PRESENT
    assert lookup(shapes["build"], ("zz",)).presence is Presence.UNKNOWN
    assert lookup(shapes["closed"], ("zz",)).presence is Presence.ABSENT


def test_module_level_imports_are_kept_as_aliases() -> None:
    source = (
        "from __future__ import annotations\n"
        "import os.path\n"
        "import app.client as c\n"
        "from . import service\n"
        "from .client import fetch as get\n"
        "def f():\n"
        "    from app import hidden\n"
    )
    aliases = sorted((a.name, a.qualified) for a in _facts("app/__init__.py", source, PyAlias))
    assert aliases == [
        ("c", "app.client"),
        ("get", "app.client.fetch"),
        ("os", "os"),
        ("service", "app.service"),
    ]


# --- resolution across files --------------------------------------------------------------


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
