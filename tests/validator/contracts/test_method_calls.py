"""Calls of methods on an instance (``client = Client(); client.get(...)``) reach the
method's result, locally bound or module-level, and ``patch.object(Class, "m")`` mocks it."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import answers_of

FILES = {
    "shop/inventory.py": (
        "class InventoryClient:\n"
        "    def get_stock(self, sku):\n"
        "        return {'sku': sku, 'stock': {'available': 3}}\n"
    ),
    "shop/orders.py": (
        "from shop.inventory import InventoryClient\n"
        "\n"
        "CLIENT = InventoryClient()\n"
        "\n"
        "def can_ship(sku):\n"
        "    client = InventoryClient()\n"
        "    s = client.get_stock(sku)\n"
        "    return s['stock']['available'] > 0\n"
        "\n"
        "def cached(sku):\n"
        "    s = CLIENT.get_stock(sku)\n"
        "    return s['available']\n"
        "\n"
        "def rebound(sku, other):\n"
        "    client = InventoryClient()\n"
        "    client = other\n"
        "    s = client.get_stock(sku)\n"
        "    return s['whatever']\n"
    ),
    "tests/test_orders.py": (
        "from unittest.mock import patch\n"
        "from shop import orders\n"
        "from shop.inventory import InventoryClient\n"
        "\n"
        "@patch.object(InventoryClient, 'get_stock', return_value={'available': 10})\n"
        "def test_ship(m):\n"
        "    assert orders.can_ship('x')\n"
    ),
}


def test_method_results_are_wired_and_mocked() -> None:
    answers = answers_of(extract(p, t.encode()) for p, t in sorted(FILES.items()))
    rows = sorted(
        (a.row.question, a.row.status.value, a.row.consumer.line if a.row.consumer else 0)
        for a in answers
        if a.row.question in (1, 2)
    )
    assert (2, "PASS", 8) in rows  # s['stock']['available'] through a local instance
    assert (2, "FAIL", 12) in rows  # s['available'] through the module-level instance
    assert (1, "FAIL", 8) in rows  # the patched method returns the shallow shape
    assert not [r for r in rows if r[2] == 18]  # `client` was rebound: nothing is known
