"""Kiro ``requirements.md``: ``Requirement N`` sections with numbered acceptance criteria.

A section starts at a heading ``## Requirement 1``, ``### Requirement 2: Title``,
``### Requirement 2.1``, ``### Requirement FR-3`` or ``### R3`` (id ``3``, so
task trailers that say ``3.1`` still match), and ends at the next heading of
the same or a higher level. Its title is the heading's text after the id, else
the ``**User Story:**`` sentence. Under ``#### Acceptance Criteria`` (or a bold
``**Acceptance Criteria**`` line) each numbered item ``M.`` is criterion
``N.M``, with the number as written: specs that skip numbers keep the gaps, so
that ``_Requirements: 1.7_`` in tasks.md still names the right line. A
criterion's indented continuation lines belong to it. ``design.md`` is not read.

A file with no ``Requirement N`` heading is read by its structure instead, in any
language (``kiro_structure``: ``### Zorblat 1: ...`` with numbered criteria under a
sub-heading or bold label). A file with text but no section read either way (a plain
list, an outline without criteria) is *unread* (``unread_requirements``): "no
requirements" would be a PASS it did not earn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .kiro_structure import parse_by_structure
from .model import Criterion, Requirement, Unread
from .text import Line, prose_lines, split_lines

_REQUIREMENT = re.compile(
    r"^(?P<level>#{1,6})\s+(?:(?:Requirement|Req\.?)\s+(?P<id>[A-Za-z]+-?\d+(?:\.\d+)*|\d+(?:\.\d+)*)"
    r"|R(?P<short>\d+(?:\.\d+)*))(?!\w)\s*(?:[:.–—-]\s*)?(?P<title>.*?)\s*#*\s*$",
    re.IGNORECASE,
)
_HEADING = re.compile(r"^(?P<level>#{1,6})\s+(?P<text>.*?)\s*#*\s*$")
_STORY = re.compile(r"^\*\*User Story:?\*\*:?\s*(?P<story>.*)$", re.IGNORECASE)
_CRITERIA_LABEL = re.compile(r"^\*\*Acceptance Criteria:?\*\*:?\s*$", re.IGNORECASE)
_CRITERION = re.compile(r"^\s{0,3}(?P<n>\d+)[.)]\s+(?P<text>.+)$")


@dataclass
class _Section:
    id: str
    level: int
    heading_title: str
    line: int
    story: str = ""
    awaiting_story: bool = False
    criteria: list[tuple[str, list[str], int]] = field(default_factory=list)
    in_criteria: bool = False

    def requirement(self, path: str) -> Requirement:
        criteria = tuple(
            Criterion(cid, " ".join(parts), line) for cid, parts, line in self.criteria
        )
        title = self.heading_title or self.story or f"Requirement {self.id}"
        text = " ".join([self.story, *(c.text for c in criteria)]).strip()
        return Requirement(self.id, title, text, criteria, path, self.line)

    def take(self, text: str, number: int) -> None:
        """Fold one body line into the story or the criteria."""
        stripped = text.strip()
        if not stripped:
            return
        story = _STORY.match(stripped)
        if story is not None:
            self.story = story.group("story").strip()
            self.awaiting_story = not self.story
        elif self.awaiting_story:
            self.story, self.awaiting_story = stripped, False
        elif _CRITERIA_LABEL.match(stripped):
            self.in_criteria = True
        elif self.in_criteria and (item := _CRITERION.match(text)):
            self.criteria.append(
                (f"{self.id}.{item.group('n')}", [item.group("text").strip()], number)
            )
        elif self.in_criteria and self.criteria and text[:1] in (" ", "\t"):
            self.criteria[-1][1].append(stripped)


def parse_requirements(data: bytes, path: str) -> tuple[Requirement, ...]:
    """Every ``Requirement N`` section with its user story and acceptance criteria; when
    there is none, the requirements read from the file's structure."""
    lines = prose_lines(split_lines(data, path))
    return _by_word(lines, path) or parse_by_structure(lines, path)


def _by_word(lines: list[Line], path: str) -> tuple[Requirement, ...]:
    found: list[Requirement] = []
    section: _Section | None = None
    for line in lines:
        start = _REQUIREMENT.match(line.text)
        heading = _HEADING.match(line.text)
        if start is not None:
            if section is not None:
                found.append(section.requirement(path))
            section = _Section(
                id=start.group("id") or start.group("short"),
                level=len(start.group("level")),
                heading_title=start.group("title"),
                line=line.number,
            )
        elif section is None:
            continue
        elif heading is not None and len(heading.group("level")) <= section.level:
            found.append(section.requirement(path))
            section = None
        elif heading is not None:
            section.in_criteria = "acceptance criteria" in heading.group("text").lower()
        else:
            section.take(line.text, line.number)
    if section is not None:
        found.append(section.requirement(path))
    return tuple(found)


def unread_requirements(data: bytes, path: str) -> tuple[Unread, ...]:
    """The file, when it has text beyond its title but no ``Requirement N`` section is read."""
    if parse_requirements(data, path):
        return ()
    lines = [line for line in prose_lines(split_lines(data, path)) if line.text.strip()]
    if lines and _HEADING.match(lines[0].text):
        lines = lines[1:]  # "# Requirements" alone declares nothing
    if not lines:
        return ()
    return (Unread(path, lines[0].number, "no 'Requirement N' section read from this file"),)
