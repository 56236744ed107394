"""What a real producer can answer for a read a mock answers: the facts mock drift is judged on."""

from __future__ import annotations

from ...extractors.facts.contracts import ARRAY, OBJECT, SCALAR, UNION, UNKNOWN, Shape
from ..report.model import FieldRef
from .reads import drift
from .shape import Lookup, Presence, dotted


def possible_presences(shape: Shape, path: tuple[str, ...]) -> set[Presence]:
    """Every answer some alternative of ``shape`` gives for ``path``: a union (several
    returns, branches) may write a field on one path of the code and not on another."""
    if not path:
        return {Presence.PRESENT}
    if shape.kind == UNION:
        out: set[Presence] = set()
        for option in shape.options:
            out |= possible_presences(option, path)
        return out
    if shape.kind == UNKNOWN:
        return {Presence.UNKNOWN}
    if shape.kind == SCALAR:
        return {Presence.ABSENT}
    head, rest = path[0], path[1:]
    if shape.kind == ARRAY:
        if head == "*" or head.isdigit():
            return possible_presences(shape.items, rest) if shape.items else {Presence.UNKNOWN}
        return {Presence.UNKNOWN}
    found = shape.field(head)
    if found is None:
        return {Presence.UNKNOWN if shape.open else Presence.ABSENT}
    if getattr(found, "optional", False):
        return {Presence.ABSENT} | possible_presences(found.shape, rest)
    return possible_presences(found.shape, rest)


def literal_values(shape: Shape, path: tuple[str, ...]) -> frozenset[str] | None:
    """The string literals ``shape`` holds at ``path`` when they are a closed set: every
    alternative that writes the field writes one of a few string literals there. None when
    some alternative may write anything else (a value passed through from its input, a
    computed one, an unknown part of the value) or none writes a literal."""
    found: set[str] = set()

    def closed(value: Shape, rest: tuple[str, ...]) -> bool:
        if value.kind == UNION:
            return all(closed(o, rest) for o in value.options)
        if not rest:
            found.update(value.values)
            return value.kind == SCALAR and bool(value.values)
        if value.kind == OBJECT:
            field = value.field(rest[0])
            if field is None:
                return not value.open  # this alternative does not write it
            return closed(field.shape, rest[1:])
        if value.kind == ARRAY and (rest[0] == "*" or rest[0].isdigit()) and value.items:
            return closed(value.items, rest[1:])
        return value.kind == SCALAR  # a scalar has no fields: nothing written below it

    return frozenset(found) if closed(shape, path) and found else None


def written(real: Lookup, path: tuple[str, ...], *, file: str, line: int) -> FieldRef:
    """What the real producer (its ``file``, its ``line``) writes for a read a mock answers
    differently: the field itself when present, else the same leaf elsewhere (other depth
    or spelling), else the deepest part of the path it does write."""
    if real.presence is Presence.PRESENT:
        return FieldRef(file, real.line or line, dotted(real.inner))
    elsewhere = drift(real, path)
    if elsewhere is not None:
        return FieldRef(file, elsewhere[1] or line, dotted(elsewhere[0]))
    return FieldRef(file, real.line or line, dotted(real.inner[: real.depth]))
