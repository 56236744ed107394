"""The change set of DESIGN §3: which files the goal changed, and from which BASE.

- The spec's commits: those whose subject starts with ``<spec>:`` (the spec-prefix
  convention) and those whose subject or body names one of the story/task ids the
  spec's task file declares, in whatever shape the loop wrote it (``feat(US-003):``,
  ``[ralph] T-12 ...``, ``story-7: ...``, ``Implements: F12``; see
  ``trace/story_ids``), from BASE to HEAD. A story commit of an earlier loop run that
  reused an id for another story is not one (``trace/commits``).
- Files: the union of the files of the spec's commits (a note counts the commits
  after BASE left out as naming neither). With no such commit,
  ``git diff BASE...HEAD`` and a note in the header.
- BASE: ``--base`` when given; else the parent of the oldest commit of the spec
  (git's empty tree when that commit is the root); else the parent of the commit where
  the spec's files as they are now began: for the task file, the oldest commit from
  which it declares its current stories (where it was added, or rewritten by a new loop
  run that reused the ids for other stories), for another spec file its newest
  addition, the oldest of those; when that commit also changed other files they stay
  in the change set, and the reason says so; else the merge-base with ``origin/main``,
  ``main`` or ``master`` when HEAD is not on that branch; else the root commit.
  ``base_rule`` says which rule chose BASE, naming the commit it started from.
- A shallow clone whose fetched history does not reach BASE (``--base`` not
  fetched, or a default rule that stopped at the cut: a "root" or an "empty
  tree" that is only where the fetch ended) is InputError naming the fix, never
  an empty or whole-tree change set.
- ``--include-dirty`` adds modified and untracked files; ``--all`` takes every
  tracked file. Never-read paths are always dropped.
"""

from __future__ import annotations

from ..core.errors import InputError
from ..core.git import EMPTY_TREE, SHALLOW_FIX, Git
from ..core.specs.model import Spec
from .context import ChangeSet
from .neverread import filter_readable
from .report.model import ChangeSetSource
from .trace.commits import SpecCommit, plan_commit, spec_commits

_MAIN_BRANCHES = ("origin/main", "main", "master", "origin/master")


def _why_first(commit: SpecCommit, spec_name: str, spec: Spec | None) -> str:
    if commit.ids and spec is not None and not commit.prefixed:
        return f"the oldest commit naming a story of {spec.tasks_file} ({commit.ids[0]})"
    return f"the oldest commit whose subject starts with '{spec_name}:'"


def _spec_files(spec: Spec | None) -> list[str]:
    if spec is None:
        return []
    return list(dict.fromkeys(p for p in (spec.tasks_file, spec.requirements_file) if p))


def _plan_start(git: Git, spec: Spec | None) -> tuple[str, str] | None:
    """Where the spec's files as they are now began: the oldest of the commit from which
    the task file declares its current stories and the newest addition of each other spec
    file; with the reason naming it."""
    if spec is None:
        return None
    order = {sha: n for n, sha in enumerate(git.run("rev-list", "--reverse", "HEAD").split())}
    found: list[tuple[int, str, str]] = []
    plan = plan_commit(git, spec) if spec.tasks_file else None
    if plan is not None and spec.tasks_file is not None:
        sha, added = plan
        why = f"the commit that added {spec.tasks_file}"
        if not added:
            why = f"the oldest commit from which {spec.tasks_file} declares its current stories"
        found.append((order.get(sha, len(order)), sha, why))
    for path in _spec_files(spec):
        if plan is not None and path == spec.tasks_file:
            continue
        adding = git.commits_adding([path])
        if adding and adding[-1] in order:
            found.append((order[adding[-1]], adding[-1], f"the commit that added {path}"))
    if not found:
        return None
    _, sha, why = min(found)
    return sha, f"{why} (no commit names the spec or a story of it)"


def _also_changed(git: Git, sha: str, spec: Spec | None) -> str:
    others = [f for f in git.files_of_commit(sha) if f not in _spec_files(spec)]
    if not others:
        return ""
    return f"; it also changed {len(others)} other file(s), kept in the change set"


def _default_base(
    git: Git, head: str, spec_name: str | None, spec: Spec | None, found: list[SpecCommit]
) -> tuple[str, str, str | None]:
    """BASE, the rule that chose it, and the commit whose parent it is (if any)."""
    start: tuple[str, str, str] | None = None
    if found:
        start = found[0].sha, _why_first(found[0], spec_name or "", spec), ""
    else:
        planned = _plan_start(git, spec)
        if planned is not None:
            sha, why = planned
            start = sha, why, _also_changed(git, sha, spec)
    if start is not None:
        sha, why, extra = start
        parent = git.parent(sha)
        if parent is None:
            return EMPTY_TREE, f"empty tree: {sha[:7]}, {why}, is the root commit{extra}", sha
        return parent, f"parent of {sha[:7]}, {why}{extra}", sha
    for branch in _MAIN_BRANCHES:
        tip = git.try_resolve(branch)
        if tip is None or tip == head or git.is_ancestor(head, tip):
            continue
        base = git.merge_base(head, tip)
        if base is not None:
            return base, f"merge-base with {branch}", None
    return git.root_commit(), "root commit", None


def _require_fetched_base(git: Git, base: str | None, base_sha: str, first: str | None) -> None:
    """InputError when a shallow clone's history does not reach the BASE the rules chose.

    ``first`` is the commit whose parent BASE is: when it is the root of what was
    fetched (the empty tree stands for its missing parent), the clone stopped there."""
    cut = git.shallow_cut()
    if not cut:
        return
    if base is not None:
        if git.try_resolve(base) is None:
            raise InputError(f"--base {base} is not in this shallow clone; {SHALLOW_FIX}")
        return
    at_cut = base_sha in cut or (base_sha == EMPTY_TREE and first is not None and first in cut)
    if at_cut:
        raise InputError(f"shallow clone: its history stops before BASE; {SHALLOW_FIX}")


def _other_commits(git: Git, base_sha: str, spec_shas: set[str]) -> list[str]:
    """The non-merge commits from BASE to HEAD that are not the spec's, sorted."""
    rng = "HEAD" if base_sha == EMPTY_TREE else f"{base_sha}..HEAD"
    return sorted(set(git.run("rev-list", "--no-merges", rng).split()) - spec_shas)


def _no_commit_note(spec_name: str | None, spec: Spec | None) -> str:
    if spec_name is None:
        return "no spec given; change set from git diff"
    prefix = f"no commit subject starts with '{spec_name}:'"
    if spec is not None and spec.tasks_file is not None and spec.tasks:
        prefix += f" and no commit names a story of {spec.tasks_file}"
    return f"{prefix}; change set from git diff"


def compute_change_set(
    git: Git,
    spec_name: str | None,
    base: str | None = None,
    include_dirty: bool = False,
    all_files: bool = False,
    spec: Spec | None = None,
) -> ChangeSet:
    """The change set for ``spec_name`` (None: no prefix convention, diff only); ``spec``,
    when given, adds the commits that name its story/task ids."""
    head = git.head()
    if base is not None:
        _require_fetched_base(git, base, "", None)
    explicit = git.resolve(base) if base is not None else None
    found = spec_commits(git, spec_name, spec, explicit)
    if explicit is not None:
        base_sha, base_rule = explicit, f"--base {base}"
    else:
        base_sha, base_rule, first = _default_base(git, head, spec_name, spec, found)
        if not all_files:
            _require_fetched_base(git, None, base_sha, first)
    notes: list[str] = []
    outside: tuple[str, ...] = ()
    source: ChangeSetSource
    if all_files:
        source = "all"
        files = git.ls_files()
    elif found:
        source = "spec-prefix" if all(c.prefixed for c in found) else "story-commits"
        existing = set(git.ls_files())
        files = sorted({f for c in found for f in git.files_of_commit(c.sha)} & existing)
        others = _other_commits(git, base_sha, {c.sha for c in found})
        if others:
            notes.append(
                f"{len(others)} commit(s) after BASE name neither the spec nor a story of it; "
                "their files are not in the change set"
            )
            touched = {f for sha in others for f in git.files_of_commit(sha)} & existing
            outside = tuple(filter_readable(sorted(touched - set(files))))
    else:
        source = "diff"
        notes.append(_no_commit_note(spec_name, spec))
        files = git.ls_files() if base_sha == EMPTY_TREE else git.changed_between(base_sha, head)
    if include_dirty:
        dirty = [f for f in git.dirty_files() if (git.root / f).is_file()]
        files = sorted(set(files) | set(dirty))
    return ChangeSet(
        base=base_sha,
        base_rule=base_rule,
        head=head,
        source=source,
        files=tuple(filter_readable(files)),
        include_dirty=include_dirty,
        notes=tuple(notes),
        commits=tuple(c.sha for c in found),
        outside=outside,
    )
