"""Building shapes while reading code and documents: literals, assignments, spreads."""

from __future__ import annotations

from ..facts.contracts import OBJECT, UNION, UNKNOWN, Shape, ShapeField, obj, union


def assign(shape: Shape, path: tuple[str, ...], value: Shape, line: int) -> Shape:
    """``shape`` with ``value`` written at ``path`` (``result.details.passed = x``)."""
    if not path:
        return value
    if shape.kind == UNION:
        return union([assign(o, path, value, line) for o in shape.options], shape.line)
    if shape.kind != OBJECT:
        # Writing into a value we know nothing about: the written field is known, the rest is not.
        base_open = shape.kind == UNKNOWN
        shape = Shape(OBJECT, open=base_open, line=shape.line or line)
    fields = {f.name: f for f in shape.fields}
    head = path[0]
    current = fields.get(head)
    # A new intermediate object inherits the base's openness: {} written into an unknown
    # value may already hold other fields.
    inner = current.shape if current is not None else Shape(OBJECT, open=shape.open, line=line)
    new_inner = assign(inner, path[1:], value, line) if len(path) > 1 else value
    fields[head] = ShapeField(head, new_inner, current.line if current and len(path) > 1 else line)
    return obj(fields, open=shape.open, line=shape.line)


def spread_into(fields: dict[str, ShapeField], value: Shape) -> bool:
    """Copy the known fields of ``value`` into ``fields``; True when unknown fields may come."""
    if value.kind == OBJECT:
        for f in value.fields:
            fields[f.name] = f
        return value.open
    return True
