"""JavaScript/TypeScript binding patterns read once: which names a declaration, a parameter
or a destructuring binds, and where in the destructured value each one comes from.

``const { a = 1, b: c = 2, d: { e }, ...rest } = value`` binds ``a`` (path ``a``, default
``1``), ``c`` (path ``b``, default ``2``), ``e`` (path ``d.e``) and ``rest`` (the other
keys); ``[x, , y] = list`` binds ``x`` (index 0) and ``y`` (index 2). Imports, scopes,
consumer reads, probes and test naming all read patterns here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T

# TypeScript's parameter nodes hold the pattern under ``pattern`` (with a type annotation).
PARAMETER_WRAPPERS = ("required_parameter", "optional_parameter")
REST = "..."  # the path segment of a rest element: every key (or item) not named before it
COMPUTED = "[]"  # the path segment of a computed key (``{ [k]: v }``): which key is not known


@dataclass(frozen=True)
class Bound:
    """One name a pattern binds."""

    name: ts.Node  # the identifier (or shorthand property) node that binds it
    # Keys and indexes from the destructured value to it; () for the value itself. An
    # array index is ``[i]``, a rest element ``...``, a computed key ``[]``.
    path: tuple[str, ...]
    default: ts.Node | None = None  # ``= value`` when this part is missing
    # The object-pattern entry (``b: c``, ``a``, ``a = 1``) of the last object key before
    # any array: the entry a read of ``keys`` is written at.
    entry: ts.Node | None = None
    keys: int = 0  # how many leading segments of ``path`` are object keys read off the value
    # The defaults given along the path, by depth: ``{ q: { r } = {} }`` gives ``{}`` at 1.
    defaults: tuple[tuple[int, ts.Node], ...] = ()

    @property
    def defaulted(self) -> frozenset[int]:
        """The path depths a default is given at."""
        return frozenset(depth for depth, _ in self.defaults)

    @property
    def local(self) -> str:
        return T.text(self.name)

    @property
    def rest(self) -> bool:
        """Bound by a rest element (``...rest``): the remaining keys, not one of them."""
        return REST in self.path

    @property
    def known(self) -> bool:
        """Its path names keys and indexes only (no rest element, no computed key)."""
        return REST not in self.path and COMPUTED not in self.path

    @property
    def read(self) -> tuple[str, ...]:
        """The keys read off the destructured value (up to the first array index)."""
        return self.path[: self.keys]


@dataclass(frozen=True)
class _At:
    """Where the walk is: the path so far, the entry, whether inside an array."""

    path: tuple[str, ...] = ()
    entry: ts.Node | None = None
    in_array: bool = False

    def key(self, segment: str, entry: ts.Node) -> _At:
        """One object key deeper (the entry moves only while no array was entered)."""
        return _At((*self.path, segment), self.entry if self.in_array else entry, self.in_array)

    def bound(self, name: ts.Node) -> Bound:
        keys = len(self.path)
        if self.in_array:
            keys = next(i for i, s in enumerate(self.path) if s.startswith("[") and s != "[]")
        return Bound(name, self.path, None, self.entry or name, keys)


def bindings(pattern: ts.Node | None) -> list[Bound]:
    """Every name ``pattern`` binds, in source order."""
    return _walk(pattern, _At())


def _walk(pattern: ts.Node | None, at: _At) -> list[Bound]:
    if pattern is None:
        return []
    kind = pattern.type
    if kind == "identifier":
        return [at.bound(pattern)]
    if kind == "shorthand_property_identifier_pattern":
        return [at.key(T.text(pattern), pattern).bound(pattern)]
    if kind in PARAMETER_WRAPPERS:
        return _defaults(_walk(pattern.child_by_field_name("pattern"), at), at, pattern, "value")
    if kind == "object_assignment_pattern":  # ``{ a = 1 }``
        left = pattern.child_by_field_name("left")
        name = T.text(left) if left is not None else ""
        inner = at.key(name, pattern)
        bound = [inner.bound(left)] if left is not None else []
        return _defaults(bound, inner, pattern, "right")
    if kind == "assignment_pattern":  # ``{ b: c = 2 }``, ``[x = 1]``, ``(p = 1) =>``
        return _defaults(_walk(pattern.child_by_field_name("left"), at), at, pattern, "right")
    if kind == "pair_pattern":
        key = ir.js_key(pattern.child_by_field_name("key"))
        return _walk(pattern.child_by_field_name("value"), at.key(key or COMPUTED, pattern))
    if kind == "rest_pattern":
        inner = [c for c in pattern.named_children if c.type != "type_annotation"]
        return _walk(inner[0], at.key(REST, pattern)) if inner else []
    if kind == "object_pattern":
        return [b for child in pattern.named_children for b in _walk(child, at)]
    if kind == "array_pattern":
        found: list[Bound] = []
        index = 0
        for child in pattern.children:
            if child.type == ",":
                index += 1
            elif child.type == "rest_pattern":  # the remaining items: no key of the value
                found += _walk(child, _At((*at.path, "[...]"), at.entry, True))
            elif child.is_named and child.type != "comment":
                inside = _At((*at.path, f"[{index}]"), at.entry, True)
                found += _walk(child, inside)
        return found
    return []


def _defaults(found: list[Bound], at: _At, node: ts.Node, field: str) -> list[Bound]:
    """A default given at ``at``'s depth: the binding there takes it as its own, every
    binding below knows its part may be defaulted there."""
    value = node.child_by_field_name(field)
    if value is None:
        return found
    depth = len(at.path)
    return [
        replace(
            b,
            default=value if b.path == at.path else b.default,
            defaults=tuple(sorted((*b.defaults, (depth, value)), key=lambda d: d[0])),
        )
        for b in found
    ]


def pattern_names(pattern: ts.Node | None) -> list[ts.Node]:
    """The identifiers a binding pattern binds: ``a``, ``{ a, b: c, ...d }``, ``[e = 1]``."""
    return [b.name for b in bindings(pattern)]


def keys(pattern: ts.Node | None) -> list[tuple[str, Bound]]:
    """The top-level keys a destructuring takes from its value with the binding each gives:
    ``{ a = 1, b: c = 2, d }`` -> (a, a), (b, c), (d, d); nested and rest parts left out."""
    if pattern is None or pattern.type != "object_pattern":
        return []
    return [(b.path[0], b) for b in bindings(pattern) if len(b.path) == 1 and b.known]


def destructured_reads(pattern: ts.Node) -> tuple[list[Bound], bool]:
    """The bindings of a destructuring that read keys off the value, one per key path
    (``{ a: [x, y] }`` reads ``a`` once), and whether a rest element or a computed key
    keeps keys not named here (the value escapes)."""
    found: dict[tuple[str, ...], Bound] = {}
    escapes = False
    for bound in bindings(pattern):
        read = bound.read
        if REST in read or COMPUTED in read:
            escapes = True
            continue
        if read:
            found.setdefault(read, bound)
    return list(found.values()), escapes
