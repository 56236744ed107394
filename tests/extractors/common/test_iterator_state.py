"""Advancing a module-level iterator is hidden state: ``next(counter)`` over an
``itertools.count()`` and ``ticks.next()`` over a generator, read by a condition that
decides a return directly or through a local bound from it; a local iterator, an
identifier handed out unconditionally and ``subject.next(value)`` are not."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import StateFlip


def _flips(path: str, source: str) -> list[tuple[int, str, str]]:
    """(line, state, write) of each flip whose guarded value is not the state itself."""
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return [
        (f.line, f.name, f.write) for f in facts if isinstance(f, StateFlip) and not f.returns_state
    ]


_PY_HEAD = "import itertools\n\n_calls = itertools.count()\n\n"


@pytest.mark.parametrize(
    ("body", "flips"),
    [
        (
            "n = next(_calls)\n    if n == 0:\n        return 17\n    return kg",
            [(7, "_calls", "augment")],
        ),
        ("if next(_calls) > 1:\n        return 12\n    return kg", [(6, "_calls", "augment")]),
        ("return 17 if next(_calls) else kg", [(6, "_calls", "augment")]),
        ("return f'id-{next(_calls)}'", []),
        ("n = next(_calls)\n    if n > 3:\n        return n\n    return kg", []),
        ("it = iter([kg])\n    if next(it) == 3:\n        return 1\n    return 0", []),
        ("_calls = iter([kg])\n    if next(_calls) == 3:\n        return 1\n    return 0", []),
    ],
)
def test_python_iterator_state(body: str, flips: list[tuple[int, str, str]]) -> None:
    source = _PY_HEAD + f"def fee(kg):\n    {body}\n"
    assert [(line, name, write) for line, name, write in _flips("src/fees.py", source)] == [
        (line, name, write) for line, name, write in flips
    ]


_TS_HEAD = "function* count() { let i = 0; while (true) yield i++; }\nconst ticks = count();\n"


@pytest.mark.parametrize(
    ("body", "flips"),
    [
        ("const n = ticks.next().value;\n  if (n === 0) return 17;\n  return kg;", [(5, "ticks")]),
        ("if (ticks.next().value > 1) return 12;\n  return kg;", [(4, "ticks")]),
        ("return `id-${ticks.next().value}`;", []),
        (
            "const it = [kg][Symbol.iterator]();\n"
            "  if (it.next().value === 3) return 1;\n  return 0;",
            [],
        ),
        ("ticks.next(kg);\n  if (kg > 1) return 12;\n  return kg;", []),
    ],
)
def test_js_generator_state(body: str, flips: list[tuple[int, str]]) -> None:
    source = _TS_HEAD + f"export function fee(kg: number) {{\n  {body}\n}}\n"
    assert [(line, name) for line, name, _ in _flips("src/fees.ts", source)] == flips
