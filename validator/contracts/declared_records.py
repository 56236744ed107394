"""Record classes across files: the declared fields a producer returns or serialises.

A function whose return annotation names a record class of the repository (a TypedDict,
dataclass or pydantic model) returns that class's fields; a route declared with a response
model (FastAPI's ``response_model``) sends that model's JSON. The class is found through the
repository's import resolution (``RepoModules.definition``), whatever the language.
"""

from __future__ import annotations

from dataclasses import replace

from ...extractors.common.modules import RepoModules
from ...extractors.facts.contracts import (
    ARRAY,
    OBJECT,
    UNION,
    Producer,
    Record,
    Shape,
    ShapeField,
    unknown,
)
from .contract_index import ContractFacts
from .shape import has_fields, relined


def subclassed_records(modules: RepoModules, facts: ContractFacts) -> set[tuple[str, str]]:
    """(file, name) of every record class another class of the repository derives from."""
    found: set[tuple[str, str]] = set()
    for derived in facts.class_bases:
        for base in derived.bases:
            key = modules.definition(derived.file, base, lambda f, n: (f, n) in facts.records)
            if key is not None:
                found.add(key)
    return found


def with_declared(
    producer: Producer,
    modules: RepoModules,
    records: dict[tuple[str, str], Record],
    subclassed: set[tuple[str, str]] = frozenset(),
) -> tuple[Producer, Record | None]:
    """The producer with the fields of the class its return annotation names, when its own
    returns show none and that class is a record of the repository; and that record. A
    class other classes derive from gives an open shape: the value may be any subclass,
    with fields the base does not declare. A FastAPI route sends its ``response_model``
    instead, whatever it returns."""
    if producer.response_model:
        return _serialised(producer, modules, records)
    if not producer.declared:
        return producer, None
    found = modules.definition(producer.file, producer.declared, lambda f, n: (f, n) in records)
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
    modules: RepoModules,
    records: dict[tuple[str, str], Record],
) -> tuple[Producer, Record | None]:
    """The route with the JSON its response model writes (by alias unless told otherwise);
    unknown when that model is no record of the repository."""
    found = modules.definition(
        producer.file, producer.response_model, lambda f, n: (f, n) in records
    )
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
