"""The language-neutral behaviour readers (answers, probe decisions, handler steps, runtime
patches) give the same facts for the same program written in Python and in JS/TS: the
algorithm is one, only the adapter's spelling differs."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts import Fact
from ralph_validate.extractors.facts.impl import (
    ErrorHandler,
    LiteralAnswer,
    RunnerProbe,
    RuntimePatch,
)


def _facts(path: str, source: str) -> tuple[Fact, ...]:
    return extract(path, textwrap.dedent(source).encode()).facts


def _answers(path: str, source: str) -> list[tuple[str, str, str, int, bool, tuple[str, ...]]]:
    return [
        (f.form, f.key, f.value, f.size, f.general, f.functions)
        for f in _facts(path, source)
        if isinstance(f, LiteralAnswer)
    ]


_PY_BRANCHES = """
    def price(kind):
        if kind == "a":
            return 1
        if kind == "b":
            return 2
        return len(kind)
"""
_JS_BRANCHES = """
    function price(kind) {
      if (kind === 'a') return 1;
      if (kind == "b") { return 2; }
      return kind.length;
    }
"""
_PY_MATCH = """
    def price(kind):
        match kind:
            case "a":
                return 1
            case "b":
                return 2
"""
_JS_SWITCH = """
    const price = (kind) => {
      switch (kind) {
        case 'a': return 1;
        case 'b': { return 2; }
      }
    };
"""


@pytest.mark.parametrize(
    ("path", "source", "general"),
    [
        ("src/price.py", _PY_BRANCHES, True),
        ("src/price.ts", _JS_BRANCHES, True),
        ("src/price.py", _PY_MATCH, False),
        ("src/price.js", _JS_SWITCH, False),
    ],
)
def test_branch_answers_are_read_alike(path: str, source: str, general: bool) -> None:
    """``if k == K: return V`` and ``case K: return V`` give one group of answers per
    function, general when the function also computes from the subject."""
    assert _answers(path, source) == [
        ("branch", "s:a", "n:1", 2, general, ("price",)),
        ("branch", "s:b", "n:2", 2, general, ("price",)),
    ]


def test_a_comparison_with_a_computed_value_is_no_answer() -> None:
    """The look-alike: ``if kind == other`` compares with no literal; nothing is read."""
    assert (
        _answers("src/p.py", "def f(kind, other):\n    if kind == other:\n        return 1\n") == []
    )
    assert _answers("src/p.ts", "function f(k, o) { if (k === o) return 1; }\n") == []


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("src/t.py", "PRICES = {'a': 1, 'b': 2}\n\ndef price(kind):\n    return PRICES[kind]\n"),
        (
            "src/t.ts",
            "const PRICES = { a: 1, 'b': 2 } as const;\n"
            "export function price(kind: string) { return PRICES[kind]; }\n",
        ),
    ],
)
def test_table_answers_name_their_readers(path: str, source: str) -> None:
    """A module-level table of literals is read by the functions naming it; a lookup in the
    table is no computation of the answer."""
    assert _answers(path, source) == [
        ("table", "s:a", "n:1", 2, False, ("price",)),
        ("table", "s:b", "n:2", 2, False, ("price",)),
    ]


def _probes(path: str, source: str) -> list[tuple[str, str, bool, tuple[str, ...], bool]]:
    return [
        (f.source, f.name, f.returns, f.deciding, f.mixed)
        for f in _facts(path, source)
        if isinstance(f, RunnerProbe)
    ]


@pytest.mark.parametrize(
    ("path", "source"),
    [
        (
            "src/mode.py",
            """
            import os as o

            def testing():
                return o.environ.get("CI") == "true"

            def mode(x):
                if testing():
                    return "fake"
                return x.upper()
            """,
        ),
        (
            "src/mode.ts",
            """
            const testing = () => process.env.CI === 'true';
            export function mode(x: string) {
              if (testing()) {
                return 'fake';
              }
              return x.toUpperCase();
            }
            """,
        ),
    ],
)
def test_a_probe_decides_through_a_helper(path: str, source: str) -> None:
    """A probe returned by a helper decides the value of the function that calls the
    helper in a condition, which mixes a literal with a computed value."""
    assert _probes(path, source) == [("env", "CI", True, ("mode",), True)]


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("src/log.py", "import os\n\ndef show():\n    print(os.environ.get('CI'))\n"),
        ("src/log.js", "function show() { console.log(process.env.CI); }\n"),
    ],
)
def test_a_probe_that_decides_nothing(path: str, source: str) -> None:
    """The look-alike: the environment read only to log it decides no returned value."""
    assert _probes(path, source) == [("env", "CI", False, (), False)]


@pytest.mark.parametrize(
    ("path", "source", "steps"),
    [
        (
            "src/h.py",
            "def f():\n    try:\n        g()\n    except ValueError as e:\n"
            "        log.warning(e)\n        result = None\n        return []\n",
            ("log:warning", "assign:literal", "return:literal"),
        ),
        (
            "src/h.ts",
            "function f() {\n  try { g(); } catch (e) {\n"
            "    log.warning(e); result = null; return [];\n  }\n}\n",
            ("log:warning", "assign:literal", "return:literal"),
        ),
        (
            "src/h.py",
            "def f():\n    try:\n        g()\n    except ValueError as e:\n        report(e)\n"
            "        return wrap(e)\n",
            ("call:error", "return:error"),
        ),
        (
            "src/h.js",
            "function f() {\n  try { g(); } catch (e) { report(e); return wrap(e); }\n}\n",
            ("call:error", "return:error"),
        ),
    ],
)
def test_handler_steps_are_worded_alike(path: str, source: str, steps: tuple[str, ...]) -> None:
    """Each statement of a handler's body gets the same word in both languages."""
    handlers = [f for f in _facts(path, source) if isinstance(f, ErrorHandler)]
    assert [h.steps for h in handlers] == [steps]


@pytest.mark.parametrize(
    ("path", "source", "expected"),
    [
        (
            "src/clock.py",
            "import time as t\n\nt.time = lambda: 0\nt.sleep = lambda s: t.sleep(0)\n",
            [("time.time", False), ("time.sleep", True)],
        ),
        (
            "src/clock.ts",
            "import * as fs from 'node:fs';\n"
            "Date.now = () => 0;\nfs.readFileSync = (p) => fs.readFileSync(p);\n",
            [("Date.now", False), ("node:fs.readFileSync", True)],
        ),
    ],
)
def test_runtime_patches_say_whether_they_keep_the_original(
    path: str, source: str, expected: list[tuple[str, bool]]
) -> None:
    """A replacement that calls what it replaces keeps the original; one that does not
    replaces it."""
    patches = [f for f in _facts(path, source) if isinstance(f, RuntimePatch)]
    assert [(p.target, p.keeps_original) for p in patches] == expected
