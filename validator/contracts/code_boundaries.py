"""Code boundaries: a consumer reads what a function, an import or a route returns.

The field graph (``graph``) wires each consumer to its producers and each code mock
(``mock.patch``, ``jest.mock``) to the consumers it stands in for. The engine observes
every read against its producer (or the several producers a request may reach), every
field of a producer some consumer reads that none reads (and where else the value goes),
and every mocked consumer's reads as the mock and the real producer answer them.
"""

from __future__ import annotations

import re
from dataclasses import replace

import networkx as nx

from ...extractors.common.paths import is_test_file
from ...extractors.facts import SEPARATOR, symbol_id, symbol_name
from ...extractors.facts.contracts import UNION, Consumer, Mock, Producer, Read, Shape
from ..report.model import FieldRef
from .contract_index import ContractFacts
from .declared_records import optional_depth
from .graph import build_graph, consumers_mocked_by, producers_of
from .mock_drift import literal_values, possible_presences, written
from .observations import (
    AmbiguousRead,
    Escape,
    FieldRead,
    Holder,
    MockComparison,
    MockedRead,
    Observation,
    UnreadField,
)
from .reads import Source, observe_read
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
    return symbol_name(symbol) if SEPARATOR in symbol else file


def _producer_label(producer: Producer) -> str:
    return producer.route or symbol_id(producer.file, producer.name)


def _consumer_label(consumer: Consumer) -> str:
    return symbol_id(consumer.file, _short(consumer.symbol, consumer.file) or consumer.target)


def _origin(producer: Producer) -> Origin:
    return (producer.file, producer.line, _producer_label(producer))


def code_observations(
    facts: ContractFacts, wiring: Wiring, graph: nx.DiGraph | None = None
) -> list[Observation]:
    """Every read, every unread field of a read producer and every mock of code boundaries,
    following the edges of the field graph."""
    if graph is None:
        graph = build_graph(facts, wiring)
    out: list[Observation] = []
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
        # test code: its helpers' results are not contracts between components
        if is_test_file(producer.file) or producer.declared:
            # A declared class's fields are the class's contract, not this function's.
            continue
        out += _unread(producer, uses, public=key in handlers or producer.exported)
    for mock in facts.mocks:
        out += _code_mock(mock, graph)
    return out


def _reads_of(
    consumer: Consumer, producer: Producer, wiring: Wiring
) -> tuple[list[FieldRead], list[tuple[str, ...]]]:
    """Every read a consumer makes of one producer, and the producer's paths those reads
    reached (what counts as read)."""
    source = Source(
        label=_producer_label(producer), file=producer.file, line=producer.line, resolved=True
    )
    marked = with_origin(producer.shape, _origin(producer))
    boundary = f"{source.label} -> {_consumer_label(consumer)}"
    files = {consumer.file, producer.file, *wiring.declared_in(producer)}
    out: list[FieldRead] = []
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
        out.append(
            observe_read(
                boundary=boundary,
                source=source,
                found=found,
                path=read.path,
                consumer=FieldRef(consumer.file, read.line, dotted(read.path)),
                guarded=read.guarded,
                files=files,
                checked=read.checked,
            )
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


def _ambiguous(consumer: Consumer, producers: list[Producer]) -> list[AmbiguousRead]:
    """Every read of a value that may come from several producers (a request two routes
    can serve), with what each producer writes for it."""
    out: list[AmbiguousRead] = []
    labels = tuple(f"{_producer_label(p)} ({p.file}:{p.line})" for p in producers)
    boundary = f"{', '.join(labels)} -> {_consumer_label(consumer)}"
    files = frozenset(f for f in (consumer.file, *(p.file for p in producers)) if f)
    first = producers[0]
    for read in consumer.reads:
        found = [lookup(with_origin(p.shape, _origin(p)), read.path) for p in producers]
        presences = frozenset(f.presence for f in found)
        out.append(
            AmbiguousRead(
                boundary=boundary,
                files=files,
                consumer=FieldRef(consumer.file, read.line, dotted(read.path)),
                path=dotted(read.path),
                producers=labels,
                presences=presences,
                written=(
                    FieldRef(first.file, found[0].line or first.line, dotted(found[0].inner))
                    if presences == {Presence.PRESENT}
                    else None
                ),
                guarded=_checked(read) > found[0].depth,
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


def _unread(producer: Producer, uses: Uses, *, public: bool) -> list[UnreadField]:
    """Every field of a function's result no reader reads. The value stays with its readers
    only for a private function whose every reader is in its own file and keeps the value to
    itself; an exported function, a Lambda handler or an HTTP route may have readers we
    cannot see."""
    # An open value (fields set on an object we cannot see into, a spread of one) may be
    # read through what we do not see, e.g. its own methods.
    options = producer.shape.options if producer.shape.kind == UNION else (producer.shape,)
    escapes = (
        *([Escape.ROUTE] if producer.route else []),
        *([Escape.PUBLIC] if public else []),
        *([Escape.FOREIGN_READER] if any(c.file != producer.file for c, _ in uses) else []),
        *([Escape.OPEN_VALUE] if any(o.open for o in options) else []),
        *([Escape.PASSED_ON] if any(c.escapes for c, _ in uses) else []),
    )
    consumed = [p for _, paths in uses for p in paths]
    files = frozenset(f for f in (producer.file, *(c.file for c, _ in uses)) if f)
    readers = ", ".join(sorted({_consumer_label(c) for c, _ in uses}))
    boundary = f"{_producer_label(producer)} -> {readers}"
    out: list[UnreadField] = []
    for path, line in leaves(producer.shape):
        if any(related(path, c) for c in consumed) or not all(map(_record_key, path)):
            continue
        out.append(
            UnreadField(
                boundary=boundary,
                files=files,
                written=FieldRef(producer.file, line or producer.line, dotted(path)),
                holder=Holder.CODE,
                escapes=escapes,
            )
        )
    return out


def _code_mock(mock: Mock, graph: nx.DiGraph) -> list[MockComparison]:
    """A code mock, per consumer it reaches whose one real producer is known: every read,
    as the mock and the real producer answer it."""
    if mock.kind == "sfn-local":
        return []
    out: list[MockComparison] = []
    fake_value = with_origin(mock.shape, (mock.file, mock.line, f"mock of {mock.target}"))
    for consumer in consumers_mocked_by(graph, mock):
        producers = [p for p in producers_of(graph, consumer) if has_fields(p.shape)]
        if len(producers) != 1:
            continue  # none, or which real producer the mock stands for is not known
        producer = producers[0]
        out.append(
            MockComparison(
                boundary=(
                    f"{mock.target} (mock, {mock.file}:{mock.line}) -> {_consumer_label(consumer)}"
                ),
                files=frozenset(f for f in (mock.file, consumer.file, producer.file) if f),
                mock=FieldRef(mock.file, mock.line, mock.target),
                reads=_mocked_reads(mock, fake_value, consumer, producer),
            )
        )
    return out


def _mocked_reads(
    mock: Mock, fake_value: Shape, consumer: Consumer, producer: Producer
) -> tuple[MockedRead, ...]:
    """Each read of ``consumer`` as the mock and the real producer answer it."""
    real_value = with_origin(producer.shape, _origin(producer))
    out: list[MockedRead] = []
    for read in consumer.reads:
        real = lookup(real_value, read.path)
        fake = lookup(fake_value, read.path)
        out.append(
            MockedRead(
                path=dotted(read.path),
                consumer=FieldRef(consumer.file, read.line, dotted(read.path)),
                producer=_producer_label(producer),
                producer_known=True,
                real=real.presence,
                fake=fake.presence,
                possible=frozenset(possible_presences(real_value, read.path)),
                tolerated=read.guarded >= len(read.path),
                optional=optional_depth(producer.shape, read.path) is not None,
                written=written(real, read.path, file=producer.file, line=producer.line),
                mock_field=FieldRef(mock.file, fake.line or mock.line, dotted(fake.inner)),
                real_values=literal_values(producer.shape, read.path),
                fake_values=literal_values(mock.shape, read.path),
            )
        )
    return tuple(out)


def _record_key(name: str) -> bool:
    """True for a key that names a field (``user_id``), not data (``tests/a.py``, ``en-GB``)."""
    return bool(_FIELD_NAME.fullmatch(name))
