"""A test function chosen by a condition (``const maybe = cond ? it.skip : it``) declares
tests, skipped only where the condition says."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Skip, TestCase

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
