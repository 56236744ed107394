"""State that outlives a call decides the answer also when no ``if`` returns under it: the
returned expression compares it or tests its truth, directly or through a local; and the
state may be kept in place, in a mutable default, an attribute of the function itself or an
element at a constant key of a module-level or closure value. Carried as data (an id, a
log line) or keyed by the input (a memo), it decides nothing."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import StateFlip


def _flips(path: str, source: str) -> list[tuple[int, str, str, str]]:
    """(line, state, write, symbol's name) of each flip that may report (an advancing
    write, the value not the state handed back)."""
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return [
        (f.line, f.name, f.write, f.symbol.rsplit("::", 1)[-1])
        for f in facts
        if isinstance(f, StateFlip) and not f.returns_state and f.write != "other"
    ]


@pytest.mark.parametrize(
    ("source", "flips"),
    [
        (
            "calls = 0\n\ndef ok(code):\n    global calls\n    calls += 1\n"
            "    return calls != 2 and len(code) > 0\n",
            [(6, "calls", "augment", "ok")],
        ),
        (
            "def ok(code, _calls=[0]):\n    _calls[0] += 1\n    n = _calls[0]\n"
            "    return not n > 1 or code\n",
            [(4, "_calls[0]", "augment", "ok")],
        ),
        (
            "def ok(code):\n    ok.calls = getattr(ok, 'calls', 0) + 1\n"
            "    if ok.calls == 2:\n        return False\n    return True\n",
            [(3, "ok.calls", "augment", "ok")],
        ),
        (
            "STATE = {'n': 0}\n\ndef ok(code):\n    STATE['n'] = STATE['n'] + 1\n"
            "    return STATE['n'] < 2\n",
            [(5, "STATE['n']", "augment", "ok")],
        ),
        ("def new_id(p, _c=[0]):\n    _c[0] += 1\n    return f'{p}-{_c[0]}'\n", []),
        (
            "def fib(n, _memo={}):\n    if n not in _memo:\n        _memo[n] = n\n"
            "    return _memo[n] == 1\n",
            [],
        ),
        ("def sq(x, seen=[0]):\n    seen = [1]\n    seen[0] += 1\n    return seen[0] > 1\n", []),
        ("def sq(x, seen=None):\n    seen[0] += 1\n    return seen[0] > 1\n", []),
    ],
)
def test_python_state_deciding_the_returned_value(
    source: str, flips: list[tuple[int, str, str, str]]
) -> None:
    assert _flips("src/coupons.py", source) == flips


@pytest.mark.parametrize(
    ("source", "flips"),
    [
        (
            "let calls = 0;\nexport function ok(c: string) {\n  calls++;\n"
            "  return calls !== 2 && c.length > 0;\n}\n",
            [(4, "calls", "augment", "ok")],
        ),
        (
            "export function ok(c: string) {\n  ok.calls = (ok.calls || 0) + 1;\n"
            "  return ok.calls < 2 && c.length > 0;\n}\n",
            [(3, "ok.calls", "augment", "ok")],
        ),
        (
            "export const ok = (() => {\n  let seen = 0;\n  return (c: string) => {\n"
            "    seen += 1;\n    if (seen === 2) return false;\n    return c.length > 0;\n"
            "  };\n})();\n",
            [(5, "seen", "augment", "ok")],
        ),
        (
            "const state = { n: 0 };\nexport function ok(c: string) {\n  const k = ++state.n;\n"
            "  return !(k > 1) || c === '';\n}\n",
            [(4, "state.n", "augment", "ok")],
        ),
        (
            "let next = 0;\nexport function id(p: string) {\n  next += 1;\n"
            "  return `${p}-${next}`;\n}\n",
            [],
        ),
        (
            "const memo: Record<string, boolean> = {};\nexport function ok(c: string) {\n"
            "  memo[c] = memo[c] ?? c.length > 3;\n  return memo[c] === true;\n}\n",
            [],
        ),
        (
            "let calls = 0;\nexport function sq(x: number) {\n  calls++;\n"
            "  console.log(calls > 100);\n  return x * x;\n}\n",
            [],
        ),
    ],
)
def test_js_state_deciding_the_returned_value(
    source: str, flips: list[tuple[int, str, str, str]]
) -> None:
    assert _flips("src/coupons.ts", source) == flips
