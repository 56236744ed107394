"""JS/TS runner probes through aliases of the environment and the global object, constant
keys, and presence tests (``in``, ``Reflect.has``, ``Object.hasOwn``, ``hasOwnProperty``)."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import RunnerProbe


def _probes(source: str, path: str = "src/app.ts") -> list[tuple[int, str, str, bool]]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    found = [(p.line, p.source, p.name, p.returns) for p in facts if isinstance(p, RunnerProbe)]
    return sorted(found)


def test_presence_tests_on_the_environment_and_its_alias_with_constant_keys() -> None:
    probes = _probes(
        """
        const K = 'VITEST_POOL_ID';
        const env = process.env;
        export function fee(amount: number): number {
          if ('VITEST_POOL_ID' in process.env) return 1;
          if (process.env[K] != null) return 2;
          if (env.VITEST_WORKER_ID) return 3;
          if (Object.hasOwn(env, 'JEST_WORKER_ID')) return 4;
          if (process.env.hasOwnProperty(K)) return 5;
          return amount;
        }
        """
    )
    assert probes == [
        (5, "env", "VITEST_POOL_ID", True),
        (6, "env", "VITEST_POOL_ID", True),
        (7, "env", "VITEST_WORKER_ID", True),
        (8, "env", "JEST_WORKER_ID", True),
        (9, "env", "VITEST_POOL_ID", True),
    ]


def test_the_global_object_and_its_alias_read_by_member_key_in_or_reflect() -> None:
    probes = _probes(
        """
        const g = globalThis;
        function wrap(amount) {
          if (Reflect.has(globalThis, '__vitest_worker__')) return 1;
          if (g.__vitest_worker__) return 2;
          if ('jest' in global) return 3;
          if (Object.prototype.hasOwnProperty.call(window, 'jasmine')) return 4;
          return amount;
        }
        module.exports = { wrap };
        """,
        "lib/wrap.js",
    )
    assert probes == [
        (4, "global", "__vitest_worker__", True),
        (5, "global", "__vitest_worker__", True),
        (6, "global", "jest", True),
        (7, "global", "jasmine", True),
    ]


def test_shadowed_or_rebound_names_and_method_calls_make_no_probe() -> None:
    probes = _probes(
        """
        let env = process.env;
        env = { ...env };
        export function pick(globalThis: Record<string, number>, key: string): number {
          if ('VITEST' in globalThis) return 1;
          if (env.VITEST) return 2;
          if (key in process.env) return 3;
          return globalThis.fetch(key);
        }
        """
    )
    assert probes == []
