"""Mocha runs: the spec its command, rc file or package.json names decides what runs, so a
test moved out of it or deleted is found, and a move inside it is not."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from ralph_validate.validator.testruns.mocha_run import mocha_suite
from ralph_validate.validator.testruns.model import Status

WEAK = "config-weakened"
REMOVED = "removed"
SPEC = (
    "const { expect } = require('chai');\n"
    "describe('cart', function () {\n"
    "  it('adds prices', function () {\n"
    "    expect(total([2, 3])).to.equal(5);\n"
    "  });\n"
    "});\n"
)
TEST = "cart > adds prices"


def _package(script: str, mocha: dict | None = None) -> str:
    document: dict = {"scripts": {"test": script}, "devDependencies": {"mocha": "^10"}}
    if mocha is not None:
        document["mocha"] = mocha
    return json.dumps(document, indent=2) + "\n"


def test_a_deleted_spec_file_is_a_removed_test(changes: Callable) -> None:
    base = {"package.json": _package("mocha"), "test/cart.spec.js": SPEC}
    other = "const assert = require('assert');\nit('boxes', () => assert.ok(box()));\n"
    head = {"package.json": _package("mocha"), "test/other.spec.js": other}
    assert changes(base, head) == [
        (REMOVED, "FAIL", f"test/cart.spec.js::{TEST}", "test/cart.spec.js", 3)
    ]


def test_a_file_moved_out_of_the_rc_spec_glob_is_dropped(changes: Callable) -> None:
    rc = json.dumps({"spec": "test/unit/**/*.spec.js"}, indent=2) + "\n"
    base = {"package.json": _package("mocha"), ".mocharc.json": rc, "test/unit/cart.spec.js": SPEC}
    head = {"package.json": _package("mocha"), ".mocharc.json": rc, "test/old/cart.spec.js": SPEC}
    rows = changes(base, head)
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [(REMOVED, "FAIL", ".mocharc.json", 2)]


def test_a_file_moved_inside_the_spec_keeps_running(changes: Callable) -> None:
    base = {"package.json": _package("mocha --recursive"), "test/cart.spec.js": SPEC}
    head = {"package.json": _package("mocha --recursive"), "test/shop/cart.spec.js": SPEC}
    assert changes(base, head) == []


def test_without_recursive_a_subfolder_of_the_default_spec_is_not_loaded(
    view: Callable,
) -> None:
    files = {"package.json": _package("mocha"), "test/shop/cart.spec.js": SPEC}
    suite = mocha_suite(view(files))
    assert suite.tests[f"test/shop/cart.spec.js::{TEST}"].status is Status.DROPPED


@pytest.mark.parametrize(
    "script",
    [
        "mocha 'spec/**/*.js'",
        "nyc --reporter lcov mocha spec --recursive",
        "c8 -r text mocha --spec spec/cart_spec.js",
        "node node_modules/.bin/mocha spec/cart_spec.js",
    ],
)
def test_the_command_line_spec_is_read_under_wrappers(script: str, changes: Callable) -> None:
    files = {"package.json": _package(script), "spec/cart_spec.js": SPEC}
    head = {"package.json": _package("mocha spec/other.js"), "spec/cart_spec.js": SPEC}
    rows = changes(files, head)
    assert [(r[0], r[1], r[2]) for r in rows] == [(WEAK, "FAIL", f"spec/cart_spec.js::{TEST}")]


def test_package_json_mocha_key_ignore_drops_a_file(changes: Callable) -> None:
    base = {"package.json": _package("mocha", {"recursive": True}), "test/a/cart.spec.js": SPEC}
    head = {
        "package.json": _package("mocha", {"recursive": True, "ignore": ["test/a/**"]}),
        "test/a/cart.spec.js": SPEC,
    }
    rows = changes(base, head)
    assert [(r[0], r[1], r[3]) for r in rows] == [(WEAK, "FAIL", "package.json")]


def test_grep_keeps_only_the_tests_whose_name_matches(view: Callable) -> None:
    other = SPEC.replace("adds prices", "rounds to cents")
    files = {
        "package.json": _package("mocha --grep 'adds'"),
        "test/cart.spec.js": SPEC,
        "test/round.spec.js": other,
    }
    suite = mocha_suite(view(files), args=())
    assert {t: v.status for t, v in suite.tests.items()} == {
        f"test/cart.spec.js::{TEST}": Status.RUNS,
        "test/round.spec.js::cart > rounds to cents": Status.RUNS,
    }
    from ralph_validate.validator.testruns.pytest_args import Arg

    grep = mocha_suite(view(files), args=(Arg("--grep", "package.json", 3), Arg("adds", "", 0)))
    assert grep.tests["test/round.spec.js::cart > rounds to cents"].status is Status.DROPPED


def test_an_unreadable_rc_file_makes_the_verdicts_unknown(view: Callable) -> None:
    files = {".mocharc.js": "module.exports = build();\n", "test/cart.spec.js": SPEC}
    suite = mocha_suite(view(files))
    assert suite.tests[f"test/cart.spec.js::{TEST}"].status is Status.UNKNOWN


def test_a_move_from_jest_to_mocha_that_loads_the_file_keeps_the_test(changes: Callable) -> None:
    """Mocha is read like Jest: a suite moved to it keeps every test its spec loads."""
    jest = {"scripts": {"test": "jest"}, "devDependencies": {"jest": "^29"}}
    base = {"package.json": json.dumps(jest), "test/cart.spec.js": SPEC}
    head = {"package.json": _package("mocha 'test/**/*.spec.js'"), "test/cart.spec.js": SPEC}
    assert changes(base, head) == []
