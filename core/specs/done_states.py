"""The done state of one JSON task-list entry, read from a fixed vocabulary.

Agent loops spell "done" many ways (``passes: true``, ``"complete": true``,
``"status": "done"``, ``"state": "passing"``). Every spelling this reader knows is
in the tables below (and in ``docs/formats.md``); a value outside them, or fields
that contradict each other, is *unread*: the caller reports it as UNKNOWN, never
as open or done.

- ``passes``, ``passed``, ``complete``, ``completed``, ``done``: ``true`` is done,
  ``false`` not done, anything else unread;
- ``status``, ``state``: a word of ``DONE_WORDS`` is done, of ``OPEN_WORDS``,
  ``IN_PROGRESS_WORDS`` or ``QUEUED_WORDS`` not done (any case; ``-``, ``_`` and
  spaces alike), anything else unread.

A boolean field holding a list or an object (``"completed": [...]`` as a log) is not a
state field. An entry with no state field at all is not done yet.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .model import TaskState

BOOL_FIELDS = ("passes", "passed", "complete", "completed", "done")
TEXT_FIELDS = ("status", "state")

DONE_WORDS = frozenset(
    {
        "done",
        "complete",
        "completed",
        "passing",
        "passed",
        "pass",
        "finished",
        "merged",
        "verified",
        "implemented",
        "shipped",
    }
)
OPEN_WORDS = frozenset(
    {
        "todo",
        "to do",
        "pending",
        "open",
        "not started",
        "planned",
        "backlog",
        "new",
        "failing",
        "failed",
        "fail",
        "incomplete",
        "not done",
    }
)
IN_PROGRESS_WORDS = frozenset(
    {"in progress", "wip", "started", "active", "doing", "in review", "review", "partial"}
)
QUEUED_WORDS = frozenset({"queued"})

_SEPARATORS = re.compile(r"[\s_-]+")


def normalise(word: str) -> str:
    """``"In_Progress"`` -> ``"in progress"``: case and separators do not matter."""
    return _SEPARATORS.sub(" ", word.strip().casefold()).strip()


def _word_state(word: str) -> TaskState | None:
    key = normalise(word)
    if key in DONE_WORDS:
        return TaskState.DONE
    if key in OPEN_WORDS:
        return TaskState.OPEN
    if key in IN_PROGRESS_WORDS:
        return TaskState.IN_PROGRESS
    if key in QUEUED_WORDS:
        return TaskState.QUEUED
    return None


@dataclass(frozen=True)
class DoneState:
    """The entry's state, or why it could not be read (then ``state`` is None)."""

    state: TaskState | None
    why_unread: str | None = None
    field: str | None = None  # the first field the state was read from


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _one_field(entry: dict[str, Any], key: str) -> DoneState | None:
    """The state one field gives; None when the entry has no such state field."""
    if key not in entry:
        return None
    value = entry[key]
    if key in BOOL_FIELDS:
        if isinstance(value, (list, dict)):
            return None  # a log or a record under that name, not a state
        if isinstance(value, bool):
            return DoneState(TaskState.DONE if value else TaskState.OPEN, field=key)
        return DoneState(None, f"'{key}' = {_shown(value)} is not true or false", key)
    if isinstance(value, (list, dict)):
        return None
    state = _word_state(value) if isinstance(value, str) else None
    if state is None:
        why = f"'{key}' = {_shown(value)} is neither a done nor an open state"
        return DoneState(None, why, key)
    return DoneState(state, field=key)


def read_done_state(entry: dict[str, Any]) -> DoneState:
    """The entry's state from every state field it has; contradictions are unread."""
    found = [s for key in (*BOOL_FIELDS, *TEXT_FIELDS) if (s := _one_field(entry, key))]
    if not found:
        return DoneState(TaskState.OPEN)
    unread = [s for s in found if s.state is None]
    if unread:
        return unread[0]
    done = [s for s in found if s.state is TaskState.DONE]
    if done and len(done) != len(found):
        other = next(s for s in found if s.state is not TaskState.DONE)
        said = ", ".join(f"'{s.field}' = {_shown(entry[str(s.field)])}" for s in (done[0], other))
        return DoneState(None, f"its state fields disagree ({said})", done[0].field)
    return found[0]
