"""FastAPI routes send their ``response_model`` through pydantic: the client sees the model's
fields under their aliases (``Field(alias=...)``, ``alias_generator=to_camel``), and
nothing it cannot know (a custom generator, ``extra="allow"``) is ever a FAIL."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Producer, Record
from ralph_validate.extractors.python.wire import model_type, to_camel, to_pascal, to_snake
from ralph_validate.validator.checks.contracts import judge
from ralph_validate.validator.contracts.code_boundaries import code_observations
from ralph_validate.validator.contracts.graph import Wiring, collect
from ralph_validate.validator.contracts.shape import Presence, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _records(source: str) -> dict[str, Record]:
    return {r.name: r for r in _facts("svc/models.py", source, Record)}


def _rows(files: dict[str, str]) -> list[tuple[int, str, str, str]]:
    facts = collect(extract(path, text.encode()) for path, text in sorted(files.items()))
    rows = [a.row for a in judge(code_observations(facts, Wiring(facts)))]
    return sorted(
        (r.question, r.status.value, r.consumer.path if r.consumer else "", r.boundary)
        for r in rows
        if r.consumer is not None
    )


def _keys(shape) -> list[str]:
    return [f.name for f in shape.fields]


# --- pydantic's generators --------------------------------------------------------------


def test_the_generators_rename_as_pydantic_does() -> None:
    cases = {
        "order_id": ("orderId", "OrderId", "order_id"),
        "user_2fa": ("user2Fa", "User2Fa", "user_2fa"),
        "orderId": ("orderId", "Orderid", "order_id"),
        "__private_x": ("__privateX", "__PrivateX", "__private_x"),
        "v2_api": ("v2Api", "V2Api", "v_2_api"),
        "a_b_c": ("aBC", "ABC", "a_b_c"),
    }
    for name, expected in cases.items():
        assert (to_camel(name), to_pascal(name), to_snake(name)) == expected
    assert to_snake("HTTPResponse") == "http_response"
    assert to_snake("kebab-case") == "kebab_case"


def test_type_expressions_name_one_class_or_a_list_of_it() -> None:
    assert model_type("Order") == ("Order", False)
    assert model_type("schemas.Order") == ("schemas.Order", False)
    assert model_type("'Order'") == ("Order", False)
    assert model_type("list[Order]") == ("Order", True)
    assert model_type("typing.List[ Order ]") == ("Order", True)
    assert model_type("Optional[Order]") == ("Order", False)
    assert model_type("Order | None") == ("Order", False)
    assert model_type("dict[str, Order]") is None
    assert model_type("dict") is None
    assert model_type("typing.Mapping") is None
    assert model_type("Order | Other") is None


# --- what a model serialises to ---------------------------------------------------------


def test_a_camel_model_writes_its_fields_under_their_aliases() -> None:
    records = _records(
        "from typing import Annotated, ClassVar\n"
        "from pydantic import BaseModel, ConfigDict, Field, computed_field\n"
        "from pydantic.alias_generators import to_camel as camel\n"
        "class Base(BaseModel):\n"
        "    model_config = ConfigDict(alias_generator=camel, populate_by_name=True)\n"
        "class Line(Base):\n"
        "    sku_code: str\n"
        "    unit_price: float = Field(alias='price')\n"
        "    tax_rate: Annotated[float, Field(serialization_alias='VAT')] = 0\n"
        "    secret_key: str = Field('', exclude=True)\n"
        "    kind: ClassVar[str] = 'line'\n"
        "    _cache: dict = {}\n"
        "    @computed_field\n"
        "    @property\n"
        "    def line_total(self) -> float:\n"
        "        return self.unit_price\n"
        "    def describe(self) -> str:\n"
        "        return self.sku_code\n"
        "class Cart(Base):\n"
        "    cart_id: str\n"
        "    lines: list[Line]\n"
        "    first_line: Line | None = None\n"
    )
    line = records["Line"]
    assert line.wire is not None and line.wire_names is not None
    assert _keys(line.wire) == ["VAT", "lineTotal", "price", "skuCode"]
    assert not line.wire.open
    assert _keys(line.wire_names) == ["line_total", "sku_code", "tax_rate", "unit_price"]
    cart = records["Cart"].wire
    assert cart is not None
    assert lookup(cart, ("firstLine", "skuCode")).presence is Presence.PRESENT
    assert lookup(cart, ("lines", "0", "price")).presence is Presence.PRESENT
    assert lookup(cart, ("lines", "0", "unit_price")).presence is Presence.ABSENT
    assert lookup(cart, ("cart_id",)).presence is Presence.ABSENT
    # the attribute view is what it was: Python code reads ``cart.cart_id``
    assert lookup(records["Cart"].shape, ("cart_id",)).presence is Presence.PRESENT


def test_every_way_to_give_a_generator_is_read() -> None:
    records = _records(
        "import pydantic\n"
        "from pydantic import BaseModel, AliasGenerator, ConfigDict\n"
        "from pydantic.alias_generators import to_camel, to_pascal\n"
        "class Keyword(BaseModel, alias_generator=to_pascal, frozen=True):\n"
        "    user_id: int\n"
        "class OldStyle(BaseModel):\n"
        "    user_id: int\n"
        "    class Config:\n"
        "        alias_generator = to_camel\n"
        "class AsDict(BaseModel):\n"
        "    model_config = {'alias_generator': pydantic.alias_generators.to_snake}\n"
        "    userId: int\n"
        "class Split(BaseModel):\n"
        "    model_config = ConfigDict(\n"
        "        alias_generator=AliasGenerator(validation_alias=to_pascal,\n"
        "                                       serialization_alias=to_camel))\n"
        "    user_id: int\n"
        "class ReadOnly(BaseModel):\n"
        "    model_config = ConfigDict(alias_generator=AliasGenerator(validation_alias=to_camel))\n"
        "    user_id: int\n"
    )
    wires = {name: _keys(r.wire) for name, r in records.items() if r.wire is not None}
    assert wires == {
        "AsDict": ["user_id"],
        "Keyword": ["UserId"],
        "OldStyle": ["userId"],
        "ReadOnly": ["user_id"],
        "Split": ["userId"],
    }


def test_renaming_that_cannot_be_known_leaves_the_json_open() -> None:
    records = _records(
        "from pydantic import BaseModel, ConfigDict, Field, model_serializer\n"
        "from app.text import camelize\n"
        "def to_camel(name):\n"
        "    return name.title()\n"
        "class Custom(BaseModel):\n"
        "    model_config = ConfigDict(alias_generator=camelize)\n"
        "    user_id: int\n"
        "    plan: str = Field(alias='Plan')\n"
        "class Local(BaseModel):\n"
        "    model_config = ConfigDict(alias_generator=to_camel)\n"
        "    user_id: int\n"
        "class Lambda(BaseModel):\n"
        "    model_config = ConfigDict(alias_generator=lambda s: s.upper())\n"
        "    user_id: int\n"
        "class Extra(BaseModel):\n"
        "    model_config = ConfigDict(extra='allow')\n"
        "    user_id: int\n"
        "class Computed(BaseModel):\n"
        "    user_id: int = Field(alias=NAMES['user'])\n"
        "    plan: str\n"
        "class Mixed(BaseModel, Auditable):\n"
        "    user_id: int\n"
        "class Custom2(BaseModel):\n"
        "    user_id: int\n"
        "    @model_serializer\n"
        "    def dump(self):\n"
        "        return self.user_id\n"
    )
    for name in ("Custom", "Local", "Lambda", "Extra", "Computed", "Mixed"):
        wire = records[name].wire
        assert wire is not None and wire.open, name
        assert lookup(wire, ("userId",)).presence is Presence.UNKNOWN, name
    custom = records["Custom"].wire
    assert custom is not None and _keys(custom) == ["Plan"]  # an explicit alias wins
    computed = records["Computed"].wire
    assert computed is not None and _keys(computed) == ["plan"]
    assert records["Custom2"].wire is not None and records["Custom2"].wire.kind == "unknown"


# --- routes -----------------------------------------------------------------------------


def test_a_route_names_the_model_it_serialises_through() -> None:
    source = (
        "from typing import List, Optional\n"
        "from fastapi import APIRouter\n"
        "from .schemas import Order\n"
        "from . import schemas\n"
        "router = APIRouter()\n"
        "@router.get('/a', response_model=Order)\n"
        "def a():\n"
        "    return {'order_id': 1}\n"
        "@router.get('/b', response_model=List[schemas.Order], response_model_by_alias=False)\n"
        "def b():\n"
        "    return []\n"
        "@router.get('/c', response_model_exclude_none=True)\n"
        "async def c() -> Optional[Order]:\n"
        "    return load()\n"
        "@router.get('/d', response_model=Order, response_model_include={'id'})\n"
        "def d():\n"
        "    return {'order_id': 1}\n"
        "@router.get('/e', response_model=None)\n"
        "def e() -> Order:\n"
        "    return {'order_id': 1}\n"
        "@router.get('/f', response_model=dict[str, Order])\n"
        "def f():\n"
        "    return {'order_id': 1}\n"
        "@router.get('/g')\n"
        "def g() -> dict:\n"
        "    return {'order_id': 1}\n"
        "def h() -> Order:\n"
        "    return load()\n"
    )
    found = {
        p.name: (p.response_model, p.response_by_alias, p.response_many, p.response_partial)
        for p in _facts("svc/api/views.py", source, Producer)
    }
    shapes = {p.name: p.shape.kind for p in _facts("svc/api/views.py", source, Producer)}
    assert found == {
        "a": ("svc.api.schemas.Order", True, False, False),
        "b": ("svc.api.schemas.Order", False, True, False),
        "c": ("svc.api.schemas.Order", True, False, True),
        "d": ("", True, False, False),
        "e": ("", True, False, False),
        "f": ("", True, False, False),
        "g": ("", True, False, False),
        "h": ("", True, False, False),
    }
    assert shapes["d"] == shapes["f"] == "unknown"
    assert shapes["e"] == shapes["g"] == "object"


def test_a_flask_route_annotation_is_no_response_model() -> None:
    source = (
        "from flask import Flask\n"
        "from .schemas import Order\n"
        "app = Flask(__name__)\n"
        "@app.get('/a')\n"
        "def a() -> Order:\n"
        "    return {'order_id': 1}\n"
    )
    assert [p.response_model for p in _facts("svc/views.py", source, Producer)] == [""]


_MODELS = (
    "from pydantic import BaseModel, ConfigDict, Field\n"
    "from pydantic.alias_generators import to_camel\n"
    "class Order(BaseModel):\n"
    "    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)\n"
    "    order_id: str\n"
    "    estimated_delivery: str\n"
    "    status: str = Field(alias='state')\n"
)


def _client(reads: str, url: str = "/orders/${id}") -> str:
    return (
        "export async function load(id: string) {\n"
        f"  const res = await fetch(`{url}`);\n"
        "  const data = await res.json();\n"
        f"  return [{reads}];\n"
        "}\n"
    )


def _route(decorator: str, annotation: str = "") -> str:
    return (
        "from fastapi import APIRouter\n"
        "from app.models import Order\n"
        "router = APIRouter(prefix='/orders')\n"
        f"@router.get('/{{order_id}}'{decorator})\n"
        f"async def get_order(order_id: str){annotation}:\n"
        "    return {'order_id': order_id, 'estimated_delivery': 'x', 'status': 's'}\n"
    )


def test_a_client_reading_the_aliases_passes_and_python_names_fail() -> None:
    files = {
        "app/__init__.py": "",
        "app/models.py": _MODELS,
        "app/routes.py": _route(", response_model=Order"),
        "web/api.ts": _client("data.orderId, data.estimatedDelivery, data.state, data.status"),
    }
    q2 = {(path, status) for q, status, path, _ in _rows(files) if q == 2}
    assert q2 == {
        ("orderId", "PASS"),
        ("estimatedDelivery", "PASS"),
        ("state", "PASS"),
        ("status", "FAIL"),
    }


def test_the_return_annotation_of_a_route_is_its_response_model() -> None:
    files = {
        "app/__init__.py": "",
        "app/models.py": _MODELS,
        "app/routes.py": _route("", " -> Order"),
        "web/api.ts": _client("data.order_id, data.estimatedDelivery"),
    }
    rows = {(q, path, status) for q, status, path, _ in _rows(files)}
    assert (2, "order_id", "FAIL") in rows
    assert (4, "order_id", "FAIL") in rows
    assert (2, "estimatedDelivery", "PASS") in rows


def test_by_field_name_the_python_names_are_sent() -> None:
    files = {
        "app/__init__.py": "",
        "app/models.py": _MODELS,
        "app/routes.py": _route(", response_model=Order, response_model_by_alias=False"),
        "web/api.ts": _client("data.order_id, data.status, data.orderId"),
    }
    q2 = {(path, status) for q, status, path, _ in _rows(files) if q == 2}
    assert q2 == {("order_id", "PASS"), ("status", "PASS"), ("orderId", "FAIL")}


def test_fields_left_out_when_none_are_only_safe_under_a_check() -> None:
    files = {
        "app/__init__.py": "",
        "app/models.py": _MODELS,
        "app/routes.py": _route(", response_model=Order, response_model_exclude_none=True"),
        "web/api.ts": _client("data.orderId, data.nope"),
    }
    q2 = {(path, status) for q, status, path, _ in _rows(files) if q == 2}
    assert q2 == {("orderId", "UNKNOWN"), ("nope", "FAIL")}


def test_a_model_that_cannot_be_known_is_never_a_fail() -> None:
    custom = _MODELS.replace("alias_generator=to_camel", "alias_generator=make_alias")
    for models, decorator in (
        (custom, ", response_model=Order"),
        (_MODELS.replace("class Order(BaseModel)", "class Order(Base)"), ", response_model=Order"),
        (_MODELS, ", response_model=Order, response_model_include={'order_id'}"),
        (_MODELS, ", response_model=outside.Order"),
    ):
        files = {
            "app/__init__.py": "",
            "app/models.py": models,
            "app/routes.py": _route(decorator),
            "web/api.ts": _client("data.orderId, data.order_id, data.whatever"),
        }
        statuses = [status for _, status, _, _ in _rows(files)]
        assert "FAIL" not in statuses, decorator


def test_the_fixture_reads_an_unknowable_model_as_unknown(contract_case) -> None:
    rows = contract_case("http-fastapi-aliases", "fixed").output.contracts
    legacy = [r for r in rows if r.consumer is not None and r.consumer.path == "LEDGER_CODE"]
    assert [r.status.value for r in legacy] == ["UNKNOWN"]
    raw = sorted(
        (r.consumer.path, r.status.value)
        for r in rows
        if r.question == 2 and r.consumer is not None and "/raw" in r.boundary
    )
    assert raw == [("due_date", "PASS"), ("invoice_id", "PASS")]
