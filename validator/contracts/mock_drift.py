"""What a real producer can answer for a read a mock answers: the facts mock drift is judged on."""

from __future__ import annotations

from ...extractors.facts.contracts import ARRAY, SCALAR, UNION, UNKNOWN, Shape
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
