"""JS/TS behaviour facts: runner probes, patches, equality hooks, state flips, answers,
expectations and error handlers, across import and require styles."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts import Fact
from ralph_validate.extractors.facts.impl import (
    EnvWrite,
    EqualityOverride,
    ErrorHandler,
    LiteralAnswer,
    RunnerProbe,
    RuntimePatch,
    StateFlip,
    TestExpectation,
)


def _facts(source: str, path: str = "src/app.ts") -> tuple[Fact, ...]:
    return extract(path, textwrap.dedent(source).encode()).facts


def _of(facts: tuple[Fact, ...], cls: type) -> list:
    return [f for f in facts if isinstance(f, cls)]


@pytest.mark.parametrize(
    ("header", "read"),
    [
        ("", "process.env.VITEST"),
        ("", "process.env['VITEST']"),
        ("import { env } from 'node:process';", "env.VITEST"),
        ("import { env as e } from 'process';", "e.VITEST"),
        ("import * as proc from 'node:process';", "proc.env.VITEST"),
        ("const { env } = require('process');", "env.VITEST"),
    ],
)
def test_environment_reads_in_every_import_style(header: str, read: str) -> None:
    facts = _facts(f"{header}\nexport function f(x) {{\n  if ({read}) return 1;\n  return x;\n}}\n")
    assert [(p.source, p.name, p.returns) for p in _of(facts, RunnerProbe)] == [
        ("env", "VITEST", True)
    ]


def test_probes_record_compared_values_and_whether_a_return_depends_on_them() -> None:
    facts = _facts(
        """
        export function a(x) {
          return typeof jest !== 'undefined' ? 0 : x;
        }
        export function b() {
          if (process.env.NODE_ENV !== 'test') {
            listen();
          }
        }
        const level = process.env.NODE_ENV === 'test' ? 'silent' : 'info';
        export function c() {
          if (process.argv.some((arg) => arg.includes('mocha'))) {
            return 'testing';
          }
          return 'running';
        }
        """,
        "src/app.js",
    )
    probes = [(p.line, p.source, p.name, p.value, p.returns) for p in _of(facts, RunnerProbe)]
    assert probes == [
        (3, "global", "jest", "undefined", True),
        (6, "env", "NODE_ENV", "test", False),
        (10, "env", "NODE_ENV", "test", False),
        (12, "argv", "mocha", "", True),
    ]


def test_patches_of_globals_and_imports_but_not_of_own_objects() -> None:
    facts = _facts(
        """
        import assert from 'node:assert';
        const state = { ready: false };
        Date.now = () => 0;
        globalThis.it = () => {};
        assert.strictEqual = () => {};
        expect = () => ({ toBe() {} });
        state.ready = true;
        performance.now = performance.now || (() => 0);
        class A { constructor() { this.n = 1; } }
        """
    )
    patches = [(p.line, p.target, p.keeps_original) for p in _of(facts, RuntimePatch)]
    assert patches == [
        (4, "Date.now", False),
        (5, "globalThis.it", False),
        (6, "node:assert.strictEqual", False),
        (7, "expect", False),
        (9, "performance.now", True),
    ]


def test_equality_hooks_of_classes_and_objects() -> None:
    facts = _facts(
        """
        class Money {
          equals(other) { return true; }
          valueOf() { return this.cents; }
        }
        const any = { asymmetricMatch: () => true };
        class Point {
          equals(other) {
            if (!(other instanceof Point)) return false;
            return other.x === this.x;
          }
        }
        """
    )
    hooks = [(h.owner, h.method, h.returns) for h in _of(facts, EqualityOverride)]
    assert hooks == [
        ("Money", "equals", ("true",)),
        ("Money", "valueOf", ("other",)),
        ("", "asymmetricMatch", ("true",)),
        ("Point", "equals", ("false", "other")),
    ]


def test_state_flips_only_for_module_level_names() -> None:
    facts = _facts(
        """
        let calls = 0;
        const cache = new Map();
        export function next(x) {
          calls++;
          if (calls > 1) {
            return x + 1;
          }
          return x;
        }
        export function read(stream) {
          let total = 0;
          const step = () => {
            total += 1;
            if (total > 9) {
              return false;
            }
            return true;
          };
          return step();
        }
        export function memo(k) {
          if (cache.has(k)) return cache.get(k);
          cache.set(k, k * 2);
          return cache.get(k);
        }
        """
    )
    flips = [(f.line, f.name, f.write, f.returns_state) for f in _of(facts, StateFlip)]
    assert flips == [(6, "calls", "augment", False)]


def test_answers_from_if_chains_switch_cases_and_object_tables() -> None:
    facts = _facts(
        """
        const FEES = { express: 25, 'over night': 40 };
        export function fee(kind: string): number {
          return FEES[kind];
        }
        export function day(n: number): string {
          if (n === 3) return 'Thursday';
          switch (n) {
            case 4:
              return 'Friday';
          }
          return `day ${n}`;
        }
        """
    )
    answers = [
        (a.line, a.form, a.functions, a.key, a.value, a.size, a.general)
        for a in _of(facts, LiteralAnswer)
    ]
    assert answers == [
        (7, "branch", ("day",), "n:3", "s:Thursday", 2, True),
        (9, "branch", ("day",), "n:4", "s:Friday", 2, True),
        (2, "table", ("fee",), "s:express", "n:25", 2, False),
        (2, "table", ("fee",), "s:over night", "n:40", 2, False),
    ]


def test_expectations_in_expect_chai_and_node_assert_styles() -> None:
    facts = _facts(
        """
        import { fee } from '../src/fees';
        it('x', async () => {
          expect(fee('express')).toBe(25);
          expect(await fees.fee(2)).toEqual(-3);
          expect(fee(3)).to.equal(7);
          assert.strictEqual(fee('a'), 'b');
          expect(fee(x)).toBe(1);
        });
        """,
        "test/fees.test.ts",
    )
    expected = [(e.callee, e.args, e.expected) for e in _of(facts, TestExpectation)]
    assert expected == [
        ("fee", ("s:express",), "n:25"),
        ("fee", ("n:2",), "n:-3"),
        ("fee", ("n:3",), "n:7"),
        ("fee", ("s:a",), "s:b"),
    ]


def test_handlers_of_catch_clauses_and_promise_callbacks() -> None:
    facts = _facts(
        """
        export async function f(url) {
          try { await get(url); } catch {}
          try { await get(url); } catch (e) { if (!(e instanceof NotFound)) throw e; }
          try { await get(url); } catch (err) { return { ok: false, err }; }
          try { await get(url); } catch (err) { console.log('failed', err); return null; }
          get(url).catch(() => undefined).catch(console.error);
          get(url).catch((err) => Promise.reject(new Error(String(err))));
        }
        """,
        "src/client.js",
    )
    handlers = [(h.line, h.form, h.raises, h.steps, h.text) for h in _of(facts, ErrorHandler)]
    assert handlers == [
        (3, "catch", False, (), "catch"),
        (4, "catch", True, ("other",), "catch (e)"),
        (5, "catch", False, ("return:error",), "catch (err)"),
        (6, "catch", False, ("log:log", "return:none"), "catch (err)"),
        (7, "promise-catch", False, ("return:none",), ".catch(() => undefined)"),
        (
            8,
            "promise-catch",
            True,
            ("call:error",),
            ".catch((err) => Promise.reject(new Error(String(err))))",
        ),
    ]


def test_a_probe_carried_through_a_constant_or_a_helper_decides_the_callers_return() -> None:
    facts = _facts(
        """
        const IS_TEST = process.env.JEST_WORKER_ID !== undefined;
        const quiet = process.env.NODE_ENV === 'test';
        const inVitest = () => Boolean(process.env.VITEST);
        export function fee(x: number): number {
          if (IS_TEST) return 3;
          return inVitest() ? 4 : x * 2;
        }
        export function level(): string {
          return quiet ? 'silent' : 'info';
        }
        """
    )
    probes = [
        (p.line, p.name, p.returns, p.deciding, p.arguments, p.mixed)
        for p in _of(facts, RunnerProbe)
    ]
    assert probes == [
        (2, "JEST_WORKER_ID", True, ("fee",), True, True),
        (3, "NODE_ENV", True, ("level",), False, False),
        (4, "VITEST", True, ("fee",), True, True),
    ]


def test_environment_writes_of_setup_files() -> None:
    facts = _facts(
        """
        import { vi } from 'vitest';
        process.env.FAKE_MAIL = '1';
        process.env['FAKE_SMS'] = '1';
        vi.stubEnv('FAKE_PAY', 'yes');
        """,
        "vitest.setup.ts",
    )
    assert [w.name for w in _of(facts, EnvWrite)] == ["FAKE_MAIL", "FAKE_SMS", "FAKE_PAY"]


def test_each_rows_become_one_expectation_each() -> None:
    facts = _facts(
        """
        describe('fees', () => {
          it.each([[2, 9], [4, 13]])('fee of %i kg', (weight: number, expected: number) => {
            expect(expressFee(weight)).toBe(expected);
          });
          test.each([{ code: 'GOLD', pct: 15 }])('discount $code', ({ code, pct }) => {
            expect(discount(code)).toEqual(pct);
          });
        });
        """,
        "src/fees.test.ts",
    )
    expected = [(e.callee, e.args, e.expected) for e in _of(facts, TestExpectation)]
    assert expected == [
        ("expressFee", ("n:2",), "n:9"),
        ("expressFee", ("n:4",), "n:13"),
        ("discount", ("s:GOLD",), "n:15"),
    ]


def test_state_of_factories_and_static_members_outlives_a_call() -> None:
    facts = _facts(
        """
        export function makeCounter() {
          let n = 0;
          return {
            next(x: number) {
              n++;
              if (n > 2) return x * 10;
              return x;
            },
          };
        }
        export function sum(items: number[]) {
          let total = 0;
          return items.map((x) => {
            total += x;
            return total > 10 ? false : true;
          });
        }
        export class Quota {
          static used = 0;
          allow(n: number) {
            Quota.used += 1;
            if (Quota.used > 3) return false;
            return n > 0;
          }
        }
        """
    )
    assert [(f.line, f.name) for f in _of(facts, StateFlip)] == [(7, "n"), (23, "Quota.used")]


def test_spies_and_fake_timers_name_what_they_replace() -> None:
    facts = _facts(
        """
        jest.spyOn(Date, 'now').mockReturnValue(0);
        vi.useFakeTimers();
        Object.defineProperty(Math, 'random', { value: () => 0.5 });
        Object.defineProperty(exports, '__esModule', { value: true });
        """
    )
    patches = [(p.line, p.target) for p in _of(facts, RuntimePatch)]
    assert patches == [
        (2, "Date.now"),
        (3, "vi.useFakeTimers"),
        (4, "Math.random"),
        (5, "exports.__esModule"),
    ]


def test_process_wide_error_events_are_handlers() -> None:
    facts = _facts(
        """
        process.on('uncaughtException', () => {});
        process.once('unhandledRejection', (reason) => { throw reason; });
        emitter.on('data', () => {});
        """,
        "src/main.js",
    )
    handlers = [(h.line, h.form, h.raises, h.steps) for h in _of(facts, ErrorHandler)]
    assert handlers == [(2, "event", False, ()), (3, "event", True, ("other",))]


def test_destructured_environment_reads_are_decided_through_their_uses() -> None:
    facts = _facts(
        """
        const { NODE_ENV, JEST_WORKER_ID: worker, PORT } = process.env;
        export function fee(x: number): number {
          if (NODE_ENV === 'test') return 0;
          return worker ? 1 : x * 2;
        }
        export function listen() {
          return PORT;
        }
        """
    )
    probes = [(p.name, p.value, p.returns, p.deciding) for p in _of(facts, RunnerProbe)]
    assert probes == [
        ("NODE_ENV", "test", True, ("fee",)),
        ("JEST_WORKER_ID", "", True, ("fee",)),
        ("PORT", "", False, ()),
    ]
