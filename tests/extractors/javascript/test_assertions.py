"""JS/TS assertions, early returns and catch handlers inside tests."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Assertion, Handler, Operand, Return


def _assertions(path: str, source: str) -> list[Assertion]:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, Assertion)]


def _brief(a: Assertion) -> tuple[int, str, str, bool, bool, bool]:
    """(line, style, method, negated, conditional, in_handler)."""
    return (a.line, a.style, a.method, a.negated, a.conditional, a.in_handler)


def test_expect_chains_with_not_resolves_rejects_and_await() -> None:
    source = """it('loads', async () => {
  expect(value).not.toBe(null);
  await expect(load()).resolves.toEqual({ ok: true });
  await expect(fail()).rejects.toThrow(TypeError);
  expect.assertions(3);
  expect.hasAssertions();
  expect(fn).toThrow('boom');
  expect(fn).toThrowError(/bad input/);
  expect(value).toBe;
});
"""
    found = _assertions("a.test.js", source)
    assert [_brief(a) for a in found] == [
        (2, "expect", "toBe", True, False, False),
        (3, "expect", "toEqual", False, False, False),
        (4, "expect", "toThrow", False, False, False),
        (5, "expect", "assertions", False, False, False),
        (6, "expect", "hasAssertions", False, False, False),
        (7, "expect", "toThrow", False, False, False),
        (8, "expect", "toThrowError", False, False, False),
    ]
    assert found[0].operands == (
        Operand("value", None, None),
        Operand("null", "none", "none"),
    )
    assert found[1].operands[1] == Operand("{ ok: true }", "collection", "{ ok: true }")
    assert found[1].text == "expect(load()).resolves.toEqual({ ok: true })"
    assert [(a.exception_types, a.has_match) for a in found[2:]] == [
        (("TypeError",), False),
        ((), False),
        ((), False),
        ((), True),
        ((), True),
    ]
    assert {a.symbol for a in found} == {"a.test.js::loads"}


def test_literal_operands_are_classified() -> None:
    source = """test('lits', () => {
  expect(true).toBe(true);
  expect(-1).toBe(`x`);
  expect(undefined).toEqual([]);
  expect(`a${b}`).toBe('c');
});
"""
    found = _assertions("lits.test.ts", source)
    assert [tuple((o.literal, o.value) for o in a.operands) for a in found] == [
        (("bool", "b:true"), ("bool", "b:true")),
        (("number", "n:-1"), ("string", "s:x")),
        (("none", "none"), ("collection", "[]")),
        ((None, None), ("string", "s:c")),
    ]


def test_node_assert_forms_and_aliases() -> None:
    source = """import { strict as assert } from 'node:assert';
import { deepStrictEqual } from 'node:assert/strict';
import test from 'node:test';
test('node', () => {
  assert(ok);
  assert.equal(a, 1);
  assert.strict.ok(b);
  deepStrictEqual(c, { d: 1 });
  assert.throws(() => run(), TypeError);
  assert.rejects(later(), { message: 'late' });
  assert.match(s, /x/);
});
"""
    found = _assertions("test/node.test.mjs", source)
    assert [(a.line, a.style, a.method) for a in found] == [
        (5, "node-assert", "assert"),
        (6, "node-assert", "equal"),
        (7, "node-assert", "ok"),
        (8, "node-assert", "deepStrictEqual"),
        (9, "node-assert", "throws"),
        (10, "node-assert", "rejects"),
        (11, "node-assert", "match"),
    ]
    assert [(a.exception_types, a.has_match) for a in found[4:6]] == [
        (("TypeError",), False),
        ((), True),
    ]


def test_chai_expect_assert_should_and_sinon() -> None:
    source = """const chai = require('chai');
const { assert } = chai;
const { expect } = require('chai');
const sinon = require('sinon');
describe('chai', () => {
  it('asserts', () => {
    expect(x).to.equal(1);
    expect(y).to.be.true;
    expect(z).to.not.deep.equal({});
    assert.equal(a, b);
    x.should.equal(2);
    y.should.not.be.null;
    expect(fn).to.throw(RangeError, 'too big');
    sinon.assert.calledOnce(spy);
  });
});
"""
    found = _assertions("test/chai.spec.js", source)
    assert [(a.line, a.style, a.method, a.negated) for a in found] == [
        (7, "chai", "to.equal", False),
        (8, "chai", "to.be.true", False),
        (9, "chai", "to.deep.equal", True),
        (10, "chai", "equal", False),
        (11, "chai", "should.equal", False),
        (12, "chai", "should.be.null", True),
        (13, "chai", "to.throw", False),
        (14, "mock", "calledOnce", False),
    ]
    assert (found[6].exception_types, found[6].has_match) == (("RangeError",), True)
    assert found[4].operands == (Operand("x", None, None), Operand("2", "number", "n:2"))


def test_conditional_flags_follow_the_control_flow_of_the_test_body() -> None:
    source = """it('flows', () => {
  if (a) { expect(1).toBe(1); } else { expect(2).toBe(2); }
  for (const x of xs) expect(x).toBeTruthy();
  switch (k) { case 1: expect(k).toBe(1); }
  ready ? expect(r).toBe(1) : null;
  ok && expect(o).toBe(1);
  expect(a?.b?.c).toBe(1);
  items.forEach((i) => expect(i).toBeDefined());
  try { expect(t).toBe(1); } catch (e) { expect(e).toBeNull(); }
  if (expect(c).toBe(1)) {}
});
"""
    found = _assertions("flow.test.js", source)
    assert [(a.line, a.conditional, a.in_handler) for a in found] == [
        (2, True, False),
        (2, True, False),
        (3, True, False),
        (4, True, False),
        (5, True, False),
        (6, True, False),
        (7, False, False),
        (8, True, False),
        (9, False, False),
        (9, False, True),
        (10, False, False),
    ]


def test_assertions_in_helpers_of_test_files_carry_the_helper_symbol() -> None:
    source = """function checkShape(v) { expect(v).toHaveProperty('id'); }
const checkAll = (vs) => vs.map(checkShape);
it('shapes', () => { checkShape(make()); checkAll([]); });
"""
    facts = extract("test/shape.js", source.encode()).facts
    (found,) = [f for f in facts if isinstance(f, Assertion)]
    assert (found.symbol, found.line) == ("test/shape.js::checkShape", 1)
    (case,) = [f for f in facts if type(f).__name__ == "TestCase"]
    assert case.calls == ("checkAll", "checkShape", "make")


def test_early_return_counts_later_assertions_but_not_nested_returns() -> None:
    source = """it('returns', async () => {
  const data = await load(() => { return 1; });
  if (!data) return;
  expect(data).toBeDefined();
  items.map((i) => { return i; });
  return;
  expect(data.size).toBe(2);
});
it('promise style', () => {
  return fetchIt().then((r) => {
    expect(r).toBe(1);
  });
});
"""
    facts = extract("ret.test.js", source.encode()).facts
    returns = [
        (f.line, f.symbol, f.conditional, f.assertions_after)
        for f in facts
        if isinstance(f, Return)
    ]
    assert returns == [
        (3, "ret.test.js::returns", True, 2),
        (6, "ret.test.js::returns", False, 1),
        (10, "ret.test.js::promise style", False, 0),
    ]


def test_catch_blocks_and_promise_catch_handlers() -> None:
    source = """it('swallows', async () => {
  try { expect(await go()).toBe(1); } catch (e) {}
  try { run(); } catch { /* ignored */ }
  try { run(); } catch (e) { throw e; }
  try { run(); } catch (e) { expect(e.message).toMatch(/x/); }
  try { run(); } catch (e) { return; }
  try { run(); } catch (e) { log(e); }
  await go().then((v) => expect(v).toBe(1)).catch(() => {});
});
function prod() { try { run(); } catch (e) { setTimeout(() => { throw e; }); } }
"""
    facts = extract("catch.test.ts", source.encode()).facts
    handlers = [
        (f.line, f.body, f.in_test, f.try_has_assertions, f.caught)
        for f in facts
        if isinstance(f, Handler)
    ]
    assert handlers == [
        (2, "empty", True, True, ()),
        (3, "empty", True, False, ()),
        (4, "reraise", True, False, ()),
        (5, "asserts", True, False, ()),
        (6, "return", True, False, ()),
        (7, "other", True, False, ()),
        (8, "empty", True, True, ()),
        (10, "other", False, False, ()),
    ]


def test_type_expectations_and_node_test_context_assert() -> None:
    source = """import { test, expectTypeOf } from 'vitest';
test('types', () => { expectTypeOf(parse('1')).toEqualTypeOf<number>(); });
"""
    found = _assertions("types.test-d.ts", source)
    assert [(a.style, a.method) for a in found] == [("expect-type", "toEqualTypeOf")]
    source = """import test from 'node:test';
test('ctx', (t) => { t.assert.strictEqual(f(), 2); });
"""
    found = _assertions("ctx.test.mjs", source)
    assert [(a.style, a.method, a.symbol) for a in found] == [
        ("node-assert", "strictEqual", "ctx.test.mjs::ctx")
    ]


def test_assertions_in_suite_hooks_carry_the_suite_symbol() -> None:
    source = """describe('db', () => {
  beforeEach(() => { expect(pool.size).toBe(0); });
  it('q', () => { expect(q()).toBe(1); });
});
"""
    found = _assertions("test/db.js", source)
    assert [(a.line, a.symbol) for a in found] == [
        (2, "test/db.js::db"),
        (3, "test/db.js::db > q"),
    ]
