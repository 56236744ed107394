"""What a Python function produces: the shape it builds (dict calls, spreads, key assignments) or
the class its annotation declares."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Producer
from ralph_validate.validator.contracts.shape import Presence, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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
