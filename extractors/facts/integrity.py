"""Facts about tests and placeholders (DESIGN §5: test, marker). Language-neutral.

Extractors fill these from Python, TypeScript/TSX/JavaScript and Markdown;
the checks in ``validator/`` decide what is a tautology, a stub or a sentinel.
Texts are the source text with whitespace collapsed to single spaces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from . import Fact

# Closed vocabularies: type-level only, the values stay plain strings.
SkipScope = Literal["test", "class", "describe", "module"]
# Where an environment-conditioned skip applies: where its variable is set, or unset.
SkipWhere = Literal["", "set", "unset"]
# Where a skip whose condition reads the operating system alone holds: "on" the platforms
# it names, or everywhere but them ("off"); "" for any other condition.
PlatformWhere = Literal["", "on", "off"]
# A bare ``assert a OP b``'s comparison (every operator the grammar parses, Python 2's
# ``<>`` included); "" for any other assertion.
CompareOperator = Literal[
    "", "==", "!=", "<>", "<", "<=", ">", ">=", "in", "not in", "is", "is not"
]
HandlerBody = Literal["empty", "pass", "reraise", "asserts", "return", "other"]
CommentCode = Literal["", "assert", "check", "call"]
StubKind = Literal[
    "pass",
    "ellipsis",
    "not-implemented",
    "throw-not-implemented",
    "empty",
    "return-null",
    "docstring-only",
]
LiteralKind = Literal["number", "string", "bool", "none", "expression"]
# The kind of a constant assertion operand: a Binding's kinds but "expression", plus
# "collection" (a list/dict/array/object literal of constants).
OperandKind = Literal["number", "string", "bool", "none", "collection"]
PyFramework = Literal["pytest", "unittest"]
JsFramework = Literal["jest", "vitest", "mocha", "node:test", "playwright", "ava"]
Framework = PyFramework | JsFramework
AssertionStyle = Literal[
    "assert",  # Python's ``assert`` statement
    "unittest",  # ``self.assertEqual`` ...
    "raises",  # ``pytest.raises`` / ``pytest.warns``
    "fail",  # ``pytest.fail``
    "mock",  # ``m.assert_called_once_with``, ``sinon.assert.calledWith``
    "call",  # an imported ``assert_*`` helper (``assert_frame_equal``)
    "expect",  # Jest/Vitest ``expect(x).toBe``
    "expect-type",  # ``expectTypeOf`` / ``assertType``
    "chai",  # chai's ``expect``/``assert``/``should``
    "node-assert",  # ``node:assert`` and the test context's ``t.assert``
]
BindingForm = Literal["", "constant", "local", "keyword", "parameter", "property"]


@dataclass(frozen=True)
class Operand:
    """One compared value of an assertion."""

    text: str
    # The literal's kind when the operand is a constant: "bool", "number", "string",
    # "none" (None/null/undefined), "collection" (empty or literal list/dict/array); else None.
    literal: OperandKind | None = None
    # Its value when literal: a scalar's normal form (``common.literals``: "b:true", "n:0",
    # "s:x", "none"), a collection's source text ("[]", "{'a': 1}"); else None.
    value: str | None = None
    # The operand is the size of something (``len(x)``, ``x.length``): never negative.
    size: bool = False
    # A string literal is not empty (truthy) when the extractor read its value, else None.
    nonempty: bool | None = None


@dataclass(frozen=True, kw_only=True)
class TestCase(Fact):
    """A test recognised by framework conventions. ``symbol`` is its id:
    ``path::Class::test_name`` for Python, ``path::describe > it name`` for JS/TS."""

    __test__ = False  # not a pytest test class

    name: str
    framework: Framework
    end_line: int
    is_async: bool = False
    doc: str = ""  # docstring / leading comment block, for requirement ids
    parametrized: bool = False
    # The test's own body is known to be a helper call chain only (all asserts in helpers it calls).
    calls: tuple[str, ...] = ()  # names of functions the test calls, for helper assertions
    # Every callee of the test's own body as written, its arguments left out and its names
    # joined by dots (``request(app).get("/").expect(200)`` -> "request.get.expect").
    callees: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Assertion(Fact):
    """An assertion inside a test (``symbol`` = the test id) or inside a helper (its name)."""

    style: AssertionStyle
    method: str  # "assert", "assertEqual", "toBe", "strictEqual", "raises", ...
    operator: CompareOperator = ""  # for a bare ``assert a OP b``
    operands: tuple[Operand, ...] = ()  # subject first, then expected values
    negated: bool = False  # ``expect(x).not.toBe``, ``assert not x``
    conditional: bool = False  # under an if/loop/switch/try/catch inside the test
    in_handler: bool = False  # inside an except/catch block
    text: str = ""
    # Exception types named by pytest.raises / assertRaises / toThrow(Type) / rejects.toThrow
    exception_types: tuple[str, ...] = ()
    has_match: bool = False  # ``match=`` / a message or regex argument / assertRaisesRegex


@dataclass(frozen=True, kw_only=True)
class Skip(Fact):
    """A test made not to run: decorator, modifier (``it.skip``, ``xit``, ``.todo``,
    ``.only`` on a sibling) or an in-body call (``pytest.skip()``, ``self.skipTest``)."""

    how: str  # "pytest.mark.skip", "pytest.mark.skipif", "pytest.mark.xfail", "unittest.skip",
    #           "it.skip", "xit", "it.todo", "it.only", "pytest.skip()", "skipTest", ...
    conditional: bool = False  # skipif / skipIf / skipUnless, or a call under a condition
    reason: str = ""
    scope: SkipScope = "test"
    # When the condition reads one environment variable and nothing else
    # (``not os.environ.get("RUN_SLOW")``, ``process.env.CI ? it.skip : it``): the variable,
    # and where the test is skipped: "set" (where it is set) or "unset".
    env: tuple[str, ...] = ()
    skipped_where: SkipWhere = ""
    # When the condition compares the operating system alone (``sys.platform == "win32"``,
    # ``process.platform !== "darwin"``, ``os.name == "nt"``): the platform names it is
    # compared with, as written, and whether the test is skipped "on" them or "off" them.
    platforms: tuple[str, ...] = ()
    platform_skipped: PlatformWhere = ""
    # ``pytest.importorskip("pkg")``: the modules the test needs, as imported; it is skipped
    # where one of them cannot be imported.
    requires: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Handler(Fact):
    """An except/catch block inside a test or production function."""

    caught: tuple[str, ...]  # () for a bare ``except:`` / ``catch (e)``
    body: HandlerBody
    in_test: bool = False
    try_has_assertions: bool = False  # the guarded block contains assertions


@dataclass(frozen=True, kw_only=True)
class Return(Fact):
    """A ``return`` that belongs to a test's own body (never to a nested function)."""

    conditional: bool  # under an if/loop/try
    assertions_after: int  # assertions of the same test located after this return
    # The value whose absence the return's own ``if`` tests (``if (!user) return;``,
    # ``if (x == null) return``): "user"; "" for any other return.
    absent_guard: str = ""


@dataclass(frozen=True, kw_only=True)
class Comment(Fact):
    """A source comment or, for Markdown, a line of prose (not code, not quoted)."""

    text: str
    in_test: bool = False
    # For comments inside tests, what the text parses as in the file's language when it is
    # code: "assert" (an assert statement), "check" (a call or a ``with`` header the
    # language's check vocabulary counts as a check), "call" (another call); "" when it does
    # not parse (prose).
    code: CommentCode = ""


@dataclass(frozen=True, kw_only=True)
class StubBody(Fact):
    """A function/method whose body does nothing real. ``symbol`` is the function."""

    body: StubKind
    message: str = ""  # the NotImplementedError / Error message, if any
    abstract: bool = False  # @abstractmethod / abstract member
    protocol: bool = False  # member of a Protocol / interface
    overload: bool = False  # @overload / overload signature
    declaration: bool = False  # .d.ts, ``declare``, interface, type-only
    in_test_file: bool = False
    # The enclosing class, when the function is a method: its name, its base classes as
    # written, and whether another class of the same file derives from it.
    owner: str = ""
    owner_bases: tuple[str, ...] = ()
    owner_subclassed: bool = False
    # Whether a class of the same file that derives from the owner defines this method too.
    overridden: bool = False
    owner_methods: int = 0  # functions the enclosing class defines directly
    documented: bool = False  # the function has a docstring


@dataclass(frozen=True, kw_only=True)
class Binding(Fact):
    """A literal value bound to a name (assignment, keyword argument, property, default)."""

    name: str
    value: str  # source text
    literal: LiteralKind
    # A string's text without quotes or prefix (as written), when ``literal == "string"``.
    text: str | None = None
    number: float | None = None  # numeric value when ``literal == "number"`` (also for 1e9, -1)
    in_test: bool = False
    # Where the value is bound: "constant" (module or class level), "local", "keyword"
    # (argument), "parameter" (default), "property" (object/dict entry); "" when not recorded.
    form: BindingForm = ""
    # The name the collection literal holding the value is bound to (``mockAccount`` for
    # ``const mockAccount = {creditLimit: 1e9}``); "" when it is not in one.
    container: str = ""
    # The keys of the mappings around the value's own key, outermost first: ``("rules",)``
    # for ``rules: {'no-console': 0}``, ``("tool", "ruff")`` for ``[tool.ruff] x = 1``.
    keys: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Double(Fact):
    """A test double a test file places: ``mock.patch("pkg.mod.f")``, ``patch.object``,
    ``monkeypatch.setattr``, ``mocker.patch``/``spy``, ``jest.mock``/``vi.mock`` (one per
    name it replaces), ``jest.spyOn``/``vi.spyOn``. ``symbol`` is the test, class, suite or
    function it is placed in, the file's path when it is placed for the whole module."""

    how: str  # "mock.patch", "patch.object", "monkeypatch.setattr", "jest.mock", "vi.spyOn", ...
    # What it stands in for, qualified: Python "pkg.mod.compute"; JS "<module>#<export>" with
    # the module resolved against the test's folder, no extension ("src/pricing#total"),
    # "<module>#*" when every export of the module is replaced.
    target: str
    replaces: bool  # a call no longer runs the real code (not ``wraps=``, not a bare spy)
    until: int  # the last line where the double is in place
    # The first line where it is in place when that is not ``line``: a fixture's double is
    # in place for the whole test that requests the fixture (0: from ``line``).
    start: int = 0
    # Python: it patches the test module's own name (``patch(f"{__name__}.compute")``), so
    # names the test imported at module level see it too.
    rebinds_local: bool = False


@dataclass(frozen=True, kw_only=True)
class ImportedCall(Fact):
    """A call a test makes of an imported function (``compute(2)``, ``mod.compute(2)``,
    ``pricing.total(items)``). ``symbol`` is the test."""

    target: str  # qualified as ``Double.target`` names it
    text: str  # the call as written, whitespace collapsed
    asserted: bool  # its result reaches an assertion of the test (inside it, or via a name)
    # Python: the name was bound by a module-level ``from m import f`` (a later patch of
    # ``m.f`` does not change what the test calls).
    bound_early: bool = False
