"""A local name for a test function (``const later = it.skip``) declares tests with the
modifiers of what it names, at the line where it is called."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Skip, TestCase
from ralph_validate.extractors.runners.js_config import js_tests

SOURCE = b"""
import { describe, expect, it, test } from 'vitest';

const later = it.skip;
const scenario = test;
const quarantine = describe.skip;

describe('cart', () => {
  later('rounds', () => { expect(1).toBe(1); });
  scenario('adds', () => { expect(2).toBe(2); });
});

quarantine('refunds', () => {
  it('refunds', () => { expect(3).toBe(3); });
});
"""


def test_an_aliased_test_function_declares_tests() -> None:
    facts = extract("src/a.test.ts", SOURCE)
    assert [(t.symbol, t.line) for t in facts.of_type(TestCase)] == [
        ("src/a.test.ts::cart > rounds", 9),
        ("src/a.test.ts::cart > adds", 10),
        ("src/a.test.ts::refunds > refunds", 14),
    ]


def test_the_skip_of_an_alias_is_at_the_line_that_calls_it() -> None:
    skips = extract("src/a.test.ts", SOURCE).of_type(Skip)
    assert [(s.line, s.how, s.conditional) for s in skips] == [
        (9, "it.skip", False),
        (13, "describe.skip", False),
    ]


def test_the_runner_model_counts_the_aliased_tests() -> None:
    assert [(t.id, t.line) for t in js_tests("src/a.test.ts", SOURCE)] == [
        ("src/a.test.ts::cart > adds", 10),
        ("src/a.test.ts::cart > rounds", 9),
        ("src/a.test.ts::refunds > refunds", 14),
    ]


def test_the_runner_model_reads_test_functions_imported_under_other_names() -> None:
    source = b"""
import { describe as group, it as check, test as t } from 'vitest';
const { test: nodeTest } = require('node:test');

group('cart', () => {
  check('adds', () => {});
  check.skip('rounds', () => {});
});
t.todo('refunds');
nodeTest('totals', () => {});
"""
    tests = js_tests("src/cart.test.js", source)
    assert [(t.full_name, t.line, t.not_run) for t in tests] == [
        ("cart adds", 6, ""),
        ("cart rounds", 7, ""),
        ("refunds", 9, "test.todo"),
        ("totals", 10, ""),
    ]


WRAPPED = b"""
import { describe, expect, test } from 'vitest';

function cartTest(name: string, body: () => void): void {
  test.skip(name, body);
}
const quickTest = (name: string, body: () => void) => test(name, body);
function group(name: string, body: () => void): void {
  describe(name, () => { body(); });
}

cartTest('adds', () => { expect(1).toBe(1); });
quickTest('rounds', () => { expect(2).toBe(2); });
"""


def test_a_wrapper_that_hands_title_and_body_on_declares_tests_where_it_is_called() -> None:
    facts = extract("src/w.test.ts", WRAPPED)
    assert [(t.symbol, t.line) for t in facts.of_type(TestCase)] == [
        ("src/w.test.ts::adds", 12),
        ("src/w.test.ts::rounds", 13),
    ]
    assert [(s.line, s.how) for s in facts.of_type(Skip)] == [(12, "test.skip")]
    assert [(t.id, t.line) for t in js_tests("src/w.test.ts", WRAPPED)] == [
        ("src/w.test.ts::adds", 12),
        ("src/w.test.ts::rounds", 13),
    ]


def test_a_function_that_adds_its_own_callback_is_no_wrapper() -> None:
    source = b"""
import { describe, expect, it } from 'vitest';

function group(name: string, body: () => void): void {
  describe(name, () => { it('runs', () => { body(); }); });
}

group('cart', () => { expect(1).toBe(1); });
"""
    assert [t.full_name for t in js_tests("src/g.test.ts", source)] == ["<dynamic@5> runs"]
