"""Machine boundaries: what the states of a state machine read from each other.

The flow (``sfn_flow``) says which shape every JSONPath of a state is read from; each
read is observed against the producer its value came from (a Lambda handler, a Pass
state's ``Result``, the execution input). Per field a Lambda writes, the engine records
whether any state reads it and where the value goes after (a task's input, the execution
output, callers outside the machine); each Step Functions Local mock is flowed in place
of the state it replaces and what the reads find is compared.
"""

from __future__ import annotations

from typing import NamedTuple

from ...extractors.facts.contracts import (
    UNKNOWN,
    Mock,
    Producer,
    Shape,
    State,
    StateMachine,
)
from ..report.model import FieldRef
from . import sfn_flow
from .contract_index import ContractFacts
from .mock_drift import possible_presences, written
from .observations import (
    Escape,
    Holder,
    MockComparison,
    MockedRead,
    Observation,
    UncheckedState,
    UnreadablePath,
    UnreadField,
)
from .reads import EXECUTION_INPUT_LABEL, Source, observe_read
from .sfn_record import EXECUTION_INPUT, Flow, PathRead, ReadSite
from .sfn_states import StateType
from .shape import (
    Lookup,
    Origin,
    Presence,
    carried,
    dotted,
    leaves,
    lookup,
    parse_path,
    related,
)
from .wiring import Wiring

# Where a read only moves the value on (its readers come later): not a use of it.
_MOVES_ON = frozenset(
    {ReadSite.INPUT_PATH, ReadSite.OUTPUT_PATH, ReadSite.ITEMS_PATH, ReadSite.RESULT_SELECTOR}
)
_BUILDS_INPUT = frozenset({StateType.PASS, StateType.MAP, StateType.PARALLEL})


class _Looked(NamedTuple):
    """A read of the flow, its parsed path, and what looking it up found."""

    read: PathRead
    path: tuple[str, ...]
    found: Lookup


class _MachineObserver:
    """Observations of one state machine."""

    def __init__(self, machine: StateMachine, wiring: Wiring, mocks: list[Mock]) -> None:
        self.machine = machine
        self.wiring = wiring
        self.mocks = mocks
        self.sources: dict[Origin, Source] = {}
        self.wiring_files: dict[Origin, set[str]] = {}
        self.state_of: dict[Origin, State] = {}
        self.produced: dict[Origin, Shape] = {}
        self.shared: set[Origin] = set()  # results of functions others invoke too
        self.out: list[Observation] = []

    def resolve(self, state: State) -> tuple[Shape, Origin] | None:
        """Resolver for the flow: the handler's shape, or an unknown marked unresolved."""
        resolved = self.wiring.resolve_state(self.machine, state)
        producer = resolved.producer
        if producer is None:
            origin: Origin = (self.machine.file, state.line, f"{state.name}")
            self.sources[origin] = Source(
                label=state.name,
                file=self.machine.file,
                line=state.line,
                resolved=False,
                why=resolved.reason,
            )
            self.wiring_files[origin] = set(resolved.wiring)
            self.state_of[origin] = state
            return Shape(UNKNOWN, line=state.line), origin
        origin = (producer.file, producer.line, state.name)
        self.sources[origin] = Source(
            label=state.name, file=producer.file, line=producer.line, resolved=True
        )
        self.wiring_files[origin] = {*resolved.wiring, producer.file}
        self.state_of[origin] = state
        self.produced[origin] = producer.shape
        if self._shared(state, producer):
            self.shared.add(origin)
        return producer.shape, origin

    def _shared(self, state: State, producer: Producer) -> bool:
        """True when the function is also invoked outside the machine (an API, a URL, an
        event source), by the state's own reference or a function definition of it."""
        if state.function is not None and state.function.shared:
            return True
        return any(
            d.function.shared and self.wiring.handler_producer(d.function, d.file) is producer
            for d in self.wiring.facts.functions
        )

    def _source(self, origin: Origin | None) -> Source:
        """The producer a value came from, as the rows name it."""
        if origin is None or origin == EXECUTION_INPUT:
            return Source(
                label=EXECUTION_INPUT_LABEL,
                file=self.machine.file,
                line=self.machine.line,
                resolved=False,
            )
        if origin in self.sources:
            return self.sources[origin]
        return Source(
            label=origin[2], file=origin[0] or self.machine.file, line=origin[1], resolved=True
        )

    def observe(self) -> list[Observation]:
        """Every read, then every field a Lambda writes that no state reads, then every
        mock."""
        flow = sfn_flow.run(self.machine.machine, self.resolve)
        looked: list[_Looked] = []
        for read in flow.reads:
            path = parse_path(read.path)
            consumer = FieldRef(self.machine.file, read.line, read.path.removeprefix("$."))
            if path is None:
                if not read.path.startswith("$$"):
                    self.out.append(
                        UnreadablePath(
                            boundary=f"? -> {read.state}",
                            files=frozenset({self.machine.file}),
                            consumer=consumer,
                            expression=read.path,
                        )
                    )
                continue
            found = lookup(read.against, path)
            looked.append(_Looked(read, path, found))
            if path:
                self._read(read, path, found, consumer)
        self._unconsumed(flow, looked)
        self._unchecked(looked)
        for mock in self.mocks:
            self._mock(mock, looked)
        return self.out

    def _read(
        self, read: PathRead, path: tuple[str, ...], found: Lookup, consumer: FieldRef
    ) -> None:
        """One read of a plain path."""
        source = self._source(found.origin)
        files = {
            self.machine.file,
            source.file,
            *self.wiring_files.get(found.origin or ("", 0, ""), set()),
        }
        boundary = f"{source.label} -> {read.state}"
        guarded, vague = _guard_depth(read.guards, path)
        self.out.append(
            observe_read(
                boundary=boundary,
                source=source,
                found=found,
                path=path,
                consumer=consumer,
                guarded=guarded,
                files=files,
                guard_understood=not vague,
            )
        )

    def _unconsumed(self, flow: Flow, looked: list[_Looked]) -> None:
        """Every field a resolved Lambda writes that no state reads, and where it goes."""
        for origin, source in sorted(self.sources.items()):
            state = self.state_of[origin]
            if not source.resolved or state.result_path is None:
                continue
            produced = self.produced.get(origin)
            if produced is None or state.name not in flow.results:
                continue
            prefix = ("Payload",) if state.envelope else ()
            consumed = [x.found.inner for x in looked if x.found.origin == origin and _uses(x.read)]
            passed = _passed_on(flow.escapes, origin)
            dropped = _passed_on(flow.discarded, origin)  # ResultPath null: on purpose
            reaching = _passed_on(flow.final, origin)
            files = {self.machine.file, *self.wiring_files.get(origin, set())}
            for path, line in leaves(produced, prefix):
                if any(related(path, c) for c in consumed):
                    continue
                if _under(path, dropped):
                    continue
                escapes = (
                    *([Escape.TASK_INPUT] if _overlaps(path, passed) else []),
                    *([Escape.EXECUTION_OUTPUT] if _overlaps(path, reaching) else []),
                    *([Escape.SHARED_FUNCTION] if origin in self.shared else []),
                )
                self.out.append(
                    UnreadField(
                        boundary=f"{state.name} -> {self.machine.name}",
                        files=frozenset(f for f in files if f),
                        written=FieldRef(source.file, line or source.line, dotted(path)),
                        holder=Holder.STATE_MACHINE,
                        escapes=escapes,
                    )
                )

    def _unchecked(self, looked: list[_Looked]) -> None:
        """What the machine's rows would otherwise leave out: each Lambda task whose
        function is not resolved and whose result no read reaches, and the states whose
        JSONata expressions are not known (a CDK `.jsonata` state)."""
        read_from = {x.found.origin for x in looked}
        for origin, source in sorted(self.sources.items()):
            if source.resolved or origin in read_from:
                continue
            state = self.state_of[origin]
            self.out.append(
                UncheckedState(
                    boundary=f"{state.name} -> {self.machine.name}",
                    files=frozenset(self.wiring_files.get(origin, {self.machine.file})),
                    at=FieldRef(self.machine.file, state.line, state.name),
                    unresolved=source.why,
                )
            )
        states = _all_states(self.machine.machine.states)
        jsonata = [s for s in states if s.jsonata and s.expressions is None]
        if jsonata:
            self.out.append(
                UncheckedState(
                    boundary=f"{self.machine.name} (JSONata)",
                    files=frozenset({self.machine.file}),
                    at=FieldRef(self.machine.file, jsonata[0].line, jsonata[0].name),
                    unmodelled="JSONata",
                    states=tuple(s.name for s in jsonata),
                )
            )

    def _mock(self, mock: Mock, looked: list[_Looked]) -> None:
        """One Step Functions Local mock: every read it answers, as it and the real
        producer answer it."""
        state = self.machine.machine.state(mock.state)
        if state is None:
            return
        mock_origin: Origin = (mock.file, mock.line, f"mock {mock.case}")
        flow = sfn_flow.run(
            self.machine.machine, self.resolve, {state.name: (mock.shape, mock_origin)}
        )
        mocked = {(r.state, r.path, r.line): r for r in flow.reads}
        reads: list[MockedRead] = []
        for read, path, real in looked:
            twin = mocked.get((read.state, read.path, read.line))
            if twin is None:
                continue
            fake = lookup(twin.against, path)
            mine = real.origin is not None and self.state_of.get(real.origin) == state
            if not mine and fake.origin != mock_origin:
                continue
            source = self._source(real.origin)
            known = real.presence is not Presence.UNKNOWN and source.resolved
            reads.append(
                MockedRead(
                    path=read.path.removeprefix("$."),
                    consumer=FieldRef(self.machine.file, read.line, read.path.removeprefix("$.")),
                    producer=source.label,
                    producer_known=known,
                    real=real.presence,
                    fake=fake.presence,
                    # With no producer shape behind the value, it can give no answer.
                    possible=(
                        frozenset(possible_presences(real.root, real.inner))
                        if real.root is not None
                        else frozenset()
                    ),
                    tolerated=real.root is not None and not real.inner,
                    optional=False,
                    written=(
                        written(real, path, file=source.file, line=source.line) if known else None
                    ),
                    mock_field=FieldRef(mock.file, fake.line or mock.line, dotted(fake.inner)),
                    files=frozenset(f for f in (source.file,) if f),
                )
            )
        self.out.append(
            MockComparison(
                boundary=f"{mock.state} (mock {mock.case}) -> {self.machine.name}",
                files=frozenset(f for f in (mock.file, self.machine.file) if f),
                mock=FieldRef(mock.file, mock.line, mock.target),
                reads=tuple(reads),
            )
        )


def _all_states(states: tuple[State, ...]) -> list[State]:
    """The states of a machine, those of its branches and item processors included."""
    out: list[State] = []
    for state in states:
        out.append(state)
        for branch in state.branches:
            out.extend(_all_states(branch.states))
    return out


def _guard_depth(guards: tuple[str, ...], path: tuple[str, ...]) -> tuple[int, bool]:
    """How much of ``path`` an ``IsPresent`` guard covers, and whether a guard is not
    understood (its path unknown or not a plain path)."""
    depth, vague = 0, False
    for guard in guards:
        parts = parse_path(guard) if guard else None
        if parts is None:
            vague = True
        elif path[: len(parts)] == parts:
            depth = max(depth, len(parts))
    return depth, vague


def _uses(read: PathRead) -> bool:
    """True when a state uses the value it reads; InputPath/OutputPath/ItemsPath, a
    ResultSelector and a Pass state's Parameters only move it on (its readers come later)."""
    if read.where in _MOVES_ON:
        return False
    return not (read.where == ReadSite.PARAMETERS and read.state_type in _BUILDS_INPUT)


def _under(path: tuple[str, ...], places: set[tuple[str, ...]]) -> bool:
    """True when ``path`` lies inside a value sitting at one of ``places``."""
    return any(path[: len(at)] == at for at in places)


def _overlaps(path: tuple[str, ...], places: set[tuple[str, ...]]) -> bool:
    """True when ``path`` lies inside one of ``places`` or a part of it sits at one (a leaf
    whose contents are not known, e.g. a list of unknown items, passes on what sits inside)."""
    return any(related(path, at) for at in places)


def _passed_on(shapes: list[Shape], origin: Origin) -> set[tuple[str, ...]]:
    """Where values of ``origin`` sit in ``shapes`` (what the machine hands to tasks it
    cannot see into, what it drops on purpose, or what reaches the execution output)."""
    found: set[tuple[str, ...]] = set()
    for shape in shapes:
        carried(shape, origin, found)
    return found


def _machine_mocks(machine: StateMachine, facts: ContractFacts) -> list[Mock]:
    """The Step Functions Local mocks of a machine: by its name (or the template resource
    that loads its file), else by a state name no other machine has."""
    aliases = {machine.name} | {
        d.name for d in facts.machine_defs if d.definition_uri == machine.file
    }
    names = {m.name for m in facts.machines} | {d.name for d in facts.machine_defs}
    out = []
    for mock in facts.mocks:
        if mock.kind != "sfn-local" or machine.machine.state(mock.state) is None:
            continue
        if mock.machine in aliases:
            out.append(mock)
        elif mock.machine not in names:
            owners = [m for m in facts.machines if m.machine.state(mock.state) is not None]
            if len(owners) == 1:
                out.append(mock)
    return out


def machine_observations(facts: ContractFacts, wiring: Wiring) -> list[Observation]:
    """What every state machine's reads, results and mocks find."""
    out: list[Observation] = []
    for machine in facts.machines:
        out += _MachineObserver(machine, wiring, _machine_mocks(machine, facts)).observe()
    return out
