"""Express, Hono and Fastify routes: the path each serves and the bodies it sends, unknown where the
body cannot be followed."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import JsMount, Producer
from ralph_validate.validator.contracts.shape import Presence, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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


def test_a_router_nobody_can_mount_serves_nothing() -> None:
    source = (
        "const router = require('express').Router();\n"
        "router.get('/orders/:id', (req, res) => res.json({ id: 1 }));\n"
    )
    assert [p for p in _facts("server/r.js", source, Producer) if p.route or p.mount] == []
    assert _facts("server/r.js", source, JsMount) == []


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
