"""Allow-lists grown by exactly what a new test passes in (the test-special-case rule).

A collection of accepted values (``ALLOWED = {...}``, ``x in (...)``, a regex's
alternatives) that gains, between BASE and HEAD, only values a test of the change set
passes as an input, none of them named by the spec, was widened for the test, not for a
requirement. A value a test passes inside a longer string (``"photo.webp"`` for a regex
alternative ``webp``) counts for a regex, and a test's input counts as the membership tests
of the list normalise it (``"xts"`` for ``"XTS"`` where the code looks up ``code.upper()``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ....extractors.facts import FileFacts
from ....extractors.facts.impl import AllowList, TestInput

# Values too ordinary to tell a test's input apart.
_TRIVIAL = frozenset({"n:0", "n:1", "n:-1", "s:", "b:true", "b:false", "none"})


@dataclass(frozen=True)
class Widened:
    """An allow-list's added values and the test input that needed them."""

    at: AllowList  # the HEAD list, at the line of the first added value
    values: tuple[str, ...]  # normal forms, as written
    test: TestInput


def _plain(value: str) -> str:
    return value[2:] if value[:2] in ("n:", "s:", "b:") else value


_STEPS = {"upper": str.upper, "lower": str.lower, "strip": str.strip}


def _fold(steps: str, text: str) -> str:
    """``text`` normalised by an allow-list's fold (``strip+upper``, see ``AllowList``)."""
    for step in steps.split("+") if steps else ():
        text = _STEPS[step](text) if step in _STEPS else text
    return text


def _passes(value: str, given: TestInput, form: str, folds: tuple[str, ...] = ()) -> bool:
    """Whether the test input is the value (or, for a regex, holds it as a word), as it
    is or normalised the way a membership test of the list normalises its input."""
    if given.value == value:
        return True
    text = given.value[2:] if given.value.startswith("s:") else None
    if text is not None and any(f"s:{_fold(f, text)}" == value for f in folds):
        return True
    if form != "regex" or not given.value.startswith("s:"):
        return False
    words = re.split(r"[^A-Za-z0-9_-]+", given.value[2:].lower())
    return _plain(value).lower() in words


def _named(value: str, spec: str) -> bool:
    word = re.escape(_plain(value).lower())
    return re.search(rf"(?<![a-z0-9_]){word}(?![a-z0-9_])", spec) is not None


def widened(
    facts: FileFacts, base: FileFacts | None, inputs: tuple[TestInput, ...], spec: str | None
) -> Iterator[Widened]:
    """Allow-lists of ``facts`` whose every added value is a changed test's input and is
    not named by the spec. Nothing without a BASE version of the list or without a spec
    (then nobody can tell a requirement's value from a test's)."""
    if base is None or spec is None or not inputs:
        return
    before = {a.name: a for a in base.of_type(AllowList)}
    ordered = sorted(inputs, key=lambda i: (i.file, i.line, i.value))
    for head in sorted(facts.of_type(AllowList), key=lambda a: (a.line, a.name)):
        old = before.get(head.name)
        if old is None or old.form != head.form:
            continue
        added = [
            (value, line)
            for value, line in zip(head.members, head.lines, strict=True)
            if value not in old.members
        ]
        if not added or any(v in _TRIVIAL or _named(v, spec) for v, _ in added):
            continue
        tests = [
            next((i for i in ordered if _passes(v, i, head.form, head.folds)), None)
            for v, _ in added
        ]
        first = tests[0]
        if first is None or any(t is None for t in tests):
            continue
        at = dataclasses.replace(head, line=added[0][1])
        yield Widened(at=at, values=tuple(v for v, _ in added), test=first)
