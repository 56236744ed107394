"""Which of a spec's story/task ids a commit message names (DESIGN §3).

The ids are the ones the spec's task file itself declares, whatever their shape: the
entry ids of a JSON task list (``US-001``, ``TSK-2``, ``F12``, ``story-7``) and the task
numbers of a Markdown task list (``3``, ``2.1``). An id the reader made up for an entry
without one (it does not occur in the file) is nobody's commit reference.

How an id is named depends on how distinctive it is:

- an id with a digit and a letter, or words joined by ``-``/``_`` (``US-001``,
  ``F12``, ``setup-db``): as a whole token anywhere in the subject or body
  (``feat(AUTH-3): ...``, ``[ralph] T-12 ...``, ``Implements: F12``), never as
  part of a longer id (``US-0012``, ``US-001-b``, ``US-001.2``);
- a single plain word (``auth``): only where a commit puts an id, at the start of the
  subject (``auth: ...``, ``[auth] ...``, ``auth - ...``) or as a conventional-commit
  scope (``feat(auth): ...``);
- a number (``3``, ``2.1``): in those id places, as ``task 3``/``Task #2.1``, and, in
  a subject that starts with ``<spec>:``, as before: a dotted number anywhere after the
  prefix, a bare one as ``#3`` or right after it. ``fix 2 bugs`` names nothing.

An id that a sibling spec's task file declares too (two Kiro specs both have a task 3)
is named only by a message that also names this spec (its ``<spec>:`` prefix or its
name as a word). A subject that names ids is read alone; the body counts when the
subject names none, so ``US-002: filter (after US-001)`` names US-002 only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ...core.git import Git
from ...core.specs.model import Spec

_NUMERIC = re.compile(r"^\d+(?:\.\d+)*$")
_WORD = re.compile(r"^[^\W\d_]+$")
_END = r"(?![\w]|[.\-]\w)"  # an id ends where no longer id goes on
_LEAD = r"^\s*(?:\[[^\]\n]*\]\s*)*"  # bracketed tool prefixes before the id: "[ralph] "


def _token(escaped: str) -> str:
    return rf"(?<![\w\-]){escaped}{_END}"


def _id_places(escaped: str) -> str:
    """Where a commit subject puts an id: first (after bracketed prefixes) and followed by
    a separator, in a leading bracket, or as a conventional-commit scope."""
    first = rf"{_LEAD}{escaped}(?:\s*:|\s+[\-–—](?:\s|$)|\s*$)"
    bracket = rf"{_LEAD}\[\s*{escaped}\s*\]"
    scope = rf"^\s*[\w\-]+\((?:[^)\n]*[,\s/])?{escaped}(?:[,\s/][^)\n]*)?\)!?:"
    return rf"(?:{first}|{bracket}|{scope})"


@dataclass(frozen=True)
class _Id:
    id: str
    literal: str  # lower case: a message without it cannot name the id
    anywhere: re.Pattern[str] | None  # a distinctive id: its token anywhere
    placed: re.Pattern[str]  # the id places of a subject
    task_word: re.Pattern[str] | None  # a number: "task 3"
    after_prefix: re.Pattern[str] | None  # a number after "<spec>:"


def _compile(tid: str) -> _Id:
    core = tid.rstrip(".")
    escaped = re.escape(core)
    flags = re.IGNORECASE | re.MULTILINE
    placed = re.compile(_id_places(escaped), flags)
    if _NUMERIC.match(core):
        number_end = r"(?![\w]|\.\d)"
        task_word = re.compile(rf"\btasks?[\s_\-]*#?{escaped}{number_end}", flags)
        if "." in core:
            after = rf"(?<![\w.]){escaped}{number_end}"
        else:
            after = rf"(?:#|^\s*){escaped}{number_end}"
        return _Id(tid, core.lower(), None, placed, task_word, re.compile(after, re.IGNORECASE))
    if _WORD.match(core):
        return _Id(tid, core.lower(), None, placed, None, None)
    anywhere = re.compile(_token(escaped), re.IGNORECASE)
    return _Id(tid, core.lower(), anywhere, placed, None, None)


def _declared(text: str, tid: str) -> bool:
    return re.search(_token(re.escape(tid.rstrip("."))), text, re.IGNORECASE) is not None


def _read(root: Path, path: str) -> str:
    try:
        return (root / path).read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return ""


def _sibling_task_files(git: Git, spec: Spec) -> list[str]:
    """The task files of the specs beside this one: the same file name in another folder
    of the folder that holds this spec's folder (``.kiro/specs/*/tasks.md``)."""
    if spec.tasks_file is None or spec.path in (".", ""):
        return []
    folder = PurePosixPath(spec.path)
    inside = PurePosixPath(spec.tasks_file).relative_to(folder).as_posix()
    siblings = []
    for path in git.ls_files():
        rel = PurePosixPath(path)
        parts = rel.relative_to(folder.parent).parts if rel.is_relative_to(folder.parent) else ()
        if len(parts) > 1 and "/".join(parts[1:]) == inside and path != spec.tasks_file:
            siblings.append(path)
    return siblings


def declared_ids(spec: Spec) -> tuple[str, ...]:
    """The task ids of ``spec``, and for a JSON list (one file for both) the entry ids."""
    ids = [t.id for t in spec.tasks if t.id]
    if spec.requirements_file is not None and spec.requirements_file == spec.tasks_file:
        ids += [r.id for r in spec.requirements]
    return tuple(dict.fromkeys(ids))


@dataclass(frozen=True)
class StoryIds:
    """A spec's name and the story/task ids its task file declares, ready to match."""

    spec_name: str | None
    source: str | None  # the task file that declares the ids
    ids: tuple[_Id, ...]
    shared: frozenset[str]  # declared by a sibling spec too: the message must name this spec

    @classmethod
    def of(cls, git: Git, spec_name: str | None, spec: Spec | None) -> StoryIds:
        """The ids ``spec`` declares (none without a spec or a task file)."""
        if spec is None or spec.tasks_file is None:
            return cls(spec_name, None, (), frozenset())
        text = _read(git.root, spec.tasks_file)
        ids = [tid for tid in declared_ids(spec) if _declared(text, tid)]
        others = [_read(git.root, p) for p in _sibling_task_files(git, spec)]
        shared = frozenset(t for t in ids if any(_declared(o, t) for o in others))
        return cls(spec_name, spec.tasks_file, tuple(_compile(t) for t in ids), shared)

    def prefixed(self, message: str) -> bool:
        """True when the subject starts with ``<spec>:``."""
        return self.spec_name is not None and message.startswith(f"{self.spec_name}:")

    def _names_spec(self, message: str) -> bool:
        if self.spec_name is None:
            return False
        return re.search(_token(re.escape(self.spec_name)), message, re.IGNORECASE) is not None

    def named(self, message: str) -> tuple[str, ...]:
        """The ids the message names, in declaration order: the subject's, else the body's."""
        subject, _, body = message.strip().partition("\n")
        prefixed = self.prefixed(subject)
        after = subject[len(f"{self.spec_name}:") :] if prefixed else ""
        names_spec = prefixed or self._names_spec(message)
        lower = message.lower()
        candidates = [
            i for i in self.ids if i.literal in lower and (names_spec or i.id not in self.shared)
        ]
        in_subject = [i.id for i in candidates if self._in_subject(i, subject, after)]
        if in_subject:
            return tuple(in_subject)
        return tuple(i.id for i in candidates if self._in_body(i, body))

    @property
    def declared(self) -> tuple[str, ...]:
        """The ids the task file declares (made-up ones left out), in declaration order."""
        return tuple(i.id for i in self.ids)

    @staticmethod
    def _in_subject(found: _Id, subject: str, after_prefix: str) -> bool:
        if found.placed.search(subject) or (found.anywhere and found.anywhere.search(subject)):
            return True
        if found.task_word is not None and found.task_word.search(subject):
            return True
        return bool(after_prefix and found.after_prefix and found.after_prefix.search(after_prefix))

    @staticmethod
    def _in_body(found: _Id, body: str) -> bool:
        if found.anywhere is not None:
            return found.anywhere.search(body) is not None
        return found.task_word is not None and found.task_word.search(body) is not None
