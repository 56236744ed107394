"""Kiro ``tasks.md`` and ``requirements.md`` (also used for ``specs/`` and ``.ralph/specs/``).

Tasks are list items with a one-character box: ``[ ]`` open, ``[x]``/``[X]``
done, ``[-]`` in progress, ``[~]`` queued, ``[ ]*`` optional. ``- [2026-01-29]``
is a date, not a box. Boxes inside fenced code are not tasks. Nesting comes
from indentation. Requirement trailers under a task: ``_Requirements: 1.1, 2.3_``,
ranges ``7.1-7.10``, ``All``, ``**Validates: Requirements 7.4**`` and
``**Requirements**: Requirement 1.1 (...)``. Each task records the byte offset
of its box's state character so the gate can change that byte and no other.
"""

from __future__ import annotations

import re

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs.model import Criterion, Requirement, Task, TaskState

_BOX = re.compile(r"^(?P<indent>[ \t]*)[-*+][ \t]+\[(?P<state>[ xX~-])\](?P<opt>\*)?(?:[ \t]+|$)")
_NUMBERED = re.compile(r"^(?P<id>\d+(?:\.\d+)*)\.?(?=\s|$)\s*(?P<title>.*)$")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
_FINAL = re.compile(r"^final\b", re.IGNORECASE)
_REFS_LINE = re.compile(r"requirements?\b|validates\b", re.IGNORECASE)
_RANGE = re.compile(r"(\d+(?:\.\d+)*)\s*[-–]\s*(\d+(?:\.\d+)*)")
_ID = re.compile(r"\d+(?:\.\d+)*")
_STATES = {
    " ": TaskState.OPEN,
    "x": TaskState.DONE,
    "X": TaskState.DONE,
    "-": TaskState.IN_PROGRESS,
    "~": TaskState.QUEUED,
}


def decode_lines(data: bytes, name: str) -> list[tuple[int, str]]:
    """(byte offset, text without line ending) per line; InputError for non-UTF-8."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"{name} is not UTF-8 text (byte {err.start})") from None
    lines: list[tuple[int, str]] = []
    offset = 0
    for raw in data.split(b"\n"):
        text = raw.decode("utf-8").rstrip("\r")
        start = offset
        if start == 0 and text.startswith("\ufeff"):
            text = text[1:]
            start += 3
        lines.append((start, text))
        offset += len(raw) + 1
    return lines


def _indent_width(indent: str) -> int:
    return sum(4 if ch == "\t" else 1 for ch in indent)


def expand_refs(text: str) -> tuple[tuple[str, ...], bool]:
    """Requirement ids named in a trailer (ranges expanded) and whether it says ``All``."""
    refs_all = re.search(r"\ball\b", text, re.IGNORECASE) is not None
    found: list[str] = []
    rest = text
    for match in _RANGE.finditer(text):
        first, last = match.groups()
        head_a, _, tail_a = first.rpartition(".")
        head_b, _, tail_b = last.rpartition(".")
        if head_a == head_b and int(tail_a) <= int(tail_b):
            prefix = f"{head_a}." if head_a else ""
            found += [f"{prefix}{n}" for n in range(int(tail_a), int(tail_b) + 1)]
        else:
            found += [first, last]
        rest = rest.replace(match.group(0), " ")
    found += _ID.findall(rest)
    return tuple(dict.fromkeys(found)), refs_all


def _trailer(text: str) -> str | None:
    """The id list of a requirement trailer line, or None if the line is not one."""
    stripped = text.strip().strip("-*+ ").strip()
    match = _REFS_LINE.search(stripped)
    if match is None or not re.match(r"^[_*]*(requirements?|validates)", stripped, re.I):
        return None
    after = stripped[match.end() :]
    after = re.sub(r"^[\s:*_]*(requirements?\b)?[\s:*_]*", "", after, flags=re.IGNORECASE)
    after = re.sub(r"\([^)]*\)", " ", after)  # "Requirement 1.1 (login)" -> "1.1"
    return after.replace("_", " ").replace("*", " ")


def parse_tasks(data: bytes, path: str) -> tuple[Task, ...]:
    """Every task of a Kiro-style Markdown task list."""
    drafts: list[dict[str, object]] = []
    stack: list[int] = []  # indent widths of the open ancestors
    fenced = False
    current: dict[str, object] | None = None
    for number, (offset, text) in enumerate(decode_lines(data, path), start=1):
        if _FENCE.match(text):
            fenced = not fenced
            continue
        if fenced:
            continue
        box = _BOX.match(text)
        if box is None:
            trailer = _trailer(text) if current is not None else None
            if trailer is not None and current is not None:
                refs, refs_all = expand_refs(trailer)
                current["refs"] = (*current["refs"], *refs)  # type: ignore[misc]
                current["all"] = bool(current["all"]) or refs_all
            continue
        width = _indent_width(box.group("indent"))
        while stack and stack[-1] >= width:
            stack.pop()
        depth = len(stack)
        stack.append(width)
        rest = text[box.end() :].strip()
        numbered = _NUMBERED.match(rest)
        task_id, title = (
            (numbered.group("id"), numbered.group("title").strip()) if numbered else (None, rest)
        )
        box_offset = offset + len(text[: box.start("state")].encode("utf-8"))
        current = {
            "id": task_id,
            "title": title,
            "state": _STATES[box.group("state")],
            "optional": box.group("opt") is not None,
            "depth": depth,
            "refs": (),
            "all": False,
            "line": number,
            "box": box_offset,
        }
        drafts.append(current)
    return tuple(
        Task(
            id=d["id"],  # type: ignore[arg-type]
            title=str(d["title"]),
            state=d["state"],  # type: ignore[arg-type]
            optional=bool(d["optional"]),
            depth=int(d["depth"]),  # type: ignore[call-overload]
            requirement_refs=tuple(dict.fromkeys(d["refs"])),  # type: ignore[call-overload]
            refs_all=bool(d["all"]),
            final=_FINAL.match(str(d["title"])) is not None,
            file=path,
            line=int(d["line"]),  # type: ignore[call-overload]
            box_offset=int(d["box"]),  # type: ignore[call-overload]
        )
        for d in drafts
    )


_REQ_HEADING = re.compile(
    r"^#{2,5}\s+(?:Requirement|Req\.?)\s+(?P<id>[A-Za-z]*-?\d+(?:\.\d+)*)\s*(?:[:.–—-]\s*(?P<title>.*))?$",
    re.IGNORECASE,
)
_ANY_HEADING = re.compile(r"^(?P<level>#{1,6})\s+(?P<text>.*)$")
_STORY = re.compile(r"^\*\*User Story:?\*\*:?\s*(?P<story>.+)$", re.IGNORECASE)
_CRITERION = re.compile(r"^\s*(?P<n>\d+)[.)]\s+(?P<text>.+)$")


def parse_requirements(data: bytes, path: str) -> tuple[Requirement, ...]:
    """Every ``Requirement N`` section with its user story and numbered acceptance criteria."""
    found: list[Requirement] = []
    current: dict[str, object] | None = None
    in_criteria = False
    fenced = False

    def close() -> None:
        if current is None:
            return
        criteria = tuple(current["criteria"])  # type: ignore[call-overload]
        story = str(current["story"])
        title = str(current["title"]) or story or f"Requirement {current['id']}"
        text = " ".join([story, *(c.text for c in criteria)]).strip()
        found.append(
            Requirement(str(current["id"]), title, text, criteria, path, int(current["line"]))  # type: ignore[call-overload]
        )

    for number, (_, text) in enumerate(decode_lines(data, path), start=1):
        if _FENCE.match(text):
            fenced = not fenced
            continue
        if fenced:
            continue
        heading = _REQ_HEADING.match(text.strip())
        if heading:
            close()
            current = {
                "id": heading.group("id"),
                "title": (heading.group("title") or "").strip(),
                "story": "",
                "criteria": [],
                "line": number,
            }
            in_criteria = False
            continue
        other = _ANY_HEADING.match(text.strip())
        if other and current is not None:
            if "acceptance criteria" in other.group("text").lower():
                in_criteria = True
                continue
            if len(other.group("level")) <= 3:
                close()
                current = None
            in_criteria = False
            continue
        if current is None:
            continue
        story = _STORY.match(text.strip())
        if story:
            current["story"] = story.group("story").strip()
            continue
        if re.match(r"^\s*\*\*Acceptance Criteria:?\*\*", text, re.IGNORECASE):
            in_criteria = True
            continue
        criterion = _CRITERION.match(text) if in_criteria else None
        if criterion:
            cid = f"{current['id']}.{criterion.group('n')}"
            current["criteria"].append(Criterion(cid, criterion.group("text").strip(), number))  # type: ignore[attr-defined]
    close()
    return tuple(found)
