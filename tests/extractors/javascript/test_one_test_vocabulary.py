"""The integrity facts, the test comparison and the runs model read the same tests from a
JS/TS file: one vocabulary of test and suite functions (``frameworks.py``) and one walk of
the file's declarations (``test_walk.py``), each reader keeping its own projection."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.common.testfile import parse_test_file
from ralph_validate.extractors.facts.integrity import Skip, TestCase
from ralph_validate.extractors.runners.js_config import js_tests

MOCHA = """
const { expect } = require('chai');

context('cart', () => {
  specify('adds', () => { expect(1).to.equal(1); });
  it('removes', () => { expect(2).to.equal(2); });
  xcontext('refunds', () => {
    xspecify('partial', () => { expect(3).to.equal(3); });
  });
});
"""

BUN = """
import { describe, expect, test } from 'bun:test';

describe('totals', () => {
  test('sums', () => { expect(1 + 1).toBe(2); });
});
"""

PLAYWRIGHT = """
import { test, expect } from '@playwright/test';

test.describe('cart', () => {
  test('adds', async ({ page }) => { await expect(page).toHaveTitle('Cart'); });
  test.describe.skip('refunds', () => {
    test('partial', async ({ page }) => { await expect(page).toHaveTitle('Refund'); });
  });
});
"""

NAMESPACE = """
import * as v from 'vitest';

v.describe('cart', () => {
  v.test('adds', () => { v.expect(1).toBe(1); });
  v.it.skip('later', () => { v.expect(2).toBe(2); });
});
"""

TITLES = """
it('it\\'s', () => { expect(1).toBe(1); });
it("say \\"hi\\"", () => { expect(2).toBe(2); });
test(42, () => { expect(3).toBe(3); });
describe(7, () => { it(1.5, () => { expect(4).toBe(4); }); });
const who = 'cart';
test(`adds   to ${who}`, () => { expect(5).toBe(5); });
"""

TODO = """
it.todo('refunds');
test.todo('voids');
it('pending in mocha');
it('runs', () => { expect(1).toBe(1); });
"""

EXTENDED = """
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  cart: async ({ page }, use) => { await use(page); },
});

test('uses the fixture', async ({ cart }) => { await expect(cart).toHaveTitle('Cart'); });
"""

VITEST_EXTENDED = """
import { test as base, expect } from 'vitest';

const it = base.extend({ db: async ({}, use) => { await use({ rows: 1 }); } });

it('reads the fixture', ({ db }) => { expect(db.rows).toBe(1); });
"""

MODIFIERS = """
import { describe, it, test, expect } from 'vitest';

describe.each([[1], [2]])('group %i', (n) => {
  describe.each([[3]])('inner %i', (m) => {
    it('adds', () => { expect(n + m).toBeGreaterThan(0); });
  });
});
test.only('only this', () => { expect(1).toBe(1); });
test.concurrent('at once', async () => { expect(2).toBe(2); });
describe.skip('skipped group', () => { it('inside', () => { expect(3).toBe(3); }); });
it.skip.each([[1], [2]])('skipped case %i', (n) => { expect(n).toBe(n); });
"""

GLOBALS = """
describe('cart', () => {
  it('adds', () => { expect(1).toBe(1); });
});
const later = it.skip;
later('later', () => { expect(2).toBe(2); });
const onCi = process.env.CI ? test.skip : test;
onCi('on ci', () => { expect(3).toBe(3); });
(process.env.SLOW ? it.skip : it)('in place', () => { expect(4).toBe(4); });
function cartTest(name, fn) { test(name, fn); }
cartTest('wrapped', () => { expect(5).toBe(5); });
"""

NODE_TEST = """
import { suite, test } from 'node:test';
import assert from 'node:assert';

suite('cart', () => {
  test('totals', async (t) => {
    await t.test('sums', () => { assert.equal(1 + 1, 2); });
    assert.ok(true);
  });
});
"""

NODE_DEFAULT = """
import test from 'node:test';
import assert from 'node:assert';

test('top', async (t) => {
  await t.test('nested', () => { assert.ok(true); });
});
"""

# Titles known where they are written: literals joined by ``+``, and a function or class
# given as the title (Jest, Vitest and Mocha report its name).
KNOWN_TITLES = """
function pricing() {}
class Cart {}
const refunds = () => {};
it('adds ' + 'one', () => { expect(1).toBe(1); });
describe(pricing, () => { it('x', () => { expect(1).toBe(1); }); });
describe(Cart, () => { it('y', () => { expect(1).toBe(1); }); });
describe(refunds, () => { it('z', () => { expect(1).toBe(1); }); });
"""

CASES = {
    "known-titles": ("src/known.test.js", KNOWN_TITLES),
    "mocha": ("test/cart.spec.js", MOCHA),
    "bun": ("src/totals.test.ts", BUN),
    "playwright": ("tests/cart.spec.ts", PLAYWRIGHT),
    "namespace": ("src/cart.test.ts", NAMESPACE),
    "titles": ("src/titles.test.js", TITLES),
    "todo": ("src/todo.test.js", TODO),
    "extended": ("tests/fixtures.spec.ts", EXTENDED),
    "vitest-extended": ("src/db.test.ts", VITEST_EXTENDED),
    "modifiers": ("src/modifiers.test.ts", MODIFIERS),
    "globals": ("src/globals.test.js", GLOBALS),
    "node-test": ("test/cart.test.mjs", NODE_TEST),
    "node-default": ("test/top.test.mjs", NODE_DEFAULT),
}

# What each runner reports (the names the readers must agree on).
EXPECTED = {
    "known-titles": ["Cart > y", "adds one", "pricing > x", "refunds > z"],
    "mocha": ["cart > adds", "cart > refunds > partial", "cart > removes"],
    "bun": ["totals > sums"],
    "playwright": ["cart > adds", "cart > refunds > partial"],
    "namespace": ["cart > adds", "cart > later"],
    "titles": ["42", "7 > 1.5", "adds to ${who}", "it's", 'say "hi"'],
    "todo": ["pending in mocha", "refunds", "runs", "voids"],
    "extended": ["uses the fixture"],
    "vitest-extended": ["reads the fixture"],
    "modifiers": [
        "at once",
        "group %i > inner %i > adds",
        "only this",
        "skipped case %i",
        "skipped group > inside",
    ],
    "globals": ["cart > adds", "in place", "later", "on ci", "wrapped"],
    "node-test": ["cart > totals", "cart > totals > sums"],
    "node-default": ["top", "top > nested"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_reader_reads_the_same_tests(case: str) -> None:
    path, source = CASES[case]
    facts = sorted(t.symbol for t in extract(path, source.encode()).of_type(TestCase))
    compared = sorted(f"{path}::{t.name}" for t in parse_test_file(path, source).tests)
    runs = sorted(t.id for t in js_tests(path, source.encode()))
    assert facts == compared == runs
    assert runs == [f"{path}::{name}" for name in EXPECTED[case]]


def test_a_test_written_for_later_is_compared_without_a_body_and_never_runs() -> None:
    path, source = CASES["todo"]
    compared = {t.name: t for t in parse_test_file(path, source).tests}
    assert (compared["refunds"].body, compared["refunds"].assertions) == ("", ())
    assert compared["runs"].assertions
    not_run = {t.full_name: t.not_run for t in js_tests(path, source.encode())}
    assert not_run == {
        "pending in mocha": "",
        "refunds": "it.todo",
        "runs": "",
        "voids": "test.todo",
    }


def test_a_subtest_holds_its_own_checks_in_the_comparison() -> None:
    path, source = CASES["node-test"]
    compared = {t.name: len(t.assertions) for t in parse_test_file(path, source).tests}
    assert compared == {"cart > totals": 1, "cart > totals > sums": 1}


def test_a_skipped_playwright_group_skips_its_tests_in_every_reader() -> None:
    path, source = CASES["playwright"]
    skips = [(s.symbol, s.how) for s in extract(path, source.encode()).of_type(Skip)]
    assert skips == [(f"{path}::cart > refunds", "test.describe.skip")]
    # A skipped group among running tests is a skip, not a removal, for the runs model too.
    assert [t.not_run for t in js_tests(path, source.encode())] == ["", ""]


def test_the_comparison_reads_checks_through_a_library_imported_whole() -> None:
    path, source = CASES["namespace"]
    compared = {
        t.name: [a.kind.name for a in t.assertions] for t in parse_test_file(path, source).tests
    }
    assert compared == {"cart > adds": ["EQUALITY"], "cart > later": ["EQUALITY"]}
    honest = "import * as v from 'vitest';\nv.test('x', () => { v.describe; v.expect; });\n"
    assert [t.assertions for t in parse_test_file("src/x.test.ts", honest).tests] == [()]


def test_a_computed_title_is_known_to_the_run_only_by_its_line() -> None:
    source = "const cases = ['a'];\nfor (const c of cases) {\n  test(c, () => {});\n}\n"
    path = "src/loop.test.js"
    facts = [t.symbol for t in extract(path, source.encode()).of_type(TestCase)]
    compared = [t.name for t in parse_test_file(path, source).tests]
    assert facts == [f"{path}::c"] and compared == ["c"]
    assert [t.full_name for t in js_tests(path, source.encode())] == ["<dynamic@3>"]


def test_a_runner_collected_file_outside_the_test_paths_uses_the_globals() -> None:
    source = "describe('cart', () => { it('adds', () => {}); });\n"
    assert [t.id for t in js_tests("e2e/cart.e2e.js", source.encode())] == [
        "e2e/cart.e2e.js::cart > adds"
    ]
    assert [t.name for t in parse_test_file("e2e/cart.e2e.js", source).tests] == ["cart > adds"]


@pytest.mark.parametrize("module", ["vitest", "bun:test", "@jest/globals", "node:test"])
def test_a_framework_import_outside_the_test_paths_declares_tests(module: str) -> None:
    source = f"import {{ test }} from '{module}';\ntest('sums', () => {{}});\n"
    facts = extract("src/totals.ts", source.encode()).of_type(TestCase)
    assert [t.symbol for t in facts] == ["src/totals.ts::sums"]


def test_a_title_computed_at_run_time_is_known_to_the_runs_only_by_its_line() -> None:
    source = (
        "const p = 'x';\nit(p + 'b', () => {});\n"
        "describe(label(), () => { it('a', () => {}); });\n"
    )
    runs = sorted(t.id for t in js_tests("src/d.test.js", source.encode()))
    assert runs == ["src/d.test.js::<dynamic@2>", "src/d.test.js::<dynamic@3> > a"]


def test_a_title_read_from_a_module_constant_is_its_value_in_every_reader() -> None:
    source = (
        "const TITLE = 'adds';\nconst GROUP = `cart`;\nconst SAY = 'it\\'s';\n"
        "describe(GROUP, () => {\n  it(TITLE, () => {});\n  it(SAY, () => {});\n});\n"
        "function run(TITLE) {\n  it(TITLE, () => {});\n}\n"
    )
    path = "src/const.test.js"
    facts = sorted(t.symbol for t in extract(path, source.encode()).of_type(TestCase))
    compared = sorted(t.name for t in parse_test_file(path, source).tests)
    runs = sorted(t.id for t in js_tests(path, source.encode()))
    assert facts == [f"{path}::TITLE", f"{path}::cart > adds", f"{path}::cart > it's"]
    assert compared == ["TITLE", "cart > adds", "cart > it's"]
    # The parameter that shadows the constant is no constant: facts and comparison name
    # that test as written, the run knows it by its line.
    assert runs == [f"{path}::<dynamic@9>", f"{path}::cart > adds", f"{path}::cart > it's"]


@pytest.mark.parametrize(
    "head",
    [
        "const jg = require('@jest/globals');",
        "import * as jg from '@jest/globals';",
        "const jg = require('vitest');",
    ],
)
def test_a_framework_module_object_declares_tests_through_its_members(head: str) -> None:
    source = (
        f"{head}\njg.describe('cart', () => {{\n"
        "  jg.it('adds', () => { jg.expect(1 + 1).toBe(2); });\n});\n"
    )
    path = "src/cart.ts"
    facts = [t.symbol for t in extract(path, source.encode()).of_type(TestCase)]
    compared = [(t.name, len(t.assertions)) for t in parse_test_file(path, source).tests]
    runs = [t.id for t in js_tests(path, source.encode())]
    assert facts == runs == [f"{path}::cart > adds"]
    assert compared == [("cart > adds", 1)]
