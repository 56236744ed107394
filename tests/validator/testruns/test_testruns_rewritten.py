"""A test moved to another file, re-titled and rewritten in another assertion style still runs;
a test dropped in the same move does not, and a doubtful successor makes the removal unknown."""

from __future__ import annotations

import json
from collections.abc import Callable

REMOVED = "removed"
PACKAGE = json.dumps({"scripts": {"test": "jest"}, "devDependencies": {"jest": "^29"}}) + "\n"

BASE_SPEC = """\
const cart = require('../lib/cart');

describe('cart', () => {
  test('total adds the prices', () => {
    expect(cart.total([2, 3])).toBe(5);
  });

  test('total rounds to cents', () => {
    expect(cart.total([0.1, 0.2])).toBe(0.3);
  });

  test('shipping is free from fifty', () => {
    expect(cart.shipping(50)).toBe(0);
  });
});
"""


def _head(*tests: str) -> str:
    """A Jest file in node:assert style holding ``tests``."""
    return (
        "import assert from 'node:assert/strict';\n"
        "import { total, shipping } from '../lib/cart.js';\n\n"
        "describe('Cart', () => {\n" + "\n".join(tests) + "});\n"
    )


SUMMED = """\
  it('when prices are given then they are summed', () => {
    assert.equal(total([2, 3]), 5);
  });
"""
ROUNDED = """\
  it('when float noise then it is rounded to cents', () => {
    assert.strictEqual(total([0.1, 0.2]), 0.3);
  });
"""
FREE = """\
  it('when the order reaches fifty then shipping is free', () => {
    assert.equal(shipping(50), 0);
  });
"""


def _repo(tests: dict[str, str]) -> dict[str, str]:
    return {"package.json": PACKAGE, "lib/cart.js": "module.exports = {}\n", **tests}


def test_tests_moved_retitled_and_rewritten_to_node_assert_still_run(changes: Callable) -> None:
    base = _repo({"test/cart.spec.js": BASE_SPEC})
    head = _repo({"tests/cart.test.mjs": _head(SUMMED, ROUNDED, FREE)})
    assert changes(base, head) == []


def test_a_test_dropped_in_the_move_is_removed(changes: Callable) -> None:
    base = _repo({"test/cart.spec.js": BASE_SPEC})
    head = _repo({"tests/cart.test.mjs": _head(SUMMED, FREE)})
    assert changes(base, head) == [
        (REMOVED, "FAIL", "test/cart.spec.js::cart > total rounds to cents", "test/cart.spec.js", 8)
    ]


def test_a_successor_that_checks_another_value_makes_the_removal_unknown(
    changes: Callable,
) -> None:
    edited = ROUNDED.replace("0.3);", "0.30000000000000004);")
    base = _repo({"test/cart.spec.js": BASE_SPEC})
    head = _repo({"tests/cart.test.mjs": _head(SUMMED, edited, FREE)})
    assert changes(base, head) == [
        (
            REMOVED,
            "UNKNOWN",
            "test/cart.spec.js::cart > total rounds to cents",
            "test/cart.spec.js",
            8,
        )
    ]


def test_two_equal_successors_make_the_removal_unknown(changes: Callable) -> None:
    twin = ROUNDED.replace("when float noise", "when the sum has float noise")
    base = _repo({"test/cart.spec.js": BASE_SPEC})
    head = _repo({"tests/cart.test.mjs": _head(SUMMED, ROUNDED, twin, FREE)})
    rows = changes(base, head)
    assert [(r[0], r[1]) for r in rows] == [(REMOVED, "UNKNOWN")]
