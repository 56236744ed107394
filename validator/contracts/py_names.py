"""Python names across files: re-exports, declared record classes, optional fields.

Each Python file's facts already carry its imports resolved to qualified names
(aliases, relative imports: ``from .client import fetch as get`` -> ``app.client.fetch``),
read by tree-sitter while the file was scanned. What crosses files is only the chain
``app/__init__.py`` re-exports ``fetch`` from ``app.client``; that is a lookup in those
per-file ``PyAlias`` facts, so it is resolved here. libcst's ``QualifiedNameProvider``
would give the same per-file answer at about 100x the parse cost (DESIGN §5) and cannot
see across files either, so it is not used for this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from ...extractors.facts.contracts import (
    ARRAY,
    OBJECT,
    UNION,
    Producer,
    PyAlias,
    Record,
    Shape,
    ShapeField,
    unknown,
)
from ...extractors.python.model import module_of
from .contract_index import ContractFacts
from .shape import has_fields, relined

_HOPS = 8

ModuleFile = Callable[[str], "str | None"]


class PyModules:
    """The Python modules of a repository, and the names they define or re-export."""

    def __init__(
        self,
        files: set[str],
        aliases: dict[tuple[str, str], PyAlias],
        defined: Mapping[tuple[str, str], Producer],
    ) -> None:
        self._aliases = aliases
        self._defined = defined  # producers by (file, name)
        self._modules: dict[str, list[str]] = {}
        for path in sorted(files):
            if path.endswith(".py"):
                self._modules.setdefault(module_of(path), []).append(path)
        # Every dotted tail of every module (``a.b.c`` -> ``b.c``, ``c``): one dict lookup
        # per import instead of a scan of all modules (repos have thousands).
        self._tails: dict[str, list[str]] = {}
        for module in sorted(self._modules):
            parts = module.split(".")
            for i in range(1, len(parts)):
                self._tails.setdefault(".".join(parts[i:]), []).append(module)

    def module_file(self, module: str) -> str | None:
        """The repo file of a dotted Python module (``pkg.client``), matched by suffix."""
        if module in self._modules:
            return self._modules[module][0]
        hits = self._tails.get(module, [])
        return self._modules[hits[0]][0] if len(hits) == 1 else None

    def producer(self, module: str, name: str) -> Producer | None:
        """The producer ``module.name`` denotes, through re-exports (``app/__init__.py``)."""
        found = follow(
            f"{module}.{name}",
            self.module_file,
            self._aliases,
            lambda f, n: (f, n) in self._defined,
        )
        return self._defined.get(found) if found is not None else None

    def canonical(self, qualified: str) -> str:
        """``app.service.client.fetch`` -> ``app.client.fetch`` when ``app/service.py`` binds
        ``client`` by an import: the name a patch of an attribute path really replaces."""
        parts = qualified.split(".")
        for _ in range(8):
            for i in range(len(parts) - 1, 0, -1):
                module_file = self.module_file(".".join(parts[:i]))
                alias = self._aliases.get((module_file or "", parts[i]))
                if module_file is not None and i < len(parts) - 1 and alias is not None:
                    parts = [*alias.qualified.split("."), *parts[i + 1 :]]
                    break
            else:
                break
        return ".".join(parts)


def follow(
    qualified: str,
    module_file: ModuleFile,
    aliases: dict[tuple[str, str], PyAlias],
    defined: Callable[[str, str], bool],
) -> tuple[str, str] | None:
    """(file, name) where ``pkg.mod.name`` is defined, following module-level imports that
    re-export it; None when it leaves the repository or the chain cannot be followed."""
    seen: set[str] = set()
    for _ in range(_HOPS):
        if qualified in seen:
            return None
        seen.add(qualified)
        module, _, name = qualified.rpartition(".")
        file = module_file(module) if module else None
        if file is None:
            return None
        if defined(file, name):
            return file, name
        alias = aliases.get((file, name))
        if alias is None:
            return None
        qualified = alias.qualified
    return None


def subclassed_records(module_file: ModuleFile, facts: ContractFacts) -> set[tuple[str, str]]:
    """(file, name) of every record class another class of the repository derives from."""
    found: set[tuple[str, str]] = set()
    for derived in facts.class_bases:
        for base in derived.bases:
            key = follow(base, module_file, facts.aliases, lambda f, n: (f, n) in facts.records)
            if key is not None:
                found.add(key)
    return found


def with_declared(
    producer: Producer,
    module_file: ModuleFile,
    aliases: dict[tuple[str, str], PyAlias],
    records: dict[tuple[str, str], Record],
    subclassed: set[tuple[str, str]] = frozenset(),
) -> tuple[Producer, Record | None]:
    """The producer with the fields of the class its return annotation names, when its own
    returns show none and that class is a record of the repository; and that record. A
    class other classes derive from gives an open shape: the value may be any subclass,
    with fields the base does not declare. A FastAPI route sends its ``response_model``
    instead, whatever it returns."""
    if producer.response_model:
        return _serialised(producer, module_file, aliases, records)
    if not producer.declared:
        return producer, None
    found = follow(producer.declared, module_file, aliases, lambda f, n: (f, n) in records)
    if found is None:
        return producer, None
    record = records[found]
    if has_fields(producer.shape):
        return producer, record  # already given its fields (a second ``Wiring``)
    shape = record.shape
    if found in subclassed and shape.kind == OBJECT:
        shape = replace(shape, open=True)
    if record.file != producer.file:
        # Evidence is ``producer.file:line``: field lines of another file would point
        # into the wrong file, so the function's own line stands for them.
        shape = relined(shape, producer.line)
    return replace(producer, shape=shape), record


def _serialised(
    producer: Producer,
    module_file: ModuleFile,
    aliases: dict[tuple[str, str], PyAlias],
    records: dict[tuple[str, str], Record],
) -> tuple[Producer, Record | None]:
    """The route with the JSON its response model writes (by alias unless told otherwise);
    unknown when that model is no record of the repository."""
    found = follow(producer.response_model, module_file, aliases, lambda f, n: (f, n) in records)
    if found is None:
        return replace(producer, shape=unknown(producer.line)), None
    record = records[found]
    wire = record.wire if producer.response_by_alias else record.wire_names
    shape = wire if wire is not None else record.shape
    if producer.response_partial:
        shape = _optional(shape)
    if record.file != producer.file:
        shape = relined(shape, producer.line)
    if producer.response_many:
        shape = Shape(ARRAY, items=shape, line=shape.line)
    return replace(producer, shape=shape), record


def _optional(shape: Shape) -> Shape:
    """Every field of an object may be left out (``response_model_exclude_none``)."""
    if shape.kind != OBJECT:
        return shape
    fields = tuple(ShapeField(f.name, _optional(f.shape), f.line, True) for f in shape.fields)
    return replace(shape, fields=fields)


def optional_depth(shape: Shape, path: tuple[str, ...]) -> int | None:
    """How many segments of ``path`` lead to the first field the producer declares optional
    (``total=False``); None when every field on the way is always written."""
    current = shape
    for depth, segment in enumerate(path):
        options = current.options if current.kind == UNION else (current,)
        objects = [o for o in options if o.kind == OBJECT and o.field(segment) is not None]
        if not objects:
            return None
        fields = [o.field(segment) for o in objects]
        if all(f is not None and f.optional for f in fields):
            return depth + 1
        current = next(f.shape for f in fields if f is not None)
    return None
