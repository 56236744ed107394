"""What a value handed to a test double evaluates to, shared by the language readers: a
shape, or the contents of a data file the test loads (``Document``), and the part of
either a subscript takes."""

from __future__ import annotations

from dataclasses import dataclass

from ..facts.contracts import ARRAY, OBJECT, UNION, Shape, union, unknown


@dataclass(frozen=True)
class Document:
    """The contents of a data file (repo-relative ``path``), the keys ``at`` taken from it."""

    path: str
    at: tuple[str, ...] = ()


Value = Shape | Document


def as_shape(value: Value) -> Shape:
    """A shape for ``value``; a data file is unknown until the validator reads it."""
    return value if isinstance(value, Shape) else unknown()


def member(value: Value, key: str | None, line: int) -> Value:
    """``value[key]``; a key we cannot read (None) takes any value of a table."""
    if isinstance(value, Document):
        return Document(value.path, (*value.at, key if key is not None else "*"))
    if value.kind == UNION:
        return union([m for o in value.options if isinstance(m := member(o, key, line), Shape)])
    if value.kind == ARRAY:
        return value.items or unknown(line)
    if value.kind != OBJECT:
        return unknown(line)
    if key is None:
        shapes = [f.shape for f in value.fields]
        return union(shapes, line) if shapes and not value.open else unknown(line)
    found = value.field(key)
    return found.shape if found is not None else unknown(line)
