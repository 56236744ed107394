"""TypedDicts (class and functional forms), dataclasses and models become records whose fields are a
shape."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Record
from ralph_validate.validator.contracts.shape import Presence, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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
