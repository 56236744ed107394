"""The shape model: look a field path up in a shape, select and place values by JSONPath.

A lookup answers PRESENT, ABSENT or UNKNOWN: ABSENT only when every
alternative of the value is a closed object (or a scalar) without the field;
an open object, an unknown value or a path that cannot be parsed is UNKNOWN.
An array with ``fields`` is positional (a Parallel state's result: field ``"1"`` is
what branch 1 outputs); an index reads that position, ``[*]`` any item.
Lookups remember the last producer they passed through (``origin``) and the
path inside it, so a missing field can be reported against its producer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache

import jsonpath_ng
from jsonpath_ng.exceptions import JSONPathError

from ...extractors.facts.contracts import (
    ARRAY,
    OBJECT,
    SCALAR,
    UNION,
    UNKNOWN,
    Shape,
    ShapeField,
    obj,
    scalar,
    union,
    unknown,
)
from .naming import canonical

Origin = tuple[str, int, str]  # (file, line, label)
# The longest path read as a plain one: a state machine's paths are a few dozen characters,
# and the JSONPath parser and the walks below recurse once per segment.
MAX_PATH = 1_000


class Presence(Enum):
    """Whether a path is there."""

    PRESENT = "present"
    ABSENT = "absent"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Lookup:
    """The answer for one path: presence, the producer passed through, where it stopped."""

    presence: Presence
    origin: Origin | None = None
    inner: tuple[str, ...] = ()  # the path inside ``origin`` that was matched (or tried)
    line: int = 0  # line of the deepest field matched inside the producer
    missing_at: Shape | None = None  # the object that lacks the next segment (ABSENT)
    root: Shape | None = None  # the producer's shape (the value carrying ``origin``)
    depth: int = 0  # segments consumed before the lookup stopped


@lru_cache(maxsize=4096)
def parse_path(path: str) -> tuple[str, ...] | None:
    """``$.a.b[0]`` -> ``("a", "b", "0")``; ``[*]`` -> ``"*"``; None when not a plain path."""
    text = path.strip()
    if text.startswith("$$") or not text.startswith("$") or len(text) > MAX_PATH:
        return None
    try:
        expr = jsonpath_ng.parse(text)
    except (JSONPathError, RecursionError):  # malformed or absurdly deep: not a plain path
        return None
    out: list[str] = []

    def walk(node: object) -> bool:
        if isinstance(node, jsonpath_ng.Root):
            return True
        if isinstance(node, jsonpath_ng.Child):
            return walk(node.left) and walk(node.right)
        if isinstance(node, jsonpath_ng.Fields) and len(node.fields) == 1:
            out.append(node.fields[0])
            return True
        if isinstance(node, jsonpath_ng.Index) and len(node.indices) == 1:
            out.append(str(node.indices[0]))
            return True
        if isinstance(node, (jsonpath_ng.Slice, jsonpath_ng.jsonpath.Wildcard)):
            out.append("*")
            return True
        return False

    return tuple(out) if walk(expr) else None


def dotted(path: tuple[str, ...]) -> str:
    """``("a", "b")`` -> ``a.b``."""
    return ".".join(path)


def with_origin(shape: Shape, origin: Origin, at: tuple[str, ...] = ()) -> Shape:
    """The shape, and every value inside it, marked as coming from ``origin`` (with its path
    inside the producer's result), so a part selected by ``OutputPath`` keeps its producer.
    Values already marked (copied in by a template from another producer) keep their mark."""
    if shape.origin is not None and at:
        return shape
    fields = tuple(
        ShapeField(f.name, with_origin(f.shape, origin, (*at, f.name)), f.line)
        for f in shape.fields
    )
    items = with_origin(shape.items, origin, (*at, "*")) if shape.items is not None else None
    options = tuple(with_origin(o, origin, at) for o in shape.options)
    return replace(shape, fields=fields, items=items, options=options, origin=origin, at=at)


def lookup(shape: Shape, path: tuple[str, ...]) -> Lookup:
    """Whether ``path`` exists in ``shape``."""
    return _lookup(shape, path, 0, _Trail())


@dataclass(frozen=True)
class _Trail:
    """The producer a lookup last passed through, and how far into it the lookup got."""

    origin: Origin | None = None
    root: Shape | None = None  # the producer's value
    at: tuple[str, ...] = ()  # the path of ``root`` inside the producer's result
    entered: int = 0  # the depth of the path where ``root`` was entered
    line: int = 0  # line of the deepest field matched inside the producer


def _lookup(shape: Shape, path: tuple[str, ...], depth: int, trail: _Trail) -> Lookup:
    """``path[depth:]`` looked up in ``shape``, reached along ``trail``."""
    if shape.origin is not None and shape.origin != trail.origin:
        trail = _Trail(shape.origin, shape, shape.at, depth, shape.line)

    def done(presence: Presence, missing: Shape | None = None) -> Lookup:
        end = depth + 1 if presence is Presence.ABSENT else depth
        inner = (*(trail.at if trail.root is not None else ()), *path[trail.entered : end])
        return Lookup(
            presence=presence,
            origin=trail.origin,
            inner=tuple(inner),
            line=trail.line,
            missing_at=missing,
            root=trail.root,
            depth=depth,
        )

    if depth == len(path):
        return done(Presence.PRESENT)
    segment = path[depth]
    if shape.kind == UNION:
        answers = [_lookup(o, path, depth, trail) for o in shape.options]
        for wanted in (Presence.PRESENT, Presence.UNKNOWN, Presence.ABSENT):
            for answer in answers:
                if answer.presence is wanted:
                    return answer
    if shape.kind == UNKNOWN:
        return done(Presence.UNKNOWN)
    if segment == "*" and shape.kind != ARRAY:
        # A wildcard over an object takes every member, over a scalar nothing: it names no
        # field, so no field can be missing for it.
        return done(Presence.UNKNOWN)
    if shape.kind == SCALAR:
        return done(Presence.ABSENT, shape)
    if shape.kind == ARRAY:
        if segment == "length":
            return _lookup(scalar(), path, depth + 1, trail)
        position = shape.field(segment) if segment.isdigit() else None
        if position is not None:
            return _lookup(position.shape, path, depth + 1, trail)
        if segment == "*" or segment.isdigit():
            items = shape.items or unknown()
            return _lookup(items, path, depth + 1, trail)
        return done(Presence.UNKNOWN)
    found = shape.field(segment)
    if found is None:
        return done(Presence.UNKNOWN if shape.open else Presence.ABSENT, shape)
    return _lookup(found.shape, path, depth + 1, replace(trail, line=found.line))


def select(shape: Shape, path: str | None) -> Shape:
    """The value at a JSONPath (``InputPath``/``OutputPath``); None selects ``{}``."""
    if path is None:
        return obj({})
    parts = parse_path(path)
    if parts is None:
        return unknown()
    current = shape
    for segment in parts:
        current = _child(current, segment)
    return current


def _child(shape: Shape, segment: str) -> Shape:
    if shape.kind == UNION:
        return union([_child(o, segment) for o in shape.options])
    if shape.kind == OBJECT:
        found = shape.field(segment)
        return found.shape if found is not None else _vague(shape, segment)
    if shape.kind == ARRAY and segment.isdigit() and shape.field(segment) is not None:
        position = shape.field(segment)
        assert position is not None
        return position.shape
    if shape.kind == ARRAY and (segment == "*" or segment.isdigit()):
        return shape.items or _vague(shape, segment)
    return _vague(shape, segment)


def _vague(parent: Shape, segment: str) -> Shape:
    """An unknown part of ``parent``: it still comes from ``parent``'s producer, so a later
    read of it is a read of that producer's field."""
    if parent.origin is None:
        return unknown()
    return replace(unknown(), origin=parent.origin, at=(*parent.at, segment))


def unparsed_part(parent: Shape, path: str) -> Shape:
    """The value of a path that is not a plain one but reads inside ``parent`` (``$.${Key}``,
    a filter): which part is unknown, but it still comes from ``parent``'s producer. A path
    reading elsewhere (``$$`` the context, an intrinsic) is unknown."""
    text = path.strip()
    if parent.origin is None or text.startswith("$$") or not text.startswith("$"):
        return unknown()
    return replace(unknown(), origin=parent.origin, at=parent.at)


def place(base: Shape, path: str | None, value: Shape) -> Shape:
    """``ResultPath``: ``value`` written into ``base`` at ``path`` ($ replaces, None keeps)."""
    if path is None:
        return base
    parts = parse_path(path)
    if parts is None:
        return unknown()
    return _place(base, parts, value)


def _place(base: Shape, parts: tuple[str, ...], value: Shape) -> Shape:
    if not parts:
        return value
    if base.kind == UNION:
        return union([_place(o, parts, value) for o in base.options])
    if base.kind != OBJECT:
        # Writing into a value we know nothing about: the written field is known, others not.
        base = Shape(OBJECT, open=base.kind == UNKNOWN)
    fields = {f.name: f for f in base.fields}
    head = parts[0]
    current = fields.get(head)
    inner = current.shape if current is not None else Shape(OBJECT, open=base.open)
    fields[head] = ShapeField(head, _place(inner, parts[1:], value), value.line)
    return replace(obj(fields, open=base.open, line=base.line), origin=base.origin, at=base.at)


def leaves(shape: Shape, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], int]]:
    """Every leaf field path of a producer's shape, with the line that writes it."""
    out: list[tuple[tuple[str, ...], int]] = []
    options = shape.options if shape.kind == UNION else (shape,)
    for option in options:
        if option.kind != OBJECT:
            continue
        for f in option.fields:
            inner = f.shape
            nested = (inner.kind == OBJECT and inner.fields) or inner.kind == UNION
            below = leaves(inner, (*prefix, f.name)) if nested else []
            if below:
                out.extend(below)
            else:
                out.append(((*prefix, f.name), f.line))
    return sorted(dict(out).items())


def find_fields(
    shape: Shape, name: str, prefix: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], int]]:
    """Paths of fields called ``name`` (or spelled alike: ``user_id``/``userId``) in a shape."""
    wanted = normal(name)
    out: list[tuple[tuple[str, ...], int]] = []
    options = shape.options if shape.kind == UNION else (shape,)
    for option in options:
        if option.kind == ARRAY and option.items is not None:
            out.extend(find_fields(option.items, name, (*prefix, "*")))
        if option.kind != OBJECT:
            continue
        for f in option.fields:
            if normal(f.name) == wanted:
                out.append(((*prefix, f.name), f.line))
            out.extend(find_fields(f.shape, name, (*prefix, f.name)))
    return sorted(set(out))


def normal(name: str) -> str:
    """A spelling-free form of a field name: ``estimated_delivery`` = ``estimatedDelivery``,
    ``user_ids`` = ``userId``, ``qty`` = ``quantity`` (``validator.contracts.naming``)."""
    return canonical(name)


def envelope(payload: Shape, origin: Origin) -> Shape:
    """What ``LambdaInvoke`` returns: the handler's result under ``Payload`` plus metadata."""
    fields = {
        "Payload": ShapeField("Payload", payload, payload.line),
        "StatusCode": ShapeField("StatusCode", scalar(), 0),
        "ExecutedVersion": ShapeField("ExecutedVersion", scalar(), 0),
        "SdkHttpMetadata": ShapeField("SdkHttpMetadata", unknown(), 0),
        "SdkResponseMetadata": ShapeField("SdkResponseMetadata", unknown(), 0),
    }
    return with_origin(obj(fields, line=payload.line), origin)


def has_fields(shape: Shape) -> bool:
    """True when a value has fields we know (a dict/object literal, a list of them, in any
    alternative); a class instance or another call's result is not a field contract."""
    options = shape.options if shape.kind == UNION else (shape,)
    return any(o.kind in (OBJECT, ARRAY) for o in options)


def related(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """True when one path lies inside the other (a read of ``a.b`` uses ``a.b.c`` and ``a``)."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def carried(shape: Shape, origin: Origin, found: set[tuple[str, ...]], depth: int = 0) -> None:
    """Collect where (``at``) values of ``origin`` sit in a shape, e.g. the execution output."""
    if shape.origin == origin:
        found.add(shape.at)
    if depth > 24:
        return
    inner = [f.shape for f in shape.fields] + list(shape.options)
    if shape.items is not None:
        inner.append(shape.items)
    for child in inner:
        carried(child, origin, found, depth + 1)


def relined(shape: Shape, line: int) -> Shape:
    """``shape`` with every line set to ``line``: evidence for fields written in another file
    (a declared record, a delegate's result) points at the line that takes them over."""
    return replace(
        shape,
        line=line,
        fields=tuple(replace(f, line=line, shape=relined(f.shape, line)) for f in shape.fields),
        items=relined(shape.items, line) if shape.items is not None else None,
        options=tuple(relined(o, line) for o in shape.options),
    )
