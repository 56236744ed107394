"""JS/TS boundaries wired across files by the real ``Wiring``: imports through re-export chains,
doubles reaching only the consumers importing through them, routers mounted elsewhere, imported
result types and handlers, URLs with an origin."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Consumer
from ralph_validate.validator.contracts.graph import Wiring, collect, route_matches
from ralph_validate.validator.contracts.shape import Presence, lookup


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
    found = wiring.modules.js.producer("src/api.ts", "buildInvoice")
    assert found is not None and (found.file, found.name) == (
        "src/billing/invoice.ts",
        "computeInvoice",
    )
    assert wiring.modules.js.chain("src/api.ts", "buildInvoice") == [
        ("src/api.ts", "buildInvoice"),
        ("src/billing/index.ts", "computeInvoice"),
        ("src/billing/invoice.ts", "computeInvoice"),
    ]
    again = wiring.modules.js.producer("src/other.ts", "default")
    assert again is not None and again.name == "computeInvoice"
    assert wiring.modules.js.producer("src/api.ts", "missing") is None


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
