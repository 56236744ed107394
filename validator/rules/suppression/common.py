"""What the suppression rules read: every suppression site at HEAD and at BASE.

A site is an inline ``ralph-validate: ignore[...]`` directive, a settings ``exclude`` or
``ignore`` entry, or a coverage pragma that takes code out of measured coverage. Sites
are compared with BASE by their text within one scope (the file, or the settings for
entries), never by line: code that moved keeps its suppression. Of several sites with one
text (the same pragma on many lines), the function or class each sits in tells them apart
first; a pragma whose line was edited matches BASE's pragma in the same function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ....extractors.common.languages import knowledge_of
from ..registry import all_rules

SETTINGS = "settings"  # the scope of settings entries: whichever file holds them


@dataclass(frozen=True)
class Site:
    """One suppression at one version: where, what kind, and what identifies it."""

    file: str
    line: int
    origin: str  # "inline" | "config" | "coverage"
    scope: str  # the file, or SETTINGS for a settings entry
    identity: str  # compared with BASE's sites of the same scope
    label: str  # how messages quote it
    used: bool | None = None  # hid a finding of this audit; None when not ours to apply
    code: str = ""  # for a coverage pragma: the code line it covers
    key: str = ""  # for a settings entry: "exclude" | "ignore"
    owner: str = ""  # the function or class the site sits in, without the file's path
    names: tuple[str, ...] = ()  # for an inline directive: the rule ids and kinds it names


@dataclass(frozen=True)
class SuppressionSites:
    """The sites of HEAD, and those of BASE (None when there is no BASE to read)."""

    head: tuple[Site, ...]
    base: tuple[Site, ...] | None
    missing: str = ""  # why BASE is not there


def coverage_pragma(text: str, language: str) -> str | None:
    """The coverage-exclusion pragma a comment holds, normalised, or None (the language's
    knowledge says how its tools spell it; a language without one has none)."""
    knowledge = knowledge_of(language)
    return knowledge.coverage_pragma(text) if knowledge is not None else None


_STAGES: tuple[Callable[[Site], tuple[str, ...]], ...] = (
    lambda s: (s.scope, s.identity, s.owner),
    lambda s: (s.scope, s.identity),
    # A pragma whose line was edited (a signature given types) is still the one BASE had.
    lambda s: (s.scope, s.origin, s.label, s.owner),
)


def added(head: Sequence[Site], base: Iterable[Site]) -> list[Site]:
    """HEAD's sites that BASE does not have. Each BASE site matches one HEAD site: by text
    and owner first, then by text alone, then (a pragma on an edited line) by kind and
    owner; of several equal unmatched ones, the last are the new ones."""
    remaining = sorted(base, key=lambda s: (s.scope, s.line, s.identity))
    unmatched = sorted(head, key=lambda s: (s.scope, s.line, s.identity))
    for key in _STAGES:
        pool: dict[tuple[str, ...], list[Site]] = {}
        for site in remaining:
            pool.setdefault(key(site), []).append(site)
        taken: list[Site] = []
        left: list[Site] = []
        for site in unmatched:
            candidates = pool.get(key(site))
            if candidates:
                taken.append(candidates.pop(0))
            else:
                left.append(site)
        unmatched = left
        gone = {id(t) for t in taken}
        remaining = [s for s in remaining if id(s) not in gone]
    return sorted(unmatched, key=lambda s: (s.file, s.line, s.identity))


def names_ours(names: Iterable[str]) -> bool:
    """Whether any of the names is a rule id or a kind of this tool's rules (any case), the
    only names an inline directive can hide a finding by."""
    ours = {r.id.lower() for r in all_rules()} | {r.kind.lower() for r in all_rules()}
    return any(name.lower() in ours for name in names)
