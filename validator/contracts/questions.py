"""The four cross-component questions, asked of every wired boundary (DESIGN §6).

- Q1 ``contract.mock-drift`` (at the mock): a field the code under test reads is
  there with the mock and not with the real producer, or the other way round.
- Q2 ``contract.missing-field`` (at the read): the resolved producer does not
  write the field. A read under an existence check is not missing.
- Q3 ``contract.unconsumed-field`` (at the write): nobody reads a produced field;
  FAIL when the value stays inside a closed boundary, UNKNOWN when it escapes
  (execution output, an HTTP response, a value passed on).
- Q4 ``contract.naming-drift`` (at the read): the field read is missing but the
  same producer writes it under another spelling (``user_id``/``userId``) or at
  another depth (``Payload.passed`` vs ``Payload.details.passed``).

Every answer the graph cannot give is UNKNOWN; each row lists the files it
rests on so that the check can keep the rows the change set touched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import networkx as nx

from ...extractors.facts.contracts import Consumer, Mock, Producer, Shape, State, StateMachine
from ..findings import Status
from ..report.model import ContractRow, FieldRef, Location
from . import sfn_flow
from .graph import (
    ContractFacts,
    Wiring,
    build_graph,
    consumers_mocked_by,
    producers_of,
)
from .py_names import optional_depth
from .shape import (
    Lookup,
    Origin,
    Presence,
    dotted,
    find_fields,
    has_fields,
    leaves,
    lookup,
    parse_path,
    with_origin,
)

_FIELD_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
KIND = {
    1: "contract.mock-drift",
    2: "contract.missing-field",
    3: "contract.unconsumed-field",
    4: "contract.naming-drift",
}


@dataclass(frozen=True)
class Answer:
    """A report row plus the files it rests on."""

    row: ContractRow
    files: frozenset[str]


def answer_row(
    question: int,
    boundary: str,
    producer: FieldRef | None,
    consumer: FieldRef | None,
    status: Status,
    reason: str,
    at: FieldRef | None,
    files: set[str],
) -> Answer:
    """One report row: located at ``at`` and given its ``contract.*`` kind unless PASS."""
    location = Location(at.file, at.line) if at is not None and status is not Status.PASS else None
    kind = KIND[question] if status is not Status.PASS else None
    row = ContractRow(question, boundary, producer, consumer, status, reason, kind, location)
    return Answer(row, frozenset(f for f in files if f))


@dataclass(frozen=True)
class _Source:
    """A producer as the questions name it."""

    label: str
    file: str
    line: int
    resolved: bool
    why: str = ""  # why an unresolved producer is not known


def _drift(found: Lookup, path: tuple[str, ...]) -> tuple[tuple[str, ...], int] | None:
    """Where the producer writes the field a missing read wanted (other spelling/depth)."""
    if found.root is None or found.depth >= len(path):
        return None
    missing = path[found.depth]
    candidates = [c for c in find_fields(found.root, missing) if c[0] != found.inner]
    if not candidates:
        return None
    # Prefer the candidate that shares the most of the read's path, then the shortest.
    wanted = found.inner
    return sorted(candidates, key=lambda c: (-_common(c[0], wanted), len(c[0]), c[0]))[0]


def _common(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _read_rows(
    boundary: str,
    source: _Source,
    found: Lookup,
    path: tuple[str, ...],
    consumer: FieldRef,
    guarded: int,
    files: set[str],
) -> list[Answer]:
    """Q2 (and Q4 when the field is written elsewhere) for one read."""
    producer_ref: FieldRef | None = FieldRef(
        source.file, found.line or source.line, dotted(found.inner)
    )
    if source.label == "execution input":
        why = "reads the execution input, whose schema is not known"
        return [answer_row(2, boundary, None, consumer, Status.UNKNOWN, why, consumer, files)]
    if found.presence is Presence.PRESENT:
        return [
            answer_row(
                2,
                boundary,
                producer_ref,
                consumer,
                Status.PASS,
                "written by the producer",
                None,
                files,
            )
        ]
    if not source.resolved:
        why = f"the producer behind {source.label} is not known: {source.why}"
        return [answer_row(2, boundary, None, consumer, Status.UNKNOWN, why, consumer, files)]
    if found.presence is Presence.UNKNOWN:
        why = f"{source.label} may or may not write {dotted(path)}"
        return [
            answer_row(2, boundary, producer_ref, consumer, Status.UNKNOWN, why, consumer, files)
        ]
    out: list[Answer] = []
    drift = _drift(found, path)
    if drift is not None:
        elsewhere = FieldRef(source.file, drift[1], dotted(drift[0]))
        how = "at another depth" if drift[0][-1] == path[found.depth] else "spelled differently"
        out.append(
            answer_row(
                4,
                boundary,
                elsewhere,
                consumer,
                Status.FAIL,
                f"reads {dotted(path)}; {source.label} writes {dotted(drift[0])} ({how})",
                consumer,
                files,
            )
        )
        producer_ref = elsewhere
    if guarded > found.depth:
        out.append(
            answer_row(
                2,
                boundary,
                producer_ref,
                consumer,
                Status.PASS,
                "missing, but only read under an existence check",
                None,
                files,
            )
        )
        return out
    out.append(
        answer_row(
            2,
            boundary,
            producer_ref,
            consumer,
            Status.FAIL,
            f"reads {dotted(path)}; {source.label} does not write {dotted(found.inner)}",
            consumer,
            files,
        )
    )
    return out


# --- Step Functions -----------------------------------------------------------------------


class _MachineAnswers:
    """Rows for one state machine."""

    def __init__(self, machine: StateMachine, wiring: Wiring, mocks: list[Mock]) -> None:
        self.machine = machine
        self.wiring = wiring
        self.mocks = mocks
        self.sources: dict[Origin, _Source] = {}
        self.wiring_files: dict[Origin, set[str]] = {}
        self.state_of: dict[Origin, State] = {}
        self.produced: dict[Origin, Shape] = {}
        self.shared: set[Origin] = set()  # results of functions others invoke too
        self.out: list[Answer] = []

    def resolve(self, state: State) -> tuple[Shape, Origin] | None:
        """Resolver for the flow: the handler's shape, or an unknown marked unresolved."""
        resolved = self.wiring.resolve_state(self.machine, state)
        producer = resolved.producer
        if producer is None:
            origin: Origin = (self.machine.file, state.line, f"{state.name}")
            self.sources[origin] = _Source(
                state.name, self.machine.file, state.line, False, resolved.reason
            )
            self.wiring_files[origin] = set(resolved.wiring)
            self.state_of[origin] = state
            return Shape("unknown", line=state.line), origin
        origin = (producer.file, producer.line, state.name)
        self.sources[origin] = _Source(state.name, producer.file, producer.line, True)
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

    def _source(self, origin: Origin | None) -> _Source:
        if origin is None or origin == sfn_flow.EXECUTION_INPUT:
            return _Source("execution input", self.machine.file, self.machine.line, False)
        if origin in self.sources:
            return self.sources[origin]
        return _Source(origin[2], origin[0] or self.machine.file, origin[1], True)

    def answer(self) -> list[Answer]:
        flow = sfn_flow.run(self.machine.machine, self.resolve)
        looked: list[tuple[sfn_flow.PathRead, tuple[str, ...], Lookup]] = []
        for read in flow.reads:
            path = parse_path(read.path)
            consumer = FieldRef(self.machine.file, read.line, read.path.removeprefix("$."))
            if path is None:
                if not read.path.startswith("$$"):
                    self.out.append(
                        answer_row(
                            2,
                            f"? -> {read.state}",
                            None,
                            consumer,
                            Status.UNKNOWN,
                            f"path {read.path} is not understood",
                            consumer,
                            {self.machine.file},
                        )
                    )
                continue
            found = lookup(read.against, path)
            looked.append((read, path, found))
            if not path:
                continue
            source = self._source(found.origin)
            files = {
                self.machine.file,
                source.file,
                *self.wiring_files.get(found.origin or ("", 0, ""), set()),
            }
            boundary = f"{source.label} -> {read.state}"
            guarded, vague = _guard_depth(read.guards, path)
            if vague and found.presence is Presence.ABSENT and source.resolved:
                why = "read under an existence check whose path is not understood"
                self.out.append(
                    answer_row(2, boundary, None, consumer, Status.UNKNOWN, why, consumer, files)
                )
                continue
            self.out += _read_rows(boundary, source, found, path, consumer, guarded, files)
        self._unconsumed(flow, looked)
        for mock in self.mocks:
            self._mock(mock, looked)
        return self.out

    def _unconsumed(
        self, flow: sfn_flow.Flow, looked: list[tuple[sfn_flow.PathRead, tuple[str, ...], Lookup]]
    ) -> None:
        for origin, source in sorted(self.sources.items()):
            state = self.state_of[origin]
            if not source.resolved or state.result_path is None:
                continue
            produced = self.produced.get(origin)
            if produced is None or state.name not in flow.results:
                continue
            prefix = ("Payload",) if state.envelope else ()
            consumed = [f.inner for r, _, f in looked if f.origin == origin and _consumes(r)]
            passed = _passed_on(flow.escapes, origin)
            dropped = _passed_on(flow.discarded, origin)  # ResultPath null: on purpose
            reaching: set[tuple[str, ...]] = set()
            for shape in flow.final:
                _carried(shape, origin, reaching)
            files = {self.machine.file, *self.wiring_files.get(origin, set())}
            for path, line in leaves(produced, prefix):
                if any(_related(path, c) for c in consumed):
                    continue
                if any(path[: len(at)] == at for at in dropped):
                    continue
                ref = FieldRef(source.file, line or source.line, dotted(path))
                if any(path[: len(at)] == at for at in passed):
                    status, why = (
                        Status.UNKNOWN,
                        "nobody in the state machine reads it; it is passed to a task (or a "
                        "JSONata state) whose reads are not known",
                    )
                elif any(path[: len(at)] == at for at in reaching):
                    status, why = (
                        Status.UNKNOWN,
                        "nobody in the state machine reads it; it reaches the execution output",
                    )
                elif origin in self.shared:
                    status, why = (
                        Status.UNKNOWN,
                        "nobody in the state machine reads it; the function is also invoked "
                        "outside it (an API, a URL, an event source), whose readers are not known",
                    )
                else:
                    status, why = Status.FAIL, "nobody reads it before the state machine drops it"
                self.out.append(
                    answer_row(
                        3,
                        f"{state.name} -> {self.machine.name}",
                        ref,
                        None,
                        status,
                        why,
                        ref,
                        files,
                    )
                )

    def _mock(
        self, mock: Mock, looked: list[tuple[sfn_flow.PathRead, tuple[str, ...], Lookup]]
    ) -> None:
        state = self.machine.machine.state(mock.state)
        if state is None:
            return
        mock_origin: Origin = (mock.file, mock.line, f"mock {mock.case}")
        flow = sfn_flow.run(
            self.machine.machine, self.resolve, {state.name: (mock.shape, mock_origin)}
        )
        mocked = {(r.state, r.path, r.line): r for r in flow.reads}
        at = FieldRef(mock.file, mock.line, mock.target)
        boundary = f"{mock.state} (mock {mock.case}) -> {self.machine.name}"
        relevant = 0
        unknown = False
        for read, path, real in looked:
            twin = mocked.get((read.state, read.path, read.line))
            if twin is None:
                continue
            fake = lookup(twin.against, path)
            mine = real.origin is not None and self.state_of.get(real.origin) == state
            if not mine and fake.origin != mock_origin:
                continue
            relevant += 1
            consumer = FieldRef(self.machine.file, read.line, read.path.removeprefix("$."))
            source = self._source(real.origin)
            files = {mock.file, self.machine.file, source.file}
            if real.presence is Presence.UNKNOWN or not source.resolved:
                unknown = True
                continue
            if (
                fake.presence is not real.presence
                and Presence.UNKNOWN not in (fake.presence,)
                and (real.root is None or mock_disagrees(real.root, fake.presence, real.inner, 0))
            ):
                where = FieldRef(mock.file, fake.line or mock.line, dotted(fake.inner))
                producer = _written(real, path, source.file, source.line)
                verb = "has" if fake.presence is Presence.PRESENT else "lacks"
                self.out.append(
                    answer_row(
                        1,
                        boundary,
                        producer,
                        consumer,
                        Status.FAIL,
                        _drift_reason(verb, read.path.removeprefix("$."), source.label),
                        where,
                        files,
                    )
                )
                return
        if relevant:
            status = Status.UNKNOWN if unknown else Status.PASS
            why = (
                "the real producer is not known"
                if unknown
                else "the mock agrees with the producer on every field read"
            )
            self.out.append(
                answer_row(1, boundary, None, None, status, why, at, {mock.file, self.machine.file})
            )


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


def _written(real: Lookup, path: tuple[str, ...], file: str, line: int) -> FieldRef:
    """What the real producer writes for a read a mock answers differently: the field
    itself when present, else the same leaf elsewhere (other depth or spelling), else the
    deepest part of the path it does write."""
    if real.presence is Presence.PRESENT:
        return FieldRef(file, real.line or line, dotted(real.inner))
    drift = _drift(real, path)
    if drift is not None:
        return FieldRef(file, drift[1] or line, dotted(drift[0]))
    return FieldRef(file, real.line or line, dotted(real.inner[: real.depth]))


def possible_presences(shape: Shape, path: tuple[str, ...]) -> set[Presence]:
    """Every answer some alternative of ``shape`` gives for ``path``: a union (several
    returns, branches) may write a field on one path of the code and not on another."""
    if not path:
        return {Presence.PRESENT}
    if shape.kind == "union":
        out: set[Presence] = set()
        for option in shape.options:
            out |= possible_presences(option, path)
        return out
    if shape.kind == "unknown":
        return {Presence.UNKNOWN}
    if shape.kind == "scalar":
        return {Presence.ABSENT}
    head, rest = path[0], path[1:]
    if shape.kind == "array":
        if head == "*" or head.isdigit():
            return possible_presences(shape.items, rest) if shape.items else {Presence.UNKNOWN}
        return {Presence.UNKNOWN}
    found = shape.field(head)
    if found is None:
        return {Presence.UNKNOWN if shape.open else Presence.ABSENT}
    if getattr(found, "optional", False):
        return {Presence.ABSENT} | possible_presences(found.shape, rest)
    return possible_presences(found.shape, rest)


def mock_disagrees(real: Shape, fake: Presence, path: tuple[str, ...], guarded: int) -> bool:
    """True when no way the real producer can answer ``path`` matches the mock's answer, and
    the code does not tolerate the difference (a read under an existence check, or with a
    default, copes with an absent field either way)."""
    if guarded >= len(path):
        return False
    answers = possible_presences(real, path)
    return Presence.UNKNOWN not in answers and fake not in answers


def _record_key(name: str) -> bool:
    """True for a key that names a field (``user_id``), not data (``tests/a.py``, ``en-GB``)."""
    return bool(_FIELD_NAME.fullmatch(name))


def is_test_file(path: str) -> bool:
    """True for test code: its helpers' results are not contracts between components."""
    parts = path.split("/")
    name = parts[-1]
    return (
        any(p in ("tests", "test", "__tests__", "spec") for p in parts[:-1])
        or name.startswith("test_")
        or name.endswith("_test.py")
        or any(f".{kind}." in name for kind in ("test", "spec"))
    )


def _drift_reason(verb: str, path: str, producer: str) -> str:
    """Why a mock drifts: it has a field the producer lacks, or lacks one it writes."""
    if verb == "has":
        return f"the mock has {path}, the real {producer} does not"
    return f"the mock lacks {path}, the real {producer} writes it"


def _consumes(read: sfn_flow.PathRead) -> bool:
    """True when a state uses the value it reads; InputPath/OutputPath/ItemsPath, a
    ResultSelector and a Pass state's Parameters only move it on (its readers come later)."""
    if read.where in ("InputPath", "OutputPath", "ItemsPath", "ResultSelector"):
        return False
    return not (read.where == "Parameters" and read.state_type in ("Pass", "Map", "Parallel"))


def _related(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _passed_on(shapes: list[Shape], origin: Origin) -> set[tuple[str, ...]]:
    """Where values of ``origin`` sit in ``shapes`` (what the machine hands to tasks it
    cannot see into, or what it drops on purpose)."""
    found: set[tuple[str, ...]] = set()
    for shape in shapes:
        _carried(shape, origin, found)
    return found


def _carried(shape: Shape, origin: Origin, found: set[tuple[str, ...]], depth: int = 0) -> None:
    """Collect where (``at``) values of ``origin`` sit in a shape, e.g. the execution output."""
    if shape.origin == origin:
        found.add(shape.at)
    if depth > 24:
        return
    inner = [f.shape for f in shape.fields] + list(shape.options)
    if shape.items is not None:
        inner.append(shape.items)
    for child in inner:
        _carried(child, origin, found, depth + 1)


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


def machine_answers(facts: ContractFacts, wiring: Wiring) -> list[Answer]:
    """Q1-Q4 for every state machine."""
    out: list[Answer] = []
    for machine in facts.machines:
        out += _MachineAnswers(machine, wiring, _machine_mocks(machine, facts)).answer()
    return out


# --- code boundaries ----------------------------------------------------------------------


def _short(symbol: str, file: str) -> str:
    return symbol.split("::", 1)[1] if "::" in symbol else file


def _producer_label(producer: Producer) -> str:
    return producer.route or f"{producer.file}::{producer.name}"


def _consumer_label(consumer: Consumer) -> str:
    return f"{consumer.file}::{_short(consumer.symbol, consumer.file) or consumer.target}"


def _origin(producer: Producer) -> Origin:
    return (producer.file, producer.line, _producer_label(producer))


def code_answers(
    facts: ContractFacts, wiring: Wiring, graph: nx.DiGraph | None = None
) -> list[Answer]:
    """Q2/Q4 per read, Q3 per producer and Q1 per mock for code boundaries, following the
    edges of the field graph."""
    if graph is None:
        graph = build_graph(facts, wiring)
    out: list[Answer] = []
    readers: dict[tuple[str, str], list[tuple[Consumer, list[tuple[str, ...]]]]] = {}
    handlers = _handler_producers(facts, wiring)
    for consumer in facts.consumers:
        candidates = [p for p in producers_of(graph, consumer) if has_fields(p.shape)]
        if len(candidates) > 1:
            out += _ambiguous(consumer, candidates)
            continue
        for producer in candidates:
            source = _Source(_producer_label(producer), producer.file, producer.line, True)
            marked = with_origin(producer.shape, _origin(producer))
            boundary = f"{source.label} -> {_consumer_label(consumer)}"
            seen: list[tuple[str, ...]] = []
            for read in consumer.reads:
                found = lookup(marked, read.path)
                optional = optional_depth(producer.shape, read.path)
                # Declared optional (``total=False``): written only sometimes, so safe
                # only under an existence check.
                present = found.presence is Presence.PRESENT
                if present and optional is not None and read.guarded < optional:
                    found = replace(found, presence=Presence.UNKNOWN)
                seen.append(found.inner if found.presence is Presence.PRESENT else read.path)
                ref = FieldRef(consumer.file, read.line, dotted(read.path))
                files = {consumer.file, producer.file, *wiring.declared_in(producer)}
                out += _read_rows(boundary, source, found, read.path, ref, read.guarded, files)
            readers.setdefault((producer.file, producer.name), []).append((consumer, seen))
    for key, uses in sorted(readers.items()):
        producer = facts.by_name[key]
        if is_test_file(producer.file) or producer.declared:
            # A declared class's fields are the class's contract, not this function's.
            continue
        out += _code_unconsumed(producer, uses, key in handlers or producer.exported)
    for mock in facts.mocks:
        out += _code_mock(mock, graph)
    return out


def _ambiguous(consumer: Consumer, producers: list[Producer]) -> list[Answer]:
    """Q2 for a value that may come from several producers (a request two routes can
    serve): PASS when all write the field, else UNKNOWN; never FAIL, since the producer
    really serving it may be none of those we matched (a base URL we cannot read)."""
    out: list[Answer] = []
    labels = ", ".join(f"{_producer_label(p)} ({p.file}:{p.line})" for p in producers)
    boundary = f"{labels} -> {_consumer_label(consumer)}"
    files = {consumer.file, *(p.file for p in producers)}
    for read in consumer.reads:
        found = [lookup(with_origin(p.shape, _origin(p)), read.path) for p in producers]
        ref = FieldRef(consumer.file, read.line, dotted(read.path))
        presences = {f.presence for f in found}
        if presences == {Presence.PRESENT}:
            first = producers[0]
            at = FieldRef(first.file, found[0].line or first.line, dotted(found[0].inner))
            out.append(
                answer_row(
                    2, boundary, at, ref, Status.PASS, "written by every producer", None, files
                )
            )
        elif presences == {Presence.ABSENT} and read.guarded > found[0].depth:
            why = "missing, but only read under an existence check"
            out.append(answer_row(2, boundary, None, ref, Status.PASS, why, None, files))
        elif presences == {Presence.ABSENT}:
            why = f"none of {labels} writes {dotted(read.path)}; which one answers is not known"
            out.append(answer_row(2, boundary, None, ref, Status.UNKNOWN, why, ref, files))
        else:
            why = f"the value may come from any of {labels}; they differ on {dotted(read.path)}"
            out.append(answer_row(2, boundary, None, ref, Status.UNKNOWN, why, ref, files))
    return out


def _handler_producers(facts: ContractFacts, wiring: Wiring) -> set[tuple[str, str]]:
    """Producers that are also Lambda handlers of a state machine (their value leaves the code)."""
    out: set[tuple[str, str]] = set()
    for machine in facts.machines:
        stack = list(machine.machine.states)
        while stack:
            state = stack.pop()
            stack.extend(s for b in state.branches for s in b.states)
            if state.function is not None:
                found = wiring.resolve_state(machine, state).producer
                if found is not None:
                    out.add((found.file, found.name))
    return out


def _code_unconsumed(
    producer: Producer, uses: list[tuple[Consumer, list[tuple[str, ...]]]], public: bool
) -> list[Answer]:
    """Q3 for a function's result. The boundary is closed only for a private function whose
    every reader is in its own file and keeps the value to itself; an exported function,
    a Lambda handler or an HTTP route may have readers we cannot see."""
    out: list[Answer] = []
    foreign = any(c.file != producer.file for c, _ in uses)
    # An open value (fields set on an object we cannot see into, a spread of one) may be
    # read through what we do not see, e.g. its own methods: never a closed boundary.
    options = producer.shape.options if producer.shape.kind == "union" else (producer.shape,)
    opened = any(o.open for o in options)
    escapes = bool(producer.route) or public or foreign or opened or any(c.escapes for c, _ in uses)
    consumed = [p for _, paths in uses for p in paths]
    files = {producer.file, *(c.file for c, _ in uses)}
    label = _producer_label(producer)
    for path, line in leaves(producer.shape):
        if any(_related(path, c) for c in consumed) or not all(map(_record_key, path)):
            continue
        ref = FieldRef(producer.file, line or producer.line, dotted(path))
        if escapes:
            status, why = (
                Status.UNKNOWN,
                "no reader here reads it; the value also goes where we cannot see",
            )
        else:
            status, why = Status.FAIL, "no reader of this value reads it"
        readers = ", ".join(sorted({_consumer_label(c) for c, _ in uses}))
        out.append(answer_row(3, f"{label} -> {readers}", ref, None, status, why, ref, files))
    return out


def _code_mock(mock: Mock, graph: nx.DiGraph) -> list[Answer]:
    if mock.kind == "sfn-local":
        return []
    out: list[Answer] = []
    mock_origin: Origin = (mock.file, mock.line, f"mock of {mock.target}")
    fake_value = with_origin(mock.shape, mock_origin)
    for consumer in consumers_mocked_by(graph, mock):
        producers = [p for p in producers_of(graph, consumer) if has_fields(p.shape)]
        if len(producers) > 1:
            continue  # which real producer the mock stands for is not known
        boundary = f"{mock.target} (mock, {mock.file}:{mock.line}) -> {_consumer_label(consumer)}"
        at = FieldRef(mock.file, mock.line, mock.target)
        if not producers:
            continue
        producer = producers[0]
        real_value = with_origin(producer.shape, _origin(producer))
        drifted: Answer | None = None
        for read in consumer.reads:
            real = lookup(real_value, read.path)
            fake = lookup(fake_value, read.path)
            if optional_depth(producer.shape, read.path) is not None:
                continue  # an optional field: a mock may leave it out or put it in
            if Presence.UNKNOWN in (real.presence, fake.presence) or real.presence is fake.presence:
                continue
            if not mock_disagrees(real_value, fake.presence, read.path, read.guarded):
                continue
            consumer_ref = FieldRef(consumer.file, read.line, dotted(read.path))
            producer_ref = _written(real, read.path, producer.file, producer.line)
            where = FieldRef(mock.file, fake.line or mock.line, dotted(fake.inner))
            why = _drift_reason(
                "has" if fake.presence is Presence.PRESENT else "lacks",
                dotted(read.path),
                _producer_label(producer),
            )
            drifted = answer_row(
                1,
                boundary,
                producer_ref,
                consumer_ref,
                Status.FAIL,
                why,
                where,
                {mock.file, consumer.file, producer.file},
            )
            break
        if drifted is not None:
            out.append(drifted)
        elif consumer.reads:
            out.append(
                answer_row(
                    1,
                    boundary,
                    None,
                    None,
                    Status.PASS,
                    "the mock agrees with the producer on every field read",
                    at,
                    {mock.file, consumer.file, producer.file},
                )
            )
    return out
