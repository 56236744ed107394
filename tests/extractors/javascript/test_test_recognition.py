"""JS/TS test recognition: frameworks, aliases, ids, parametrized tables and skips."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Skip, TestCase


def _tests(path: str, source: str) -> list[tuple[str, str, int, int]]:
    """(id, framework, line, end_line) of every TestCase in file order."""
    facts = extract(path, source.encode()).facts
    return [(f.symbol, f.framework, f.line, f.end_line) for f in facts if isinstance(f, TestCase)]


def _skips(path: str, source: str) -> list[tuple[int, str, str, bool, str, str]]:
    """(line, symbol, how, conditional, reason, scope) of every Skip in file order."""
    facts = extract(path, source.encode()).facts
    return [
        (f.line, f.symbol, f.how, f.conditional, f.reason, f.scope)
        for f in facts
        if isinstance(f, Skip)
    ]


def test_vitest_aliases_nested_describes_and_template_names_make_ids() -> None:
    source = """import { describe as suite_, it as iit, expect } from 'vitest';

suite_('cart', () => {
  suite_(`with ${count} items`, () => {
    iit("totals", async () => {
      await expect(total()).resolves.toBe(3);
    });
  });
});
"""
    assert _tests("src/cart.ts", source) == [
        ("src/cart.ts::cart > with ${count} items > totals", "vitest", 5, 7),
    ]
    facts = extract("src/cart.ts", source.encode()).facts
    (case,) = [f for f in facts if isinstance(f, TestCase)]
    assert (case.name, case.is_async, case.parametrized, case.calls) == (
        "totals",
        True,
        False,
        ("expect", "total"),
    )


def test_jest_globals_in_a_test_file_default_to_jest() -> None:
    source = """describe('parser', () => {
  it('reads', () => { expect(parse('1')).toEqual(1); });
  test('writes', function () { expect(write(1)).toBe('1'); });
});
"""
    assert _tests("lib/__tests__/parser.js", source) == [
        ("lib/__tests__/parser.js::parser > reads", "jest", 2, 2),
        ("lib/__tests__/parser.js::parser > writes", "jest", 3, 3),
    ]


def test_jest_globals_import_is_jest_even_outside_test_paths() -> None:
    source = """import { test as check } from '@jest/globals';
check('works', () => {});
"""
    assert _tests("src/selfcheck.mjs", source) == [("src/selfcheck.mjs::works", "jest", 2, 2)]


def test_mocha_globals_with_context_and_chai_are_mocha() -> None:
    source = """const { expect } = require('chai');
describe('db', function () {
  context('when empty', function () {
    specify('has no rows', function () { expect(rows()).to.be.empty; });
  });
});
"""
    assert _tests("test/db.js", source) == [
        ("test/db.js::db > when empty > has no rows", "mocha", 4, 4),
    ]


def test_node_test_default_import_subtests_and_options() -> None:
    source = """import test, { describe as group } from 'node:test';
import assert from 'node:assert/strict';

group('math', () => {
  test('sum', async (t) => {
    await t.test('of two', () => { assert.equal(1 + 1, 2); });
  });
  test('later', { todo: 'needs api' });
});
"""
    assert _tests("scripts/math.mjs", source) == [
        ("scripts/math.mjs::math > sum", "node:test", 5, 7),
        ("scripts/math.mjs::math > sum > of two", "node:test", 6, 6),
        ("scripts/math.mjs::math > later", "node:test", 8, 8),
    ]
    assert _skips("scripts/math.mjs", source) == [
        (8, "scripts/math.mjs::math > later", "test({ todo })", False, "needs api", "test"),
    ]


def test_node_test_required_with_destructuring() -> None:
    source = """const { describe, it } = require('node:test');
describe('io', () => { it('reads', () => {}); });
"""
    assert _tests("tools/io.cjs", source) == [("tools/io.cjs::io > reads", "node:test", 2, 2)]


def test_playwright_extended_test_and_describe() -> None:
    source = """import { test as base, expect } from '@playwright/test';
const test = base.extend<{ user: string }>({ user: async ({}, use) => use('ann') });

test.describe('login', () => {
  test('signs in', async ({ page, user }) => {
    await expect(page.getByText(user)).toBeVisible();
  });
});
"""
    assert _tests("e2e/login.ts", source) == [
        ("e2e/login.ts::login > signs in", "playwright", 5, 7),
    ]


def test_each_table_is_one_parametrized_test() -> None:
    source = """describe.each([[1], [2]])('size %i', (n) => {
  it('fits', () => { expect(n).toBeLessThan(3); });
});
it.each`
  a    | b
  ${1} | ${2}
`('adds $a and $b', ({ a, b }) => { expect(a + b).toBe(3); });
"""
    facts = extract("calc.test.ts", source.encode()).facts
    cases = [(f.symbol, f.parametrized) for f in facts if isinstance(f, TestCase)]
    assert cases == [
        ("calc.test.ts::size %i > fits", True),
        ("calc.test.ts::adds $a and $b", True),
    ]


def test_every_skip_form_is_reported_with_its_scope() -> None:
    source = """import { describe, it, test } from 'vitest';
describe.skip('off', () => { it('a', () => {}); });
xdescribe('off too', () => {});
describe('on', () => {
  it.skip('b', () => {});
  xit('c', () => {});
  it.todo('d');
  it.only('e', () => {});
  fit('f', () => {});
  it.skipIf(process.env.CI)('g', () => {});
  test.runIf(isLinux)('h', () => {});
  it.concurrent.skip('i', () => {});
  test('j', { skip: true }, () => {});
  test('k', { skip: isWindows }, () => {});
  test('l', { skip: false }, () => {});
  it.fails('m', () => {});
});
"""
    p = "skips.test.ts"
    assert _skips(p, source) == [
        (2, f"{p}::off", "describe.skip", False, "", "describe"),
        (3, f"{p}::off too", "xdescribe", False, "", "describe"),
        (5, f"{p}::on > b", "it.skip", False, "", "test"),
        (6, f"{p}::on > c", "xit", False, "", "test"),
        (7, f"{p}::on > d", "it.todo", False, "", "test"),
        (8, f"{p}::on > e", "it.only", False, "", "test"),
        (9, f"{p}::on > f", "fit", False, "", "test"),
        (10, f"{p}::on > g", "it.skipIf", True, "", "test"),
        (11, f"{p}::on > h", "test.runIf", True, "", "test"),
        (12, f"{p}::on > i", "it.skip", False, "", "test"),
        (13, f"{p}::on > j", "test({ skip })", False, "", "test"),
        (14, f"{p}::on > k", "test({ skip })", True, "", "test"),
        (16, f"{p}::on > m", "it.fails", False, "", "test"),
    ]


def test_skips_called_inside_bodies() -> None:
    source = """const { test } = require('node:test');
describe('net', function () {
  before(function () { if (!online()) this.skip(); });
  it('fetches', function () { this.skip(); });
});
test('node ctx', (t) => { if (slow) { t.skip('too slow'); } t.todo(); });
"""
    p = "test/net.js"
    assert _skips(p, source) == [
        (3, f"{p}::net", "this.skip()", True, "", "describe"),
        (4, f"{p}::net > fetches", "this.skip()", False, "", "test"),
        (6, f"{p}::node ctx", "t.skip()", True, "too slow", "test"),
        (6, f"{p}::node ctx", "t.todo()", False, "", "test"),
    ]


def test_playwright_in_body_and_declared_skips() -> None:
    source = """import { test, expect } from '@playwright/test';
test.describe('cart', () => {
  test.skip(({ browserName }) => browserName === 'webkit', 'no webkit');
  test('adds', async ({ page }) => { test.fixme(); await expect(page).toHaveTitle('x'); });
  test.fixme('removes', async () => {});
  test.describe.only('focus', () => {});
});
"""
    p = "e2e/cart.spec.ts"
    assert _skips(p, source) == [
        (3, f"{p}::cart", "test.skip()", True, "no webkit", "describe"),
        (4, f"{p}::cart > adds", "test.fixme()", False, "", "test"),
        (5, f"{p}::cart > removes", "test.fixme", False, "", "test"),
        (6, f"{p}::cart > focus", "test.describe.only", False, "", "describe"),
    ]


def test_mocha_pending_test_without_callback_is_a_skipped_test() -> None:
    source = "describe('x', () => { it('will do'); });\n"
    assert _tests("test/x.js", source) == [("test/x.js::x > will do", "jest", 1, 1)]
    assert _skips("test/x.js", source) == [
        (1, "test/x.js::x > will do", "it (pending)", False, "", "test"),
    ]


def test_bare_test_call_in_a_non_test_file_without_import_is_not_a_test() -> None:
    source = """function test(name, fn) { return fn(name); }
test('looks like a test', () => { expect(1).toBe(1); });
it('also not', () => {});
"""
    facts = extract("src/runner.js", source.encode()).facts
    assert [f for f in facts if isinstance(f, (TestCase, Skip))] == []
    assert not any(type(f).__name__ == "Assertion" for f in facts)


def test_in_source_vitest_tests_are_tests() -> None:
    source = """export const add = (a: number, b: number) => a + b;
if (import.meta.vitest) {
  const { it, expect } = import.meta.vitest;
  it('adds', () => { expect(add(1, 2)).toBe(3); });
}
"""
    assert _tests("src/add.ts", source) == [("src/add.ts::adds", "vitest", 4, 4)]


def test_vitest_namespace_import() -> None:
    source = """import * as vt from 'vitest';
vt.describe('a', () => { vt.it.skip('b', () => {}); });
"""
    assert _tests("src/a.ts", source) == [("src/a.ts::a > b", "vitest", 2, 2)]
    assert _skips("src/a.ts", source) == [(2, "src/a.ts::a > b", "it.skip", False, "", "test")]


def test_skip_declaration_with_a_computed_name_is_one_skip() -> None:
    source = """import { test } from 'vitest';
test.skip(Checkout.name, () => {});
"""
    assert _tests("src/c.ts", source) == [("src/c.ts::Checkout.name", "vitest", 2, 2)]
    assert _skips("src/c.ts", source) == [
        (2, "src/c.ts::Checkout.name", "test.skip", False, "", "test"),
    ]


def test_leading_comment_block_is_the_test_doc() -> None:
    source = """// Requirement 2.1: totals include tax
// (second line)
it('taxes', () => { expect(tax(1)).toBe(0.2); });
"""
    facts = extract("tax.spec.mjs", source.encode()).facts
    (case,) = [f for f in facts if isinstance(f, TestCase)]
    assert case.doc == "Requirement 2.1: totals include tax\n(second line)"
