"""A test function chosen by a condition (``const maybe = cond ? it.skip : it``) declares
tests, skipped only where the condition says."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.common.testfile import parse_test_file
from ralph_validate.extractors.facts.integrity import Skip, TestCase
from ralph_validate.extractors.runners.js_config import js_tests

SOURCE = b"""
import { describe, expect, it } from 'vitest';

const local = process.env.CI ? it.skip : it;
const onlyRunners = process.env.GITHUB_ACTIONS ? describe : describe.skip;
const posix = process.platform === 'win32' ? it.skip : it;

onlyRunners('suite', () => {
  local('a', () => { expect(1).toBe(1); });
  posix('b', () => { expect(2).toBe(2); });
});
"""


def test_a_switched_name_declares_tests_and_suites() -> None:
    facts = extract("src/a.test.ts", SOURCE)
    assert [t.symbol for t in facts.of_type(TestCase)] == [
        "src/a.test.ts::suite > a",
        "src/a.test.ts::suite > b",
    ]


def test_its_skip_is_conditional_and_names_the_variable_when_one_decides() -> None:
    skips = extract("src/a.test.ts", SOURCE).of_type(Skip)
    assert [(s.line, s.how, s.conditional, s.env, s.skipped_where) for s in skips] == [
        (8, "describe.skip", True, ("GITHUB_ACTIONS",), "unset"),
        (9, "it.skip", True, ("CI",), "set"),
        (10, "it.skip", True, (), ""),
    ]


CHOICES = b"""
const { describe, expect, test } = require('@jest/globals');

const testOrSkipOnWindows = process.platform === 'win32' ? test.skip : test;
let posix = testOrSkipOnWindows;
var optIn = (process.env.RUN_SLOW && test) || test.skip;
const suite = process.env.CI ? describe.skip : describe;
const notATest = process.env.CI ? test : () => {};

suite('spawn', () => {
  testOrSkipOnWindows('a', () => { expect(1).toBe(1); });
  posix('b', () => { expect(2).toBe(2); });
  optIn('c', () => { expect(3).toBe(3); });
  (process.platform === 'win32' ? test.skip : test)('d', () => { expect(4).toBe(4); });
  notATest('e', () => { expect(5).toBe(5); });
});
"""
DECLARED = ["a", "b", "c", "d"]


def test_every_form_of_a_choice_declares_tests_for_the_facts() -> None:
    facts = extract("tests/spawn.test.cjs", CHOICES)
    names = [t.symbol.split(" > ")[-1] for t in facts.of_type(TestCase)]
    assert names == DECLARED


def test_a_choice_reached_through_any_form_skips_only_under_its_condition() -> None:
    skips = extract("tests/spawn.test.cjs", CHOICES).of_type(Skip)
    assert [(s.line, s.how, s.conditional, s.env, s.skipped_where) for s in skips] == [
        (10, "describe.skip", True, ("CI",), "set"),
        (11, "test.skip", True, (), ""),
        (12, "test.skip", True, (), ""),
        (13, "test.skip", True, ("RUN_SLOW",), "unset"),
        (14, "test.skip", True, (), ""),
    ]


def test_the_runner_model_counts_the_tests_of_every_choice_as_running() -> None:
    tests = js_tests("tests/spawn.test.cjs", CHOICES)
    assert [(t.full_name, t.not_run) for t in tests] == [(f"spawn {name}", "") for name in DECLARED]


def test_the_test_file_reader_reads_the_tests_of_every_choice() -> None:
    parsed = parse_test_file("tests/spawn.test.cjs", CHOICES.decode())
    assert [(t.name, len(t.assertions)) for t in parsed.tests] == [
        (f"spawn > {name}", 1) for name in DECLARED
    ]
