"""A test reaches code through a package that re-exports a module with a star
(``from .m import *``, ``export * from './m'``); a star re-export of another module
reaches nothing of it (issue 13)."""

from __future__ import annotations

import json

import pytest

SHOP = """# Requirements

### Requirement 1

**User Story:** As a shopper, I want order totals, so that I know what I pay.

#### Acceptance Criteria

1. WHEN an order is priced THEN the system SHALL compute order_total with the tax
"""
TASKS = "- [x] 1. Build it\n  - _Requirements: 1.1_\n"
PY_CODE = "def order_total(lines, tax=0.2):\n    return sum(lines) * (1 + tax)\n"
PY_TEST = "from shop import order_total\n\n\ndef test_order_total_adds_tax():\n"
PY_TEST += "    assert order_total([10]) == 12\n"
JS_CODE = "export function order_total(lines, tax = 0.2) {\n"
JS_CODE += "  return lines.reduce((a, b) => a + b, 0) * (1 + tax);\n}\n"
JS_TEST = "import { order_total } from '../shop/index.js';\n\n"
JS_TEST += "test('order_total adds tax', () => {\n  expect(order_total([10])).toBe(12);\n});\n"
PY = {
    "shop/pricing.py": PY_CODE,
    "shop/version.py": "VERSION = '1.0'\n",
    "tests/test_totals.py": PY_TEST,
}
JS = {
    "package.json": '{"name": "shop", "type": "module"}\n',
    "shop/pricing.js": JS_CODE,
    "shop/version.js": "export const VERSION = '1.0';\n",
    "tests/totals.test.js": JS_TEST,
}


def _row(repo, validate, files: dict[str, str]) -> tuple[str, list[str]]:
    repo.commit(
        "chore: spec",
        {".kiro/specs/shop/requirements.md": SHOP, ".kiro/specs/shop/tasks.md": TASKS},
    )
    repo.commit("shop: order totals (task 1)", files)
    done = validate("--repo", str(repo.root), "--spec", "shop", "--no-llm", "--quiet")
    assert done.returncode in (0, 1), done.stderr
    path = repo.root / ".kiro/specs/shop/validation-report.json"
    (row,) = json.loads(path.read_text(encoding="utf-8"))["requirements"]
    return row["status"], sorted({t["file"] for t in row["tests"]})


@pytest.mark.parametrize(
    ("files", "index", "star", "test"),
    [
        (PY, "shop/__init__.py", "from .{} import *  # noqa\n", "tests/test_totals.py"),
        (JS, "shop/index.js", "export * from './{}.js';\n", "tests/totals.test.js"),
    ],
    ids=["python", "javascript"],
)
def test_a_star_reexport_of_the_code_reaches_it(repo, validate, files, index, star, test) -> None:
    assert _row(repo, validate, {**files, index: star.format("pricing")}) == ("PASS", [test])


@pytest.mark.parametrize(
    ("files", "index", "star"),
    [
        (PY, "shop/__init__.py", "from .{} import *  # noqa\n"),
        (JS, "shop/index.js", "export * from './{}.js';\n"),
    ],
    ids=["python", "javascript"],
)
def test_a_star_reexport_of_another_module_reaches_nothing(
    repo, validate, files, index, star
) -> None:
    status, tests = _row(repo, validate, {**files, index: star.format("version")})
    assert (status, tests) == ("UNKNOWN", [])
