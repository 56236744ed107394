"""The settings' ``assert-functions`` name a project's own assertion helpers (TI007)."""

from __future__ import annotations

import json

HELPERS_TS = """import { it } from 'vitest';
import { api, verifyReceipt } from './helpers';
import request from './client';
import * as checks from './checks';

it('checks a receipt', () => {
  verifyReceipt(api.buy('tea'));
});

it('checks a response through a chain', async () => {
  await request.get('/tea').statusIs(200);
});

it('only buys', () => {
  api.buy('tea');
});

it('checks through a namespace import', () => {
  checks.verifyReceipt(api.buy('tea'));
});
"""
HELPERS_PY = """from shop import buy
from shop.testing import assert_receipt
from shop.testing import check_totals as totals_ok


def test_receipt():
    assert_receipt(buy("tea"))


def test_with_checker(checker):
    checker.verify_totals(buy("tea"))


def test_only_buys():
    buy("tea")


def test_renamed_helper():
    totals_ok(buy("tea"))
"""


def _no_assert(repo, validate) -> list[str]:
    out = repo.root.parent / "out"
    done = validate("--repo", repo.root, "--all", "--no-llm", "--out", out)
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "validation-report.json").read_text())
    return sorted(f"{f['file']}:{f['line']}" for f in data["findings"] if f["rule"] == "TI007")


def test_configured_helpers_are_assertions_and_other_calls_are_not(repo, validate) -> None:
    repo.commit(
        "test: helpers",
        {
            "tests/shop.test.ts": HELPERS_TS,
            "tests/test_shop.py": HELPERS_PY,
            ".ralph-validate.toml": (
                'assert-functions = ["verify*", "request.**.statusIs", "**.verify_totals",'
                ' "check_totals"]\n'
            ),
        },
    )
    assert _no_assert(repo, validate) == ["tests/shop.test.ts:14", "tests/test_shop.py:14"]


def test_without_the_setting_helper_only_tests_have_no_assertion(repo, validate) -> None:
    repo.commit(
        "test: helpers", {"tests/shop.test.ts": HELPERS_TS, "tests/test_shop.py": HELPERS_PY}
    )
    assert _no_assert(repo, validate) == sorted(
        [
            "tests/shop.test.ts:6",
            "tests/shop.test.ts:10",
            "tests/shop.test.ts:14",
            "tests/shop.test.ts:18",
            "tests/test_shop.py:10",
            "tests/test_shop.py:14",
            "tests/test_shop.py:18",
        ]
    )


def test_a_setting_that_is_not_a_list_of_names_is_an_input_error(repo, validate) -> None:
    repo.commit("chore: settings", {".ralph-validate.toml": 'assert-functions = "verify*"\n'})
    done = validate("--repo", repo.root, "--all", "--no-llm", "--out", repo.root.parent / "o")
    assert done.returncode == 2
    assert done.stderr.strip().endswith("assert-functions must be a list of strings")
