"""The values a CDK stack's code evaluates to: constructs, states, chains, paths, unknowns.

Typed values (not dicts of strings) so the construct and call handlers say what they take
and give; a ``Stack`` holds what the interpretation has built so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ...common import ir
from ...common.adapter import CodeSyntax
from ...facts.contracts import ChoiceRule, FunctionRef, StateType
from ..asl import Cond


class Unknown:
    """A value the interpreter cannot know."""


UNKNOWN_VALUE = Unknown()


class Untraced(Unknown):
    """The value of a call the interpreter could not follow: ``what`` names the call,
    ``how`` says what it is: "helper" (a helper of this file whose result is not known),
    "lookup" (``Function.fromFunctionArn(...)``: a function defined elsewhere), "import"
    (a name imported from ``source``), or "call" (anything else)."""

    def __init__(self, what: str, how: str = "call", source: str = "") -> None:
        self.what = what
        self.how = how
        self.source = source

    @property
    def ref(self) -> str:
        """The symbolic function reference it stands for."""
        return f"untraced:{self.how}:{self.what}" + (f" of {self.source}" if self.source else "")


CALLBACK = "WAIT_FOR_TASK_TOKEN"  # ``IntegrationPattern.WAIT_FOR_TASK_TOKEN``


@dataclass(frozen=True)
class Loc:
    """A filesystem path: repo-relative when ``exact``, else relative to the CDK app folder."""

    path: str
    exact: bool


@dataclass(frozen=True)
class Asset:
    """``Code.fromAsset(dir)``; ``DockerImageCode.fromImageAsset(dir, {cmd: [handler]})``
    also names the handler."""

    where: Loc
    handler: str = ""


@dataclass(frozen=True)
class JsonPathRef:
    """``JsonPath.stringAt('$.x')`` and friends."""

    path: str


@dataclass(frozen=True)
class Language:
    """``QueryLanguage.JSONATA`` / ``QueryLanguage.JSON_PATH``."""

    name: str


def is_jsonata(props: dict[str, object]) -> bool | None:
    """True/False when the props choose a query language, None when they do not."""
    value = props.get("queryLanguage")
    return value.name == "JSONata" if isinstance(value, Language) else None


@dataclass(frozen=True)
class Intrinsic:
    """``JsonPath.format(...)``, ``JsonPath.stringToJson(...)``...: the paths it reads."""

    paths: tuple[str, ...]


def paths_in(value: object) -> tuple[str, ...]:
    """The JSONPaths a value reads: a ``JsonPath.*At``, an intrinsic, a "$..." string."""
    if isinstance(value, JsonPathRef):
        return (value.path,)
    if isinstance(value, Intrinsic):
        return value.paths
    if isinstance(value, str) and value.startswith("$") and not value.startswith("$$"):
        return (value,)
    return ()


@dataclass(frozen=True)
class Discard:
    """``JsonPath.DISCARD``."""


@dataclass(frozen=True)
class Condition:
    """A ``Condition.*``: what it reads and checks."""

    cond: Cond
    line: int


@dataclass(frozen=True)
class Wrapped:
    """``TaskInput.fromObject(x)``, ``Result.fromObject(x)``, ``DefinitionBody.fromChainable``."""

    kind: str
    value: object
    line: int


@dataclass(frozen=True)
class LambdaFn:
    """A function construct."""

    ref: FunctionRef


@dataclass(frozen=True)
class Chain:
    """A chain of states: where it starts and the states it may end in."""

    start: str
    ends: tuple[str, ...]


@dataclass
class StateRec:
    """A state construct as built so far: its transitions fill in as the code links them."""

    name: str
    kind: StateType | Literal["OtherTask"]  # "OtherTask": a stepfunctions-tasks class
    line: int
    props: dict[str, object]
    next: str = ""
    choices: list[ChoiceRule] = field(default_factory=list)
    default: str = ""
    branches: list[Chain] = field(default_factory=list)
    afterwards: str = ""
    catches: list[tuple[str, str | None]] = field(default_factory=list)
    guards: tuple[str, ...] = ()  # paths the Choice's rules so far leave present


@dataclass(frozen=True)
class FunctionAttr:
    """``fn.functionArn`` / ``fn.functionName``: names the function construct."""

    fn: LambdaFn


@dataclass
class MachineRec:
    """A ``StateMachine`` construct: its name, definition and JSONata/substitution options."""

    name: str
    definition: object
    line: int
    jsonata: bool | None = None
    substitutions: object = None


class ObjValue(dict[str, object]):
    """An evaluated object literal that remembers its syntax (for templates and lines)."""

    def __init__(self, values: dict[str, object], source: ir.ObjLit) -> None:
        super().__init__(values)
        self.source = source


@dataclass
class Stack:
    """One stack file being interpreted: bound names, states, machines, functions."""

    path: str
    folder: str
    # Evaluates an expression in this stack (the interpreter's ``evaluate``): construct and
    # call handlers evaluate their arguments through it.
    evaluator: Callable[[ir.Expr, Stack], object]
    env: dict[str, object] = field(default_factory=dict)
    states: dict[str, StateRec] = field(default_factory=dict)
    machines: list[MachineRec] = field(default_factory=list)
    functions: list[tuple[int, FunctionRef]] = field(default_factory=list)
    task_names: set[str] = field(default_factory=set)
    aliases: dict[str, str] = field(default_factory=dict)  # local name -> CDK class
    path_names: dict[str, str] = field(default_factory=dict)  # ``join`` -> ``path.join``
    imported: dict[str, str] = field(default_factory=dict)  # local name -> its module
    syntax: CodeSyntax | None = None
    shared: set[FunctionRef] = field(default_factory=set)  # functions others invoke too
    # The helpers of the file (``program.Program``) and the calls being inlined.
    program: Any = None
    depth: int = 0
    budget: int = 0  # helper calls left to inline in this file
    active: set[int] = field(default_factory=set)  # helper nodes being inlined
    bases: list[list[Any]] = field(default_factory=list)  # [base class node, built construct]
    helpers: list[str] = field(default_factory=list)  # names of the helpers being inlined

    def eval(self, expr: ir.Expr) -> object:
        """The value of ``expr`` in this stack."""
        return self.evaluator(expr, self)

    @property
    def keyword_options(self) -> bool:
        """Construct options come as keyword arguments (Python), not an object literal."""
        return self.syntax is not None and self.syntax.keyword_options


def path_prop(props: dict[str, object], key: str) -> str | None:
    """A ``*Path`` prop as ASL spells it: "$" when absent, None for ``DISCARD``."""
    value = props.get(key, "$")
    if isinstance(value, Discard) or value is None:
        return None
    if isinstance(value, JsonPathRef):
        return value.path
    return value if isinstance(value, str) else "$"
