"""A consumer's reads stop where its name takes another value, and skip uses where a nested
function or comprehension binds the same name: those uses read something else."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Consumer


def _reads(path: str, source: str) -> dict[str, list[tuple[str, ...]]]:
    """Target -> every path read on the values of calls to it, in the file."""
    consumers = [f for f in extract(path, source.encode()).facts if isinstance(f, Consumer)]
    out: dict[str, list[tuple[str, ...]]] = {}
    for consumer in consumers:
        out.setdefault(consumer.target, []).extend(r.path for r in consumer.reads)
    return out


def test_python_loop_with_and_walrus_targets_rebind_the_name() -> None:
    source = (
        "from app.client import fetch_order, list_orders\n"
        "\n"
        "def show():\n"
        "    order = fetch_order(1)\n"
        "    print(order['id'])\n"
        "    for order in list_orders()['items']:\n"
        "        print(order['sku'])\n"
        "\n"
        "def pair():\n"
        "    order = fetch_order(2)\n"
        "    total = order['total']\n"
        "    for key, order in {}.items():\n"
        "        print(order['name'])\n"
        "    return total\n"
    )
    reads = _reads("app/views.py", source)
    assert sorted(reads["fetch_order"]) == [
        ("id",),
        ("total",),
    ]


def test_python_fields_the_reader_writes_itself_are_not_read_from_the_producer() -> None:
    source = (
        "from app.rules import base_rule\n"
        "\n"
        "def build():\n"
        "    rule = base_rule()\n"
        "    rule['InputParameters'] = '{}'\n"
        "    rule['Source']['Owner'] = 'AWS'\n"
        "    return rule['InputParameters'], rule['Source']['Owner'], rule['Name']\n"
    )
    assert _reads("app/build.py", source)["base_rule"] == [("Name",)]


def test_python_comprehension_and_lambda_variables_shadow_the_name() -> None:
    source = (
        "from app.client import fetch_order\n"
        "\n"
        "def skus(rows):\n"
        "    order = fetch_order(1)\n"
        "    names = [order['name'] for order in rows]\n"
        "    pick = lambda order: order['other']\n"
        "    return order['sku'], names, pick\n"
    )
    assert _reads("app/skus.py", source)["fetch_order"] == [("sku",)]


def test_js_arrow_parameters_loops_and_catch_shadow_or_rebind() -> None:
    source = (
        "import { fetchOrder } from './client';\n"
        "\n"
        "export async function show(list) {\n"
        "  const order = await fetchOrder(1);\n"
        "  const ids = list.map(order => order.id);\n"
        "  const names = list.map((x, order) => order.name);\n"
        "  console.log(order.total);\n"
        "  for (const order of list) { console.log(order.sku); }\n"
        "  return ids.concat(names);\n"
        "}\n"
    )
    assert _reads("web/show.ts", source)["fetchOrder"] == [("total",)]


def _escapes(path: str, source: str) -> list[bool]:
    consumers = [f for f in extract(path, source.encode()).facts if isinstance(f, Consumer)]
    return [c.escapes for c in sorted(consumers, key=lambda c: c.line)]


def test_python_whole_value_uses_escape_and_truth_or_membership_tests_do_not() -> None:
    source = (
        "def _settings():\n"
        "    return {'retries': 3, 'region': 'eu'}\n"
        "\n"
        "def a():\n"
        "    s = _settings()\n"
        "    return s['retries'] if s == {'retries': 3} else 0\n"
        "\n"
        "def b():\n"
        "    s = _settings()\n"
        "    t = s or {}\n"
        "    return t\n"
        "\n"
        "def c():\n"
        "    s = _settings()\n"
        "    print(f'{s}')\n"
        "\n"
        "def d():\n"
        "    s = _settings()\n"
        "    if s is None or not s or 'proxy' in s or 'x' not in s:\n"
        "        return 0\n"
        "    return s['retries']\n"
    )
    assert _escapes("app/settings.py", source) == [True, True, True, False]


def test_js_whole_value_uses_escape_and_membership_tests_do_not() -> None:
    source = (
        "function load() { return { retries: 3, region: 'eu' }; }\n"
        "export function a() { const s = load(); return s === other ? s.retries : 0; }\n"
        "export function b() { const s = load(); const t = s ?? {}; return t; }\n"
        "export function c() { const s = load(); console.log(`${s}`); }\n"
        "export function d() {\n"
        "  const s = load();\n"
        "  if (s == null || !s || 'proxy' in s) { return 0; }\n"
        "  return s.retries;\n"
        "}\n"
    )
    assert _escapes("web/settings.ts", source) == [True, True, True, False]
