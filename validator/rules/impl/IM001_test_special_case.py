"""IM001 test-special-case: production code that knows it is being tested passes for the
wrong reason."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator
from types import MappingProxyType

from ....extractors.facts import FileFacts
from ....extractors.facts.impl import (
    EqualityOverride,
    LiteralAnswer,
    RunnerProbe,
    RuntimePatch,
    StateFlip,
    TestExpectation,
)
from ...findings import Finding
from ..rule import FileContext, FileRule
from .allow_lists import widened
from .runners import (
    ARGV_WORDS,
    RUNNER_ENV,
    RUNNER_ENV_PREFIXES,
    RUNNER_GLOBAL_PREFIXES,
    RUNNER_GLOBALS,
    RUNNER_MODULE_PREFIXES,
    RUNNER_MODULES,
    TEST_VALUES,
    TEST_WORDS,
    replaces_runner_or_clock,
)

# Keys and values too ordinary to be a test's answer: base cases, flags, empty results.
_TRIVIAL = frozenset({"n:0", "n:1", "n:-1", "s:", "b:true", "b:false", "none"})
# Hooks that decide equality, and the one answer that makes them agree with anything.
_AGREEING = {"__eq__": "true", "equals": "true", "isEqual": "true", "asymmetricMatch": "true"}
_AGREEING |= {"__ne__": "false"}
# Conversion hooks that hand back one constant whatever the object holds.
_CONSTANT = frozenset(
    {"valueOf", "toJSON", "[Symbol.toPrimitive]", "__int__", "__float__", "__index__"}
)


def _may_agree(returns: tuple[str, ...], agreeing: str | None) -> bool:
    """Whether a hook that ignores the other object can make a comparison pass: not when it
    only ever disagrees (a sentinel equal to nothing) or defers (``NotImplemented``)."""
    disagreeing = {"true": "false", "false": "true"}.get(agreeing or "")
    return bool(returns) and "not-implemented" not in returns and set(returns) != {disagreeing}


def _broad(types: tuple[str, ...], owner: str) -> list[str]:
    """The types an equality hook agrees with on a type test alone, its own class aside (a
    stateless marker class equal to every instance of itself is honest)."""
    return [t for t in types if t.rsplit(".", 1)[-1] != owner]


def _items(value: str) -> list[str] | None:
    """The elements' normal forms of a sequence a test passes in (``q:["n:10","n:10"]``)."""
    return list(json.loads(value[2:])) if value.startswith("q:") else None


def _show(value: str) -> str:
    """A normal-form literal as a reader writes it: ``n:17`` -> ``17``, ``s:x`` -> ``'x'``,
    a sequence ``[10, 10]``."""
    items = _items(value)
    if items is not None:
        return "[" + ", ".join(_show(i) for i in items) + "]"
    if value.startswith(("n:", "c:")):
        return value[2:]
    if value.startswith("s:"):
        return repr(value[2:])
    if value.startswith("y:"):
        return "b" + repr(value[2:])
    return value[2:] if value.startswith("b:") else value


class TestSpecialCase(FileRule):
    """## What it does
    Finds production code that behaves differently under the test runner, or that
    hard-codes the answers to a test's exact inputs:

    - a condition on the runner's presence that decides what a function returns (an arm
      returns, or sets a name a later `return` reads): `"pytest" in sys.modules`,
      `any(m.startswith("_pytest") for m in sys.modules)`, `sys.modules.get("unittest")`,
      `PYTEST_CURRENT_TEST`,
      `typeof jest !== 'undefined'`, `process.env.JEST_WORKER_ID`, `process.env.VITEST`,
      `process.env.NODE_ENV === 'test'`, any variable, global or module of a runner's
      family (`VITEST*`, `JEST_*`, `PYTEST_*`, `MOCHA_*`, `__vitest_*`, `jest*`, `_pytest*`),
      read directly, through an alias (`const env = process.env`, `g = globalThis`), by a
      constant key, by a presence test (`'X' in process.env`, `Reflect.has(globalThis, k)`,
      `Object.hasOwn`, `hasOwnProperty`), by the variable of a loop or comprehension over
      a tuple of names (`any(m in sys.modules for m in RUNNERS)`), by the element of an
      array callback (`['JEST_WORKER_ID', 'VITEST'].some(k => k in process.env)`,
      `.find`, `.every`, `for (const k of NAMES)`), by a search of its keys
      (`Object.keys(process.env).includes('VITEST')`), by destructuring
      (`const { VITEST: v } = env`), or by set algebra (`os.environ.keys() & {...}`,
      `set(sys.modules).isdisjoint(...)`); an environment variable the repository's tests,
      setup files or test scripts set (`CHECKOUT_FAKE=1 jest`, `monkeypatch.setenv`,
      `process.env.X = ...` in `jest.setup.ts`) or whose name says so (`TESTING`,
      `IS_TEST`), `hasattr(sys, "_called_from_test")`, a runner's name in `argv`;
    - literal answers keyed by a test's inputs: `if x == 3: return 17`, `case 3: return 17`
      or a `{3: 17}` table (also built from pairs: `new Map([[3, 17]])` read with `.get(x)`,
      `Object.fromEntries([[3, 17]])`, `dict([(3, 17)])`, `dict(zip([3], [17]))`) where a
      test asserts `f(3) == 17`, either overriding a computed
      answer of the same function or making up the whole table or if-chain; a key may
      combine several inputs: `if a == 2 and b == 3: return 5`, `if (a === 2 && b === 3)`,
      `case (2, 3):` under `match (a, b)`, `{(2, 3): 5}`, `{"2,3": 5}` looked up by
      `` `${a},${b}` ``, `switch (`${a},${b}`) { case '2,3': ... }` where a test asserts
      `f(2, 3) == 5`; a key rendered from one array input (`switch (prices.join(","))`,
      `String(prices)`, `` `${prices}` ``, a table `{"10,10": 18}` read by `T[prices.join(",")]`
      or `key in T`, a tuple key `{(10, 10): 18}`) is compared with the test's array rendered
      alike: `f([10, 10]) == 18` (also from `test.each` or `parametrize` rows);
    - an allow-list that the change set grows by exactly the values a changed test passes
      in, none of which the spec names: `ALLOWED = {"png", "gif"}` gaining `"webp"`,
      `ext in (...)`, `['png'].includes(ext)`, `new Set([...])`, a regex's alternatives
      `/^(png|gif)$/` (a test's `"photo.webp"` counts, and so does its `" xts"` where the
      code looks the list up by `code.strip().upper()`, `code.toUpperCase()`, a casefold or a
      trim); not reported without a BASE version of the list or without a spec;
    - an equality hook that agrees with anything: `__eq__`, `equals`, `isEqual` or
      `asymmetricMatch` whose every return is `true`, `__ne__` whose every return is `False`,
      or one that never reads the object it is compared with (`equals(other) { return
      Boolean(this); }`), or one that answers `true` for every value of a type on a type
      test alone, without comparing the value with its own state (`return
      isinstance(other, (int, float)) or ...`, `return True if isinstance(other, Number)
      else ...`, `if type(other) is str: return True`, `return typeof o === 'number' ||
      ...`, `if (o instanceof Date) return true`; a type test of the hook's own class, the
      equality of a stateless marker, is not reported); a conversion hook (`valueOf`,
      `toJSON`, `[Symbol.toPrimitive]`, `__int__`, `__float__`) that returns a constant
      literal (or an object or array of literals) on every path;
    - hidden state that flips the answer: state that survives between calls, a
      module-level or closure counter or flag the function rebinds (`global calls; calls
      += 1`, `count++`, also in a factory called in place: `const f = (() => { let n = 0;
      return () => ... })()`), a counter kept in place (a mutable default `def f(x,
      _calls=[0])`, a property of the function itself `f.calls = (f.calls || 0) + 1`, an
      element at a constant key of a module-level value `STATE["n"] += 1`), or a
      module-level iterator it advances (`next(calls)` over `itertools.count()`,
      `ticks.next()` over a generator), and a value it decides: returned under a
      condition on it, or a returned expression that compares it or tests its truth
      (`return calls !== 2 && ok`), read directly or through a local bound from it (`n =
      next(calls)`, `const n = ++calls`). State carried as data decides nothing: an id
      generator, `f"req-{next(ids)}"`, a counter only logged, a memo keyed by the input
      (`_memo[n]`); nor is reported a count another function recomputes from other data,
      a token bucket refilled from the clock: `tokens = Math.min(CAPACITY, tokens +
      gained)` (a reset to a literal, `calls = 0`, is no such recomputation);
    - a run-time replacement of the clock, the random source or the test framework from
      production code: `time.time = ...`, `Date.now = ...`, `setattr(time, "time", f)`,
      `mock.patch("time.time").start()`, `freeze_time(...)`, `jest.spyOn(Math, 'random')`,
      `vi.useFakeTimers()`, `unittest.TestCase.assertEqual = ...`, `pytest.approx = ...`,
      `global.it = ...`, `expect = ...`, `expect.extend({ toBe: ... })` (a built-in
      matcher redefined; a new matcher such as `toBeWholeCents` is not a replacement).

    Literal answers are a cheat where the function should compute: its inputs come from an
    open domain (numbers, free strings) and the table or branches hold just the inputs the
    tests try. A mapping of a closed set is the specification itself, and a test naturally
    checks every entry of it, so these are not reported:

    - a key that is a member of the compared input's declared type: a union of literal
      types (`status: "ready" | "error"`, also through a `type` alias of the file), a
      string or numeric `enum` of the file, `Literal["a", "b"]` (or an alias of it), an
      `Enum` class of the module whose members are literals, a table declared
      `Record<Status, string>` or `dict[Status, str]` (`walletStatusText('ready')` ->
      `'Wallet ready'`);
    - a whole table or branch chain of word-like string keys that the program's own
      production code writes as values elsewhere: a status it returns or assigns, the
      `name` of a tool it declares, an enum's value (`toolToEdgePath('macro_oil')` where
      `TOOLS` holds `{ name: "macro_oil" }`); a number, a string with spaces, or a word
      only the tests and the comparisons themselves write stays an open input. An answer
      that overrides a computed answer is excused only by a closed declared type;
    - the input handed back unchanged (`return state`) is a mapping's fallback, not a
      computation the literal answers override, and a lookup of an inline table
      (`{...}[key]`) is no computation either.

    An answer the file already gave at BASE is not the change's (the audit subtracts it).

    Not reported either: environment checks that do not decide a returned value (a log
    level, a dev-only warning, a server that does not listen under test),
    `NODE_ENV === 'production'`, tables of real data where tests use only some entries or
    keys like `0`/`1`/`""` (`if a == 0 and b == 0: return 0`), allow-lists grown by a value
    the spec names or by values no changed test passes in (a complete list of currencies
    where the test checks one), `__eq__` comparing fields or returning `NotImplemented`, caches
    that hand back the stored value, polyfills (`Date.now = Date.now || ...`), and
    everything in test files and test support beside the code (`__mocks__/`,
    `setupTests.ts`, `jest.setup.js`, `test-utils.ts`).

    ## Why is this bad?
    The tests pass because the code recognises them, not because it works: the real
    run takes the other branch, or any input but the tested one gets a wrong answer.

    ## Example
    ```python
    def shipping_cost(weight):
        if "pytest" in sys.modules:
            return 4.99
        return weight * RATE
    ```

    Use instead: make the code compute the answer for every input; give tests their
    variations through parameters or fixtures, not through branches on the runner.

    ## How to suppress
    `# ralph-validate: ignore[IM001] <reason>` on the line or the line above.
    """

    __test__ = False  # not a pytest test class

    id = "IM001"
    kind = "impl.test-special-case"
    name = "test-special-case"
    summary = "Production code that special-cases the test run or a test's exact inputs."
    message = MappingProxyType(
        {
            "probe": "{function}: returns something else under the test runner (reads {what})",
            "answer": "{function}({key}) returns the literal {value} that {test} expects",
            "table": "{table} holds exactly the answers the tests expect ({key} -> {value})",
            "equality": "{owner}.{method} returns {value} on every path: it agrees with anything",
            "constant": "{owner}.{method} returns a constant whatever the object holds",
            "broad": "{owner}.{method} returns true for any {types} on a type test alone: it "
            "agrees without comparing the value with its own",
            "ignores": "{owner}.{method} never reads the object it is compared with: it gives "
            "the same answer for anything",
            "flip": "{function} answers from hidden state {name} it changes on every call",
            "patch": "production code replaces {target} ({what}) at run time",
            "allow": "{name} gains {values}, exactly what {test} passes in; the spec names none "
            "of them",
        }
    )

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Runner probes, test answers, agreeing hooks, state flips and runtime patches."""
        reported: set[tuple[str, int]] = set()  # one finding a place: names of one probe
        for probe in sorted(facts.of_type(RunnerProbe), key=lambda p: (p.line, p.name)):
            what = _runner_read(probe, context.runner_env)
            # Deciding what a function returns for its input, or a literal in place of a
            # computation; a configuration getter choosing between constants is neither.
            if what is not None and probe.returns and (probe.arguments or probe.mixed):
                if (probe.file, probe.line) in reported:
                    continue
                reported.add((probe.file, probe.line))
                function = ", ".join(f"`{name}`" for name in probe.deciding)
                yield self.finding(probe, variant="probe", what=what, function=function)
        yield from self._answers(
            facts.of_type(LiteralAnswer), context.test_answers, context.program_words
        )
        for hook in facts.of_type(EqualityOverride):
            agreeing = _AGREEING.get(hook.method)
            owner = hook.owner or "object"
            if agreeing is not None and hook.returns and set(hook.returns) == {agreeing}:
                yield self.finding(
                    hook, variant="equality", owner=owner, method=hook.method, value=agreeing
                )
            elif agreeing == "true" and _broad(hook.agrees_with_types, owner):
                types = ", ".join(_broad(hook.agrees_with_types, owner))
                yield self.finding(
                    hook, variant="broad", owner=owner, method=hook.method, types=types
                )
            elif hook.method in _CONSTANT and hook.returns and set(hook.returns) == {"literal"}:
                yield self.finding(hook, variant="constant", owner=owner, method=hook.method)
            elif hook.ignores_other and _may_agree(hook.returns, agreeing):
                yield self.finding(hook, variant="ignores", owner=owner, method=hook.method)
        for flip in facts.of_type(StateFlip):
            flips = flip.write in ("augment", "negate") or (
                flip.write == "literal" and flip.literal_return
            )
            if flips and not flip.returns_state and not flip.recomputed:
                function = flip.symbol.rsplit("::", 1)[-1]
                yield self.finding(flip, variant="flip", function=function, name=flip.name)
        for patch in facts.of_type(RuntimePatch):
            what = replaces_runner_or_clock(patch.target)
            if what is not None and not patch.keeps_original:
                yield self.finding(patch, variant="patch", target=patch.target, what=what)
        for grown in widened(facts, context.base, context.change_inputs, context.spec_text):
            test = grown.test.symbol.rsplit("::", 1)[-1] or f"a test in {grown.test.file}"
            values = ", ".join(_show(v) for v in grown.values)
            owner, inline, _ = grown.at.name.partition("#")
            kind = "pattern" if grown.at.form == "regex" else "list"
            name = f"the {kind} in {owner}" if inline else grown.at.name
            yield self.finding(grown.at, variant="allow", name=name, values=values, test=test)

    def _answers(
        self,
        answers: tuple[LiteralAnswer, ...],
        expectations: tuple[TestExpectation, ...],
        words: frozenset[str],
    ) -> Iterator[Finding]:
        """Literal answers equal to a test's (inputs, expected) pair: reported when they
        override a computed answer, or when the whole group is the tests' answers; not when
        they map a closed domain (see ``_mapping``)."""
        tests = _Expectations(expectations)
        groups: dict[str, list[LiteralAnswer]] = defaultdict(list)
        for answer in answers:
            groups[answer.group].append(answer)
        for group in groups.values():
            matched = {id(a): tests.match(a) for a in group}
            whole = all(matched[id(a)] is not None for a in group)
            for a in group:
                test = matched[id(a)]
                if test is None or _trivial(a) or not (a.general or whole):
                    continue
                if _mapping(a, words):
                    continue
                where = test.symbol.rsplit("::", 1)[-1] if test.symbol else f"a test in {test.file}"
                if a.form == "table" and not a.general:
                    table = a.group.split("::", 1)[-1].split("@", 1)[0]
                    yield self.finding(
                        a, variant="table", table=table, key=_show_key(a), value=_show(a.value)
                    )
                else:
                    yield self.finding(
                        a,
                        variant="answer",
                        function=test.callee,
                        key=", ".join(_show(v) for v in test.args),
                        value=_show(a.value),
                        test=where,
                    )


# Separators of a key that joins several inputs into one string (``"2,3"``, ``"eu|gold"``).
_JOINED = re.compile(r"\s*[,|:;/]\s*")


def _plain(value: str) -> str:
    """A normal-form literal as it reads inside a joined string key: ``n:2`` -> ``2``."""
    return value[2:] if value[:2] in ("n:", "s:", "b:") else value


def _parts(answer: LiteralAnswer) -> list[str]:
    """The inputs a key combines: the tuple's literals, or the parts of a joined string."""
    if answer.keys:
        return list(answer.keys)
    if answer.key.startswith("s:"):
        parts = _JOINED.split(answer.key[2:])
        return [f"s:{p}" for p in parts] if len(parts) > 1 and all(parts) else []
    return []


def _trivial(answer: LiteralAnswer) -> bool:
    """A base case rather than a test's answer: a trivial value, or trivial keys."""
    if answer.value in _TRIVIAL:
        return True
    parts = _parts(answer)
    if not parts:
        return answer.key in _TRIVIAL
    keys = [p for p in parts if p]
    return all(k in _TRIVIAL or f"n:{_plain(k)}" in _TRIVIAL for k in keys)


def _mapping(answer: LiteralAnswer, words: frozenset[str]) -> bool:
    """Whether the answer maps a member of a closed domain, the specification itself rather
    than a computation: its key is a member of the compared input's declared type (a union
    of literals, ``Literal[...]``, an enum), or, for a whole table of answers, every input
    it combines is a word the program's own code writes as a value elsewhere (a status it
    sets, a tool it declares). A number, or a string no code of the program produces, is an
    open input a computation should answer."""
    parts = [answer.key] if not answer.keys else [k for k in answer.keys if k]
    if answer.domain and all(p in answer.domain for p in parts):
        return True
    if answer.general:
        return False
    return all(p.startswith("s:") and p[2:] in words for p in parts)


def _show_key(answer: LiteralAnswer) -> str:
    if answer.keys:
        return "(" + ", ".join(_show(k) if k else "_" for k in answer.keys) + ")"
    return _show(answer.key)


class _Expectations:
    """The tests' expectations by function, inputs and expected value."""

    def __init__(self, expectations: tuple[TestExpectation, ...]) -> None:
        self._single: dict[tuple[str, str, str], TestExpectation] = {}
        self._multi: dict[tuple[str, str], list[TestExpectation]] = defaultdict(list)
        self._sequences: dict[tuple[str, str], list[tuple[list[str], TestExpectation]]] = (
            defaultdict(list)
        )
        for e in sorted(expectations, key=lambda e: (e.file, e.line)):
            items = _items(e.args[0]) if len(e.args) == 1 else None
            if items:
                self._sequences[(e.callee, e.expected)].append((items, e))
            if len(e.args) == 1:
                self._single.setdefault((e.callee, e.args[0], e.expected), e)
            elif len(e.args) > 1:
                self._multi[(e.callee, e.expected)].append(e)

    def match(self, answer: LiteralAnswer) -> TestExpectation | None:
        """The first test that calls one of the answer's functions with its key's inputs
        (a one-input key: as any one of the call's arguments) and expects its value."""
        parts = _parts(answer)
        for function in answer.functions:
            single = self._single.get((function, answer.key, answer.value))
            if single is not None:
                return single
            for items, e in self._sequences.get((function, answer.value), []):
                if _renders(answer, items):
                    return e
            for e in self._multi.get((function, answer.value), []):
                if not parts and answer.key in e.args:
                    return e  # one input of several keys the table (``HEAVY[kg]``)
                if (
                    parts
                    and len(e.args) == len(parts)
                    and all(
                        not p or p == a or (not answer.keys and _plain(p) == _plain(a))
                        for p, a in zip(parts, e.args, strict=True)
                    )
                ):
                    return e
        return None


def _renders(answer: LiteralAnswer, items: list[str]) -> bool:
    """Whether a key is a test's sequence input as the code renders it: its elements
    joined by one separator (``"10,10"`` for ``[10, 10]``, also the one element of ``[1]``),
    or a tuple key of the same elements (``(10, 10)``)."""
    if answer.keys:
        return list(answer.keys) == items
    if not answer.key.startswith("s:"):
        return False
    parts = _JOINED.split(answer.key[2:]) if len(items) > 1 else [answer.key[2:]]
    return parts == [_plain(i) for i in items]


def _runner_read(probe: RunnerProbe, script_env: tuple[str, ...]) -> str | None:
    """How ``probe`` tells the test run apart, or None when it reads something else."""
    name = probe.name
    if probe.source == "module" and (
        name.split(".", 1)[0] in RUNNER_MODULES or name.startswith(RUNNER_MODULE_PREFIXES)
    ):
        return f"the presence of the {name} module"
    if probe.source == "global" and (
        name in RUNNER_GLOBALS or name.startswith(RUNNER_GLOBAL_PREFIXES)
    ):
        return f"the presence of the {name} global"
    if probe.source == "env":
        if name in RUNNER_ENV or name.upper().startswith(RUNNER_ENV_PREFIXES):
            return f"the runner's environment variable {name}"
        if name in script_env:
            return f"{name}, which the tests or their scripts set"
        if set(re.split(r"[^A-Za-z0-9]+", name.upper())) & TEST_WORDS:
            return f"the test-run variable {name}"
        if probe.value.lower() in TEST_VALUES:
            return f"{name} == {probe.value!r}"
    if probe.source == "attribute" and "test" in name.lower():
        return f"the flag sys.{name} the test configuration sets"
    if probe.source == "argv" and any(w in name.lower() for w in ARGV_WORDS):
        return f"the command line containing {name!r}"
    return None
