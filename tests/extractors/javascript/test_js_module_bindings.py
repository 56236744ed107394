"""What a JS/TS module exports (default, CommonJS, re-exports) and what its required or default-
imported calls reach."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Consumer, JsReexport, Producer


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


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
