"""TI013 mocks-subject on parsed files: a test that asserts on a double of what it is named
after is reported; doubles of collaborators, watching spies and early-bound names are not."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.rules.registry import get_rule
from ralph_validate.validator.rules.rule import FileContext


def _findings(path: str, source: str) -> list[tuple[int, str]]:
    rule = get_rule("TI013")
    facts = extract(path, source.encode())
    return [(f.line, f.message) for f in rule.detect(facts, FileContext())]


PY_IMPORTS = [
    ("import billing.invoice as inv", "inv"),
    ("from billing import invoice", "invoice"),
    ("from billing import invoice as iv", "iv"),
    ("import billing.invoice", "billing.invoice"),
]


@pytest.mark.parametrize(("statement", "name"), PY_IMPORTS)
def test_a_patched_subject_is_found_through_any_import_style(statement: str, name: str) -> None:
    source = (
        f"from unittest import mock\n{statement}\n\n"
        "def test_due_date():\n"
        f"    with mock.patch.object({name}, 'due_date', return_value='2026-01-01'):\n"
        f"        assert {name}.due_date(3) == '2026-01-01'\n"
    )
    assert _findings("tests/test_billing.py", source) == [
        (
            6,
            f"asserts on {name}.due_date(3), whose due_date the test replaces "
            "(patch.object, line 5)",
        )
    ]


def test_the_module_named_like_the_test_file_is_its_subject() -> None:
    source = (
        "from billing import invoice\n\n"
        "def test_prints(mocker):\n"
        "    mocker.patch('billing.invoice.render', return_value='ok')\n"
        "    assert invoice.render({}) == 'ok'\n"
    )
    assert [line for line, _ in _findings("tests/test_invoice.py", source)] == [5]
    assert _findings("tests/test_printing.py", source) == []


def test_a_double_of_a_collaborator_is_not_reported() -> None:
    source = (
        "from unittest.mock import patch\nfrom billing import invoice\n\n"
        "@patch('billing.invoice.fetch_customer', return_value={'name': 'A'})\n"
        "@patch('requests.post')\n"
        "def test_render(post, customer):\n"
        "    assert invoice.render(1) == 'A'\n"
    )
    assert _findings("tests/test_invoice.py", source) == []


@pytest.mark.parametrize(
    "statement",
    [
        "import * as invoice from '../src/invoice';",
        "import invoice from '../src/invoice';",
        "const invoice = require('../src/invoice');",
    ],
)
def test_a_replacing_spy_on_the_subject_is_found_in_every_module_style(statement: str) -> None:
    source = (
        f"{statement}\n"
        "describe('render', () => {\n"
        "  it('prints', () => {\n"
        "    jest.spyOn(invoice, 'render').mockReturnValue('ok');\n"
        "    expect(invoice.render({})).toBe('ok');\n"
        "  });\n"
        "});\n"
    )
    assert _findings("test/printing.test.js", source) == [
        (5, "asserts on invoice.render({}), whose render the test replaces (jest.spyOn, line 4)")
    ]


def test_a_module_mocked_whole_reaches_every_name_imported_from_it() -> None:
    source = (
        "import { render, total } from './invoice';\n"
        "jest.mock('./invoice');\n"
        "test('total', () => {\n"
        "  (total as jest.Mock).mockReturnValue(5);\n"
        "  expect(total([])).toBe(5);\n"
        "});\n"
    )
    assert _findings("src/invoice.test.ts", source) == [
        (5, "asserts on total([]), whose invoice the test replaces (jest.mock, line 2)")
    ]


def test_a_partial_module_mock_leaves_the_other_exports_real() -> None:
    source = (
        "import { render, total } from './invoice';\n"
        "vi.mock('./invoice', async (orig) => ({ ...(await orig()), render: vi.fn() }));\n"
        "test('total', () => {\n"
        "  expect(total([2, 3])).toBe(5);\n"
        "});\n"
    )
    assert _findings("src/invoice.test.ts", source) == []
