"""``node --test`` runs: Node's own patterns decide what runs, so a move from Jest to Node's
runner keeps the suite, and a narrowed ``node --test`` command is found."""

from __future__ import annotations

import json
from collections.abc import Callable

WEAK = "config-weakened"
REMOVED = "removed"
JEST_TESTS = {
    "tests/parse.test.js": (
        "test('when flag given then value is true', () => {\n"
        "  expect(parse(['--flag']).flag).toBe(true)\n"
        "})\n"
    ),
    "tests/help/format.test.js": (
        "test.each([['a'], ['b']])('when name %s then it is shown', (name) => {\n"
        "  expect(format(name)).toContain(name)\n"
        "})\n"
    ),
}
NODE_TESTS = {
    "tests/parse.test.js": (
        "import { test, describe } from 'node:test'\n"
        "import assert from 'node:assert/strict'\n"
        "describe('parse', () => {\n"
        "  test('when flag given then value is true', () => {\n"
        "    assert.equal(parse(['--flag']).flag, true)\n"
        "  })\n"
        "})\n"
    ),
    "tests/help/format.test.js": (
        "const { test } = require('node:test')\n"
        "for (const name of ['a', 'b']) {\n"
        "  test(`when name ${name} then it is shown`, () => {\n"
        "    assert.ok(format(name).includes(name))\n"
        "  })\n"
        "}\n"
    ),
}


def _package(script: str, tests: dict[str, str], jest: bool) -> dict[str, str]:
    """A package whose ``test`` script is ``script``."""
    document: dict = {"scripts": {"test": script}}
    if jest:
        document["devDependencies"] = {"jest": "^29"}
    return {**tests, "package.json": json.dumps(document, indent=2) + "\n"}


def test_a_move_from_jest_to_node_test_keeps_every_test(changes: Callable) -> None:
    base = _package("jest", JEST_TESTS, jest=True)
    head = _package("node --test", NODE_TESTS, jest=False)
    assert changes(base, head) == []


def test_node_test_narrowed_to_one_folder_drops_the_others(changes: Callable) -> None:
    base = _package("node --test", NODE_TESTS, jest=False)
    head = _package("node --test tests/help", NODE_TESTS, jest=False)
    subject = "tests/parse.test.js::parse > when flag given then value is true"
    assert changes(base, head) == [(WEAK, "FAIL", subject, "package.json", 3)]


def test_node_test_name_pattern_drops_the_tests_it_does_not_match(changes: Callable) -> None:
    base = _package("node --test", NODE_TESTS, jest=False)
    head = _package("node --test --test-name-pattern='/^parse/'", NODE_TESTS, jest=False)
    subject = "tests/help/format.test.js::when name ${name} then it is shown"
    assert changes(base, head) == [(WEAK, "FAIL", subject, "package.json", 3)]


def test_node_default_patterns_do_not_collect_a_spec_file(changes: Callable) -> None:
    """``*.spec.js`` is Jest's name, not Node's: moving it under ``node --test`` drops it."""
    spec = {"src/cart.spec.js": "test('adds an item', () => {\n  expect(add(1)).toBe(1)\n})\n"}
    base = _package("jest", {**JEST_TESTS, **spec}, jest=True)
    head = _package("node --test", {**NODE_TESTS, **spec}, jest=False)
    rows = changes(base, head)
    assert [(r[0], r[1], r[2]) for r in rows] == [(WEAK, "FAIL", "src/cart.spec.js::adds an item")]


def test_typescript_tests_under_node_test_are_unknown_unless_types_are_stripped(
    changes: Callable,
) -> None:
    ts = {"tests/sum.test.ts": "test('adds', () => {\n  assert.equal(sum(1, 2), 3)\n})\n"}
    base = _package("node --test --experimental-strip-types", ts, jest=False)
    stays = changes(base, _package("node --experimental-strip-types --test", ts, jest=False))
    unsure = changes(base, _package("node --test", ts, jest=False))
    assert stays == []
    assert [(r[0], r[1], r[2]) for r in unsure] == [(WEAK, "UNKNOWN", "tests/sum.test.ts::adds")]


def test_a_script_run_by_node_is_not_a_test_run(changes: Callable) -> None:
    """``node scripts/build.js --test`` runs a script that happens to take ``--test``."""
    base = _package("jest", JEST_TESTS, jest=True)
    head = _package("node scripts/build.js --test", JEST_TESTS, jest=False)
    rows = changes(base, head)
    assert rows and all(r[1] == "FAIL" for r in rows)


def test_a_title_reworded_into_describe_blocks_is_the_same_test(changes: Callable) -> None:
    base = _package(
        "node --test",
        {"tests/args.test.js": "test('when two arguments using %s then both kept', () => {})\n"},
        jest=False,
    )
    head = _package(
        "node --test",
        {
            "tests/args.test.js": (
                "describe('when two arguments then both kept', () => {\n"
                "  for (const how of ['a', 'b']) {\n"
                "    test(`using ${how}`, () => {})\n"
                "  }\n"
                "})\n"
            )
        },
        jest=False,
    )
    assert changes(base, head) == []


def test_a_renamed_test_with_other_words_is_still_removed(changes: Callable) -> None:
    base = _package(
        "node --test",
        {"tests/args.test.js": "test('when two arguments then both kept', () => { run(2) })\n"},
        jest=False,
    )
    head = _package(
        "node --test",
        {"tests/args.test.js": "test('when one argument then it is kept', () => { run(1) })\n"},
        jest=False,
    )
    rows = changes(base, head)
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (REMOVED, "FAIL", "tests/args.test.js::when two arguments then both kept")
    ]
