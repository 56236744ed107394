"""The commits of a spec, and which files the commits that completed each task changed.

A commit belongs to the spec when its subject starts with ``<spec>:`` or when its
message names one of the story/task ids the spec's task file declares
(``story_ids``: ``feat(US-003): ...``, ``[ralph] T-12 ...``, ``Implements: F12``).
A story commit of another loop run, earlier in the same repository, that reused the
id is left out: when the task file existed at that commit, it must have declared the
id there with the title it has now (a run that restarted at ``US-001`` for other
stories did not). A task file that was not there yet, or not readable then, says
nothing against the commit.

A commit completed a task when it ticks the task's box in the task file or names the
task id. Only a commit that completed exactly one task ties its files to that task: a
commit that completes several says nothing about which file serves which.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from ...core.errors import InputError
from ...core.git import Git
from ...core.specs.json_formats import read_json_tasks
from ...core.specs.kiro import parse_tasks
from ...core.specs.model import Spec
from .story_ids import StoryIds

_TICKED = re.compile(r"^\+\s*[-*+]\s+\[[xX]\]\*?\s+(?P<title>.+?)\s*$")
_JSON_FORMATS = frozenset({"snarktank-prd", "ralph-loop-prd", "feature-list", "agent-tasks"})


@dataclass(frozen=True)
class SpecCommit:
    """A commit of the spec: its sha, whether it is spec-prefixed, the story ids it names."""

    sha: str
    prefixed: bool
    ids: tuple[str, ...]


def _title(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


class _Declared:
    """The id → title map of the spec's task file at a commit, read once per file version."""

    def __init__(self, git: Git, spec: Spec) -> None:
        self.git = git
        self.spec = spec
        self._by_blob: dict[str, dict[str, str] | None] = {}

    def _parse(self, data: bytes, path: str) -> dict[str, str] | None:
        try:
            if self.spec.format in _JSON_FORMATS:
                return {r.id: _title(r.title) for r in read_json_tasks(data, path).requirements}
            if self.spec.format == "kiro":
                return {t.id: _title(t.title) for t in parse_tasks(data, path) if t.id}
        except InputError:
            return None
        return None

    @property
    def readable(self) -> bool:
        """True when the task file's format is one whose ids and titles are read here."""
        return self.spec.tasks_file is not None and (
            self.spec.format in _JSON_FORMATS or self.spec.format == "kiro"
        )

    def at(self, sha: str) -> dict[str, str] | None:
        """The ids and titles declared at ``sha``; None when that says nothing."""
        path = self.spec.tasks_file
        if path is None:
            return None
        blob = self.git.blob_id(sha, path)
        if blob is None:
            return None
        if blob not in self._by_blob:
            self._by_blob[blob] = self._parse(self.git.run_bytes("cat-file", "blob", blob), path)
        return self._by_blob[blob]

    def now(self) -> dict[str, str]:
        """The ids and titles the spec declares at HEAD."""
        titles = {t.id: _title(t.title) for t in self.spec.tasks if t.id}
        if self.spec.requirements_file == self.spec.tasks_file:
            titles.update({r.id: _title(r.title) for r in self.spec.requirements})
        return titles


class _Namer:
    """The story ids a commit of the spec names, another loop run's reuse of an id left out."""

    def __init__(self, git: Git, spec_name: str | None, spec: Spec | None) -> None:
        self.matcher = StoryIds.of(git, spec_name, spec)
        self.declared = _Declared(git, spec) if spec is not None else None
        self.current = self.declared.now() if self.declared is not None else {}

    def ids(self, sha: str, message: str) -> tuple[str, ...]:
        """The ids ``message`` names that the task file declared at ``sha`` as it does now."""
        ids = self.matcher.named(message) if self.matcher.ids else ()
        if ids and self.declared is not None:
            then = self.declared.at(sha)
            if then is not None:
                ids = tuple(i for i in ids if i in then and then[i] == self.current.get(i))
        return ids


def spec_commits(
    git: Git, spec_name: str | None, spec: Spec | None, since: str | None
) -> list[SpecCommit]:
    """The commits after ``since`` up to HEAD that belong to the spec, oldest first."""
    if spec_name is None:
        return []
    namer = _Namer(git, spec_name, spec)
    found: list[SpecCommit] = []
    for sha, message in git.messages(since):
        prefixed = namer.matcher.prefixed(message)
        ids = namer.ids(sha, message)
        if prefixed or ids:
            found.append(SpecCommit(sha, prefixed, ids))
    return found


def _same_plan(then: dict[str, str], now: dict[str, str], real: frozenset[str]) -> bool:
    """True when a version of the task file plans the stories it plans now: it shares an
    id the file declares with the file as it is and gives no shared id another title. A
    list without ids (the reader numbered its entries) shares a title instead, since an
    inserted entry renumbers the rest."""
    if not real:
        return bool(set(then.values()) & set(now.values()))
    shared = then.keys() & real
    return bool(shared) and all(then[i] == now.get(i) for i in shared)


def plan_commit(git: Git, spec: Spec) -> tuple[str, bool] | None:
    """The oldest commit from which the task file declares the stories it declares now
    (an earlier loop run's version, with other stories under the same ids, ends the
    walk), and whether that commit added the file; None when it cannot be told."""
    declared = _Declared(git, spec)
    if not declared.readable or spec.tasks_file is None:
        return None
    now = declared.now()
    real = frozenset(StoryIds.of(git, spec.name, spec).declared)
    oldest: str | None = None
    for sha in git.commits_touching(spec.tasks_file):
        then = declared.at(sha)
        if then is None or not _same_plan(then, now, real):
            break
        oldest = sha
    if oldest is None:
        return None
    parent = git.parent(oldest)
    return oldest, parent is None or git.blob_id(parent, spec.tasks_file) is None


def _ticked_tasks(diff: str, spec: Spec) -> set[str]:
    titles = {" ".join(t.title.split()): t.id for t in spec.tasks if t.id}
    ticked: set[str] = set()
    for line in diff.splitlines():
        match = _TICKED.match(line)
        if not match:
            continue
        text = " ".join(match.group("title").split())
        for title, tid in titles.items():
            if tid and (text.endswith(title) or text == title):
                ticked.add(tid)
    return ticked


def files_by_task(git: Git, spec: Spec, commits: tuple[str, ...]) -> dict[str, list[str]]:
    """Task id → sorted files changed by the spec's commits that completed it (by naming
    it in the subject or body, or by ticking its box)."""
    namer = _Namer(git, spec.name, spec)
    result: dict[str, set[str]] = defaultdict(set)
    for sha in commits:
        message = git.run("log", "-1", "--format=%B", sha)
        files = [f for f in git.run("show", "--name-only", "--format=", sha).splitlines() if f]
        tasks = set(namer.ids(sha, message))
        if spec.tasks_file and spec.tasks_file in files:
            diff = git.run("show", "--format=", "--unified=0", sha, "--", spec.tasks_file)
            tasks |= _ticked_tasks(diff, spec)
        if len(tasks) == 1:
            result[next(iter(tasks))].update(files)
    return {tid: sorted(paths) for tid, paths in sorted(result.items())}
