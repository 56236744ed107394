"""JS/TS contract facts: Jest/Vitest doubles, re-exports, CommonJS, Express/Hono routes and
declared result types, read from real parsed code and wired by the real ``Wiring``."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Consumer, JsMount, JsReexport, Mock, Producer
from ralph_validate.validator.contracts.graph import Wiring, collect, route_matches
from ralph_validate.validator.contracts.shape import Presence, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _mocks(path: str, source: str) -> list[tuple[str, int, tuple[str, ...]]]:
    return [
        (m.target, m.line, tuple(f.name for f in m.shape.fields))
        for m in _facts(path, source, Mock)
    ]


def test_vitest_factory_entries_are_doubles_of_the_mocked_module() -> None:
    source = (
        "import { vi } from 'vitest';\n"
        "vi.mock('../src/inventory', () => ({\n"
        "  getStock: vi.fn(async (sku) => ({ sku, available: 2 })),\n"
        "  reserve: vi.fn().mockResolvedValueOnce({ id: 'r' })\n"
        "    .mockResolvedValueOnce({ id: 's', late: true }),\n"
        "  plain: () => ({ ok: true }),\n"
        "  bare: vi.fn(),\n"
        "}));\n"
    )
    assert sorted(_mocks("tests/a.test.ts", source)) == [
        ("../src/inventory#getStock", 3, ("available", "sku")),
        ("../src/inventory#plain", 6, ("ok",)),
        ("../src/inventory#reserve", 4, ("id",)),
        ("../src/inventory#reserve", 4, ("id", "late")),
    ]


def test_jest_factory_with_a_block_body_and_a_default_export() -> None:
    source = (
        'jest.mock("../lib/tax.mjs", () => {\n'
        "  return { __esModule: true, default: jest.fn(() => ({ rate: 0.2 })) };\n"
        "});\n"
    )
    assert _mocks("test/tax.test.mjs", source) == [("../lib/tax.mjs#default", 2, ("rate",))]
    nested = (
        "vi.mock('../src/api', () => ({\n  default: { getOrder: vi.fn(() => ({ id: 1 })) },\n}));\n"
    )
    assert _mocks("test/api.test.ts", nested) == [("../src/api#default.getOrder", 2, ("id",))]


def test_every_spelling_of_configuring_an_imported_double() -> None:
    source = (
        "import { fetchOrder, fetchUser } from '../src/client';\n"
        "import * as billing from '../src/billing';\n"
        "const { loadCart } = require('../src/cart');\n"
        "const orders = require('../src/orders');\n"
        "import api from '../src/api';\n"
        "jest.mock('../src/client');\n"
        "const order = { id: 'o1', totals: { net: 1 } };\n"
        "const mockedUser = jest.mocked(fetchUser);\n"
        "test('x', () => {\n"
        "  (fetchOrder as jest.Mock).mockResolvedValue(order);\n"
        "  mockedUser.mockReturnValue(Promise.resolve({ name: 'n' }));\n"
        "  jest.spyOn(billing, 'invoice').mockImplementation(async () => ({ due: 1 }));\n"
        "  vi.spyOn(billing, 'refund').mockReturnValueOnce({ refunded: true });\n"
        "  (loadCart as jest.Mock).mockResolvedValue({ lines: [] });\n"
        "  orders.list.mockResolvedValue({ items: [] });\n"
        "  jest.spyOn(api, 'getUser').mockResolvedValue({ user: {} });\n"
        "  api.getCart.mockResolvedValue({ cart: {} });\n"
        "});\n"
    )
    assert _mocks("test/x.test.ts", source) == [
        ("../src/client#fetchOrder", 10, ("id", "totals")),
        ("../src/client#fetchUser", 11, ("name",)),
        ("../src/billing#invoice", 12, ("due",)),
        ("../src/billing#refund", 13, ("refunded",)),
        ("../src/cart#loadCart", 14, ("lines",)),
        ("../src/orders#list", 15, ("items",)),
        ("../src/api#default.getUser", 16, ("user",)),
        ("../src/api#default.getCart", 17, ("cart",)),
    ]


def test_a_fixture_object_changed_after_it_is_bound_is_not_taken_as_the_double() -> None:
    source = (
        "import { fetchOrder } from '../src/client';\n"
        "const order = { id: 'o1' };\n"
        "order.totals = { net: 2 };\n"
        "(fetchOrder as jest.Mock).mockResolvedValue(order);\n"
    )
    assert _mocks("test/y.test.ts", source) == []


def test_a_null_or_scalar_double_drives_another_path_and_is_no_shape() -> None:
    source = (
        "import { fetchOrder, count } from '../src/client';\n"
        "(fetchOrder as jest.Mock).mockResolvedValueOnce(null);\n"
        "jest.mocked(count).mockReturnValue(3);\n"
        "jest.mocked(fetchOrder).mockResolvedValue(makeOrder());\n"
    )
    assert _mocks("test/z.test.ts", source) == []


def test_default_and_commonjs_exports_name_their_producers() -> None:
    esm = (
        "export default async function load(id) { return { id, ok: true }; }\n"
        "const helper = () => ({ n: 1 });\n"
        "export { helper as assist };\n"
    )
    names = sorted(p.name for p in _facts("src/load.ts", esm, Producer))
    assert names == ["assist", "default", "helper", "load"]
    cjs = "async function quote(sku) { return { sku, price: 1 }; }\nmodule.exports = { quote };\n"
    names = sorted(p.name for p in _facts("lib/quote.js", cjs, Producer))
    assert names == ["default.quote", "quote"]
    named = "function helper() { return { n: 1 }; }\nexport { helper };\n"
    assert [p.exported for p in _facts("src/h.ts", named, Producer)] == [True]
    arrow = "export default async (event) => ({ statusCode: 200 });\n"
    assert [p.name for p in _facts("lambda/index.mjs", arrow, Producer)] == ["default"]


def test_reexports_are_facts() -> None:
    source = (
        "export * from './invoice';\n"
        'export { computeInvoice as buildInvoice, total } from "./billing";\n'
        "import { fetchOrder } from './client';\n"
        "export default fetchOrder;\n"
        "export * as orders from './orders';\n"
    )
    found = sorted((r.name, r.module, r.imported) for r in _facts("src/api.ts", source, JsReexport))
    assert found == [
        ("*", "./invoice", "*"),
        ("buildInvoice", "./billing", "computeInvoice"),
        ("default", "./client", "fetchOrder"),
        ("orders", "./orders", "*"),
        ("total", "./billing", "total"),
    ]


def test_required_and_default_imported_calls_name_what_they_reach() -> None:
    source = (
        "const pricing = require('./pricing');\n"
        "const { quote: getQuote } = require('./quote');\n"
        "const build = require('./build');\n"
        "import api from './api';\n"
        "async function run(s) {\n"
        "  const a = await pricing.quote(s);\n"
        "  const b = await getQuote(s);\n"
        "  const c = build(s);\n"
        "  const d = await api.getOrder(s);\n"
        "  return a.x + b.y + c.z + d.w;\n"
        "}\n"
    )
    found = [(c.module, c.imported) for c in _facts("lib/run.js", source, Consumer)]
    assert found == [
        ("./pricing", "quote"),
        ("./quote", "quote"),
        ("./build", "default"),
        ("./api", "default.getOrder"),
    ]


def _wiring(files: dict[str, str]) -> Wiring:
    return Wiring(collect(extract(path, text.encode()) for path, text in sorted(files.items())))


def test_imports_resolve_through_reexport_chains_to_the_producer() -> None:
    wiring = _wiring(
        {
            "src/billing/invoice.ts": "export function computeInvoice() { return { due: 1 }; }\n",
            "src/billing/index.ts": "export * from './invoice';\n",
            "src/api.ts": "export { computeInvoice as buildInvoice } from './billing';\n",
            "src/other.ts": (
                "import { computeInvoice } from './billing/invoice';\n"
                "export default computeInvoice;\n"
            ),
        }
    )
    found = wiring.js_producer("src/api.ts", "buildInvoice")
    assert found is not None and (found.file, found.name) == (
        "src/billing/invoice.ts",
        "computeInvoice",
    )
    assert wiring.js_chain("src/api.ts", "buildInvoice") == [
        ("src/api.ts", "buildInvoice"),
        ("src/billing/index.ts", "computeInvoice"),
        ("src/billing/invoice.ts", "computeInvoice"),
    ]
    again = wiring.js_producer("src/other.ts", "default")
    assert again is not None and again.name == "computeInvoice"
    assert wiring.js_producer("src/api.ts", "missing") is None


def test_a_double_of_a_module_reaches_only_consumers_importing_through_it() -> None:
    files = {
        "src/client.ts": "export async function fetchOrder() { return { id: 'a' }; }\n",
        "src/index.ts": "export { fetchOrder } from './client';\n",
        "src/viaIndex.ts": (
            "import { fetchOrder } from './index';\n"
            "export async function a() { const o = await fetchOrder(); return o.id; }\n"
        ),
        "src/direct.ts": (
            "import { fetchOrder } from './client';\n"
            "export async function b() { const o = await fetchOrder(); return o.id; }\n"
        ),
        # Each test runs both consumers: the double decides which of them it reaches.
        "test/index.test.ts": (
            "import { a } from '../src/viaIndex';\n"
            "import { b } from '../src/direct';\n"
            "jest.mock('../src/index', () => ({\n"
            "  fetchOrder: jest.fn(async () => ({ id: 'x' })),\n"
            "}));\n"
        ),
        "test/client.test.ts": (
            "import { fetchOrder } from '../src/client';\n"
            "import { a } from '../src/viaIndex';\n"
            "import { b } from '../src/direct';\n"
            "jest.mock('../src/client');\n"
            "(fetchOrder as jest.Mock).mockResolvedValue({ id: 'y' });\n"
        ),
    }
    wiring = _wiring(files)
    by_file = {m.file: m for m in wiring.facts.mocks}
    index_users = [c.file for c in wiring.mocked_consumers(by_file["test/index.test.ts"])]
    client_users = [c.file for c in wiring.mocked_consumers(by_file["test/client.test.ts"])]
    assert index_users == ["src/viaIndex.ts"]
    assert sorted(client_users) == ["src/direct.ts", "src/viaIndex.ts"]


def _routes(path: str, source: str) -> dict[str, Producer]:
    return {p.route: p for p in _facts(path, source, Producer) if p.route}


def test_express_routes_take_the_prefix_they_are_mounted_under_here() -> None:
    source = (
        "const express = require('express');\n"
        "const app = express();\n"
        "const router = express.Router();\n"
        "const loose = express.Router();\n"
        "router.get('/orders/:id', async (req, res) => {\n"
        "  const order = { id: req.params.id };\n"
        "  if (!order) return res.status(404).json({ error: 'nf' });\n"
        "  order.total = 3;\n"
        "  res.json(order);\n"
        "});\n"
        "router.post('/orders', (req, res) => res.status(201).send({ id: 1 }));\n"
        "loose.get('/elsewhere', (req, res) => res.json({ a: 1 }));\n"
        "app.use('/api/v1', router);\n"
        "app.get('/health', (req, res) => { res.json({ ok: true }); });\n"
    )
    routes = _routes("server/app.js", source)
    assert sorted(routes) == ["GET /api/v1/orders/{}", "GET /health", "POST /api/v1/orders"]
    order = routes["GET /api/v1/orders/{}"].shape
    assert lookup(order, ("total",)).presence is Presence.PRESENT
    assert lookup(order, ("error",)).presence is Presence.PRESENT
    assert lookup(order, ("customer",)).presence is Presence.ABSENT


def test_a_body_sent_where_we_cannot_follow_makes_the_route_unknown() -> None:
    source = (
        "import express from 'express';\n"
        "const app = express();\n"
        "app.get('/api/a', (req, res) => {\n"
        "  db.find(req.query.id, (err, row) => res.json(row));\n"
        "  res.json({ pending: true });\n"
        "});\n"
        "app.get('/api/b', (req, res) => { res.json({ b: 1 }); send(res); });\n"
        "app.get('/api/c', (req, res, next) => {\n"
        "  try { res.json({ c: 1 }); } catch (e) { next(e); }\n"
        "});\n"
    )
    routes = _routes("server/app.ts", source)
    assert lookup(routes["GET /api/a"].shape, ("other",)).presence is Presence.UNKNOWN
    assert lookup(routes["GET /api/b"].shape, ("other",)).presence is Presence.UNKNOWN
    assert lookup(routes["GET /api/c"].shape, ("other",)).presence is Presence.ABSENT


def test_hono_routes_with_a_base_path_and_stub_servers_in_tests() -> None:
    source = (
        "import { Hono } from 'hono';\n"
        "const app = new Hono().basePath('/api');\n"
        "app.get('/users/:id', (c) => c.json({ user: { id: c.req.param('id') } }));\n"
        "app.put('/users/:id', async (c) => {\n"
        "  const body = await c.req.json();\n"
        "  return c.json(body);\n"
        "});\n"
        "export default app;\n"
    )
    routes = _routes("api/index.ts", source)
    assert sorted(routes) == ["GET /api/users/{}", "PUT /api/users/{}"]
    assert lookup(routes["GET /api/users/{}"].shape, ("user", "id")).presence is Presence.PRESENT
    assert _routes("test/server.test.ts", source) == {}


def test_cache_and_client_calls_that_look_like_routes_are_not_routes() -> None:
    source = (
        "cache.get('/orders/1', () => compute());\n"
        "axios.get('/api/orders/1', { timeout: 5 });\n"
        "http.get('/api/orders/:id', ({ params }) => HttpResponse.json({ id: params.id }));\n"
    )
    assert _routes("src/misc.ts", source) == {}


def test_a_declared_result_type_of_this_file_stands_for_a_missing_literal() -> None:
    source = (
        "interface Line { sku: string; cents: number }\n"
        "export interface Invoice extends Base {\n"
        "  lines: Line[]; amountDue: number; paidAt?: string }\n"
        "interface Base { invoiceId: string }\n"
        "type Page<T> = { items: T[] };\n"
        "import type { Remote } from './remote';\n"
        "export async function load(id: string): Promise<Invoice> { return db.get(id); }\n"
        "async function hidden(id: string): Promise<Invoice> { return db.get(id); }\n"
        "export const page = async (): Promise<Page<Line>> => db.page();\n"
        "export function remote(): Remote { return db.remote(); }\n"
        "export function literal(): Invoice {\n"
        "  return { invoiceId: 'i', lines: [], amountDue: 0 };\n"
        "}\n"
    )
    producers = {p.name: p for p in _facts("src/invoice.ts", source, Producer)}
    shape = producers["load"].shape
    assert lookup(shape, ("lines", "0", "cents")).presence is Presence.PRESENT
    assert lookup(shape, ("invoiceId",)).presence is Presence.PRESENT
    assert lookup(shape, ("paidAt",)).presence is Presence.PRESENT
    assert lookup(shape, ("amount_due",)).presence is Presence.ABSENT
    assert producers["load"].declared == "Promise<Invoice>"
    assert lookup(producers["hidden"].shape, ("amountDue",)).presence is Presence.PRESENT
    assert producers["page"].shape.kind == "unknown"
    assert producers["remote"].shape.kind == "unknown"
    assert lookup(producers["literal"].shape, ("paidAt",)).presence is Presence.ABSENT


def test_a_url_with_the_origin_in_front_reaches_the_route() -> None:
    consumer = Consumer(
        file="web/a.ts", line=1, symbol="", source="http", target="{}/api/orders/{}", method="GET"
    )
    assert route_matches("GET /api/orders/{}", consumer)
    assert not route_matches("GET /api/users/{}", consumer)
    assert not route_matches("POST /api/orders/{}", consumer)
    anything = Consumer(file="web/b.ts", line=1, symbol="", source="http", target="{}/orders")
    assert not route_matches("GET /{}", anything)


def test_routers_mounted_by_another_module_are_served_under_its_prefix() -> None:
    wiring = _wiring(
        {
            "server/routes/orders.ts": (
                "import { Router } from 'express';\n"
                "const router = Router();\n"
                "router.get('/:id', (req, res) => res.json({ id: req.params.id }));\n"
                "export default router;\n"
            ),
            "server/routes/index.ts": "export { default as orders } from './orders';\n",
            "server/app.js": (
                "const express = require('express');\n"
                "const { orders } = require('./routes');\n"
                "const app = express();\n"
                "const v1 = express.Router();\n"
                "v1.use('/orders', orders);\n"
                "app.use('/api/v1', v1);\n"
            ),
        }
    )
    (mount,) = wiring.facts.js_mounts
    assert (mount.prefix, mount.module, mount.imported) == ("/api/v1/orders", "./routes", "orders")
    routes = sorted(p.route for p in wiring.facts.producers if p.route)
    assert routes == ["GET /api/v1/orders/{}"]
    unmounted = [p for p in wiring.facts.producers if p.mount]
    assert [(p.name, p.route, p.mount) for p in unmounted] == [("GET /{}", "", "default")]


def test_a_router_nobody_can_mount_serves_nothing() -> None:
    source = (
        "const router = require('express').Router();\n"
        "router.get('/orders/:id', (req, res) => res.json({ id: 1 }));\n"
    )
    assert [p for p in _facts("server/r.js", source, Producer) if p.route or p.mount] == []
    assert _facts("server/r.js", source, JsMount) == []


def test_await_of_a_parenthesised_fetch_in_javascript_is_an_http_read() -> None:
    source = (
        "export async function titleOf(isbn) {\n"
        "  const book = await (await fetch(`/books/${isbn}`)).json();\n"
        "  return book.title;\n"
        "}\n"
    )
    (consumer,) = _facts("web/books.js", source, Consumer)
    assert (consumer.source, consumer.target, [r.path for r in consumer.reads]) == (
        "http",
        "/books/{}",
        [("title",)],
    )


def test_a_result_declared_as_an_imported_type_takes_its_fields_across_files() -> None:
    wiring = _wiring(
        {
            "src/types/order.ts": (
                "export interface Order { id: string; lines: Line[] }\n"
                "interface Line { sku: string }\n"
            ),
            "src/types/index.ts": "export type { Order } from './order';\n",
            "src/repo.ts": (
                "import type { Order } from './types';\n"
                "import { Remote } from 'remote-lib';\n"
                "export async function load(id: string): Promise<Order> { return db.get(id); }\n"
                "export async function far(id: string): Promise<Remote> { return db.get(id); }\n"
            ),
        }
    )
    producers = {p.name: p for p in wiring.facts.producers if p.file == "src/repo.ts"}
    assert (producers["load"].declared, producers["far"].declared) == (
        "./types#Order",
        "remote-lib#Remote",
    )
    load = producers["load"].shape
    assert lookup(load, ("lines", "0", "sku")).presence is Presence.PRESENT
    assert lookup(load, ("total",)).presence is Presence.ABSENT
    assert lookup(load, ("id",)).line == 3  # evidence stays in the function's file
    assert producers["far"].shape.kind == "unknown"
    assert wiring.declared_in(producers["load"]) == ("src/types/order.ts",)


def test_axios_instances_put_their_base_url_in_front() -> None:
    source = (
        "import axios from 'axios';\n"
        "const api = axios.create({ baseURL: 'https://shop.test/api/v2/' });\n"
        "const dyn = axios.create({ baseURL: process.env.API_URL });\n"
        "export async function a(id) {\n"
        "  const r = await api.get(`/orders/${id}`);\n"
        "  return r.data.total;\n"
        "}\n"
        "export async function b(id) {\n"
        "  const { data } = await dyn.post('/carts');\n"
        "  return data.cartId;\n"
        "}\n"
    )
    found = [
        (c.method, c.target, [r.path for r in c.reads])
        for c in _facts("web/api.js", source, Consumer)
        if c.source == "http"
    ]
    assert found == [
        ("GET", "/api/v2/orders/{}", [("total",)]),
        ("POST", "{}/carts", [("cartId",)]),
    ]
    assert route_matches(
        "POST /api/carts",
        Consumer(file="", line=1, symbol="", source="http", target="{}/carts", method="POST"),
    )


def test_a_route_with_an_imported_handler_sends_what_that_handler_sends() -> None:
    wiring = _wiring(
        {
            "api/handlers.js": (
                "exports.show = (req, res) => { res.status(200).json({ id: req.params.id }); };\n"
                "exports.helper = (a, b) => a + b;\n"
            ),
            "api/app.js": (
                "const express = require('express');\n"
                "const handlers = require('./handlers');\n"
                "const app = express();\n"
                "app.get('/api/items/:id', handlers.show);\n"
                "app.get('/api/sum', handlers.helper);\n"
            ),
        }
    )
    routes = {p.route: p for p in wiring.facts.producers if p.route}
    assert routes["GET /api/items/{}"].declared == "./handlers#show (response)"
    shape = routes["GET /api/items/{}"].shape
    assert lookup(shape, ("id",)).presence is Presence.PRESENT
    assert lookup(shape, ("id",)).line == 4
    assert routes["GET /api/sum"].shape.kind == "unknown"


def test_a_fastify_handler_returning_a_literal_sends_it() -> None:
    source = (
        "import Fastify from 'fastify';\n"
        "const fastify = Fastify();\n"
        "fastify.get('/api/ping/:id', async (request, reply) => {\n"
        "  if (!request.params.id) { return reply.code(400).send({ error: 'id' }); }\n"
        "  return { pong: true, id: request.params.id };\n"
        "});\n"
        "fastify.get('/api/other', async (request, reply) => load(request));\n"
    )
    routes = _routes("server/fastify.mjs", source)
    ping = routes["GET /api/ping/{}"].shape
    assert lookup(ping, ("pong",)).presence is Presence.PRESENT
    assert lookup(ping, ("error",)).presence is Presence.PRESENT
    assert lookup(ping, ("missing",)).presence is Presence.ABSENT
    assert "GET /api/other" not in routes or routes["GET /api/other"].shape.kind == "unknown"


def test_a_fetch_whose_method_cannot_be_read_is_no_consumer() -> None:
    source = (
        "export async function send(url, opts, verb) {\n"
        "  const a = await (await fetch('/api/a', opts)).json();\n"
        "  const b = await (await fetch('/api/b', { method: verb })).json();\n"
        "  const c = await (await fetch('/api/c', { ...base })).json();\n"
        "  const d = await (await fetch('/api/d', { headers: {} })).json();\n"
        "  const e = await (await fetch('/api/e', { method: 'put' })).json();\n"
        "  return [a.x, b.x, c.x, d.x, e.x];\n"
        "}\n"
    )
    found = [(c.method, c.target) for c in _facts("web/send.js", source, Consumer)]
    assert found == [("GET", "/api/d"), ("PUT", "/api/e")]
