"""A requirement's distinctive terms, and how code names and strings match them.

Two kinds of term:

- **literals**: code-shaped tokens the requirement spells out — quoted or
  back-ticked text (``"too_short"``), snake_case, camelCase or PascalCase words
  (``CountMismatch``), ALL_CAPS names, kebab-case names with a capital or a digit
  (``X-Mail-User``). A file whose names or strings contain one
  (compared case- and separator-insensitively: ``too_short`` = ``TOO_SHORT`` =
  ``tooShort``) is strong evidence.
- **words**: the requirement's other words, minus stop words and the EARS
  vocabulary. A word is *distinctive* when no other requirement of the spec uses
  it and it is rare in the repository's production files (see
  ``rare_limit``). A file must contain two distinctive words of a requirement
  to count: one shared word is coincidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_QUOTED = re.compile(r"[\"'`“”‘’]([^\"'`“”‘’\n]{2,60})[\"'`“”‘’]")
_CODE_SHAPED = re.compile(
    r"\b(?:[a-z]+(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+|"
    r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)\b"
)
# Kebab-case names with two hyphens or more and a capital or a digit: header names
# (``X-Mail-User``), identifiers (``ISO-8601-date``); plain hyphenated English has neither.
_KEBAB = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+){2,}(?![\w-])")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]+")
_CAMEL_SPLIT = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z0-9]+|[A-Z]+")

# EARS keywords, user-story boilerplate and common English: they say nothing about *which*
# requirement a piece of code serves.
STOP_WORDS = frozenset(
    """
    a an and any are as at be been but by can could did do does each either else for from
    had has have if in into is it its may might must no nor not of on once only or other our
    out over same shall should so some such than that the their them then there these they
    this those through to too under until up upon use used user users using via was we were
    what when where whether which while who will with within without would you your
    system feature story want wants able allow allows provide provides display displays show
    shows given new data value values list item items page also all need needs make makes
    support supports ensure ensures return returns set get gets valid invalid true false
    """.split()
)
MIN_WORD = 4  # three-letter words are mostly abbreviations that collide across requirements


def normalise(token: str) -> str:
    """Case- and separator-insensitive form: ``too_short``, ``TOO-SHORT``, ``tooShort`` alike."""
    return re.sub(r"[^a-z0-9]", "", token.lower())


def split_words(name: str) -> list[str]:
    """``CountMismatchError`` → count, mismatch, error; ``too_short`` → too, short."""
    words: list[str] = []
    for part in re.split(r"[^A-Za-z0-9]+", name):
        words.extend(w.lower() for w in _CAMEL_SPLIT.findall(part))
    return words


def literals_of(text: str) -> set[str]:
    """Code-shaped tokens a requirement spells out, normalised."""
    found = {m.group(1).strip() for m in _QUOTED.finditer(text)}
    found |= set(_CODE_SHAPED.findall(text))
    found |= {k for k in _KEBAB.findall(text) if re.search(r"[A-Z0-9]", k)}
    return {n for n in (normalise(t) for t in found) if len(n) >= MIN_WORD}


def words_of(text: str) -> set[str]:
    """The requirement's content words (lower case, no stop words, at least four letters)."""
    words: set[str] = set()
    for token in _WORD.findall(text):
        for word in split_words(token):
            if len(word) >= MIN_WORD and word not in STOP_WORDS and not word.isdigit():
                words.add(word)
    return words


def rare_limit(production_files: int) -> int:
    """How many production files a word may appear in and still point at specific code.

    A word in more than a twentieth of the files (but never fewer than three) is
    vocabulary of the whole code base, not of one requirement.
    """
    return max(3, production_files // 20)


def file_words(names: Iterable[str]) -> set[str]:
    """The words a file's names and strings are made of."""
    words: set[str] = set()
    for name in names:
        words.update(w for w in split_words(name) if len(w) >= MIN_WORD)
    return words
