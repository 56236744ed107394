"""A ``test.each`` table and a loop over the same cases are the same checks; a case left out
of either is a check removed."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.validator.testdiff import compare_test_file, parse_test_file

EACH = """\
import { expect, test } from 'vitest';
import { total } from './cart';

test.each([
  [[2, 3], 5],
  [[0.1, 0.2], 0.3],
])('total of %j is %d', (prices, sum) => {
  expect(total(prices)).toBe(sum);
});
"""

FOR_OF_CONST = """\
import { expect, test } from 'vitest';
import { total } from './cart';

const CASES = [
  [[2, 3], 5],
  [[0.1, 0.2], 0.3],
];
for (const [prices, sum] of CASES) {
  test(`total of ${prices} is ${sum}`, () => {
    expect(total(prices)).toBe(sum);
  });
}
"""

FOR_EACH_INLINE = """\
import { expect, test, describe } from 'vitest';
import { total } from './cart';

describe('total', () => {
  [
    [[2, 3], 5],
    [[0.1, 0.2], 0.3],
  ].forEach(([prices, sum]) => {
    test(`of ${prices} is ${sum}`, () => {
      expect(total(prices)).toBe(sum);
    });
  });
});
"""


def _rows(source: str) -> list[tuple[str, str]]:
    parsed = parse_test_file("src/cart.test.ts", textwrap.dedent(source))
    (test,) = parsed.tests
    return [(a.subject, a.expected.text) for a in test.assertions if a.subject.startswith("each")]


@pytest.mark.parametrize("loop", [FOR_OF_CONST, FOR_EACH_INLINE])
def test_a_loop_over_a_table_reads_the_same_rows_as_test_each(loop: str) -> None:
    assert _rows(loop) == _rows(EACH) == [("each: [2,3]", "5"), ("each: [0.1,0.2]", "0.3")]


@pytest.mark.parametrize(("base", "head"), [(EACH, FOR_OF_CONST), (FOR_OF_CONST, EACH)])
def test_a_table_turned_into_a_loop_or_back_changes_nothing(base: str, head: str) -> None:
    result = compare_test_file("src/cart.test.ts", base, head)
    assert result.tests and not result.removed
    assert result.changes == ()


def test_a_case_left_out_of_the_loop_is_a_removed_check() -> None:
    head = FOR_OF_CONST.replace("  [[0.1, 0.2], 0.3],\n", "")
    result = compare_test_file("src/cart.test.ts", EACH, head)
    assert [(c.change.value, c.base_text) for _, c in result.changes] == [
        ("assertion-removed", "[[0.1, 0.2], 0.3]")
    ]


def test_a_loop_over_a_name_bound_twice_reads_no_rows() -> None:
    rebound = FOR_OF_CONST.replace("for (const", "CASES = [];\nfor (const").replace(
        "const CASES", "let CASES"
    )
    assert _rows(rebound) == []
