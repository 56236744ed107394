"""Jest/Vitest doubles and the imported calls of tests: modules named as the test's folder
resolves them, which names a module factory replaces, and when a spy replaces the code."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Double, ImportedCall
from ralph_validate.extractors.javascript.double_sites import module_id


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("../src/pricing", "src/pricing"),
        ("../src/pricing.ts", "src/pricing"),
        ("./lib/index.js", "tests/lib"),
        ("lodash", "lodash"),
    ],
)
def test_module_specifiers_name_one_module_however_spelled(spec: str, expected: str) -> None:
    assert module_id("tests/pricing.test.ts", spec) == expected


def _doubles(path: str, source: str) -> list[tuple[int, str, str, bool]]:
    facts = extract(path, source.encode()).of_type(Double)
    return [(d.line, d.how, d.target, d.replaces) for d in facts]


def test_an_automock_replaces_every_export_and_a_factory_only_its_keys() -> None:
    source = (
        "import { vi, test, expect } from 'vitest';\n"
        "vi.mock('../src/db');\n"
        "vi.mock('../src/rates', async (orig) => ({ ...(await orig()), rate: vi.fn(), fx }));\n"
        "jest.mock('../src/tax', () => { return { vat: () => 0 }; });\n"
        "test('x', () => { expect(1).toBe(1); });\n"
    )
    assert _doubles("tests/a.test.ts", source) == [
        (2, "vi.mock", "src/db#*", True),
        (3, "vi.mock", "src/rates#fx", True),
        (3, "vi.mock", "src/rates#rate", True),
        (4, "jest.mock", "src/tax#vat", True),
    ]


def test_a_spy_replaces_the_code_only_when_told_what_to_return() -> None:
    source = (
        "const cart = require('../lib/cart');\n"
        "import * as pricing from '../lib/pricing';\n"
        "it('a', () => {\n"
        "  jest.spyOn(cart, 'subtotal');\n"
        "  jest.spyOn(pricing, 'total').mockResolvedValueOnce(3);\n"
        "  const s = vi.spyOn(pricing, 'round');\n"
        "  s.mockImplementation(() => 1);\n"
        "  expect(cart.subtotal([])).toBe(0);\n"
        "});\n"
    )
    assert _doubles("test/cart.spec.js", source) == [
        (4, "jest.spyOn", "lib/cart#subtotal", False),
        (5, "jest.spyOn", "lib/pricing#total", True),
        (6, "vi.spyOn", "lib/pricing#round", True),
    ]


def test_calls_of_imported_functions_say_whether_an_assertion_reads_them() -> None:
    source = (
        "import { total as sum } from './totals';\n"
        "import pricing from './pricing';\n"
        "const { tax } = require('./tax');\n"
        "test('a', async () => {\n"
        "  tax(1);\n"
        "  (sum as jest.Mock).mockReturnValue(1);\n"
        "  const got = await sum([1]);\n"
        "  expect(got).toBe(1);\n"
        "  expect(pricing.round(1.2)).toBe(1);\n"
        "});\n"
    )
    facts = extract("src/totals.test.ts", source.encode()).of_type(ImportedCall)
    assert [(c.line, c.target, c.asserted) for c in facts] == [
        (5, "src/tax#tax", False),
        (7, "src/totals#total", True),
        (9, "src/pricing#round", True),
    ]
