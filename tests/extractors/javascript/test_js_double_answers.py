"""What a Jest/Vitest double of an imported module answers: factory entries, every spelling of
configuring a double, and values that are no shape."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Mock


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
