"""Producer, consumer and mock facts read from TypeScript/JavaScript and Python code."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Consumer, Mock, Producer
from ralph_validate.validator.contracts.shape import Presence, leaves, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _paths(producer: Producer) -> list[tuple[str, ...]]:
    return [p for p, _ in leaves(producer.shape)]


def test_ts_handler_returning_a_nested_literal_is_a_producer() -> None:
    (producer,) = _facts(
        "lambda/count.ts",
        "export const handler = async (event) => {\n"
        "  const passed = event.n > 1;\n"
        "  return { success: true, details: { passed } };\n"
        "};\n",
        Producer,
    )
    assert (producer.name, producer.exported) == ("handler", True)
    assert _paths(producer) == [("details", "passed"), ("success",)]


def test_ts_result_built_step_by_step_and_spread_counts_every_field() -> None:
    source = (
        "const base = { version: 2 };\n"
        "exports.handler = async function (event) {\n"
        "  const result = { ...base, ok: true };\n"
        "  result.details = {};\n"
        "  result.details.passed = event.rows.length > 3;\n"
        "  Object.assign(result, { checkedAt: Date.now() });\n"
        "  return result;\n"
        "};\n"
    )
    (producer,) = _facts("lambda/index.js", source, Producer)
    found = lookup(producer.shape, ("details", "passed"))
    assert found.presence is Presence.PRESENT
    assert lookup(producer.shape, ("checkedAt",)).presence is Presence.PRESENT
    # `base` is a module constant the function cannot see into: more fields may exist.
    assert lookup(producer.shape, ("version",)).presence is Presence.UNKNOWN


def test_ts_fetch_then_json_reads_become_http_consumer_reads_with_guards() -> None:
    source = (
        "export async function load(id: string) {\n"
        "  const res = await fetch(`https://shop.test/api/orders/${id}?full=1`);\n"
        "  const order = await res.json();\n"
        "  if ('eta' in order) { show(order.eta); }\n"
        "  const { totals: { net }, status } = order;\n"
        "  return order.details?.passed ? net : status;\n"
        "}\n"
    )
    (consumer,) = _facts("web/load.ts", source, Consumer)
    assert (consumer.source, consumer.target, consumer.method) == ("http", "/api/orders/{}", "GET")
    reads = {r.path: r for r in consumer.reads}
    assert reads[("eta",)].guarded == 1
    # `?.` covers `details`; the truth test copes with an absent `passed` (undefined is falsy).
    assert reads[("details", "passed")].guarded == 2
    assert reads[("details", "passed")].in_condition
    assert consumer.escapes


def test_ts_destructured_call_result_reads_nested_keys() -> None:
    source = (
        "import { getUser as fetchUser } from '../api/users';\n"
        "export async function badge(id) {\n"
        "  const { profile: { displayName }, plan } = await fetchUser(id);\n"
        "  return displayName + plan;\n"
        "}\n"
    )
    (consumer,) = _facts("web/badge.js", source, Consumer)
    assert (consumer.module, consumer.imported) == ("../api/users", "getUser")
    assert sorted(r.path for r in consumer.reads) == [("plan",), ("profile", "displayName")]


def test_jest_mock_resolved_value_is_a_mock_of_the_imported_function() -> None:
    source = (
        "import { fetchOrder } from '../src/client';\n"
        "jest.mock('../src/client');\n"
        "test('x', async () => {\n"
        "  jest.mocked(fetchOrder).mockResolvedValueOnce({ id: 'a', totals: { net: 1 } });\n"
        "});\n"
    )
    (mock,) = _facts("test/x.test.ts", source, Mock)
    assert (mock.kind, mock.target, mock.line) == ("jest.mock", "../src/client#fetchOrder", 4)
    assert lookup(mock.shape, ("totals", "net")).presence is Presence.PRESENT


def test_python_route_with_router_prefix_and_dict_built_by_keys() -> None:
    source = (
        "from fastapi import APIRouter\n"
        "router = APIRouter(prefix='/api/v1')\n"
        "@router.post('/carts/{cart_id}/checkout')\n"
        "async def checkout(cart_id: str):\n"
        "    body = {'cart_id': cart_id}\n"
        "    body['total'] = {'gross': 1}\n"
        "    body.update(state='paid')\n"
        "    return body\n"
    )
    (producer,) = _facts("api/carts.py", source, Producer)
    assert producer.route == "POST /api/v1/carts/{}/checkout"
    assert _paths(producer) == [("cart_id",), ("state",), ("total", "gross")]


def test_python_dict_filled_with_computed_keys_is_open() -> None:
    source = (
        "def index(rows):\n"
        "    out = {}\n"
        "    for row in rows:\n"
        "        out[row.key] = row\n"
        "    return out\n"
    )
    (producer,) = _facts("app/index.py", source, Producer)
    assert lookup(producer.shape, ("anything",)).presence is Presence.UNKNOWN


def test_python_consumer_resolves_relative_imports_and_reads_get_and_subscripts() -> None:
    source = (
        "from .client import fetch_order as fo\n"
        "def summary(oid):\n"
        "    order = fo(oid)\n"
        "    if 'lines' in order:\n"
        "        first = order['lines'][0]['sku']\n"
        "    return order.get('total')\n"
    )
    (consumer,) = _facts("shop/orders.py", source, Consumer)
    assert (consumer.module, consumer.imported) == ("shop.client", "fetch_order")
    reads = {r.path: r.guarded for r in consumer.reads}
    # ``.get("total")`` returned as it is copes with an absent key (None).
    assert reads == {("lines", "0", "sku"): 1, ("total",): 1}


def test_python_patch_spellings_become_mocks_with_their_shapes() -> None:
    source = (
        "from unittest import mock\n"
        "from unittest.mock import patch\n"
        "import shop.client as client\n"
        "@patch('shop.orders.fetch_stock')\n"
        "@patch('shop.orders.notify', new=lambda *a: None)\n"
        "def test_a(fetch):\n"
        "    fetch.return_value = {'stock': {'available': 1}}\n"
        "def test_b(mocker, monkeypatch):\n"
        "    mocker.patch('shop.orders.price', return_value={'net': 2})\n"
        "    with mock.patch.object(client, 'fetch_order') as fake:\n"
        "        fake.return_value = {'id': 1}\n"
        "    monkeypatch.setattr('shop.orders.tax', lambda sku: {'rate': 0.2})\n"
    )
    mocks = sorted((m.target, m.line) for m in _facts("tests/test_orders.py", source, Mock))
    assert mocks == [
        ("shop.client.fetch_order", 11),
        ("shop.orders.fetch_stock", 7),
        ("shop.orders.price", 9),
        ("shop.orders.tax", 12),
    ]
