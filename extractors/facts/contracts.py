"""Contract facts: what components write and read, how they are wired, and their test doubles.

Language-neutral (DESIGN §5): a TypeScript handler, a Python function, a FastAPI
route and a Step Functions ``Pass`` state all become a ``Producer`` with a
``Shape``; attribute chains, ``.get("k")`` calls and JSONPath strings all become
``Read`` paths. The extractors judge nothing: whether a read is satisfied is
decided by ``validator/contracts`` once the pieces are wired together.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, get_args

from . import Fact

# Closed vocabularies: type-level only, the values stay plain strings (the fact cache
# pickles them and the report prints them as they are).
ShapeKind = Literal["object", "array", "scalar", "unknown", "union"]
ConsumerSource = Literal["call", "http"]
MockKind = Literal["sfn-local", "mock.patch", "jest.mock"]
MachineSource = Literal["cdk", "asl", "template"]
SdkMockKind = Literal["stubber", "return_value", "side_effect"]
# The state types the Amazon States Language defines; "" for a ``Type`` it does not.
StateType = Literal["Task", "Pass", "Choice", "Wait", "Succeed", "Fail", "Parallel", "Map", ""]
_STATE_TYPES: dict[str, StateType] = {t: t for t in get_args(StateType)}


def state_type(written: object) -> StateType:
    """The state type a definition's ``Type`` names, "" for one the language does not define
    (such a state's result is unknown)."""
    return _STATE_TYPES.get(written, "") if isinstance(written, str) else ""


OBJECT: ShapeKind = "object"
ARRAY: ShapeKind = "array"
SCALAR: ShapeKind = "scalar"
UNKNOWN: ShapeKind = "unknown"
UNION: ShapeKind = "union"


@dataclass(frozen=True)
class Shape:
    """A tree of known fields.

    ``kind`` is ``object`` (``fields``; ``open`` when more may exist, e.g. after a
    spread of an unknown value), ``array`` (``items``), ``scalar`` (a literal or
    a value that has no fields), ``unknown`` (anything may be there) or ``union``
    (``options``: one per return statement). ``origin`` names the producer the
    value came from once the validator has wired it (``file``, ``line``, label) and
    ``at`` the path of this value inside the producer's result.
    """

    kind: ShapeKind
    fields: tuple[ShapeField, ...] = ()
    open: bool = False
    items: Shape | None = None
    options: tuple[Shape, ...] = ()
    line: int = 0
    origin: tuple[str, int, str] | None = None
    at: tuple[str, ...] = ()  # where this value sits inside the origin's value
    # A scalar's string literals when they are all it can hold (``"PAID"``, or one of
    # several returns' literals); empty when anything else may be there.
    values: tuple[str, ...] = ()

    def field(self, name: str) -> ShapeField | None:
        """The field called ``name`` of an object shape, or None."""
        for f in self.fields:
            if f.name == name:
                return f
        return None


@dataclass(frozen=True)
class ShapeField:
    """One named field of an object shape, written at ``line``."""

    name: str
    shape: Shape
    line: int
    optional: bool = False  # declared but not always written (``total=False`` TypedDict)


def unknown(line: int = 0) -> Shape:
    """A value whose fields cannot be known."""
    return Shape(UNKNOWN, line=line)


def scalar(line: int = 0) -> Shape:
    """A value with no fields (number, string, boolean, null)."""
    return Shape(SCALAR, line=line)


def obj(fields: dict[str, ShapeField], *, open: bool = False, line: int = 0) -> Shape:
    """An object shape; fields are kept sorted by name so equal shapes compare equal."""
    return Shape(OBJECT, tuple(fields[k] for k in sorted(fields)), open=open, line=line)


def union(options: list[Shape], line: int = 0) -> Shape:
    """One shape for several alternatives (several returns); a single one stands for itself.

    Scalars and unknowns are merged whatever their line (a list literal of ten thousand
    numbers is one alternative, not ten thousand)."""
    flat: dict[object, Shape] = {}
    for option in options:
        for o in option.options if option.kind == UNION else (option,):
            key: object = o if o.kind in (OBJECT, ARRAY) else (o.kind, o.origin)
            if key in flat and o.kind == SCALAR:
                flat[key] = _literals(flat[key], o)
            flat.setdefault(key, o)
    if not flat:
        return unknown(line)
    if len(flat) == 1:
        return next(iter(flat.values()))
    return Shape(UNION, options=tuple(flat.values()), line=line)


_LITERALS = 32  # more string literals than this are data, not a closed set of states


def _literals(kept: Shape, other: Shape) -> Shape:
    """One scalar for two: the union of their string literals when both are closed sets."""
    both = set(kept.values) | set(other.values)
    closed = bool(kept.values) and bool(other.values) and len(both) <= _LITERALS
    values = tuple(sorted(both)) if closed else ()
    return kept if values == kept.values else replace(kept, values=values)


@dataclass(frozen=True)
class Read:
    """One field path read on a value: ``order.details.passed`` -> ``("details", "passed")``.

    ``guarded`` is the number of leading segments an existence check covers
    (``if "details" in r`` guards 1, ``r.details?.passed`` guards 1). ``checked`` is how
    many of them an explicit check or a default covers (``"k" in d``, ``hasOwnProperty``,
    a comparison with ``undefined``/``None``, ``?? x``, ``.get("k", x)``): the rest are
    covered only by a truth test (``if (o.k)``, ``o.k && ...``, ``if d.get("k")``, ``o.k?.x``),
    which reads the field as much as it checks it. None when the extractor does not tell
    the two apart (``guarded`` then counts as checked).
    """

    path: tuple[str, ...]
    line: int
    text: str
    in_condition: bool = False
    guarded: int = 0
    checked: int | None = None


# Name suffix of the producer that stands for what a route handler function sends
# (``show (response)``): the handler itself may return nothing.
RESPONSE = " (response)"


@dataclass(frozen=True, kw_only=True)
class Producer(Fact):
    """A function (or HTTP route handler) whose result has a known shape."""

    name: str  # the function's name in its module ("handler", "lambda_handler", "get_order")
    shape: Shape
    route: str = ""  # "GET /api/orders/{}" for HTTP handlers (parameters normalised to {})
    exported: bool = True
    # Qualified name of the class the return annotation names ("app.models.Order") when the
    # body builds no dict: the validator takes the shape from that class's ``Record``.
    declared: str = ""
    # Calls whose result the function returns as it is (``return build_result(x)``) when
    # it builds no literal itself: (module as imported, name); module "" for a function
    # of the same file. The validator gives the producer their shapes.
    delegates: tuple[tuple[str, str], ...] = ()
    # JS/TS: the export name of the router/app this route is declared on, when another
    # module may mount it under a prefix (``app.use('/api', router)``); ``route`` is then
    # "" for a router that serves nothing until mounted, and ``name`` holds "GET /path".
    mount: str = ""
    # FastAPI: qualified name of the class a route serialises its result through
    # (``response_model=Order``, or the route's ``-> Order``); its ``Record.wire`` is the
    # body sent. ``response_many``: a list of them; ``response_partial``: fields may be left
    # out (``response_model_exclude_none``); ``response_by_alias`` False: field names, not
    # aliases (``response_model_by_alias=False``).
    response_model: str = ""
    response_by_alias: bool = True
    response_many: bool = False
    response_partial: bool = False


@dataclass(frozen=True, kw_only=True)
class Consumer(Fact):
    """A value obtained from a call or an HTTP request, and the fields read on it."""

    source: ConsumerSource
    target: str  # called name as written ("fetchOrder", "client.fetch") or the URL ("/api/x/{}")
    module: str = ""  # import specifier of the called name ("./client", "pkg.client")
    imported: str = ""  # the name imported from ``module``
    method: str = ""  # HTTP method for "http"
    reads: tuple[Read, ...] = ()
    escapes: bool = False  # the value is also returned, passed on or stored


@dataclass(frozen=True, kw_only=True)
class Record(Fact):
    """A Python class that declares a value's fields (TypedDict, dataclass, pydantic model)."""

    name: str  # the class's name in its module
    shape: Shape
    # pydantic models: the JSON a serialiser writes, by alias (``wire``) and by field name
    # (``wire_names``): fields only, renamed by ``Field(alias=...)`` / ``alias_generator``;
    # unknown when the renaming cannot be known. None for other classes.
    wire: Shape | None = None
    wire_names: Shape | None = None


@dataclass(frozen=True, kw_only=True)
class PyClassBases(Fact):
    """A module-level Python class and the classes it derives from, qualified
    (``app.models.Base``): a value declared as a base class may be any of its subclasses."""

    name: str
    bases: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class PyAlias(Fact):
    """A module-level name bound by an import (``from .client import fetch as get``):
    ``name`` ("get") stands for ``qualified`` ("app.client.fetch"). Kept per file so the
    validator can follow re-exports (``app/__init__.py``) across files."""

    name: str
    qualified: str


@dataclass(frozen=True, kw_only=True)
class JsReexport(Fact):
    """A JS/TS module exports ``name`` from another module: ``export { f as name } from
    './x'``, ``export * from './x'`` (``name`` and ``imported`` are "*"), ``export default f``
    or ``module.exports = { f }`` of an imported ``f``. The validator follows these chains."""

    name: str
    module: str  # import specifier as written ("./x")
    imported: str  # the name in ``module`` ("f", "default", "*")


@dataclass(frozen=True, kw_only=True)
class JsMount(Fact):
    """``app.use('/api', router)`` / ``app.route('/api', sub)`` of an imported router:
    the routes ``imported`` of ``module`` declares are served under ``prefix``."""

    prefix: str
    module: str
    imported: str


@dataclass(frozen=True, kw_only=True)
class Mock(Fact):
    """A test double with the shape it returns and what it stands in for."""

    kind: MockKind
    target: str  # "pkg.mod.fetch", "../client#fetchOrder", "<machine>/<state>"
    shape: Shape
    machine: str = ""  # Step Functions Local: the state machine name
    state: str = ""  # Step Functions Local: the state the response stands in for
    case: str = ""  # Step Functions Local: the test case
    # A double returning what a test loads from a data file (``json.load(open(...))``,
    # ``require("./order.json")``): the repo-relative file and the keys taken from its
    # value ("*": any key, every value); ``shape`` is then unknown until the file is read.
    document: str = ""
    document_at: tuple[str, ...] = ()


@dataclass(frozen=True)
class DataDocument(Fact):
    """The shape of a JSON data file beside tests (fixtures, recorded payloads): what a
    double that returns the file's contents answers."""

    shape: Shape


@dataclass(frozen=True)
class FunctionRef:
    """Where a Lambda's code lives: an entry file or a code folder plus ``module.function``.

    ``ref`` is the symbolic reference when the code is not known yet (an ASL
    ``${CountFunctionArn}`` substitution, a template logical id).
    """

    code: str = ""  # repo-relative entry file or code folder; "" when unresolved
    handler: str = ""  # "index.handler", "app.lambda_handler", or the export name of an entry
    is_file: bool = False
    ref: str = ""
    name: str = ""  # construct id or logical id, for messages
    # also handed to other callers (an API, a function URL, an event source): its result
    # reaches readers no state machine shows
    shared: bool = False


@dataclass(frozen=True)
class TemplateField:
    """One key of a ``Parameters`` / ``ResultSelector`` template.

    ``path`` is the JSONPath of a ``key.$`` entry; ``value`` the literal's shape;
    ``sub`` a nested template; ``items`` an array literal, one entry per element (named
    by its index), each a template, an array or a literal in turn.
    """

    name: str
    line: int
    path: str = ""
    value: Shape | None = None
    sub: tuple[TemplateField, ...] | None = None
    reads: tuple[str, ...] = ()  # paths an intrinsic (``States.Format('{}', $.a)``) reads
    items: tuple[TemplateField, ...] | None = None
    # a JSONata expression that tests what it reads (``$exists``, ``?``): a read may be absent
    vague: bool = False


@dataclass(frozen=True)
class ChoiceRead:
    """One path a choice rule reads, its line, and the paths known present whenever it is
    read (an ``IsPresent`` earlier in the same ``And``, an earlier rule that sends the absent
    case elsewhere); a guard whose path is not known is ``""``."""

    path: str
    line: int
    guards: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChoiceRule:
    """One ``Choices`` entry (or ``.when``): the paths its condition reads and its target."""

    paths: tuple[str, ...]
    line: int
    next: str
    reads: tuple[ChoiceRead, ...] = ()  # the same paths, each with its line and guards


@dataclass(frozen=True)
class MapSource:
    """Where a Map's items come from and where its results go, when not its input/output.

    ``reader``: the ``ItemReader``'s ``Parameters`` (items are read from a store, their
    fields not known); ``batched``: an ``ItemBatcher`` hands each item processor
    ``{"Items": [...], "BatchInput": ...}`` (``batch_input`` its template); ``writer``:
    the ``ResultWriter``'s ``Parameters`` (the results go to a store and the Map's result
    is ``{"MapRunArn", "ResultWriterDetails": {"Bucket", "Key"}}``).
    """

    reader: tuple[TemplateField, ...] | None = None
    batched: bool = False
    batch_input: tuple[TemplateField, ...] | None = None
    writer: tuple[TemplateField, ...] | None = None


@dataclass(frozen=True)
class State:
    """One state of a state machine, with what Step Functions does to its data.

    ``result_path``/``output_path``/``input_path`` are JSONPaths; None means
    ``null`` / ``JsonPath.DISCARD``.
    """

    name: str
    type: StateType
    line: int
    next: str = ""
    end: bool = False
    default: str = ""
    choices: tuple[ChoiceRule, ...] = ()
    function: FunctionRef | None = None
    envelope: bool = True  # a Lambda result arrives as {Payload: ..., StatusCode, ...}
    other_resource: str = ""  # a Task that is not a Lambda invoke
    input_path: str | None = "$"
    parameters: tuple[TemplateField, ...] | None = None
    result: Shape | None = None  # Pass ``Result``
    result_selector: tuple[TemplateField, ...] | None = None
    result_path: str | None = "$"
    output_path: str | None = "$"
    items_path: str = ""
    branches: tuple[Machine, ...] = ()  # Parallel branches, Map item processor
    path_lines: tuple[tuple[str, int], ...] = ()  # line of each *Path key as written
    jsonata: bool = False  # QueryLanguage JSONata: its reads and output are not modelled
    catches: tuple[tuple[str, str | None], ...] = ()  # (Next, ResultPath) of each Catch
    path_reads: tuple[tuple[str, int], ...] = ()  # SecondsPath, ErrorPath, ...: (path, line)
    # JSONPath ``Assign``: variables (``$name``) built from the state's result and input
    assign: tuple[TemplateField, ...] | None = None
    map_source: MapSource | None = None  # a Map's ItemReader / ItemBatcher / ResultWriter
    # a JSONata state's expressions by key (``Arguments``, ``Output``, ``Assign``...), their
    # paths JSONata references (``$states.input.a``); None when they are not known
    expressions: tuple[TemplateField, ...] | None = None


@dataclass(frozen=True)
class Machine:
    """A (sub-)state machine: its states and where it starts."""

    start: str
    states: tuple[State, ...]

    def state(self, name: str) -> State | None:
        """The state called ``name``, or None."""
        for s in self.states:
            if s.name == name:
                return s
        return None


@dataclass(frozen=True, kw_only=True)
class StateMachine(Fact):
    """A state machine definition (CDK chain, ASL file, or inline in a template)."""

    name: str
    machine: Machine
    source: MachineSource
    substitutions: tuple[tuple[str, str], ...] = ()  # inline template: ${Key} -> logical id


@dataclass(frozen=True, kw_only=True)
class FunctionDef(Fact):
    """A deployable function declared in infrastructure (SAM/CloudFormation/CDK)."""

    name: str  # logical id or construct id
    function: FunctionRef


@dataclass(frozen=True, kw_only=True)
class StateMachineDef(Fact):
    """A template's state machine resource that loads its ASL from a file."""

    name: str
    definition_uri: str  # repo-relative
    substitutions: tuple[tuple[str, str], ...]  # key -> logical id (or literal value)


@dataclass(frozen=True)
class LiteralTest:
    """A field path compared with string literals (``state == "SUCCEEDED"``,
    ``state in ("FAILED", "CANCELLED")``): the values an enum-typed field must allow."""

    path: tuple[str, ...]
    values: tuple[str, ...]
    line: int
    text: str


@dataclass(frozen=True, kw_only=True)
class SdkClient(Fact):
    """An AWS SDK client bound to a name other files can reach (``boto3.client("athena")``
    at module level, or ``self.sfn = session.client("stepfunctions")`` in a class)."""

    name: str  # qualified name of the binding: "app.handler.athena", "app.poll.Poller.sfn"
    service: str  # the service name as written: "athena", "stepfunctions"


@dataclass(frozen=True, kw_only=True)
class SdkCall(Fact):
    """An operation called on an AWS SDK client, with the fields read on its response."""

    service: str  # as written in the client's creation
    client: str  # qualified name of the client binding, or the expression as written
    method: str  # Python method name: "get_query_execution"
    reads: tuple[Read, ...] = ()
    tests: tuple[LiteralTest, ...] = ()


@dataclass(frozen=True)
class SdkEntry:
    """One key (or list item, ``*``) of a mocked SDK response and the string written there."""

    path: tuple[str, ...]
    line: int
    value: str | None = None  # the string literal at this path, None for anything else


@dataclass(frozen=True, kw_only=True)
class SdkMock(Fact):
    """A stand-in response of an SDK operation: ``Stubber.add_response``,
    ``patch.object(client, "op", return_value=...)``, ``m.op.return_value`` / ``side_effect``.

    ``service`` is "" when the client is bound in another file; ``client`` then names it
    (``app.handler.athena``) and the validator resolves it through ``SdkClient`` facts."""

    kind: SdkMockKind  # Stubber.add_response, or the mock slot that was set
    service: str
    client: str
    method: str
    entries: tuple[SdkEntry, ...]


@dataclass(frozen=True, kw_only=True)
class JsPathAlias(Fact):
    """An import alias of a TS/JS project (``tsconfig.json`` ``paths`` / ``baseUrl``):
    ``@/*`` -> ``./src/*``, resolved against ``base`` (repo-relative, "" for the root)."""

    pattern: str  # "@/*", "@app/api", "*" for baseUrl
    targets: tuple[str, ...]  # "./src/*"
    base: str
