"""A JS/TS parameter or local named like an import is not the import, and a ``require``
inside one test is read in that test only: doubles and imported calls follow the binding
the name reads where it is written."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Double, ImportedCall

SOURCE = """import { vi, test, expect } from 'vitest';
import * as api from '../src/api';

test('imported', () => {
  vi.spyOn(api, 'fetch').mockReturnValue(1);
  expect(api.total()).toBe(3);
});

test('local object', () => {
  const api = { fetch: () => 1, total: () => 3 };
  vi.spyOn(api, 'fetch').mockReturnValue(2);
  expect(api.total()).toBe(3);
});

test('parameter', () => {
  [{ total: () => 3 }].forEach((api) => expect(api.total()).toBe(3));
});

test('required here', () => {
  const api = require('../src/legacy');
  vi.spyOn(api, 'fetch').mockReturnValue(4);
  expect(api.total()).toBe(3);
});
"""


def _facts(kind: type) -> list:
    return [f for f in extract("test/api.test.ts", SOURCE.encode()).facts if isinstance(f, kind)]


def test_spies_name_the_module_the_name_reads_where_it_is_written() -> None:
    assert [(d.line, d.target) for d in _facts(Double)] == [
        (5, "src/api#fetch"),
        (21, "src/legacy#fetch"),
    ]


def test_imported_calls_follow_the_same_binding() -> None:
    calls = [(c.line, c.target) for c in _facts(ImportedCall) if "#total" in c.target]
    assert calls == [(6, "src/api#total"), (22, "src/legacy#total")]
