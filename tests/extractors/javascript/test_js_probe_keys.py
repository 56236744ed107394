"""JavaScript/TypeScript runner probes whose key is an array callback's element, a loop
variable, a search of the environment's keys, or destructured from an alias."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import RunnerProbe


def _probes(source: str, path: str = "src/fees.ts") -> list[tuple[int, str, str, bool]]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return sorted(
        (f.line, f.source, f.name, f.returns) for f in facts if isinstance(f, RunnerProbe)
    )


def test_an_array_callback_reads_each_name_of_the_array() -> None:
    found = _probes(
        """
        const NAMES = ['JEST_WORKER_ID', 'VITEST'];
        export function a(x: number): number {
          if (['VITEST_POOL_ID'].some((k) => k in process.env)) return 0;
          if (NAMES.find(function (name) { return process.env[name]; })) return 1;
          for (const key of NAMES) {
            if (Reflect.has(globalThis, key)) return 2;
          }
          return x;
        }
        """
    )
    assert found == [
        (4, "env", "VITEST_POOL_ID", True),
        (5, "env", "JEST_WORKER_ID", True),
        (5, "env", "VITEST", True),
        (7, "global", "JEST_WORKER_ID", True),
        (7, "global", "VITEST", True),
    ]


def test_a_search_of_the_environment_keys_reads_what_it_searches_for() -> None:
    found = _probes(
        """
        function b(x) {
          const testing = Object.keys(process.env).some((k) => k.startsWith('JEST_'));
          return testing ? 0 : x;
        }
        function c(x) {
          return Object.getOwnPropertyNames(globalThis).includes('vitest') ? 0 : x;
        }
        function d(x) {
          if (Object.entries(process.env).find(([key]) => key === 'VITEST')) return 0;
          return x;
        }
        """,
        "lib/fees.js",
    )
    assert found == [
        (3, "env", "JEST_", True),
        (7, "global", "vitest", True),
        (10, "env", "VITEST", True),
    ]


def test_keys_destructured_from_an_alias_of_the_environment_are_read() -> None:
    found = _probes(
        """
        const env = process.env;
        const g = globalThis;
        export function d(x: number): number {
          const { VITEST: v } = env;
          const { jest } = g;
          if (v || jest) return 0;
          return x;
        }
        """
    )
    assert found == [(5, "env", "VITEST", True), (6, "global", "jest", True)]
