"""Kiro ``tasks.md`` (also the task lists of ``specs/<name>/`` and ``.ralph/specs/<name>/``).

A task is a list item, bulleted (``-``, ``*``, ``+``) or ordered (``1.``, ``1)``),
at any depth, whose text starts with a one-character box: ``[ ]`` open,
``[x]``/``[X]`` done, ``[-]`` in progress, ``[~]`` queued; ``[ ]*`` marks it
optional. ``- [2026-01-29]`` is a date, not a box, and boxes inside fenced code
or HTML comments are examples, not tasks.
Nesting comes from indentation (a tab counts to the next multiple of 4), and
every task keeps its own state: a ticked parent says nothing about its children.
Line endings may be LF, CRLF or CR, mixed (see ``text``).

A line that looks like a box but is not one of those tasks (``[o] task``, ``- [ x ] task``,
``> - [ ] quoted``, ``- []``) is *unread*: ``unread_tasks`` names it, so that a
caller says UNKNOWN instead of taking the list as complete; so is a non-empty list
from which no task at all was read.

A trailing HTML comment after a title is a note, not part of the title.
Ids are the leading number (``1.`` → ``1``, ``1.1``, ``12.``) or a typed
sub-task id (``29.INTEG``); a bare ``3 apples`` is a title, not an id.
Requirement trailers follow the task line (or end it, emphasised): a label in any
language, a colon (``:`` or ``：``) and only requirement ids: ``_Requirements: 1.1, 2.3_``,
ranges ``7.1-7.10``, ``All``, ``**Validates: Requirements 7.4, 7.9**``,
``**Requirements**: Requirement 1.1 (login)``, ``_Zorblaten: 1.1_``, ``_要件：1.1、1.2_``;
a prefixed id stays whole (``NFR-2``, ``US-1``).
A label of several words names only dotted ids (``_Depends on: task 4_`` is no trailer).
The FINAL task is the one whose title starts with the word FINAL in any case
(``Finalize`` is not it).
Each task records the byte offset of its box's state character, so the gate
can change that one byte and nothing else.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .model import Task, TaskState, Unread, is_final_title
from .text import prose_lines, split_lines

_BOX = re.compile(
    r"^(?P<indent>[ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+"
    r"\[(?P<state>[ xX~-])\](?P<optional>\*)?(?=\s|$)"
)
# Anything a reader could take for a box: after quotes and a marker (a bullet, ``1.``,
# ``a)``, ``•``, a heading's ``#``), brackets holding at most one character that is not a
# digit (``[2026-01-29]``, ``[1]`` and links are not). Brackets holding nothing but blanks
# are an open box whatever follows (``- [ ][ 1.1``); only brackets holding a character can
# be a link's text (``[x](url)``, ``[x][ref]``, ``[x]: url``).
_BOX_LIKE = re.compile(
    r"^[ \t>]*(?:(?:[-*+•]|\d{1,9}[.)]|[A-Za-z][.)]|#{1,6})[ \t]*)?"
    r"\[[ \t]*(?:\]|[^\s\d\[\]][ \t]*\](?![(\[:]))"
)
_TASK_ID = re.compile(
    r"^(?P<id>\d+(?:\.\d+)+|\d+(?=\.)|\d+(?:\.\d+)*\.[A-Z][A-Z0-9-]*)\.?(?=\s|$)\s*"
)
_NOTE = re.compile(r"\s*<!--.*?-->\s*$")  # a reviewer's note after a title is not the title
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:\s|$)")
# The marker that opens a trailer: an emphasised label in any language ("_Requirements:",
# "**Validates:", "**Requirements**:", "_Zorblaten:", "_要件：") whose text after the colon
# is only requirement ids; at the end of a task's own line the label must be emphasised.
_LABEL = r"(?P<label>[^\W\d_][^\d_*:：\n]{0,40}?)[_*]*[ \t]*[:：]"
_TRAILER_LINE = re.compile(r"[_*]{0,2}" + _LABEL)
_TRAILER_INLINE = re.compile(r"\s[_*]{1,2}" + _LABEL)
# One part of a trailer's list: an id or range, after at most one word ("Requirements 7.4").
_REF_PART = re.compile(
    r"^\s*(?:[^\W\d_]+\s+)?(?:[A-Za-z]{1,6}-)?\d+(?:\.\d+)*(?:\s*[-–]\s*\d+(?:\.\d+)*)?\s*$"
    r"|^\s*all\s*$",
    re.IGNORECASE,
)
_SEPARATOR = re.compile(r"[,;、，；]")
_ENGLISH_LABEL = re.compile(r"requirements?|validates", re.IGNORECASE)
_PREFIXED = re.compile(r"(?<![\w-])[A-Za-z]{1,6}-\d+(?:\.\d+)*(?![\w-])")
_RANGE = re.compile(r"(\d+(?:\.\d+)*)\s*[-–]\s*(\d+(?:\.\d+)*)")
_REQ_ID = re.compile(r"\d+(?:\.\d+)*")
_STATES = {
    " ": TaskState.OPEN,
    "x": TaskState.DONE,
    "X": TaskState.DONE,
    "-": TaskState.IN_PROGRESS,
    "~": TaskState.QUEUED,
}


def _expand_range(first: str, last: str) -> list[str]:
    head_a, _, tail_a = first.rpartition(".")
    head_b, _, tail_b = last.rpartition(".")
    if head_a != head_b or int(tail_a) > int(tail_b):
        return [first, last]
    prefix = f"{head_a}." if head_a else ""
    return [f"{prefix}{n}" for n in range(int(tail_a), int(tail_b) + 1)]


def expand_refs(text: str) -> tuple[tuple[str, ...], bool]:
    """Requirement ids named in a trailer's list (ranges expanded) and whether it says ``All``."""
    text = re.sub(r"\([^)]*\)", " ", text)  # "Requirement 1.1 (login form)" names 1.1 only
    text = re.sub(r"[_*]", " ", text)
    refs_all = re.search(r"\ball\b", text, re.IGNORECASE) is not None
    found: list[str] = []
    for part in _SEPARATOR.split(text):
        found += _PREFIXED.findall(part)  # "NFR-2", "US-1": the id whole, not its number
        part = _PREFIXED.sub(" ", part)
        ranges = list(_RANGE.finditer(part))
        for match in ranges:
            found += _expand_range(*match.groups())
        found += _REQ_ID.findall(_RANGE.sub(" ", part))
    return tuple(dict.fromkeys(found)), refs_all


def _only_refs(label: str, text: str) -> bool:
    """True when ``text`` (after a trailer's colon) lists requirement ids: anything after
    the English labels, else nothing but ids; under a label of several words ("Depends
    on: task 4") only dotted criterion ids count."""
    text = re.sub(r"\([^)]*\)", " ", text)
    text = re.sub(r"[_*]", " ", text).strip().rstrip(".")
    parts = [p for p in _SEPARATOR.split(text) if p.strip()]
    if _ENGLISH_LABEL.fullmatch(label.strip()):
        return True  # "_Requirements: All from Requirement 5_": the word says what follows
    if not parts or not all(_REF_PART.match(p) for p in parts):
        return False
    return len(label.split()) == 1 or all(re.search(r"\d\.\d", p) for p in parts)


def _trailer_match(text: str) -> tuple[str, str] | None:
    """(label, text after the colon) of a line shaped like a trailer, or None."""
    body = re.sub(r"^\s*(?:[-*+]\s+)?", "", text)
    match = _TRAILER_LINE.match(body)
    if match is None or not _only_refs(match.group("label"), body[match.end() :]):
        return None
    label = match.group("label").strip()
    if not body.startswith(("_", "*")) and not _ENGLISH_LABEL.fullmatch(label):
        return None  # "Blocks: 3.1" in plain text is a note; another language's label is emphasised
    return label.casefold(), body[match.end() :]


def _label_of(text: str) -> str | None:
    """The label of a trailer line, or of a trailer ending a task's line."""
    line = _trailer_match(text)
    if line is not None:
        return line[0]
    inline = _TRAILER_INLINE.search(text) if _BOX.match(text) else None
    if inline is None or not _only_refs(inline.group("label"), text[inline.end() :]):
        return None
    return inline.group("label").strip().casefold()


def trailer_labels(texts: list[str]) -> frozenset[str]:
    """The labels that open requirement trailers in one task list: the English ones, else
    the one other label used most (first seen on a tie). A file that says
    ``_Requirements:`` names its notes ``_Dependencies: 8.1_`` and ``_Design: 2.1_``."""
    found = [m for text in texts if (m := _label_of(text)) is not None]
    english = {label for label in found if _ENGLISH_LABEL.fullmatch(label)}
    if english or not found:
        return frozenset(english)
    counted = Counter(found)
    return frozenset({max(counted, key=lambda label: (counted[label], -found.index(label)))})


def _trailer_refs(text: str, labels: frozenset[str]) -> tuple[tuple[str, ...], bool] | None:
    """The refs of a trailer line (``- _Requirements: 1.1_``), or None if it is not one."""
    match = _trailer_match(text)
    if match is None or match[0] not in labels:
        return None
    return expand_refs(match[1])


@dataclass
class _Draft:
    id: str | None
    title: str
    state: TaskState
    optional: bool
    depth: int
    line: int
    box_offset: int
    refs: list[str] = field(default_factory=list)
    refs_all: bool = False

    def add_refs(self, refs: tuple[str, ...], refs_all: bool) -> None:
        self.refs += [r for r in refs if r not in self.refs]
        self.refs_all = self.refs_all or refs_all

    def task(self, path: str) -> Task:
        return Task(
            id=self.id,
            title=self.title,
            state=self.state,
            optional=self.optional,
            depth=self.depth,
            requirement_refs=tuple(self.refs),
            refs_all=self.refs_all,
            final=is_final_title(self.title),
            file=path,
            line=self.line,
            box_offset=self.box_offset,
        )


def _split_title(
    rest: str, labels: frozenset[str]
) -> tuple[str | None, str, tuple[tuple[str, ...], bool] | None]:
    """(id, title, inline trailer refs) of the text after a box."""
    numbered = _TASK_ID.match(rest)
    task_id = numbered.group("id") if numbered else None
    title = _NOTE.sub("", rest[numbered.end() :] if numbered else rest)
    inline = _TRAILER_INLINE.search(title)
    label = inline.group("label").strip().casefold() if inline is not None else ""
    if inline is None or label not in labels or not _only_refs(label, title[inline.end() :]):
        return task_id, title.strip(), None
    return task_id, title[: inline.start()].strip(), expand_refs(title[inline.end() :])


def parse_tasks(data: bytes, path: str) -> tuple[Task, ...]:
    """Every task of a Kiro-style Markdown task list, in file order."""
    drafts: list[_Draft] = []
    open_indents: list[int] = []  # indent widths of the current task's ancestors and itself
    current: _Draft | None = None
    lines = prose_lines(split_lines(data, path))
    labels = trailer_labels([line.text for line in lines])
    for line in lines:
        box = _BOX.match(line.text)
        if box is None:
            if _HEADING.match(line.text):
                current, open_indents = None, []
            elif current is not None and (refs := _trailer_refs(line.text, labels)) is not None:
                current.add_refs(*refs)
            continue
        width = len(box.group("indent").expandtabs(4))
        while open_indents and open_indents[-1] >= width:
            open_indents.pop()
        task_id, title, inline = _split_title(line.text[box.end() :].strip(), labels)
        current = _Draft(
            id=task_id,
            title=title,
            state=_STATES[box.group("state")],
            optional=box.group("optional") is not None,
            depth=len(open_indents),
            line=line.number,
            box_offset=line.offset + len(line.text[: box.start("state")].encode("utf-8")),
        )
        if inline is not None:
            current.add_refs(*inline)
        open_indents.append(width)
        drafts.append(current)
    return tuple(d.task(path) for d in drafts)


def unread_tasks(data: bytes, path: str) -> tuple[Unread, ...]:
    """Lines that look like task boxes but are not read as tasks; the whole file when it
    has text but no task at all."""
    lines = prose_lines(split_lines(data, path))
    found = [
        Unread(path, line.number, f"not read as a task: {line.text.strip()}")
        for line in lines
        if _BOX.match(line.text) is None and _BOX_LIKE.match(line.text) is not None
    ]
    has_task = any(_BOX.match(line.text) for line in lines)
    prose = [line for line in lines if line.text.strip() and not _HEADING.match(line.text)]
    if not has_task and not found and prose:
        found.append(Unread(path, 1, "no task with a checkbox read from this file"))
    return tuple(found)
