"""Kiro ``requirements.md`` read by its structure, in whatever language it is written.

When no ``Requirement N`` heading is found (``kiro_requirements``), requirements are
the numbered headings of one level and one leading word, any word in any script or
none: ``### Zorblat 1: Title``, ``### 要件1：タイトル``, ``### 1. Title``,
``## Requisito 2 - Título``. Such a run of headings is taken only when it has the
shape of requirements: in at least half of its sections (and at least one), numbered
items ``M.`` follow a sub-heading (``#### Critères d'acceptation``) or a bold label
alone on its line (``**Kriterien:**``), and the numbers go up through the file. Of
several such runs, the one with the most such sections is taken.

A section's title is the heading's text after the number, else its first bold-labelled
line (the user story: ``**Als Nutzer:** ...``). Criterion ``N.M`` keeps the number as
written. A level-1 heading is the document's title, never a requirement. Numbered
headings without criteria (an outline ``## 1. Overview``, a
changelog's ``### Version 2``) are not requirements: a file of only those is unread.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from .model import Criterion, Requirement
from .text import Line

_NUMBERED = re.compile(
    r"^(?P<level>#{2,6})[ \t]+(?:(?P<word>[^\W\d_][^\d#:：()\[\]*_`]{0,40}?)[ \t]*)?"
    r"(?P<id>\d+(?:\.\d+)*)(?![\d.]*\d)\.?[ \t]*(?:[:：.、．)–—-][ \t]*)?(?P<title>.*?)[ \t#]*$"
)
_HEADING = re.compile(r"^(?P<level>#{1,6})(?:[ \t]|$)")
_LABEL = re.compile(r"^\*\*(?P<label>[^*]{1,80}?)\*\*[ \t]*[:：]?[ \t]*(?P<rest>.*)$")
_ITEM = re.compile(r"^[ ]{0,3}(?P<n>\d+)[.)][ \t]+(?P<text>\S.*)$")


@dataclass
class _Section:
    id: str
    level: int
    word: str
    title: str
    line: int
    story: str = ""
    awaiting_story: bool = False
    criteria: list[tuple[str, list[str], int]] = field(default_factory=list)
    in_criteria: bool = False

    def take(self, text: str, number: int, next_is_item: bool) -> None:
        """Fold one body line into the story or the criteria."""
        stripped = text.strip()
        if not stripped:
            return
        label = _LABEL.match(stripped)
        if label is not None:
            rest = label.group("rest").strip()
            if rest and not self.story:
                self.story = rest
            elif not rest and next_is_item:
                self.in_criteria = True
            elif not rest and not self.story:
                self.awaiting_story = True
            return
        if self.awaiting_story:
            self.story, self.awaiting_story = stripped, False
            return
        item = _ITEM.match(text) if self.in_criteria else None
        if item is not None:
            self.criteria.append(
                (f"{self.id}.{item.group('n')}", [item.group("text").strip()], number)
            )
        elif self.in_criteria and self.criteria and text[:1] in (" ", "\t"):
            self.criteria[-1][1].append(stripped)

    def requirement(self, path: str) -> Requirement:
        criteria = tuple(Criterion(c, " ".join(parts), n) for c, parts, n in self.criteria)
        title = self.title or self.story or f"{self.word} {self.id}".strip()
        text = " ".join([self.story, *(c.text for c in criteria)]).strip()
        return Requirement(self.id, title, text, criteria, path, self.line)


def _sections(lines: list[Line]) -> list[_Section]:
    """Every numbered heading's section, bodies folded in (nested headings end nothing)."""
    found: list[_Section] = []
    open_sections: list[_Section] = []
    texts = [line.text for line in lines]
    for index, line in enumerate(lines):
        heading = _HEADING.match(line.text)
        if heading is not None:
            level = len(heading.group("level"))
            open_sections = [s for s in open_sections if s.level < level]
            for section in open_sections:
                section.in_criteria = True  # a sub-heading opens a criteria block
            numbered = _NUMBERED.match(line.text)
            if numbered is not None and len((numbered.group("word") or "").split()) <= 3:
                word = (numbered.group("word") or "").strip()
                glued = word.endswith("-")  # "US-1" is one id, "Requisito 1" a word and an id
                section = _Section(
                    id=f"{word}{numbered.group('id')}" if glued else numbered.group("id"),
                    level=level,
                    word=word,
                    title=numbered.group("title").strip(),
                    line=line.number,
                )
                found.append(section)
                open_sections.append(section)
            continue
        following = next((t for t in texts[index + 1 :] if t.strip()), "")
        for section in open_sections[-1:]:
            section.take(line.text, line.number, _ITEM.match(following) is not None)
    return found


def _ascending(run: list[_Section]) -> bool:
    numbers = [tuple(int(p) for p in re.findall(r"\d+", s.id)) for s in run]
    return all(a < b for a, b in itertools.pairwise(numbers))


def parse_by_structure(lines: list[Line], path: str) -> tuple[Requirement, ...]:
    """The requirements of the run of numbered headings shaped like requirements."""
    runs: dict[tuple[int, str], list[_Section]] = {}
    for section in _sections(lines):
        runs.setdefault((section.level, section.word.casefold()), []).append(section)
    best: list[_Section] = []
    best_score = 0
    for run in runs.values():
        shaped = sum(1 for s in run if s.criteria)
        if shaped == 0 or 2 * shaped < len(run) or not _ascending(run):
            continue
        if shaped > best_score:
            best, best_score = run, shaped
    return tuple(s.requirement(path) for s in best)
