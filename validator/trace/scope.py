"""Which files are a spec's own, which files tracing reads, and whether a text names a spec.

A requirement id such as ``1.1`` is local to its spec: in a repository with several specs
side by side (``.kiro/specs/alpha``, ``.kiro/specs/beta``) every spec has a requirement 1.
A reference counts for a spec only inside the spec's own files (its change set, its
commits, the commits of its tasks; minus what only another spec's commits changed), or
anywhere when the reference names the spec (``alpha 1.1``, ``alpha#1.1``,
``.kiro/specs/alpha``). Tests count only when the loop wrote or changed them, i.e. inside
the same files.

Implementation evidence comes from the spec's own files and what they import (two steps
deep); elsewhere only a reference that names the spec counts. Tracing reads the change set
and what it imports, not every tracked file; an ``--all`` audit reads every file.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...core.git import EMPTY_TREE, Git
from ...core.specs.model import Spec
from ...extractors.common.modules import import_files
from ...extractors.facts import FileFacts
from ...extractors.facts.terms import Import

IMPORT_DEPTH = 2  # the spec's files, what they import, and what that imports


def _folder(spec: Spec) -> str | None:
    """The spec's own folder when the spec is a folder of files, else None."""
    own = [f for f in (spec.requirements_file, spec.tasks_file) if f]
    if not own or spec.path in ("", "."):
        return None
    if all(posixpath.dirname(f) == spec.path for f in own):
        return spec.path
    return None


def sibling_specs(spec: Spec, tracked: Iterable[str]) -> dict[str, str]:
    """Other specs laid out like this one: folder name → folder, for every other folder
    beside this spec's folder that holds a file named like its requirements or tasks file
    (``.kiro/specs/beta`` beside ``.kiro/specs/alpha``)."""
    folder = _folder(spec)
    if folder is None:
        return {}
    parent = posixpath.dirname(folder)
    names = {posixpath.basename(f) for f in (spec.requirements_file, spec.tasks_file) if f}
    found: dict[str, str] = {}
    for path in tracked:
        where = posixpath.dirname(path)
        if posixpath.basename(path) not in names or where in (folder, ""):
            continue
        if posixpath.dirname(where) == parent:
            found.setdefault(posixpath.basename(where), where)
    return dict(sorted(found.items()))


def _subject_names(subject: str, name: str) -> bool:
    """A commit subject that is about spec ``name``: ``name: …``, ``[name] …``,
    ``type(name): …``."""
    n = re.escape(name)
    pattern = rf"^\s*(?:{n}\s*(?::|\(|\s-\s)|\[{n}\]|[\w-]+\({n}\)!?:)"
    return re.search(pattern, subject, re.IGNORECASE) is not None


@dataclass(frozen=True)
class _Commit:
    """One commit after BASE: its subject, the files it changed and, when it came in
    through a merge whose subject names a branch (``Merge pull request #12 from
    owner/feat/alpha``, ``Merge branch 'alpha'``), that branch."""

    subject: str
    files: tuple[str, ...]
    branch: str = ""

    def about(self, name: str, folder: str | None) -> bool:
        """The commit is spec ``name``'s work: its subject or its merged branch names the
        spec, or it writes the spec's own documents (``folder``) — a commit adding
        ``.kiro/specs/alpha/tasks.md`` with code is alpha's."""
        if _subject_names(self.subject, name) or _branch_names(self.branch, name):
            return True
        return folder is not None and any(f.startswith(folder + "/") for f in self.files)


_MERGED = re.compile(
    r"^Merge (?:pull request #\d+ from |branch |remote-tracking branch )'?([^'\s]+)"
)


def _branch_names(branch: str, name: str) -> bool:
    """A branch named after the spec: ``feat/alpha``, ``owner/spec/alpha``, ``alpha``."""
    return bool(branch) and name.lower() in branch.lower().split("/")


def _commits(git: Git, base: str) -> list[_Commit]:
    """Every commit after ``base`` up to HEAD, those of a named merged branch with it."""
    rng = "HEAD" if base == EMPTY_TREE else f"{base}..HEAD"
    out = git.run("log", "--format=%x00%H %P%n%s", "--name-only", rng)
    found: list[tuple[str, str, tuple[str, ...]]] = []
    merges: list[tuple[str, str, str]] = []
    for chunk in out.split("\0")[1:]:
        head, _, rest = chunk.partition("\n")
        subject, _, names = rest.partition("\n")
        sha, *parents = head.split()
        found.append((sha, subject, tuple(f for f in names.splitlines() if f.strip())))
        merged = _MERGED.match(subject)
        if merged and len(parents) == 2:
            merges.append((parents[0], parents[1], merged.group(1)))
    branch_of: dict[str, str] = {}
    for first, second, branch in merges:
        for sha in git.run("rev-list", f"{first}..{second}").split():
            branch_of.setdefault(sha, branch)
    return [_Commit(subject, files, branch_of.get(sha, "")) for sha, subject, files in found]


@dataclass(frozen=True)
class SpecScope:
    """The spec's own files and how a text names the spec or another one."""

    name: str
    path: str
    files: frozenset[str]
    others: tuple[str, ...] = ()  # names of the other specs laid out beside this one
    # (name, folder) of each of those specs
    folders: tuple[tuple[str, str], ...] = ()
    # The spec's own files and what they import: where its code may be.
    reached: frozenset[str] = frozenset()

    def owns(self, path: str) -> bool:
        """Whether ``path`` is one of the spec's own files."""
        return path in self.files

    def near(self, path: str) -> bool:
        """Whether ``path`` is one of the spec's own files or imported by them."""
        return path in self.files or path in self.reached

    def names_this(self, text: str) -> bool:
        """Whether ``text`` names this spec next to a requirement id, or by its folder."""
        return _names(text, self.name, self.path)

    def names_another(self, text: str) -> bool:
        """Whether ``text`` names one of the other specs (and not this one)."""
        return not self.names_this(text) and any(_names(text, o, "") for o in self.others)

    def counts(self, path: str, text: str) -> bool:
        """Whether a requirement reference in ``text`` at ``path`` is about this spec."""
        if self.names_this(text):
            return True
        return self.owns(path) and not self.names_another(text)


def _names(text: str, name: str, path: str) -> bool:
    if path not in ("", ".") and path in text:
        return True
    if not name or not re.search(r"[A-Za-z]", name):
        return False
    n = re.escape(name)
    near_id = rf"(?<![\w/.-]){n}(?![\w-])\s*[#:/]?\s*(?:(?:requirements?|reqs?|ac)\.?\s*:?\s*)?\d"
    return re.search(near_id, text, re.IGNORECASE) is not None


def spec_scope(
    git: Git,
    spec: Spec,
    base: str,
    changed: Iterable[str],
    task_files: Iterable[str],
    tracked: Iterable[str],
) -> SpecScope:
    """The spec's own files: ``changed`` (the change set) and ``task_files`` (the files of
    the commits that completed its tasks), minus the files only commits of another spec laid
    out beside it changed (``_Commit.about``)."""
    tracked = list(tracked)
    others = sibling_specs(spec, tracked)
    own = set(changed) | set(task_files)
    name = posixpath.basename(spec.path.rstrip("/")) or spec.name
    if others:
        mine: set[str] = set(task_files)
        theirs: set[str] = set()
        folder = _folder(spec)
        for commit in _commits(git, base):
            if commit.about(name, folder) or _subject_names(commit.subject, spec.name):
                mine.update(commit.files)
            elif any(commit.about(o, where) for o, where in others.items()):
                theirs.update(commit.files)
        own -= theirs - mine
    return SpecScope(
        name=name,
        path=spec.path,
        files=frozenset(own),
        others=tuple(others),
        folders=tuple(others.items()),
    )


def read_set(
    roots: Iterable[str],
    readable: Iterable[str],
    facts_of: Callable[[str], FileFacts | None],
    depth: int = IMPORT_DEPTH,
) -> list[str]:
    """``roots`` and the readable files they import, ``depth`` import steps deep, sorted."""
    paths = set(readable)
    seen = {p for p in roots if p in paths}
    frontier = sorted(seen)
    for _ in range(depth):
        found: set[str] = set()
        for path in frontier:
            facts = facts_of(path)
            if facts is None:
                continue
            for imp in facts.of_type(Import):
                found.update(import_files(path, imp, paths))
        frontier = sorted(found - seen)
        seen |= found
        if not frontier:
            break
    return sorted(seen)


def claimed_by_others(git: Git, base: str, scope: SpecScope) -> set[str]:
    """Files changed after ``base`` by commits about another spec laid out beside this one
    (``beta: …``, merged from a ``beta`` branch, writing beta's documents) and not about
    this one: their work is that spec's, never this one's."""
    if not scope.others:
        return set()
    claimed: set[str] = set()
    for commit in _commits(git, base):
        if commit.about(scope.name, scope.path):
            continue
        if any(commit.about(o, where) for o, where in scope.folders):
            claimed.update(commit.files)
    return claimed
