"""A check of the message (or class) of the error a rejection check hands back is part of
that check: chai-as-promised's ``rejected`` then ``err.message.should.match(re)``, a promise's
identity ``.catch((e) => e)`` then a message check, and ``assert.rejects(p, (err) => ...)``
check what ``rejects.toThrow(re)`` checks; dropping the message or the class still weakens."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Assertion
from ralph_validate.validator.testdiff import Change, compare_test_file

CHAI = "const { expect } = require('chai');\nit('rejects', async () => {\n  %s\n});\n"
JEST = "import { expect, it } from 'vitest';\nit('rejects', async () => {\n  %s\n});\n"

MESSAGE_CHECKS = {
    "should rejected, should match": (
        "const err = await load(1).should.be.rejected(); err.message.should.match(/bad input/);"
    ),
    "expect rejected, expect match": (
        "const err = await expect(load(1)).to.be.rejected;"
        " expect(err.message).to.match(/bad input/);"
    ),
    "assigned later": (
        "let err; err = await load(1).should.be.rejected; err.message.should.include('bad input');"
    ),
    "identity catch": (
        "const err = await load(1).catch((e) => e); expect(err.message).to.match(/bad input/);"
    ),
    "assert.rejects with a pattern": "await assert.rejects(load(1), /bad input/);",
    "assert.rejects with a validating callback": (
        "await assert.rejects(load(1), (err) => { assert.match(err.message, /bad input/);"
        " return true; });"
    ),
}


def _changes(base: str, head: str) -> list[Change]:
    compared = compare_test_file("test/a.test.js", CHAI % base, JEST % head)
    return [c.change for t in compared.tests for c in t.changes]


@pytest.mark.parametrize("base", MESSAGE_CHECKS.values(), ids=list(MESSAGE_CHECKS))
def test_the_same_message_check_in_another_style_changes_nothing(base: str) -> None:
    assert _changes(base, "await expect(load(1)).rejects.toThrowError(/bad input/);") == []


@pytest.mark.parametrize("base", MESSAGE_CHECKS.values(), ids=list(MESSAGE_CHECKS))
def test_dropping_the_message_check_still_widens_the_expected_error(base: str) -> None:
    assert _changes(base, "await expect(load(1)).rejects.toThrow();") == [Change.EXCEPTION_WIDENED]


def test_a_message_check_loosened_to_a_part_of_it_widens_the_expected_error() -> None:
    base = MESSAGE_CHECKS["should rejected, should match"]
    head = "await expect(load(1)).rejects.toThrow(/input/);"
    assert _changes(base, head) == [Change.EXCEPTION_WIDENED]


def test_a_class_checked_on_the_rejected_error_and_dropped_widens_it() -> None:
    base = (
        "const err = await load(1).should.be.rejected;"
        " err.should.be.instanceOf(InputError); err.message.should.match(/bad input/);"
    )
    assert _changes(base, "await expect(load(1)).rejects.toThrow(/bad input/);") == [
        Change.EXCEPTION_WIDENED
    ]
    head = "await expect(load(1)).rejects.toThrow(new InputError('bad input'));"
    assert _changes(base, head) == []


def test_a_message_check_of_another_value_stays_a_check_of_its_own() -> None:
    base = "const err = compute(); expect(err.message).to.match(/bad input/);"
    head = "await expect(load(1)).rejects.toThrowError(/bad input/);"
    assert _changes(base, head) == [Change.ASSERTION_REMOVED]


def test_the_facts_count_the_message_check_as_part_of_the_rejection_check() -> None:
    source = b"""
const assert = require('node:assert');
const { expect } = require('chai');
it('a', async () => {
  const err = await expect(load(1)).to.be.rejected;
  expect(err.message).to.match(/bad/);
  expect(err).to.be.instanceOf(InputError);
});
it('b', async () => {
  await assert.rejects(load(1), (err) => { assert.match(err.message, /bad/); return true; });
});
it('c', async () => {
  const other = compute();
  expect(other.message).to.match(/bad/);
});
"""
    facts = extract("test/a.test.js", source).of_type(Assertion)
    assert [(a.symbol.split("::")[1], a.exception_types, a.has_match) for a in facts] == [
        ("a", ("InputError",), True),
        ("b", (), True),
        ("c", (), False),
    ]
