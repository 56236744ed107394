"""Q1-Q4 at code boundaries: a consumer reads what a function, an import or a route returns.

The field graph (``graph``) wires each consumer to its producers and each code
mock (``mock.patch``, ``jest.mock``) to the consumers it stands in for. Q2/Q4 are
asked per read, Q3 per field of a producer some consumer reads, Q1 per mocked
consumer. A value two producers may answer (a request two routes can serve) is
never FAIL: the producer really serving it may be neither.
"""

from __future__ import annotations

import re
from dataclasses import replace

import networkx as nx

from ...extractors.facts.contracts import UNION, Consumer, Mock, Producer, Read, Shape
from ..findings import Status
from ..report.model import FieldRef
from .answer import Answer, Question, answer_row
from .contract_index import ContractFacts
from .graph import build_graph, consumers_mocked_by, producers_of
from .mock_drift import drift_reason, mock_disagrees, written
from .py_names import optional_depth
from .reads import Source, read_rows
from .shape import (
    Lookup,
    Origin,
    Presence,
    dotted,
    has_fields,
    leaves,
    lookup,
    related,
    with_origin,
)
from .wiring import Wiring

_FIELD_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")

# What each consumer of a producer read of it: (consumer, paths read).
Uses = list[tuple[Consumer, list[tuple[str, ...]]]]


def _short(symbol: str, file: str) -> str:
    """The symbol without its file (``a.py::f`` -> ``f``), or the file."""
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
    readers: dict[tuple[str, str], Uses] = {}
    for consumer in facts.consumers:
        candidates = [p for p in producers_of(graph, consumer) if has_fields(p.shape)]
        if len(candidates) > 1:
            out += _ambiguous(consumer, candidates)
            continue
        for producer in candidates:
            rows, seen = _reads_of(consumer, producer, wiring)
            out += rows
            readers.setdefault((producer.file, producer.name), []).append((consumer, seen))
    handlers = _handler_producers(facts, wiring)
    for key, uses in sorted(readers.items()):
        producer = facts.by_name[key]
        if is_test_file(producer.file) or producer.declared:
            # A declared class's fields are the class's contract, not this function's.
            continue
        out += _code_unconsumed(producer, uses, public=key in handlers or producer.exported)
    for mock in facts.mocks:
        out += _code_mock(mock, graph)
    return out


def _reads_of(
    consumer: Consumer, producer: Producer, wiring: Wiring
) -> tuple[list[Answer], list[tuple[str, ...]]]:
    """Q2/Q4 for every read a consumer makes of one producer, and the producer's paths
    those reads reached (what Q3 counts as read)."""
    source = Source(
        label=_producer_label(producer), file=producer.file, line=producer.line, resolved=True
    )
    marked = with_origin(producer.shape, _origin(producer))
    boundary = f"{source.label} -> {_consumer_label(consumer)}"
    files = {consumer.file, producer.file, *wiring.declared_in(producer)}
    out: list[Answer] = []
    seen: list[tuple[str, ...]] = []
    for read in consumer.reads:
        found = lookup(marked, read.path)
        optional = optional_depth(producer.shape, read.path)
        # Declared optional (``total=False``): written only sometimes, so safe
        # only under an existence check.
        present = found.presence is Presence.PRESENT
        if present and optional is not None and read.guarded < optional:
            found = replace(found, presence=Presence.UNKNOWN)
        if _through_own_get(found, read):
            found = replace(found, presence=Presence.UNKNOWN)
        seen.append(found.inner if found.presence is Presence.PRESENT else read.path)
        out += read_rows(
            boundary=boundary,
            source=source,
            found=found,
            path=read.path,
            consumer=FieldRef(consumer.file, read.line, dotted(read.path)),
            guarded=read.guarded,
            files=files,
            checked=read.checked,
        )
    return out, seen


def _checked(read: Read) -> int:
    """Leading segments of a read an explicit existence check or a default covers."""
    return read.guarded if read.checked is None else read.checked


def _through_own_get(found: Lookup, read: Read) -> bool:
    """True for ``x.get("k")`` where ``x``'s class defines ``get`` itself: a method call
    whose result the class's fields do not describe, not a read of key ``k``."""
    lacking = found.missing_at
    return (
        found.presence is Presence.ABSENT
        and lacking is not None
        and lacking.field("get") is not None
        and ".get(" in read.text
    )


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
        producer: FieldRef | None = None
        if presences == {Presence.PRESENT}:
            first = producers[0]
            producer = FieldRef(first.file, found[0].line or first.line, dotted(found[0].inner))
            status, why = Status.PASS, "written by every producer"
        elif presences == {Presence.ABSENT} and _checked(read) > found[0].depth:
            status, why = Status.PASS, "missing, but only read under an existence check"
        elif presences == {Presence.ABSENT}:
            why = f"none of {labels} writes {dotted(read.path)}; which one answers is not known"
            status = Status.UNKNOWN
        else:
            why = f"the value may come from any of {labels}; they differ on {dotted(read.path)}"
            status = Status.UNKNOWN
        out.append(
            answer_row(
                question=Question.MISSING_FIELD,
                boundary=boundary,
                producer=producer,
                consumer=ref,
                status=status,
                reason=why,
                at=ref,
                files=files,
            )
        )
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


def _code_unconsumed(producer: Producer, uses: Uses, *, public: bool) -> list[Answer]:
    """Q3 for a function's result. The boundary is closed only for a private function whose
    every reader is in its own file and keeps the value to itself; an exported function,
    a Lambda handler or an HTTP route may have readers we cannot see."""
    out: list[Answer] = []
    foreign = any(c.file != producer.file for c, _ in uses)
    # An open value (fields set on an object we cannot see into, a spread of one) may be
    # read through what we do not see, e.g. its own methods: never a closed boundary.
    options = producer.shape.options if producer.shape.kind == UNION else (producer.shape,)
    opened = any(o.open for o in options)
    escapes = bool(producer.route) or public or foreign or opened or any(c.escapes for c, _ in uses)
    consumed = [p for _, paths in uses for p in paths]
    files = {producer.file, *(c.file for c, _ in uses)}
    label = _producer_label(producer)
    for path, line in leaves(producer.shape):
        if any(related(path, c) for c in consumed) or not all(map(_record_key, path)):
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
        out.append(
            answer_row(
                question=Question.UNCONSUMED_FIELD,
                boundary=f"{label} -> {readers}",
                producer=ref,
                status=status,
                reason=why,
                at=ref,
                files=files,
            )
        )
    return out


def _code_mock(mock: Mock, graph: nx.DiGraph) -> list[Answer]:
    """Q1 for a code mock: per consumer it reaches, the first read it answers differently
    from the one real producer, else PASS."""
    if mock.kind == "sfn-local":
        return []
    out: list[Answer] = []
    fake_value = with_origin(mock.shape, (mock.file, mock.line, f"mock of {mock.target}"))
    for consumer in consumers_mocked_by(graph, mock):
        producers = [p for p in producers_of(graph, consumer) if has_fields(p.shape)]
        if len(producers) != 1:
            continue  # none, or which real producer the mock stands for is not known
        producer = producers[0]
        boundary = f"{mock.target} (mock, {mock.file}:{mock.line}) -> {_consumer_label(consumer)}"
        files = {mock.file, consumer.file, producer.file}
        drifted = _drifted_read(mock, fake_value, consumer, producer)
        if drifted is not None:
            producer_ref, consumer_ref, where, why = drifted
            out.append(
                answer_row(
                    question=Question.MOCK_DRIFT,
                    boundary=boundary,
                    producer=producer_ref,
                    consumer=consumer_ref,
                    status=Status.FAIL,
                    reason=why,
                    at=where,
                    files=files,
                )
            )
        elif consumer.reads:
            out.append(
                answer_row(
                    question=Question.MOCK_DRIFT,
                    boundary=boundary,
                    status=Status.PASS,
                    reason="the mock agrees with the producer on every field read",
                    at=FieldRef(mock.file, mock.line, mock.target),
                    files=files,
                )
            )
    return out


def _drifted_read(
    mock: Mock, fake_value: Shape, consumer: Consumer, producer: Producer
) -> tuple[FieldRef, FieldRef, FieldRef, str] | None:
    """The first read the mock answers differently from the real producer: (what the
    producer writes, the read, the mock's field, why), or None when they agree."""
    real_value = with_origin(producer.shape, _origin(producer))
    for read in consumer.reads:
        real = lookup(real_value, read.path)
        fake = lookup(fake_value, read.path)
        if optional_depth(producer.shape, read.path) is not None:
            continue  # an optional field: a mock may leave it out or put it in
        if Presence.UNKNOWN in (real.presence, fake.presence) or real.presence is fake.presence:
            continue
        if not mock_disagrees(real_value, fake.presence, read.path, guarded=read.guarded):
            continue
        why = drift_reason(fake.presence, dotted(read.path), _producer_label(producer))
        return (
            written(real, read.path, file=producer.file, line=producer.line),
            FieldRef(consumer.file, read.line, dotted(read.path)),
            FieldRef(mock.file, fake.line or mock.line, dotted(fake.inner)),
            why,
        )
    return None


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
