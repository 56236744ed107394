"""One model for every spec format: requirements with criteria, tasks with states."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

_FINAL = re.compile(r"^(?:\d+(?:\.\d+)*\.?\s+)?final\b", re.IGNORECASE)


def is_final_title(title: str) -> bool:
    """True for the FINAL task: its title, after an optional number, starts with the word FINAL."""
    return _FINAL.match(title.strip()) is not None


class TaskState(Enum):
    """The checkbox states seen in real task lists."""

    OPEN = "open"  # [ ]
    DONE = "done"  # [x] [X], or passes: true
    IN_PROGRESS = "in_progress"  # [-]
    QUEUED = "queued"  # [~]


@dataclass(frozen=True)
class Criterion:
    """One acceptance criterion: an EARS line ``N.M`` in Kiro, an acceptance criterion of a PRD."""

    id: str
    text: str
    line: int


@dataclass(frozen=True)
class Requirement:
    """A requirement row of the traceability table."""

    id: str
    title: str
    text: str
    criteria: tuple[Criterion, ...]
    file: str  # repo-relative path of the file that declares it
    line: int  # 1-based line of its heading / entry
    # The story's own ``scope[]`` globs (ralph-loop PRD), in declaration order.
    scope: tuple[str, ...] = ()


@dataclass(frozen=True)
class Task:
    """One task of a task list, whatever the format."""

    id: str | None  # "1.2", "US-001", "TASK-13"; None when the list has no ids
    title: str
    state: TaskState
    optional: bool  # Kiro ``[ ]*``
    depth: int  # 0 for top level; nested sub-tasks count up
    requirement_refs: tuple[str, ...]  # expanded: "7.1-7.3" -> 7.1, 7.2, 7.3
    refs_all: bool  # ``_Requirements: All_``
    final: bool  # the FINAL task (DESIGN §9)
    file: str
    line: int
    # Byte offset of the state character inside ``[ ]`` in the task file (Markdown only),
    # so that the gate changes that one byte and nothing else.
    box_offset: int | None = None

    @property
    def checked(self) -> bool:
        """True when the task is done."""
        return self.state is TaskState.DONE


@dataclass(frozen=True)
class Unread:
    """A part of a spec file whose structure no reader understood: an UNKNOWN, never a PASS."""

    file: str  # repo-relative
    line: int  # 1-based
    what: str  # one line saying what was not read


@dataclass(frozen=True)
class Spec:
    """A spec as read from disk: where it lives, its requirements, its tasks."""

    name: str
    path: str  # repo-relative folder or file the spec was found at
    format: str  # "kiro" | "snarktank-prd" | "ralph-loop-prd" | "feature-list" | "agent-tasks"
    requirements: tuple[Requirement, ...]
    tasks: tuple[Task, ...]
    tasks_file: str | None  # repo-relative; the file the gate may edit (Markdown) or read (JSON)
    requirements_file: str | None
    # Story scope globs (ralph-loop PRD ``scope[]``), in declaration order; ``!`` excludes.
    scope: tuple[str, ...] = field(default=())
    # goalkeeper contract.md: the stall cap and the validator command it declares.
    max_rejections: int | None = None
    validator_command: str | None = None
    # Spec structure that was there but not read (Markdown task lists and requirements).
    unread: tuple[Unread, ...] = ()

    @property
    def requirements_unread(self) -> tuple[Unread, ...]:
        """What was not read on the requirements side: every unread part but the task
        file's (the task list reports its own), all of it when one file holds both."""
        both = self.tasks_file == self.requirements_file
        return tuple(u for u in self.unread if both or u.file != self.tasks_file)
