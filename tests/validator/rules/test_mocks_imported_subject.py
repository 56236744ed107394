"""TI013 on a test not named after what it replaces: a first-party module the test file
imports (by relative path, index file, extension or a Jest/tsconfig/Vite alias) counts as
its subject; a package, a watching spy or a kept ``requireActual`` name does not."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import JsPathAlias
from ralph_validate.validator.rules.registry import get_rule
from ralph_validate.validator.rules.rule import FileContext
from ralph_validate.validator.rules.test.first_party import first_party_module

FILES = frozenset(
    {
        "src/lib/pricing.ts",
        "src/lib/discount.ts",
        "src/cart/index.js",
        "pkg/shop/__init__.py",
        "pkg/shop/pricing.py",
        "pkg/shop/json.py",
    }
)
ALIASES = (
    JsPathAlias(file="package.json", line=1, pattern="@lib/*", targets=("./src/lib/*",), base=""),
)
CONTEXT = FileContext(production_files=FILES, path_aliases=ALIASES)


def _lines(path: str, source: str, context: FileContext = CONTEXT) -> list[int]:
    facts = extract(path, source.encode())
    return [f.line for f in get_rule("TI013").detect(facts, context)]


JS_IMPORTS = [
    ("import * as pricing from '@lib/pricing';", "'@lib/pricing'"),
    ("import * as pricing from '../src/lib/pricing';", "'../src/lib/pricing'"),
    ("import * as pricing from '../src/lib/pricing.js';", "'../src/lib/pricing.js'"),
    ("const pricing = require('@lib/pricing');", "'@lib/pricing'"),
]


@pytest.mark.parametrize(("statement", "spec"), JS_IMPORTS)
def test_an_automocked_first_party_module_asserted_on_is_found(statement: str, spec: str) -> None:
    source = (
        f"{statement}\n\njest.mock({spec});\n\n"
        "test('member discount', () => {\n"
        "  pricing.total.mockReturnValue(42);\n"
        "  expect(pricing.total([1])).toBe(42);\n"
        "});\n"
    )
    assert _lines("test/discount.test.js", source) == [7]


def test_a_factory_names_what_it_replaces_and_requireactual_keeps_the_rest() -> None:
    source = (
        "import { total, tax as vat } from '@lib/pricing';\n"
        "vi.mock('@lib/pricing', async () => ({\n"
        "  ...(await vi.importActual('@lib/pricing')),\n"
        "  tax: vi.fn(() => 0),\n"
        "}));\n"
        "it('keeps the real total', () => { expect(total([1, 2])).toBe(3); });\n"
        "it('checks the fake tax', () => { expect(vat(10)).toBe(0); });\n"
    )
    assert _lines("test/checkout.test.ts", source) == [7]


def test_an_index_file_is_the_folders_module() -> None:
    source = (
        "import { count } from '../src/cart';\n"
        "jest.mock('../src/cart', () => ({ count: jest.fn(() => 3) }));\n"
        "test('counts', () => { expect(count()).toBe(3); });\n"
    )
    assert _lines("test/checkout.test.js", source) == [3]


def test_packages_and_unresolved_aliases_are_not_first_party() -> None:
    source = (
        "import axios from 'axios';\nimport * as pricing from '@other/pricing';\n"
        "jest.mock('axios');\njest.mock('@other/pricing');\n"
        "test('rate', async () => {\n"
        "  axios.get.mockResolvedValue({ data: 2 });\n"
        "  await expect(axios.get('/r')).resolves.toEqual({ data: 2 });\n"
        "  expect(pricing.total([1])).toBeUndefined();\n"
        "});\n"
    )
    assert _lines("test/rates.test.js", source) == []


def test_interaction_checks_and_watching_spies_are_not_reported() -> None:
    source = (
        "import * as pricing from '@lib/pricing';\nimport { discount } from '@lib/discount';\n"
        "test('asks for the total', () => {\n"
        "  const spy = jest.spyOn(pricing, 'total').mockReturnValue(10);\n"
        "  expect(discount([1])).toBe(9);\n"
        "  expect(spy).toHaveBeenCalledWith([1]);\n"
        "});\n"
        "test('watches', () => {\n"
        "  jest.spyOn(pricing, 'total');\n"
        "  expect(pricing.total([2])).toBe(2);\n"
        "});\n"
    )
    assert _lines("test/discount.test.js", source) == []


def test_without_the_repository_file_list_only_names_decide() -> None:
    source = (
        "import * as pricing from '@lib/pricing';\njest.mock('@lib/pricing');\n"
        "test('x', () => { expect(pricing.total([1])).toBe(1); });\n"
    )
    assert _lines("test/discount.test.js", source) == [3]
    assert _lines("test/discount.test.js", source, FileContext()) == []


PY_IMPORTS = [
    ("import shop.pricing as pr", "pr"),
    ("from shop import pricing", "pricing"),
    ("import shop.pricing", "shop.pricing"),
]


@pytest.mark.parametrize(("statement", "name"), PY_IMPORTS)
def test_a_patched_first_party_python_module_is_found(statement: str, name: str) -> None:
    source = (
        f"from unittest.mock import patch\n{statement}\n\n"
        "@patch('shop.pricing.total', return_value=42)\n"
        "def test_member_discount(_total):\n"
        f"    assert {name}.total([1]) == 42\n"
    )
    assert _lines("tests/test_discount.py", source) == [6]


def test_python_packages_and_collaborators_stay_honest() -> None:
    source = (
        "from unittest.mock import patch\nimport json\nimport requests\n"
        "from shop import checkout, pricing\n\n"
        "@patch('requests.get')\n@patch('json.loads', return_value={})\n"
        "def test_rate(loads, get):\n"
        "    get.return_value.status_code = 200\n"
        "    assert requests.get('u').status_code == 200\n"
        "    assert json.loads('[]') == {}\n\n"
        "def test_checkout(mocker):\n"
        "    mocker.patch.object(pricing, 'total', return_value=10)\n"
        "    assert checkout.pay([1]) == 9\n"
    )
    assert _lines("tests/test_discount.py", source) == []


@pytest.mark.parametrize(
    ("target", "module"),
    [
        ("shop.pricing.total", "pkg/shop/pricing.py"),
        ("shop.Cart.add", "pkg/shop/__init__.py"),
        ("json.loads", None),
        ("requests.get", None),
        ("src/lib/pricing#total", "src/lib/pricing.ts"),
        ("@lib/discount#*", "src/lib/discount.ts"),
        ("src/cart#count", "src/cart/index.js"),
        ("../outside#x", None),
        ("fs#readFileSync", None),
    ],
)
def test_first_party_modules_come_from_the_file_list(target: str, module: str | None) -> None:
    assert first_party_module(target, "test/a.test.js", CONTEXT) == module


ALIAS_CONFIGS = [
    ("vitest.config.ts", "export default { resolve: { alias: { '~': '/src/lib' } } };\n"),
    (
        "jest.config.js",
        "module.exports = { moduleNameMapper: { '^~/(.*)$': '<rootDir>/src/lib/$1' } };",
    ),
    ("tsconfig.json", '{ "compilerOptions": { "paths": { "~/*": ["src/lib/*"] } } }'),
]


@pytest.mark.parametrize(("config", "text"), ALIAS_CONFIGS)
def test_each_alias_config_leads_the_mock_to_the_repository_file(config: str, text: str) -> None:
    aliases = extract(config, text.encode()).of_type(JsPathAlias)
    context = FileContext(production_files=FILES, path_aliases=aliases)
    source = (
        "import { total } from '~/pricing';\n"
        "vi.mock('~/pricing', () => ({ total: vi.fn(() => 5) }));\n"
        "it('sums', () => { expect(total([2, 3])).toBe(5); });\n"
    )
    assert _lines("web/checkout.test.ts", source, context) == [3]
