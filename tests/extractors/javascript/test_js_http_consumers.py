"""HTTP reads of JS/TS code: ``fetch`` and axios calls, with their method and the base URL an
instance puts in front."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Consumer
from ralph_validate.validator.contracts.graph import route_matches


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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
