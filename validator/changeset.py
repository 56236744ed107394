"""The change set of DESIGN §3: which files the goal changed, and from which BASE.

- Files: the union of the files of the commits whose subject starts with
  ``<spec>:`` (the spec-prefix convention), from BASE to HEAD. With no such
  commit, ``git diff BASE...HEAD`` and a note in the header.
- BASE: ``--base`` when given; else the parent of the oldest spec-prefixed
  commit (git's empty tree when that commit is the root); else the merge-base
  with ``origin/main``, ``main`` or ``master`` when HEAD is not on that branch;
  else the root commit. ``base_rule`` says which rule chose it.
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
from .context import ChangeSet
from .neverread import filter_readable
from .report.model import ChangeSetSource

_MAIN_BRANCHES = ("origin/main", "main", "master", "origin/master")


def _default_base(git: Git, head: str, prefixed: list[str]) -> tuple[str, str]:
    if prefixed:
        parent = git.parent(prefixed[0])
        if parent is None:
            return EMPTY_TREE, "empty tree (the oldest spec-prefixed commit is the root commit)"
        return parent, "parent of the oldest spec-prefixed commit"
    for branch in _MAIN_BRANCHES:
        tip = git.try_resolve(branch)
        if tip is None or tip == head or git.is_ancestor(head, tip):
            continue
        base = git.merge_base(head, tip)
        if base is not None:
            return base, f"merge-base with {branch}"
    return git.root_commit(), "root commit"


def _require_fetched_base(git: Git, base: str | None, base_sha: str, prefixed: list[str]) -> None:
    """InputError when a shallow clone's history does not reach the BASE the rules chose."""
    cut = git.shallow_cut()
    if not cut:
        return
    if base is not None:
        if git.try_resolve(base) is None:
            raise InputError(f"--base {base} is not in this shallow clone; {SHALLOW_FIX}")
        return
    at_cut = base_sha in cut or (base_sha == EMPTY_TREE and bool(prefixed) and prefixed[0] in cut)
    if at_cut:
        raise InputError(f"shallow clone: its history stops before BASE; {SHALLOW_FIX}")


def compute_change_set(
    git: Git,
    spec_name: str | None,
    base: str | None = None,
    include_dirty: bool = False,
    all_files: bool = False,
) -> ChangeSet:
    """The change set for ``spec_name`` (None: no prefix convention, diff only)."""
    head = git.head()
    prefix = f"{spec_name}:" if spec_name else None
    if base is not None:
        _require_fetched_base(git, base, "", [])
    explicit = git.resolve(base) if base is not None else None
    prefixed = git.commits_with_prefix(prefix, explicit) if prefix else []
    if explicit is not None:
        base_sha, base_rule = explicit, f"--base {base}"
    else:
        base_sha, base_rule = _default_base(git, head, prefixed)
        if not all_files:
            _require_fetched_base(git, None, base_sha, prefixed)
    notes: list[str] = []
    source: ChangeSetSource
    if all_files:
        source = "all"
        files = git.ls_files()
    elif prefixed:
        source = "spec-prefix"
        existing = set(git.ls_files())
        files = sorted({f for sha in prefixed for f in git.files_of_commit(sha)} & existing)
    else:
        source = "diff"
        if prefix:
            notes.append(f"no commit subject starts with '{prefix}'; change set from git diff")
        else:
            notes.append("no spec given; change set from git diff")
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
        commits=tuple(prefixed),
    )
