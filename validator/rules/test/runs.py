"""What the rules over test runs share: their input and how a change's reason reads.

The test-run rules do not read one file's facts: they read the changes that
``validator.testruns.compare`` finds between the test runs of BASE and HEAD (each with its
cause's file and line). Their driver is ``validator/checks/testruns.py``.
"""

from __future__ import annotations

import difflib
from abc import ABC
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ....extractors.facts import symbol_id
from ...testruns import Change
from ..rule import Rule


def _no_text(_path: str) -> str | None:
    return None


@dataclass(frozen=True)
class RunsContext:
    """What the driver knows besides the changes: which revisions were compared, and their
    files' text (None for a file a revision does not have)."""

    base: str
    head: str
    base_text: Callable[[str], str | None] = _no_text
    head_text: Callable[[str], str | None] = _no_text
    renamed: Mapping[str, str] = field(default_factory=dict)  # BASE path -> HEAD path (git -M)


class RunsRule(Rule[Sequence[Change], RunsContext], ABC):
    """A rule over the changes between BASE's and HEAD's test runs."""

    reads_base = True


def split_reason(reason: str, *prefixes: str) -> tuple[str, str] | None:
    """(prefix, rest) when ``reason`` starts with one of ``prefixes`` followed by ``: ``."""
    for prefix in prefixes:
        if reason.startswith(prefix + ": "):
            return prefix, reason[len(prefix) + 2 :]
    return None


def row_symbol(change: Change) -> str:
    """The symbol of a change's finding: its table row's file, then its subject (the row name)."""
    return symbol_id(change.file, change.subject)


def before_after(change: Change, context: RunsContext) -> tuple[str, str] | None:
    """The cause's line at HEAD and the BASE line it replaced (``""`` when it was added), or
    None when the line is unchanged since BASE or cannot be read."""
    head = context.head_text(change.file)
    if head is None:
        return None
    head_lines = head.splitlines()
    if not 1 <= change.line <= len(head_lines):
        return None
    now = " ".join(head_lines[change.line - 1].split())
    base = context.base_text(change.file)
    if base is None:
        return "", now
    base_lines = base.splitlines()
    matcher = difflib.SequenceMatcher(a=base_lines, b=head_lines, autojunk=False)
    index = change.line - 1
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if not j1 <= index < j2:
            continue
        if tag == "equal":
            return None
        if tag == "insert" or i1 == i2:
            return "", now
        # The replaced BASE line most like the cause's line (ties: the nearest by position).
        was = max(
            range(i1, i2),
            key=lambda i: (
                difflib.SequenceMatcher(a=base_lines[i], b=head_lines[index]).ratio(),
                -abs((i - i1) - (index - j1)),
            ),
        )
        return " ".join(base_lines[was].split()), now
    return None
