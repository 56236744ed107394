"""Q2 missing field and Q4 naming drift for one read, against its resolved producer.

Machine boundaries (a state reads a JSONPath) and code boundaries (a consumer
reads a bound call result) answer a read the same way once its producer is
looked up: PASS when written, UNKNOWN when the producer or its answer is not
known, else FAIL; and when the same producer writes the field under another
spelling or at another depth, a Q4 row beside the Q2 row.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..findings import Status
from ..report.model import FieldRef
from .answer import Answer, Question, answer_row
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


def read_rows(
    *,
    boundary: str,
    source: Source,
    found: Lookup,
    path: tuple[str, ...],
    consumer: FieldRef,
    guarded: int,
    files: Iterable[str],
    checked: int | None = None,
) -> list[Answer]:
    """Q2 (and Q4 when the field is written elsewhere) for one read; ``guarded`` is how many
    segments of ``path`` an existence check covers, ``checked`` how many of them an explicit
    check or a default covers (None: all of them)."""
    files = set(files)
    producer: FieldRef = FieldRef(source.file, found.line or source.line, dotted(found.inner))

    def missing_field(status: Status, reason: str, producer: FieldRef | None) -> Answer:
        return answer_row(
            question=Question.MISSING_FIELD,
            boundary=boundary,
            producer=producer,
            consumer=consumer,
            status=status,
            reason=reason,
            at=consumer,
            files=files,
        )

    if source.label == EXECUTION_INPUT_LABEL:
        why = "reads the execution input, whose schema is not known"
        return [missing_field(Status.UNKNOWN, why, None)]
    if found.presence is Presence.PRESENT:
        return [missing_field(Status.PASS, "written by the producer", producer)]
    if not source.resolved:
        why = f"the producer behind {source.label} is not known: {source.why}"
        return [missing_field(Status.UNKNOWN, why, None)]
    if found.presence is Presence.UNKNOWN:
        why = f"{source.label} may or may not write {dotted(path)}"
        return [missing_field(Status.UNKNOWN, why, producer)]
    out: list[Answer] = []
    elsewhere = drift(found, path)
    if elsewhere is not None:
        written = FieldRef(source.file, elsewhere[1], dotted(elsewhere[0]))
        how = "at another depth" if elsewhere[0][-1] == path[found.depth] else "spelled differently"
        why = f"reads {dotted(path)}; {source.label} writes {dotted(elsewhere[0])} ({how})"
        out.append(
            answer_row(
                question=Question.NAMING_DRIFT,
                boundary=boundary,
                producer=written,
                consumer=consumer,
                status=Status.FAIL,
                reason=why,
                at=consumer,
                files=files,
            )
        )
        producer = written
    explicit = guarded if checked is None else checked
    if explicit > found.depth:
        out.append(
            missing_field(Status.PASS, "missing, but only read under an existence check", producer)
        )
        return out
    why = f"reads {dotted(path)}; {source.label} does not write {dotted(found.inner)}"
    if guarded > found.depth:
        # ``if (event.foo)`` of a field no return writes: the branch can never be taken.
        why = (
            f"reads {dotted(path)} only in a truth test or through ?.; "
            f"{source.label} never writes {dotted(found.inner)}"
        )
    out.append(missing_field(Status.FAIL, why, producer))
    return out
