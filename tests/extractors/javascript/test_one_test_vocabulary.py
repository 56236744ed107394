"""The integrity facts, the test comparison and the runs model read the same tests from a
JS/TS file: one vocabulary of test and suite functions (``frameworks.py``)."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.common.testfile import parse_test_file
from ralph_validate.extractors.facts.integrity import TestCase
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


@pytest.mark.parametrize(
    ("path", "source"), [("test/cart.spec.js", MOCHA), ("src/totals.test.ts", BUN)]
)
def test_every_reader_reads_the_same_tests(path: str, source: str) -> None:
    facts = sorted(t.symbol for t in extract(path, source.encode()).of_type(TestCase))
    compared = sorted(f"{path}::{t.name}" for t in parse_test_file(path, source).tests)
    runs = sorted(t.id for t in js_tests(path, source.encode()))
    assert facts == compared == runs
    assert facts  # the readers found the tests, not nothing alike


@pytest.mark.parametrize("module", ["vitest", "bun:test", "@jest/globals", "node:test"])
def test_a_framework_import_outside_the_test_paths_declares_tests(module: str) -> None:
    source = f"import {{ test }} from '{module}';\ntest('sums', () => {{}});\n"
    facts = extract("src/totals.ts", source.encode()).of_type(TestCase)
    assert [t.symbol for t in facts] == ["src/totals.ts::sums"]
