"""One read against its producer: what the producer writes there, and where else.

Machine boundaries (a state reads a JSONPath) and code boundaries (a consumer reads a
bound call result) observe a read the same way once its producer is looked up: whether
the path is written, how much of it an existence check covers, and, when it is not
written, whether the same producer writes the field under another spelling or at another
depth (what Q2 and Q4 judge).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..report.model import FieldRef
from .observations import FieldRead
from .shape import Lookup, Presence, dotted, find_fields

EXECUTION_INPUT_LABEL = "execution input"


@dataclass(frozen=True)
class Source:
    """A producer as the questions name it."""

    label: str
    file: str
    line: int
    resolved: bool
    why: str = ""  # why an unresolved producer is not known


def drift(found: Lookup, path: tuple[str, ...]) -> tuple[tuple[str, ...], int] | None:
    """Where the producer writes the field a missing read wanted (other spelling/depth)."""
    if found.root is None or found.depth >= len(path):
        return None
    missing = path[found.depth]
    candidates = [c for c in find_fields(found.root, missing) if c[0] != found.inner]
    if not candidates:
        return None
    # Prefer the candidate that shares the most of the read's path, then the shortest.
    wanted = found.inner
    return sorted(candidates, key=lambda c: (-_common(c[0], wanted), len(c[0]), c[0]))[0]


def _common(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """How many leading segments two paths share."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def observe_read(
    *,
    boundary: str,
    source: Source,
    found: Lookup,
    path: tuple[str, ...],
    consumer: FieldRef,
    guarded: int,
    files: Iterable[str],
    guard_understood: bool = True,
    checked: int | None = None,
) -> FieldRead:
    """What one read finds in its producer; ``guarded`` is how many segments of ``path``
    any existence check covers, ``checked`` how many of them an explicit check or a default
    covers (None: all of them; the rest are only truth tests)."""
    elsewhere = drift(found, path) if found.presence is Presence.ABSENT else None
    explicit = guarded if checked is None else checked
    return FieldRead(
        boundary=boundary,
        files=frozenset(f for f in files if f),
        consumer=consumer,
        path=dotted(path),
        producer=source.label,
        execution_input=source.label == EXECUTION_INPUT_LABEL,
        unresolved=None if source.resolved else source.why,
        presence=found.presence,
        written=FieldRef(source.file, found.line or source.line, dotted(found.inner)),
        guarded=explicit > found.depth,
        truth_test=guarded > found.depth >= explicit,
        guard_understood=guard_understood,
        elsewhere=(
            FieldRef(source.file, elsewhere[1], dotted(elsewhere[0])) if elsewhere else None
        ),
        same_name=elsewhere is not None and elsewhere[0][-1] == path[found.depth],
    )
