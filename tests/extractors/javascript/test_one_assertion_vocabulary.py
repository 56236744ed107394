"""The integrity facts and the test comparison recognise the same JS/TS assertions: one
recogniser (``assertions.py``) says which call is a check, where it starts, its subject and
its matcher chain, and the comparison projects its normalized checks from that site
(``testfile_assertions.py``). Each spelling below is read by both, on the same line."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.common.testfile import parse_test_file
from ralph_validate.extractors.facts.integrity import Assertion
from ralph_validate.extractors.facts.testfile import Kind

HEADER = "const x = 1, p = Promise.resolve(1), spy = () => 1, app = {};\n"

# (imports, the statement of the test body, how many checks the comparison reads from it)
SPELLINGS = {
    "expect": ("import { test, expect } from 'vitest';", "expect(x).toBe(1);", 1),
    "expect-not": ("import { test, expect } from 'vitest';", "expect(x).not.toBe(1);", 1),
    "expect-soft": ("import { test, expect } from 'vitest';", "expect.soft(x).toBe(1);", 1),
    "expect-poll": (
        "import { test, expect } from '@playwright/test';",
        "await expect.poll(() => x).toBe(1);",
        1,
    ),
    "resolves": ("import { test, expect } from 'vitest';", "await expect(p).resolves.toBe(1);", 1),
    "rejects-unawaited": (
        "import { test, expect } from 'vitest';",
        "expect(p).rejects.toThrow();",
        1,
    ),
    "expect-assertions": ("import { test, expect } from 'vitest';", "expect.assertions(1);", 1),
    "expect-type-of": (
        "import { test, expectTypeOf } from 'vitest';",
        "expectTypeOf(x).toEqualTypeOf<number>();",
        1,
    ),
    "vitest-assert": ("import { test, assert } from 'vitest';", "assert.equal(x, 1);", 1),
    "vitest-namespace-expect": ("import * as v from 'vitest';", "v.expect(x).toBe(1);", 1),
    "vitest-namespace-assert": ("import * as v from 'vitest';", "v.assert.equal(x, 1);", 1),
    "chai-assert": ("import { assert } from 'chai';", "assert.equal(x, 1);", 1),
    "chai-expect": ("import { expect } from 'chai';", "expect(x).to.equal(1);", 1),
    # One chai chain, two checks: the type, then the value (``.and`` links them).
    "chai-and": (
        "import { expect } from 'chai';",
        "expect(x).to.be.a('number').and.equal(1);",
        2,
    ),
    "should": ("import 'chai/register-should';", "x.should.equal(1);", 1),
    "should-property": ("import 'chai/register-should';", "x.should.be.true;", 1),
    "should-not": ("import 'chai/register-should';", "x.should.not.equal(2);", 1),
    "node-assert": ("import assert from 'node:assert';", "assert.equal(x, 1);", 1),
    "node-assert-strict": ("import { strict as assert } from 'assert';", "assert.equal(x, 1);", 1),
    "node-assert-call": ("const assert = require('assert');", "assert(x === 1);", 1),
    "sinon-assert": ("import sinon from 'sinon';", "sinon.assert.calledOnce(spy);", 1),
    "in-callback": (
        "import { test, expect } from 'vitest';",
        "[1, 2].forEach((v) => expect(v).toBeTruthy());",
        1,
    ),
    "supertest": (
        "import request from 'supertest';",
        "await request(app).get('/').expect(200);",
        1,
    ),
}


def _read(imports: str, statement: str) -> tuple[list[int], list[int]]:
    source = (
        f"{imports}\nimport {{ test }} from 'vitest';\n{HEADER}"
        f"test('t', async () => {{\n  {statement}\n}});\n"
    )
    facts = sorted(a.line for a in extract("src/a.test.ts", source.encode()).of_type(Assertion))
    (test,) = parse_test_file("src/a.test.ts", source).tests
    return facts, sorted(a.line for a in test.assertions)


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_both_readers_recognise_the_same_assertion(spelling: str) -> None:
    imports, statement, checks = SPELLINGS[spelling]
    facts, compared = _read(imports, statement)
    assert facts == [5], (spelling, facts)
    assert compared == [5] * checks, (spelling, compared)


@pytest.mark.parametrize(
    ("imports", "statement"),
    [
        ("import { test } from 'vitest';", "expectOk(x);"),
        ("import { test, expect } from 'vitest';", "expect(x);"),
        ("import { test, expect } from 'vitest';", "expect(x).toBe;"),
        ("import { test } from 'vitest';", "helpers.assert.equal(x, 1);"),
    ],
)
def test_neither_reader_takes_a_call_that_checks_nothing(imports: str, statement: str) -> None:
    assert _read(imports, statement) == ([], [])


def test_sinon_assert_reads_as_a_call_count_on_the_spy() -> None:
    source = (
        "import sinon from 'sinon';\nimport { test } from 'vitest';\nconst spy = () => 1;\n"
        "test('t', () => { sinon.assert.calledOnce(spy); });\n"
    )
    (test,) = parse_test_file("src/a.test.ts", source).tests
    (check,) = test.assertions
    assert (check.kind, check.subject, check.expected and check.expected.value) == (
        Kind.CALLED_TIMES,
        "spy",
        1,
    )


def test_a_vitest_assert_is_a_check_for_the_test_facts() -> None:
    source = (
        "import { test, assert } from 'vitest';\nimport { one } from './one';\n"
        "test('one is one', () => { assert.equal(one(), 1); });\n"
    )
    (fact,) = extract("src/one.test.ts", source.encode()).of_type(Assertion)
    assert (fact.line, fact.style, fact.method) == (3, "chai", "equal")
