"""What the contract engine observes at each boundary, for the contract rules to judge.

The engine (state machines, code calls and routes, code mocks, the AWS SDK's models)
wires producers to consumers and records, per boundary, language-neutral facts: which
field a consumer reads and what the producer writes there, which written field no reader
reads and where the value goes, what a mock answers where the real producer answers
otherwise. It never says PASS, FAIL or UNKNOWN, nor why: the rules of
``validator/rules/contract/`` do, one question each (DESIGN §6). Every observation
names the boundary and the files it rests on (the producer's, the consumer's, the
mock's, those declaring the wiring), so that the check can keep those the change set
touched.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..report.model import FieldRef
from .shape import Presence


@dataclass(frozen=True, kw_only=True)
class Observation:
    """One boundary (``producer -> consumer``) and the files it rests on."""

    boundary: str
    files: frozenset[str]


@dataclass(frozen=True, kw_only=True)
class FieldRead(Observation):
    """A consumer reads ``path`` of the value one producer gives (or one the engine could
    not resolve), and what the producer writes there."""

    consumer: FieldRef  # the read
    path: str  # the path read, dotted
    producer: str  # the producer as rows name it (a function, a route, a state)
    execution_input: bool = False  # the value is the execution input: no schema
    unresolved: str | None = None  # why the producer is not known; None when it is
    presence: Presence  # whether the producer writes the path
    written: FieldRef  # the deepest part of the path the producer writes
    guarded: bool = False  # an explicit existence check or a default covers the first
    # segment not written
    truth_test: bool = False  # only a truth test (``if (x.f)``, ``x.f?.g``) covers it
    guard_understood: bool = True  # False when an existence check's path is not understood
    elsewhere: FieldRef | None = None  # the same field written at another depth or spelling
    same_name: bool = False  # ``elsewhere`` has the read's name (another depth)

    @property
    def resolved(self) -> bool:
        """True when the producer is known (neither the execution input nor unresolved)."""
        return not self.execution_input and self.unresolved is None


@dataclass(frozen=True, kw_only=True)
class UncheckedState(Observation):
    """A state machine's boundary the engine cannot check, so that it is not left silent:
    a Lambda task whose function is not resolved and whose result nothing is seen to read
    (``unresolved`` says why), or states whose expressions are not modelled
    (``unmodelled`` names the query language, ``states`` the states)."""

    at: FieldRef  # the state, or the first of the states
    unresolved: str = ""
    unmodelled: str = ""
    states: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class UnreadablePath(Observation):
    """A read whose path expression is not understood (no producer can be asked)."""

    consumer: FieldRef
    expression: str


@dataclass(frozen=True, kw_only=True)
class AmbiguousRead(Observation):
    """A read of a value several producers may give (a request two routes can serve)."""

    consumer: FieldRef
    path: str
    producers: tuple[str, ...]  # ``label (file:line)`` of each
    presences: frozenset[Presence]  # what each producer's lookup found
    written: FieldRef | None  # the first producer's field, when every producer writes it
    guarded: bool  # an existence check covers the first segment not written


@dataclass(frozen=True, kw_only=True)
class ModelRead(Observation):
    """A read of an AWS SDK response against the operation's output shape."""

    consumer: FieldRef
    path: str
    model: str  # ``athena GetQueryExecution``
    in_model: bool  # the path is in the output shape (or the shape types it no further)
    written: FieldRef  # the deepest part of the path in the shape
    missing: str  # the first segment not in the shape ("" when in it)
    inside: str  # the dotted path of the structure lacking it ("" for the response)
    members: tuple[str, ...]  # that structure's member names, sorted
    near: FieldRef | None  # a member spelling ``missing`` differently
    guarded: bool  # an existence check covers ``missing``


@dataclass(frozen=True, kw_only=True)
class EnumComparison(Observation):
    """A response field compared with literal values, where the model lists its values."""

    consumer: FieldRef
    path: str
    model: str
    field: FieldRef  # the field in the model
    values: tuple[str, ...]  # the values compared with
    allowed: tuple[str, ...]  # the enum's values


@dataclass(frozen=True, kw_only=True)
class UnknownModel(Observation):
    """An SDK call or stub of a service botocore ships no model for."""

    at: FieldRef
    service: str
    mocked: bool  # a stubbed response (Q1) rather than a call's reads (Q2)


@dataclass(frozen=True, kw_only=True)
class StubEntry:
    """One key of a stubbed SDK response, looked up in the operation's output shape."""

    path: tuple[str, ...]
    at: FieldRef  # the key in the stub
    in_model: bool
    missing: str
    inside: str
    members: tuple[str, ...]
    near: str | None  # a member spelling ``missing`` differently
    written: FieldRef  # the deepest part of the path in the shape
    field: FieldRef  # the whole path in the shape
    value: str | None  # the literal the stub sets, if any
    allowed: tuple[str, ...]  # the enum's values where the shape lists them


@dataclass(frozen=True, kw_only=True)
class ModelStub(Observation):
    """A stubbed SDK response (``Stubber.add_response``) against the operation's model."""

    model: str
    response: FieldRef  # the output shape itself
    entries: tuple[StubEntry, ...]


class Escape(StrEnum):
    """Where a produced value goes beyond the readers the engine sees."""

    ROUTE = "route"  # an HTTP response
    PUBLIC = "public"  # an exported function or a Lambda handler
    FOREIGN_READER = "foreign-reader"  # read in another file
    OPEN_VALUE = "open-value"  # fields set on an object the engine cannot see into
    PASSED_ON = "passed-on"  # a reader hands the value on
    TASK_INPUT = "task-input"  # given to a task (or a JSONata state) whose reads are unknown
    EXECUTION_OUTPUT = "execution-output"  # reaches a state machine's output
    SHARED_FUNCTION = "shared-function"  # the function is invoked outside the machine too


class Holder(StrEnum):
    """What holds a produced value while its readers read it."""

    CODE = "code"  # a function's result and its callers
    STATE_MACHINE = "state-machine"  # a state's result and the states after it


@dataclass(frozen=True, kw_only=True)
class UnreadField(Observation):
    """A field a producer writes that none of the readers the engine sees reads."""

    written: FieldRef
    holder: Holder
    escapes: tuple[Escape, ...]  # where else the value goes, in the order found


@dataclass(frozen=True, kw_only=True)
class MockedRead:
    """One read the code under test makes of a mocked value, with both answers."""

    path: str
    consumer: FieldRef
    producer: str  # the real producer as rows name it
    producer_known: bool  # the real producer and its answer are known
    real: Presence
    fake: Presence
    possible: frozenset[Presence]  # every answer some alternative of the real value gives
    tolerated: bool  # an existence check covers the whole path
    optional: bool  # the real producer declares the field optional
    written: FieldRef | None  # what the real producer writes for the read
    mock_field: FieldRef  # the mock's field (or the mock) answering the read
    files: frozenset[str] = frozenset()  # further files a drift on this read rests on
    # The string literals each side holds at the read when they are a closed set (an
    # enum-like field): a mocked value the real producer never writes is a drift too.
    real_values: frozenset[str] | None = None
    fake_values: frozenset[str] | None = None


@dataclass(frozen=True, kw_only=True)
class MockComparison(Observation):
    """A test double (code mock, Step Functions Local mock) against the producer it
    replaces, on every read it answers."""

    mock: FieldRef  # the mock's definition
    reads: tuple[MockedRead, ...]
