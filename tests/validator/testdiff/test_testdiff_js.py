"""TS/JS test files: every weakening class is named, and its honest twin gives nothing."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.validator.testdiff import compare_test_file, parse_test_file


def changes(base: str, head: str, path: str = "src/cart.test.ts") -> list[tuple[str, str, str]]:
    """(change, BASE text, HEAD text) of every change in the file, in report order."""
    result = compare_test_file(path, textwrap.dedent(base), textwrap.dedent(head))
    assert result.error is None
    # Every test must be paired and hold assertions, or "no change" would prove nothing.
    assert result.tests and not result.removed and not result.added
    parsed_base = parse_test_file(path, textwrap.dedent(base))
    assert all(t.assertions for t in parsed_base.tests)
    return [(c.change.value, c.base_text, c.head_text or "") for _, c in result.changes]


def jest(body: str) -> str:
    """A jest test file with ``body`` inside nested describes."""
    inner = textwrap.indent(textwrap.dedent(body).strip(), "      ")
    return (
        "describe('cart', () => {\n  describe(`total ${'EUR'}`, () => {\n"
        "    it('adds prices', async () => {\n" + inner + "\n    });\n  });\n});\n"
    )


def node_test(body: str) -> str:
    """The file of ``jest(body)`` moved to node:test and node:assert."""
    imports = "import { describe, it } from 'node:test';\n"
    return imports + "import assert from 'node:assert/strict';\n" + jest(body)


def chai(body: str) -> str:
    """A mocha/chai test file with ``body`` in a top-level test."""
    inner = textwrap.indent(textwrap.dedent(body).strip(), "  ")
    return (
        "const { expect } = require('chai');\nconst assert = require('node:assert');\n"
        "it('adds prices', function () {\n" + inner + "\n});\n"
    )


CHEATS = [
    pytest.param(
        jest("expect(total(cart)).toBe(30);"),
        jest("expect(total(cart)).toBe(25);"),
        [("expected-edited", "expect(total(cart)).toBe(30);", "expect(total(cart)).toBe(25);")],
        id="expected-edited-jest",
    ),
    pytest.param(
        chai("assert.deepStrictEqual(total(cart), { sum: 30 });"),
        chai("expect(total(cart)).to.deep.equal({ sum: 25 });"),
        [
            (
                "expected-edited",
                "assert.deepStrictEqual(total(cart), { sum: 30 });",
                "expect(total(cart)).to.deep.equal({ sum: 25 });",
            )
        ],
        id="expected-edited-node-assert-to-chai",
    ),
    pytest.param(
        jest("expect(ratio()).toBeCloseTo(0.3, 5);"),
        jest("expect(ratio()).toBeCloseTo(0.3, 1);"),
        [
            (
                "tolerance-widened",
                "expect(ratio()).toBeCloseTo(0.3, 5);",
                "expect(ratio()).toBeCloseTo(0.3, 1);",
            )
        ],
        id="tolerance-widened-jest",
    ),
    pytest.param(
        jest("expect(fee()).toBe(0);"),
        jest("expect(fee()).toBeCloseTo(50);"),
        [("expected-edited", "expect(fee()).toBe(0);", "expect(fee()).toBeCloseTo(50);")],
        id="expected-edited-exact-to-close-to-another-value",
    ),
    pytest.param(
        jest("expect(ratio()).toBe(0.3);"),
        jest("expect(ratio()).toBeCloseTo(0.3, 1);"),
        [
            (
                "tolerance-widened",
                "expect(ratio()).toBe(0.3);",
                "expect(ratio()).toBeCloseTo(0.3, 1);",
            )
        ],
        id="tolerance-widened-exact-to-close-to-the-same-value",
    ),
    pytest.param(
        chai("expect(ratio()).to.equal(0.3);"),
        chai("expect(ratio()).to.be.closeTo(0.3, 0.1);"),
        [
            (
                "tolerance-widened",
                "expect(ratio()).to.equal(0.3);",
                "expect(ratio()).to.be.closeTo(0.3, 0.1);",
            )
        ],
        id="tolerance-widened-chai-exact-to-close",
    ),
    pytest.param(
        jest("await expect(pay(-1)).rejects.toThrow(RangeError);"),
        jest("await expect(pay(-1)).rejects.toThrow();"),
        [
            (
                "exception-widened",
                "await expect(pay(-1)).rejects.toThrow(RangeError);",
                "await expect(pay(-1)).rejects.toThrow();",
            )
        ],
        id="exception-widened-rejects-any",
    ),
    pytest.param(
        jest("expect(() => pay(-1)).toThrow(TypeError);"),
        jest("expect(() => pay(-1)).toThrow(Error);"),
        [
            (
                "exception-widened",
                "expect(() => pay(-1)).toThrow(TypeError);",
                "expect(() => pay(-1)).toThrow(Error);",
            )
        ],
        id="exception-widened-to-error",
    ),
    pytest.param(
        chai("assert.throws(() => pay(-1), /must be positive/);"),
        chai("assert.throws(() => pay(-1));"),
        [
            (
                "exception-widened",
                "assert.throws(() => pay(-1), /must be positive/);",
                "assert.throws(() => pay(-1));",
            )
        ],
        id="exception-widened-message-dropped",
    ),
    pytest.param(
        jest("expect(order().status).toBe('shipped');"),
        jest("expect(['shipped', 'pending']).toContain(order().status);"),
        [
            (
                "exact-to-membership",
                "expect(order().status).toBe('shipped');",
                "expect(['shipped', 'pending']).toContain(order().status);",
            )
        ],
        id="exact-to-membership-jest",
    ),
    pytest.param(
        chai("expect(order().status).to.equal('shipped');"),
        chai("expect(order().status).to.be.oneOf(['shipped', 'pending']);"),
        [
            (
                "exact-to-membership",
                "expect(order().status).to.equal('shipped');",
                "expect(order().status).to.be.oneOf(['shipped', 'pending']);",
            )
        ],
        id="exact-to-membership-chai",
    ),
    pytest.param(
        jest("expect(message()).toEqual('user 42 not found');"),
        jest("expect(message()).toMatch(/not found/);"),
        [
            (
                "exact-to-substring",
                "expect(message()).toEqual('user 42 not found');",
                "expect(message()).toMatch(/not found/);",
            )
        ],
        id="exact-to-substring-jest",
    ),
    pytest.param(
        chai("assert.strictEqual(message(), 'user 42 not found');"),
        chai("assert.ok(message().includes('not found'));"),
        [
            (
                "exact-to-substring",
                "assert.strictEqual(message(), 'user 42 not found');",
                "assert.ok(message().includes('not found'));",
            )
        ],
        id="exact-to-substring-node-assert",
    ),
    pytest.param(
        jest("expect(user()).toEqual({ id: 1, name: 'Ann' });"),
        jest("expect(user()).toMatchObject({ id: 1 });"),
        [
            (
                "exact-to-partial",
                "expect(user()).toEqual({ id: 1, name: 'Ann' });",
                "expect(user()).toMatchObject({ id: 1 });",
            )
        ],
        id="exact-to-partial-match-object",
    ),
    pytest.param(
        jest("expect(user()).toStrictEqual({ id: 1, name: 'Ann' });"),
        jest("expect(user()).toEqual(expect.objectContaining({ id: 1 }));"),
        [
            (
                "exact-to-partial",
                "expect(user()).toStrictEqual({ id: 1, name: 'Ann' });",
                "expect(user()).toEqual(expect.objectContaining({ id: 1 }));",
            )
        ],
        id="exact-to-partial-object-containing",
    ),
    pytest.param(
        jest(
            """
            const u = await user();
            expect(u).toEqual({ id: 1, name: 'Ann', role: 'admin' });
            """
        ),
        jest(
            """
            const u = await user();
            expect(u.id).toBe(1);
            """
        ),
        [
            (
                "exact-to-partial",
                "expect(u).toEqual({ id: 1, name: 'Ann', role: 'admin' });",
                "expect(u.id).toBe(1);",
            )
        ],
        id="exact-to-partial-key-subset",
    ),
    pytest.param(
        jest("expect(count()).toBe(5);"),
        jest("expect(count()).toBeTruthy();"),
        [("exact-to-truthiness", "expect(count()).toBe(5);", "expect(count()).toBeTruthy();")],
        id="exact-to-truthiness-jest",
    ),
    pytest.param(
        chai("expect(count()).to.equal(5);"),
        chai("expect(count()).to.be.ok;"),
        [("exact-to-truthiness", "expect(count()).to.equal(5);", "expect(count()).to.be.ok;")],
        id="exact-to-truthiness-chai-property",
    ),
    pytest.param(
        jest("expect(user().name).toEqual('Ann');"),
        jest("expect(user().name).toBeDefined();"),
        [
            (
                "exact-to-none-check",
                "expect(user().name).toEqual('Ann');",
                "expect(user().name).toBeDefined();",
            )
        ],
        id="exact-to-none-check-defined",
    ),
    pytest.param(
        jest("expect(user().name).toEqual('Ann');"),
        jest("expect(user().name).not.toBeNull();"),
        [
            (
                "exact-to-none-check",
                "expect(user().name).toEqual('Ann');",
                "expect(user().name).not.toBeNull();",
            )
        ],
        id="exact-to-none-check-not-null",
    ),
    pytest.param(
        jest("expect(count()).toBe(3);"),
        jest("expect(typeof count()).toBe('number');"),
        [
            (
                "exact-to-type-check",
                "expect(count()).toBe(3);",
                "expect(typeof count()).toBe('number');",
            )
        ],
        id="exact-to-type-check-typeof",
    ),
    pytest.param(
        jest("expect(rows()).toEqual([1, 2]);"),
        jest("expect(rows()).toBeInstanceOf(Array);"),
        [
            (
                "exact-to-type-check",
                "expect(rows()).toEqual([1, 2]);",
                "expect(rows()).toBeInstanceOf(Array);",
            )
        ],
        id="exact-to-type-check-instance",
    ),
    pytest.param(
        jest("expect(items).toHaveLength(3);"),
        jest("expect(items.length).toBeGreaterThan(0);"),
        [
            (
                "count-to-bound",
                "expect(items).toHaveLength(3);",
                "expect(items.length).toBeGreaterThan(0);",
            )
        ],
        id="count-to-bound-length",
    ),
    pytest.param(
        jest("expect(send).toHaveBeenCalledTimes(2);"),
        jest("expect(send).toHaveBeenCalled();"),
        [
            (
                "count-to-bound",
                "expect(send).toHaveBeenCalledTimes(2);",
                "expect(send).toHaveBeenCalled();",
            )
        ],
        id="count-to-bound-calls",
    ),
    pytest.param(
        jest("expect(send).toHaveBeenCalledWith('ann', { subject: 'hi' });"),
        jest("expect(send).toHaveBeenCalled();"),
        [
            (
                "called-with-to-called",
                "expect(send).toHaveBeenCalledWith('ann', { subject: 'hi' });",
                "expect(send).toHaveBeenCalled();",
            )
        ],
        id="called-with-to-called-jest",
    ),
    pytest.param(
        chai("expect(send).to.have.been.calledWith('ann');"),
        chai("expect(send).to.have.been.called;"),
        [
            (
                "called-with-to-called",
                "expect(send).to.have.been.calledWith('ann');",
                "expect(send).to.have.been.called;",
            )
        ],
        id="called-with-to-called-sinon-chai",
    ),
    pytest.param(
        jest("expect(total(cart)).toBe(30);\nexpect(cart.closed).toBe(true);"),
        jest("expect(total(cart)).toBe(30);"),
        [("assertion-removed", "expect(cart.closed).toBe(true);", "")],
        id="assertion-removed",
    ),
    pytest.param(
        jest("const result = total(cart);\nexpect(result).toBe(30);"),
        jest("const result = total(cart);\n// expect(result).toBe(30);"),
        [("assertion-commented-out", "expect(result).toBe(30);", "expect(result).toBe(30);")],
        id="assertion-commented-out-line",
    ),
    pytest.param(
        chai("assert.equal(total(cart), 30);"),
        chai("/*\n * assert.equal(total(cart), 30);\n */\nassert.ok(true);"),
        [
            (
                "assertion-commented-out",
                "assert.equal(total(cart), 30);",
                "assert.equal(total(cart), 30);",
            )
        ],
        id="assertion-commented-out-block",
    ),
    pytest.param(
        jest("expect(elapsed()).toBeLessThan(100);"),
        jest("expect(elapsed()).toBeLessThan(1000);"),
        [
            (
                "bound-loosened",
                "expect(elapsed()).toBeLessThan(100);",
                "expect(elapsed()).toBeLessThan(1000);",
            )
        ],
        id="bound-loosened-jest",
    ),
    pytest.param(
        chai("assert.isAtLeast(score(), 90);"),
        chai("assert.isAtLeast(score(), 50);"),
        [("bound-loosened", "assert.isAtLeast(score(), 90);", "assert.isAtLeast(score(), 50);")],
        id="bound-loosened-chai-assert",
    ),
    pytest.param(
        "test.each([[1, 1, 2], [2, 2, 4]])('adds %i', (a, b, c) => {\n"
        "  expect(add(a, b)).toBe(c);\n});\n",
        "test.each([[1, 1, 2], [2, 2, 5]])('adds %i', (a, b, c) => {\n"
        "  expect(add(a, b)).toBe(c);\n});\n",
        [("expected-edited", "[2, 2, 4]", "[2, 2, 5]")],
        id="each-table-row-edited",
    ),
    pytest.param(
        jest("expect(el).toHaveTextContent('Total: 30');\nexpect(el).toBeInTheDocument();"),
        jest("expect(el).toHaveTextContent('Total: 25');"),
        [
            (
                "expected-edited",
                "expect(el).toHaveTextContent('Total: 30');",
                "expect(el).toHaveTextContent('Total: 25');",
            ),
            ("assertion-removed", "expect(el).toBeInTheDocument();", ""),
        ],
        id="plugin-matchers",
    ),
    pytest.param(
        jest("expect(() => pay(-1)).toThrow(RangeError);"),
        jest("expect(() => pay(-1)).not.toThrow();"),
        [
            (
                "expected-edited",
                "expect(() => pay(-1)).toThrow(RangeError);",
                "expect(() => pay(-1)).not.toThrow();",
            )
        ],
        id="throw-negated",
    ),
    pytest.param(
        "require('should');\nit('a', () => {\n  total(cart).should.equal(30);\n});\n",
        "require('should');\nit('a', () => {\n  total(cart).should.be.ok();\n});\n",
        [
            (
                "exact-to-truthiness",
                "total(cart).should.equal(30);",
                "total(cart).should.be.ok();",
            )
        ],
        id="should-style",
    ),
]


# A move from Jest to node:test keeps each check in Node's words (the mock's call record,
# ``assert.doesNotThrow``); what it asserts less is still named.
CHEATS += [
    pytest.param(
        jest("expect(send).toHaveBeenCalledWith('ann');"),
        node_test("assert.equal(send.mock.callCount(), 1);"),
        [
            (
                "called-with-to-called",
                "expect(send).toHaveBeenCalledWith('ann');",
                "assert.equal(send.mock.callCount(), 1);",
            )
        ],
        id="node-called-with-to-call-count",
    ),
    pytest.param(
        jest("expect(send).toHaveBeenCalledTimes(2);"),
        node_test("assert.ok(send.mock.calls.length >= 1);"),
        [
            (
                "count-to-bound",
                "expect(send).toHaveBeenCalledTimes(2);",
                "assert.ok(send.mock.calls.length >= 1);",
            )
        ],
        id="node-call-count-to-bound",
    ),
    pytest.param(
        jest("expect(() => pay(-1)).toThrow('negative');"),
        node_test("assert.throws(() => pay(-1));"),
        [
            (
                "exception-widened",
                "expect(() => pay(-1)).toThrow('negative');",
                "assert.throws(() => pay(-1));",
            )
        ],
        id="node-throws-without-message",
    ),
]


@pytest.mark.parametrize(("base", "head", "expected"), CHEATS)
def test_each_weakening_is_named_with_both_versions(
    base: str, head: str, expected: list[tuple[str, str, str]]
) -> None:
    """A cheat in a TS/JS test is reported with its class and both versions' text."""
    assert changes(base, head) == expected


HONEST = [
    pytest.param(
        jest("expect(total(cart)).toEqual({ sum: 30, items: [1, 2] });"),
        jest("expect(\n  total(cart),\n).toEqual({\n  sum: 30,\n  items: [1, 2,],\n});"),
        id="reformatted",
    ),
    pytest.param(
        jest("const result = total(cart);\nexpect(result).toBe(30);"),
        jest("const amount = total(cart);\nexpect(amount).toBe(30);"),
        id="local-renamed-consistently",
    ),
    pytest.param(
        chai("assert.ok(u.name === 'Ann' && u.age === 3);"),
        chai("assert.strictEqual(u.name, 'Ann');\nassert.strictEqual(u.age, 3);"),
        id="and-split-in-two",
    ),
    pytest.param(
        jest("expect(user()).toEqual({ id: 1, name: 'Ann' });"),
        jest("expect(user().id).toBe(1);\nexpect(user().name).toBe('Ann');"),
        id="object-equality-split-key-by-key",
    ),
    pytest.param(
        chai("assert.equal(total(cart), 30);"),
        chai("expect(total(cart)).to.equal(30);"),
        id="assert-to-expect-same-strength",
    ),
    pytest.param(
        jest("expect(total(cart)).toBe(30);"),
        jest("expect(total(cart)).toBe(30);\nexpect(cart.closed).toBe(true);"),
        id="extra-assertion",
    ),
    pytest.param(
        jest("expect(ratio()).toBeCloseTo(0.3, 2);"),
        jest("expect(ratio()).toBeCloseTo(0.3, 6);"),
        id="stricter-tolerance",
    ),
    pytest.param(
        jest("await expect(pay(-1)).rejects.toThrow();"),
        jest("await expect(pay(-1)).rejects.toThrow(RangeError);"),
        id="more-specific-exception",
    ),
    pytest.param(
        jest("expect(() => pay(-1)).toThrow(Error);"),
        jest("expect(() => pay(-1)).toThrow(new TypeError('negative'));"),
        id="error-to-subclass-with-message",
    ),
    pytest.param(
        jest("expect(user()).toMatchObject({ id: 1 });"),
        jest("expect(user()).toEqual({ id: 1, name: 'Ann' });"),
        id="partial-to-exact",
    ),
    pytest.param(
        jest("expect(items.length).toBeGreaterThan(0);"),
        jest("expect(items).toHaveLength(3);"),
        id="bound-to-count",
    ),
    pytest.param(
        jest("expect(elapsed()).toBeLessThan(100);"),
        jest("expect(elapsed()).toBeLessThanOrEqual(50);"),
        id="tighter-bound",
    ),
    pytest.param(
        jest("expect(send).toHaveBeenCalled();"),
        jest("expect(send).toHaveBeenCalledWith('ann');"),
        id="called-to-called-with",
    ),
    pytest.param(
        jest("// totals include tax\nexpect(total(cart)).toBe(30);"),
        jest("// totals include tax and fees\nexpect(total(cart)).toBe(30);"),
        id="prose-comment-edited",
    ),
    pytest.param(
        "it('ok', () => { expect(x).toBe(1); });\n",
        "it('ok', () => { x.should.equal(1); });\n",
        id="expect-to-should",
    ),
    pytest.param(
        jest("await expect(pay(-1)).rejects.toThrow(RangeError);"),
        jest("await expect(pay(-1)).rejects.toBeInstanceOf(RangeError);"),
        id="rejects-to-throw-to-instance-of",
    ),
    pytest.param(
        "it.each([{ a: 1, want: 2 }])('doubles', ({ a, want }) => {\n"
        "  expect(double(a)).toBe(want);\n});\n",
        "it.each([\n  { a: 1, want: 2 },\n  { a: 2, want: 4 },\n])('doubles', ({ a, want }) => {\n"
        "  expect(double(a)).toBe(want);\n});\n",
        id="each-table-row-added",
    ),
]


HONEST += [
    pytest.param(
        jest("expect(send).toHaveBeenCalled();"),
        node_test("assert.equal(send.mock.callCount(), 1);"),
        id="node-called-to-call-count",
    ),
    pytest.param(
        jest("expect(exit).toHaveBeenCalledWith(1);"),
        node_test(
            "assert(exit.mock.callCount() >= 1);\n"
            "assert.deepEqual(exit.mock.calls[0].arguments, [1]);"
        ),
        id="node-called-with-to-call-arguments",
    ),
    pytest.param(
        jest("expect(send).toHaveBeenCalledWith('ann', 2);"),
        jest("expect(send.mock.calls[0]).toEqual(['ann', 2]);"),
        id="jest-called-with-to-call-record",
    ),
    pytest.param(
        jest("expect(() => pay(1)).not.toThrow();"),
        node_test("assert.doesNotThrow(() => pay(1));"),
        id="node-does-not-throw",
    ),
]


@pytest.mark.parametrize(("base", "head"), HONEST)
def test_honest_twin_gives_nothing(base: str, head: str) -> None:
    """An edit that asserts as much or more than BASE is not a change."""
    assert changes(base, head) == []


@pytest.mark.parametrize(
    "path",
    [
        "a.test.js",
        "a.spec.jsx",
        "a.test.mjs",
        "a.test.cjs",
        "a.test.tsx",
        "a.test.mts",
        "a.test.cts",
    ],
)
def test_every_js_and_ts_extension_is_read(path: str) -> None:
    """Every TS/JS extension selects a grammar that reads the same test."""
    base = "it('a', () => { expect(f()).toBe(3); });\n"
    head = "it('a', () => { expect(f()).toBe(4); });\n"
    assert changes(base, head, path) == [
        ("expected-edited", "expect(f()).toBe(3);", "expect(f()).toBe(4);")
    ]


def test_aliased_imports_are_followed() -> None:
    """``import { strict as check }`` and ``import { expect as e }`` are still assertions."""
    base = (
        "import { strict as check } from 'node:assert';\n"
        "import { expect as e } from 'vitest';\n"
        "test('a', () => { check.equal(f(), 3); e(g()).toBe(1); });\n"
    )
    head = base.replace("check.equal(f(), 3)", "check.ok(f())").replace("toBe(1)", "toBe(2)")
    assert changes(base, head) == [
        ("exact-to-truthiness", "check.equal(f(), 3);", "check.ok(f());"),
        ("expected-edited", "e(g()).toBe(1);", "e(g()).toBe(2);"),
    ]


def test_a_node_test_subtest_is_a_test_of_its_own() -> None:
    """``t.test('sub', fn)`` holds its own checks: a check removed from one subtest is not
    paired with a check another subtest added, and the enclosing test holds none of them."""
    base = (
        "import test from 'node:test';\nimport assert from 'node:assert/strict';\n"
        "test('slug', async (ctx) => {\n"
        "  await ctx.test('dashes', () => {\n    assert.strictEqual(slug('A B'), 'a-b');\n"
        "    assert.ok(slug('a'));\n  });\n});\n"
    )
    head = base.replace("    assert.strictEqual(slug('A B'), 'a-b');\n", "").replace(
        "  });\n});\n",
        "  });\n  await ctx.test('accents', () => {\n"
        "    assert.strictEqual(slug('é'), 'e');\n  });\n});\n",
    )
    parsed = parse_test_file("test/slug.test.mjs", base)
    assert [(t.name, len(t.assertions)) for t in parsed.tests] == [
        ("slug", 0),
        ("slug > dashes", 2),
    ]
    result = compare_test_file("test/slug.test.mjs", base, head)
    assert [(name, c.change.value) for name, c in result.changes] == [
        ("slug > dashes", "assertion-removed")
    ]


def test_a_test_whose_body_is_one_expression_holds_its_check() -> None:
    """``it('x', () => assert.strictEqual(f(), 3))``: the arrow's expression is the check."""
    base = (
        "const { it } = require('node:test');\nconst ok = require('node:assert');\n"
        "it('counts', () => ok.strictEqual(count('a b'), 2));\n"
    )
    assert changes(base, base.replace(", 2)", ", 3)"), "test/count.test.cjs") == [
        (
            "expected-edited",
            "ok.strictEqual(count('a b'), 2)",
            "ok.strictEqual(count('a b'), 3)",
        )
    ]


def test_a_commented_out_check_with_prose_after_it_is_still_commented_out() -> None:
    """``// assert.equal(a, 1); -- flaky`` is the check commented out, never weakened into a
    check the test already made."""
    base = "it('a', () => {\n  assert.equal(text, 'x');\n  assert.ok(text);\n});\n"
    head = base.replace("  assert.equal(text, 'x');", "  // assert.equal(text, 'x'); -- flaky")
    assert changes(base, head, "test/a.test.js") == [
        (
            "assertion-commented-out",
            "assert.equal(text, 'x');",
            "assert.equal(text, 'x');",
        )
    ]


_REQUIRED_ALIASES = (
    "const { describe: group, it: check } = require('mocha');\n"
    "const { expect: e } = require('chai');\n"
    "const sure = require('node:assert/strict');\n"
    "import * as A from 'assert';\n"
    "group('g', () => {\n"
    "  check('a', () => { sure.equal(f(), 3); e(g()).to.equal(1); A.deepEqual(h(), [1]); });\n"
    "});\n"
)


def test_required_and_namespace_aliases_are_followed() -> None:
    """Suites, tests and assertions bound by ``require`` destructuring, a whole ``require``
    of an assert module and ``import * as`` are read through the file's imports."""
    head = (
        _REQUIRED_ALIASES.replace("sure.equal(f(), 3)", "sure.ok(f())")
        .replace("to.equal(1)", "to.equal(2)")
        .replace("A.deepEqual(h(), [1])", "A.ok(h())")
    )
    assert changes(_REQUIRED_ALIASES, head) == [
        ("exact-to-truthiness", "A.deepEqual(h(), [1]);", "A.ok(h());"),
        ("exact-to-truthiness", "sure.equal(f(), 3);", "sure.ok(f());"),
        ("expected-edited", "e(g()).to.equal(1);", "e(g()).to.equal(2);"),
    ]


def test_required_aliases_unchanged_give_nothing() -> None:
    """The honest twin: the same aliased file at both revisions changes nothing."""
    assert changes(_REQUIRED_ALIASES, _REQUIRED_ALIASES) == []
    parsed = parse_test_file("a.test.js", _REQUIRED_ALIASES)
    assert [t.name for t in parsed.tests] == ["g > a"]
    assert len(parsed.tests[0].assertions) == 3
