"""Facts about how production code behaves (DESIGN §6 ``impl.*``). Language-neutral.

The Python and JavaScript/TypeScript readers fill these; the ``impl`` rules decide which
of them special-case the test run or swallow errors. Literal values are written in one
normal form for every language (``literal_key``): ``n:17``, ``s:text``, ``b:true``,
``none``, so a Python test's input can be compared with a TypeScript table's key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast, get_args

from . import Fact

# Closed vocabularies: type-level only, the values stay plain strings.
ProbeSource = Literal["module", "env", "global", "argv", "attribute"]
OverrideReturn = Literal["true", "false", "none", "literal", "not-implemented", "other"]
StateWrite = Literal["literal", "augment", "negate", "other"]
AnswerForm = Literal["table", "branch"]
AllowListForm = Literal["set", "regex"]
HandlerForm = Literal["except", "catch", "promise-catch", "event", "suppress"]
# The levels a logging call names for ``log:<level>`` (both languages' readers use them).
LOG_LEVELS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log", "trace"}
)
HandlerStep = Literal[
    "pass",
    "return:none",
    "return:literal",
    "return:name",
    "return:call",
    "return:error",
    "return:other",
    "log:print",
    "log:debug",
    "log:info",
    "log:warning",
    "log:warn",
    "log:error",
    "log:exception",
    "log:critical",
    "log:fatal",
    "log:log",
    "log:trace",
    "call",
    "call:error",
    "assign:literal",
    "assign:name",
    "assign:call",
    "assign:error",
    "assign:other",
    "continue",
    "break",
    "other",
]


_STEPS = frozenset(get_args(HandlerStep))


def handler_step(word: str) -> HandlerStep:
    """A step word built from parts (``"return:" + value``) as the vocabulary's member; a
    word outside it is a reader's bug, raised rather than recorded."""
    if word not in _STEPS:
        raise ValueError(f"not a handler step: {word!r}")
    return cast(HandlerStep, word)


@dataclass(frozen=True, kw_only=True)
class RunnerProbe(Fact):
    """A read of something that tells whether code runs under a test runner."""

    # "module" (sys.modules), "env" (environment), "global" (typeof x), "argv", or
    # "attribute" (``hasattr(sys, "_called_from_test")``)
    source: ProbeSource
    name: str  # "pytest", "JEST_WORKER_ID", "jest"; for argv the string looked for
    value: str = ""  # the string the read is compared with (``=== 'test'``), else ""
    # The read decides a value a function returns: it sits in the condition of an ``if``
    # whose arm returns a value or of a returned conditional expression, directly or
    # through a name it is bound to or a function that returns it.
    returns: bool = False
    deciding: tuple[str, ...] = ()  # names of the functions whose return it decides, sorted
    arguments: bool = False  # a function whose return it decides takes arguments
    # A function whose return it decides returns a literal on one path and a computed
    # value on another (``if probe: return 17`` ... ``return x * 2``).
    mixed: bool = False


@dataclass(frozen=True, kw_only=True)
class EqualityOverride(Fact):
    """A comparison or conversion hook of a class (``__eq__``, ``equals``,
    ``asymmetricMatch``, ``valueOf``, ``__int__``, ...)."""

    method: str
    owner: str  # the class
    # Each return's value: "true", "false", "none", "literal" (another literal),
    # "not-implemented" or "other".
    returns: tuple[OverrideReturn, ...]
    # An equality hook (``equals(other)``, ``__eq__(self, other)``) that never reads the
    # object it is compared with: its answer is the same whatever that object is.
    ignores_other: bool = False
    # The types (as written: ``int``, ``numbers.Number``, ``number`` of a ``typeof``) for
    # which a path returns true on a type test of the other object alone, whatever it holds.
    agrees_with_types: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class StateFlip(Fact):
    """A function that changes state outliving every call (a module-level or closure name, a
    class or function attribute, a mutable default, an element at a constant key of one)
    and returns a value it decides: under a condition reading it, or by a returned
    expression comparing it or testing its truth (directly or through a local)."""

    name: str
    write: StateWrite  # "literal", "augment" (``+= 1``, ``++``), "negate" (``not x``) or "other"
    returned: str  # the guarded return's value, whitespace collapsed
    returns_state: bool  # that value reads the name itself (a cached value handed back)
    # every value it may hand back is a literal (False for a returned expression deciding)
    literal_return: bool = False
    # Another function of the file writes the state with a value computed from other data
    # (``tokens = Math.min(CAPACITY, tokens + gained)``): a modelled resource, not a tally.
    recomputed: bool = False


@dataclass(frozen=True, kw_only=True)
class EnvWrite(Fact):
    """A file sets an environment variable (``os.environ["X"] = ...``,
    ``monkeypatch.setenv("X", ...)``, ``process.env.X = ...``, ``vi.stubEnv("X", ...)``)."""

    name: str


@dataclass(frozen=True, kw_only=True)
class RuntimePatch(Fact):
    """An assignment to an attribute of a module or a global (``time.time = ...``)."""

    target: str  # qualified, import aliases resolved: "unittest.TestCase.assertEqual"
    keeps_original: bool  # the new value reads the target (``Date.now = Date.now || f``)


@dataclass(frozen=True, kw_only=True)
class LiteralAnswer(Fact):
    """A literal key mapped to a literal value: a dict/object entry, an ``if x == K:
    return V`` or a ``case K: return V``."""

    form: AnswerForm
    functions: tuple[str, ...]  # names of the functions the answer belongs to or read it
    group: str  # the table or function the answer is one of
    key: str  # normal form; of a combination of inputs, ``(n:2, n:3)``
    value: str  # normal form
    size: int  # answers in the group
    # A key combining several inputs: the literal of each, in the order of the function's
    # parameters ("" for a parameter the answer does not compare), or of the tuple key.
    keys: tuple[str, ...] = ()
    # The function also returns a computed (non-literal) value that reads the compared name.
    general: bool = False
    # The literals the compared parameter's declared type lists (a union of literal types,
    # ``Literal[...]``, an enum of the file; a table's ``Record<K, V>`` key type), () when
    # the type is open or not declared.
    domain: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TestExpectation(Fact):
    """An assertion that a call with literal arguments equals a literal."""

    __test__ = False  # not a pytest test class

    callee: str  # the called function's last name
    args: tuple[str, ...]  # normal forms
    expected: str  # normal form


@dataclass(frozen=True, kw_only=True)
class ErrorHandler(Fact):
    """A place that catches errors: ``except``, ``catch``, ``.catch(cb)``, ``suppress(...)``,
    ``process.on('uncaughtException', cb)``."""

    form: HandlerForm
    caught: tuple[str, ...]  # qualified type names; () catches everything
    raises: bool  # the handler raises or throws on some path
    # What the handler does, one word per top-level statement ("log:<level>" for a logging
    # call, the level one of ``LOG_LEVELS`` or "print").
    steps: tuple[HandlerStep, ...]
    text: str  # the header as written, whitespace collapsed: "except Exception"
    # The held value the guarded block converts when that whole block is one conversion of
    # it (``try { return JSON.parse(value) }``, ``n = int(text, 16)``): "value", "text";
    # "" for any other block (and for promise and event handlers).
    converts: str = ""
    # The held names the handler's top-level statements return or assign (``return value``).
    hands_back: tuple[str, ...] = ()
    # The value the handler falls back to is read only inside an error raised next (``const
    # body = await res.text().catch(() => ""); throw new Error(body)``): the failure
    # surfaces all the same.
    only_raised: bool = False


@dataclass(frozen=True, kw_only=True)
class AllowList(Fact):
    """A collection of constant values production code accepts or matches: a named
    set/list/tuple of literals, an inline ``x in (...)``/``[...].includes(x)``, or the
    alternatives of a regex (``/^(png|gif)$/``). Compared with BASE by ``name``."""

    name: str  # the constant's name, or ``<function>#<n>`` for the n-th inline one
    form: AllowListForm
    members: tuple[str, ...]  # normal forms (``s:png``), in the order written
    lines: tuple[int, ...]  # the line of each member
    # How the membership tests of the list normalise their input before the lookup, each
    # as ``common/folds.py`` names it (``upper``, ``strip+lower``; "" for none), sorted;
    # () when no membership test of the file was found.
    folds: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ProducedWords(Fact):
    """The word-like strings a production file writes as values (returned, assigned, a
    field's value, an argument), not as the operand of a comparison, a case, a key, a type
    or a docstring: the names of the program's own statuses, tools and modes."""

    words: tuple[str, ...]  # sorted


@dataclass(frozen=True, kw_only=True)
class TestInput(Fact):
    """A literal argument of a call in a test file (``is_allowed("webp")``)."""

    __test__ = False  # not a pytest test class

    callee: str  # the called function's last name
    value: str  # normal form
