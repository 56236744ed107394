"""Every contract fact of the repository in one index, the input of wiring and the graph."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ...extractors.facts import FileFacts
from ...extractors.facts.contracts import (
    ARRAY,
    OBJECT,
    UNION,
    Consumer,
    DataDocument,
    FunctionDef,
    JsMount,
    JsPathAlias,
    JsReexport,
    Mock,
    Producer,
    PyAlias,
    PyClassBases,
    Record,
    Shape,
    StateMachine,
    StateMachineDef,
    union,
    unknown,
)
from ...extractors.facts.terms import Import


@dataclass
class ContractFacts:
    """Every contract fact of the repository, indexed for wiring."""

    files: set[str] = field(default_factory=set)
    producers: list[Producer] = field(default_factory=list)
    consumers: list[Consumer] = field(default_factory=list)
    mocks: list[Mock] = field(default_factory=list)
    machines: list[StateMachine] = field(default_factory=list)
    functions: list[FunctionDef] = field(default_factory=list)
    machine_defs: list[StateMachineDef] = field(default_factory=list)
    by_name: dict[tuple[str, str], Producer] = field(default_factory=dict)
    js_reexports: dict[str, list[JsReexport]] = field(default_factory=dict)  # by file
    js_paths: list[JsPathAlias] = field(default_factory=list)
    js_mounts: list[JsMount] = field(default_factory=list)
    records: dict[tuple[str, str], Record] = field(default_factory=dict)
    aliases: dict[tuple[str, str], PyAlias] = field(default_factory=dict)
    class_bases: list[PyClassBases] = field(default_factory=list)
    # The modules each file imports, as written (``./Header``): what a test reaches.
    imports: dict[str, list[str]] = field(default_factory=dict)
    documents: dict[str, Shape] = field(default_factory=dict)  # JSON data files by path

    def add(self, facts: FileFacts) -> None:
        """Take the contract facts of one file."""
        self.files.add(facts.path)
        for fact in facts.facts:
            if isinstance(fact, Producer):
                self.producers.append(fact)
                self.by_name.setdefault((fact.file, fact.name), fact)
            elif isinstance(fact, Consumer):
                self.consumers.append(fact)
            elif isinstance(fact, Mock):
                self.mocks.append(fact)
            elif isinstance(fact, StateMachine):
                self.machines.append(fact)
            elif isinstance(fact, FunctionDef):
                self.functions.append(fact)
            elif isinstance(fact, StateMachineDef):
                self.machine_defs.append(fact)
            elif isinstance(fact, JsPathAlias):
                self.js_paths.append(fact)
            elif isinstance(fact, JsReexport):
                self.js_reexports.setdefault(fact.file, []).append(fact)
            elif isinstance(fact, JsMount):
                self.js_mounts.append(fact)
            elif isinstance(fact, Record):
                self.records.setdefault((fact.file, fact.name), fact)
            elif isinstance(fact, PyAlias):
                self.aliases.setdefault((fact.file, fact.name), fact)
            elif isinstance(fact, PyClassBases):
                self.class_bases.append(fact)
            elif isinstance(fact, Import):
                self.imports.setdefault(fact.file, []).append(fact.module)
            elif isinstance(fact, DataDocument):
                self.documents[fact.file] = fact.shape

    def documented(self, mock: Mock) -> Mock | None:
        """A double returning a data file's contents with the file's shape (the part its
        keys select); None when the file is not read (absent, not JSON, too large) or the
        part selected has no fields: no shape beats a guessed one."""
        if not mock.document:
            return mock
        shape = self.documents.get(mock.document)
        for key in mock.document_at:
            if shape is None:
                break
            shape = _member(shape, key)
        if shape is None or not any(o.kind in (OBJECT, ARRAY) for o in shape.options or (shape,)):
            return None
        return replace(mock, shape=_relined(shape, mock.line))

    def replace_producer(self, index: int, updated: Producer) -> None:
        """Put ``updated`` in place of the producer at ``index`` (and under its name, unless
        that name already stands for another producer of the same file)."""
        producer = self.producers[index]
        self.producers[index] = updated
        if self.by_name.get((producer.file, producer.name)) is producer:
            self.by_name[(producer.file, producer.name)] = updated


def collect(all_facts: Iterable[FileFacts]) -> ContractFacts:
    """Index the contract facts of many files."""
    out = ContractFacts()
    for facts in all_facts:
        out.add(facts)
    out.mocks = [m for m in map(out.documented, out.mocks) if m is not None]
    return out


def _relined(shape: Shape, line: int) -> Shape:
    """``shape`` with every line set to ``line``: a data file's lines are not the lines of
    the test that loads it, where its double is reported."""
    return replace(
        shape,
        line=line,
        fields=tuple(replace(f, shape=_relined(f.shape, line), line=line) for f in shape.fields),
        items=_relined(shape.items, line) if shape.items is not None else None,
        options=tuple(_relined(o, line) for o in shape.options),
    )


def _member(shape: Shape, key: str) -> Shape | None:
    """The value under ``key`` of a document's value; ``*`` is any key (every value)."""
    if shape.kind == UNION:
        found = [m for m in (_member(o, key) for o in shape.options) if m is not None]
        return union(found, shape.line) if found else None
    if shape.kind == ARRAY:
        return shape.items if key == "*" or key.isdigit() else None
    if shape.kind != OBJECT:
        return None
    if key == "*":
        return union([f.shape for f in shape.fields], shape.line) if shape.fields else unknown()
    found = shape.field(key)
    return found.shape if found is not None else None
