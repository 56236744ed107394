"""What the rules over test runs share: their input and how a change's reason reads.

The test-run rules do not read one file's facts: they read the changes that
``validator.testruns.compare`` finds between the test runs of BASE and HEAD (each with its
cause's file and line). Their driver is ``validator/checks/testruns.py``.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Sequence
from dataclasses import dataclass

from ...testruns import Change
from ..rule import Rule


@dataclass(frozen=True)
class RunsContext:
    """What the driver knows besides the changes: which revisions were compared."""

    base: str
    head: str


class RunsRule(Rule[Sequence[Change], RunsContext], ABC):
    """A rule over the changes between BASE's and HEAD's test runs."""


def split_reason(reason: str, *prefixes: str) -> tuple[str, str] | None:
    """(prefix, rest) when ``reason`` starts with one of ``prefixes`` followed by ``: ``."""
    for prefix in prefixes:
        if reason.startswith(prefix + ": "):
            return prefix, reason[len(prefix) + 2 :]
    return None


def row_symbol(change: Change) -> str:
    """The symbol of a change's finding: its table row's file, then its subject (the row name)."""
    return f"{change.file}::{change.subject}"
