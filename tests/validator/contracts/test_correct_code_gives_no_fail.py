"""Correct code that once gave FAIL: reads that cope with an absent field, requests that two
routes can serve, and mocks that reproduce one of several real results."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import answers_of


def _rows(files: dict[str, str], question: int | None = None) -> list[tuple[int, str, str, int]]:
    answers = answers_of(extract(path, text.encode()) for path, text in sorted(files.items()))
    return sorted(
        (
            a.row.question,
            a.row.status.value,
            a.row.consumer.path if a.row.consumer else "",
            a.row.consumer.line if a.row.consumer else 0,
        )
        for a in answers
        if question is None or a.row.question == question
    )


PY_SOURCE = "def fetch(order_id):\n    return {'id': order_id, 'total': 10}\n"


def test_python_reads_that_cope_with_an_absent_field_are_not_missing() -> None:
    use = (
        "from app.source import fetch\n"
        "\n"
        "def c(oid):\n"
        "    o = fetch(oid)\n"
        "    if o.get('discount') is not None:\n"
        "        return o['discount']\n"
        "    currency = o.get('currency', 'EUR')\n"
        "    try:\n"
        "        note = o['note']\n"
        "    except KeyError:\n"
        "        note = ''\n"
        "    if 'gift' in o:\n"
        "        return o['gift']['wrap']\n"
        "    return o['total'], o['shipping'], currency, note\n"
    )
    rows = _rows({"app/source.py": PY_SOURCE, "app/use.py": use}, question=2)
    assert [r for r in rows if r[1] == "FAIL"] == [(2, "FAIL", "shipping", 14)]


def test_typescript_reads_that_cope_with_an_absent_field_are_not_missing() -> None:
    source = "export function fetchOrder(id: string) { return { id, total: 10 }; }\n"
    use = (
        "import { fetchOrder } from './source';\n"
        "export function c(id: string) {\n"
        "  const o = fetchOrder(id);\n"
        "  if (o.discount !== undefined) { return o.discount; }\n"
        "  const currency = o.currency ?? 'EUR';\n"
        "  if (Object.hasOwn(o, 'gift')) { return o.gift.wrap; }\n"
        "  if (o.promo === undefined) return 0;\n"
        "  return [o.total, o.promo.code, o.shipping, currency];\n"
        "}\n"
    )
    rows = _rows({"src/source.ts": source, "src/use.ts": use}, question=2)
    assert [r for r in rows if r[1] == "FAIL"] == [(2, "FAIL", "shipping", 8)]


def test_a_request_goes_to_the_most_specific_route_and_ambiguity_is_unknown() -> None:
    api = (
        "from fastapi import FastAPI\n"
        "app = FastAPI()\n"
        "\n"
        "@app.get('/items/count')\n"
        "def count_items():\n"
        "    return {'total': 5}\n"
        "\n"
        "@app.get('/items/{item_id}')\n"
        "def read_item(item_id: int):\n"
        "    return {'name': 'x', 'price': 3}\n"
    )
    web = (
        "import axios from 'axios';\n"
        "export async function count() {\n"
        "  const { data } = await axios.get('/items/count');\n"
        "  return data.total;\n"
        "}\n"
        "export async function itemName(id: string) {\n"
        "  const res = await fetch(`/items/${id}`);\n"
        "  const item = await res.json();\n"
        "  return item.name;\n"
        "}\n"
    )
    rows = _rows({"api/main.py": api, "web/items.ts": web}, question=2)
    assert ("total", "PASS") in [(r[2], r[1]) for r in rows]
    assert ("name", "PASS") in [(r[2], r[1]) for r in rows]
    assert all(r[1] != "FAIL" for r in rows)

    express = (
        "const express = require('express');\n"
        "const app = express();\n"
        "app.get('/items/:id', (req, res) => res.json({ title: 'x' }));\n"
    )
    files = {"api/main.py": api, "web/items.ts": web, "node/server.js": express}
    rows = _rows(files, question=2)
    # `/items/${id}` reaches the FastAPI route and the Express one: they disagree on `name`.
    assert ("name", "UNKNOWN") in [(r[2], r[1]) for r in rows]
    assert all(r[1] != "FAIL" for r in rows)


def test_a_python_mock_of_one_real_branch_is_not_drift() -> None:
    source = (
        "def quote(sku):\n"
        "    result = {'amount': 2, 'currency': 'EUR'}\n"
        "    if sku.startswith('X'):\n"
        "        return {'amount': 1, 'currency': 'EUR', 'discount': {'pct': 5}}\n"
        "    return result\n"
    )
    use = (
        "from shop import pricing\n"
        "\n"
        "def total(sku):\n"
        "    p = pricing.quote(sku)\n"
        "    return p['amount'] * (100 - p.get('discount', {}).get('pct', 0)) / 100\n"
    )
    test = (
        "from unittest import mock\n"
        "from shop import orders\n"
        "\n"
        "def test_total():\n"
        "    with mock.patch(\n"
        "        'shop.pricing.quote', return_value={'amount': 2, 'currency': 'EUR'}\n"
        "    ):\n"
        "        assert orders.total('A') == 2\n"
        "\n"
        "def test_total_drifted():\n"
        "    with mock.patch('shop.pricing.quote', return_value={'price': 2}):\n"
        "        assert orders.total('A') == 2\n"
    )
    files = {"shop/pricing.py": source, "shop/orders.py": use, "tests/test_orders.py": test}
    drift = _rows(files, question=1)
    assert [(r[1]) for r in drift].count("FAIL") == 1
    assert "PASS" in [r[1] for r in drift]
