"""Contract facts: what components write and read, how they are wired, and their test doubles.

Language-neutral (DESIGN §5): a TypeScript handler, a Python function, a FastAPI
route and a Step Functions ``Pass`` state all become a ``Producer`` with a
``Shape``; attribute chains, ``.get("k")`` calls and JSONPath strings all become
``Read`` paths. The extractors judge nothing: whether a read is satisfied is
decided by ``validator/contracts`` once the pieces are wired together.
"""

from __future__ import annotations

from dataclasses import dataclass

from ralph_validate.extractors.facts import Fact

OBJECT = "object"
ARRAY = "array"
SCALAR = "scalar"
UNKNOWN = "unknown"
UNION = "union"


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

    kind: str
    fields: tuple[ShapeField, ...] = ()
    open: bool = False
    items: Shape | None = None
    options: tuple[Shape, ...] = ()
    line: int = 0
    origin: tuple[str, int, str] | None = None
    at: tuple[str, ...] = ()  # where this value sits inside the origin's value

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
            flat.setdefault(key, o)
    if not flat:
        return unknown(line)
    if len(flat) == 1:
        return next(iter(flat.values()))
    return Shape(UNION, options=tuple(flat.values()), line=line)


@dataclass(frozen=True)
class Read:
    """One field path read on a value: ``order.details.passed`` -> ``("details", "passed")``.

    ``guarded`` is the number of leading segments an existence check covers
    (``if "details" in r`` guards 1, ``r.details?.passed`` guards 1).
    """

    path: tuple[str, ...]
    line: int
    text: str
    in_condition: bool = False
    guarded: int = 0


@dataclass(frozen=True, kw_only=True)
class Producer(Fact):
    """A function (or HTTP route handler) whose result has a known shape."""

    name: str  # the function's name in its module ("handler", "lambda_handler", "get_order")
    shape: Shape
    route: str = ""  # "GET /api/orders/{}" for HTTP handlers (parameters normalised to {})
    exported: bool = True


@dataclass(frozen=True, kw_only=True)
class Consumer(Fact):
    """A value obtained from a call or an HTTP request, and the fields read on it."""

    source: str  # "call" | "http"
    target: str  # called name as written ("fetchOrder", "client.fetch") or the URL ("/api/x/{}")
    module: str = ""  # import specifier of the called name ("./client", "pkg.client")
    imported: str = ""  # the name imported from ``module``
    method: str = ""  # HTTP method for "http"
    reads: tuple[Read, ...] = ()
    escapes: bool = False  # the value is also returned, passed on or stored


@dataclass(frozen=True, kw_only=True)
class Mock(Fact):
    """A test double with the shape it returns and what it stands in for."""

    kind: str  # "sfn-local" | "mock.patch" | "jest.mock"
    target: str  # "pkg.mod.fetch", "../client#fetchOrder", "<machine>/<state>"
    shape: Shape
    machine: str = ""  # Step Functions Local: the state machine name
    state: str = ""  # Step Functions Local: the state the response stands in for
    case: str = ""  # Step Functions Local: the test case


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


@dataclass(frozen=True)
class TemplateField:
    """One key of a ``Parameters`` / ``ResultSelector`` template.

    ``path`` is the JSONPath of a ``key.$`` entry; ``value`` the literal's shape;
    ``sub`` a nested template.
    """

    name: str
    line: int
    path: str = ""
    value: Shape | None = None
    sub: tuple[TemplateField, ...] | None = None


@dataclass(frozen=True)
class ChoiceRule:
    """One ``Choices`` entry (or ``.when``): the paths its condition reads and its target."""

    paths: tuple[str, ...]
    line: int
    next: str


@dataclass(frozen=True)
class State:
    """One state of a state machine, with what Step Functions does to its data.

    ``result_path``/``output_path``/``input_path`` are JSONPaths; None means
    ``null`` / ``JsonPath.DISCARD``.
    """

    name: str
    type: str
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
    source: str  # "cdk" | "asl" | "template"
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
