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

from collections.abc import Callable
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
from .shape import has_fields

_HOPS = 8

ModuleFile = Callable[[str], "str | None"]


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


def with_declared(
    producer: Producer,
    module_file: ModuleFile,
    aliases: dict[tuple[str, str], PyAlias],
    records: dict[tuple[str, str], Record],
) -> tuple[Producer, Record | None]:
    """The producer with the fields of the class its return annotation names, when its own
    returns show none and that class is a record of the repository; and that record. A
    FastAPI route sends its ``response_model`` instead, whatever it returns."""
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
    if record.file != producer.file:
        # Evidence is ``producer.file:line``: field lines of another file would point
        # into the wrong file, so the function's own line stands for them.
        shape = _relined(shape, producer.line)
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
        shape = _relined(shape, producer.line)
    if producer.response_many:
        shape = Shape(ARRAY, items=shape, line=shape.line)
    return replace(producer, shape=shape), record


def _optional(shape: Shape) -> Shape:
    """Every field of an object may be left out (``response_model_exclude_none``)."""
    if shape.kind != OBJECT:
        return shape
    fields = tuple(ShapeField(f.name, _optional(f.shape), f.line, True) for f in shape.fields)
    return replace(shape, fields=fields)


def _relined(shape: Shape, line: int) -> Shape:
    """The shape with every line set to ``line``."""
    fields = tuple(
        ShapeField(f.name, _relined(f.shape, line), line, f.optional) for f in shape.fields
    )
    items = _relined(shape.items, line) if shape.items is not None else None
    options = tuple(_relined(o, line) for o in shape.options)
    return replace(shape, fields=fields, items=items, options=options, line=line)


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
