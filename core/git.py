"""Run git with argument lists (never a shell string) and turn its failures into InputError."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .errors import InputError

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # git's well-known empty tree

SHALLOW_FIX = (
    "fetch the full history (actions/checkout: fetch-depth: 0; or git fetch --unshallow), "
    "or pass --base with a commit that was fetched"
)

_ENV = {"LC_ALL": "C", "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}


def _git_binary() -> str:
    found = _which_git(os.environ.get("PATH", ""))
    if found is None:
        raise InputError("git is not installed or not on PATH")
    return found


@lru_cache(maxsize=8)
def _which_git(path: str) -> str | None:
    """Where ``git`` is on the search path ``path`` (looked up once per path)."""
    return shutil.which("git", path=path)


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0] if lines else "git failed"


# A full commit (or tree) sha names the same tree forever: what is read at one is kept.
_FIXED_REV = re.compile(r"^(?:[0-9a-f]{40}|[0-9a-f]{64})$")


@dataclass(frozen=True)
class Git:
    """A repository's top level and the git commands the tools need."""

    root: Path
    # Trees listed at a full sha, kept for the life of this object (one audit).
    _trees: dict[str, dict[str, tuple[str, str, str]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # An audit reads the repository as it is when the audit starts and changes nothing in
    # it: with ``snapshot``, each git question (HEAD, a listing, a blob) is asked once and
    # its answer kept. The gate, which edits the task file, asks afresh each time.
    snapshot: bool = False
    _kept: dict[tuple[str, ...], bytes] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def open(cls, path: Path, snapshot: bool = False) -> Git:
        """The repository containing ``path``; InputError when there is none. ``snapshot``:
        see the field."""
        path = Path(path)
        if not path.is_dir():
            raise InputError(f"{path} is not a directory")
        done = subprocess.run(
            [_git_binary(), "rev-parse", "--show-toplevel"],
            cwd=path,
            capture_output=True,
            text=True,
            env={**os.environ, **_ENV},
            check=False,
        )
        if done.returncode != 0:
            raise InputError(f"{path} is not a git repository")
        return cls(Path(done.stdout.strip()), snapshot=snapshot)

    def run_bytes(self, *args: str, ok_codes: tuple[int, ...] = (0,)) -> bytes:
        """Run ``git <args>`` in the repo and return stdout bytes. With ``snapshot``, the
        same question asked twice in one audit is answered once."""
        key = ("run", ",".join(map(str, ok_codes)), *args)
        if self.snapshot and key in self._kept:
            return self._kept[key]
        out = self._run_bytes(args, ok_codes)
        if self.snapshot:
            self._kept[key] = out
        return out

    def _run_bytes(self, args: tuple[str, ...], ok_codes: tuple[int, ...]) -> bytes:
        done = subprocess.run(
            [_git_binary(), "-c", "core.quotepath=off", *args],
            cwd=self.root,
            capture_output=True,
            env={**os.environ, **_ENV},
            check=False,
        )
        if done.returncode not in ok_codes:
            message = _first_line(done.stderr.decode("utf-8", errors="replace"))
            raise InputError(f"git {args[0]}: {message}")
        return done.stdout

    def run(self, *args: str, ok_codes: tuple[int, ...] = (0,)) -> str:
        """Run ``git <args>`` and return stdout as text."""
        return self.run_bytes(*args, ok_codes=ok_codes).decode("utf-8", errors="replace")

    def _z(self, *args: str) -> list[str]:
        return sorted({p for p in self.run(*args).split("\0") if p})

    def head(self) -> str:
        """The full sha of HEAD; InputError for a repository with no commit."""
        done = self.run("rev-parse", "--verify", "-q", "HEAD^{commit}", ok_codes=(0, 1))
        if not done.strip():
            raise InputError(f"{self.root} has no commits yet")
        return done.strip()

    def resolve(self, ref: str) -> str:
        """The full commit sha of ``ref``; InputError("unknown revision") otherwise."""
        if ref == EMPTY_TREE:
            return ref
        out = self.run("rev-parse", "--verify", "-q", f"{ref}^{{commit}}", ok_codes=(0, 1))
        if not out.strip():
            raise InputError(f"unknown revision '{ref}'")
        return out.strip()

    def try_resolve(self, ref: str) -> str | None:
        """The sha of ``ref``, or None when it does not exist."""
        out = self.run("rev-parse", "--verify", "-q", f"{ref}^{{commit}}", ok_codes=(0, 1))
        return out.strip() or None

    def show(self, rev: str, path: str) -> bytes | None:
        """The bytes of ``path`` at ``rev``, or None when it does not exist there."""
        if rev == EMPTY_TREE:
            return None
        if _FIXED_REV.match(rev):  # the revision's listing answers "missing" with no process
            entry = self.tree_entries(rev).get(path)
            if entry is None or entry[1] != "blob":
                return None
            return self.run_bytes("cat-file", "blob", entry[2])
        # One process: git exits 128 for a missing path and for a tree or submodule alike.
        done = subprocess.run(
            [_git_binary(), "-c", "core.quotepath=off", "cat-file", "blob", f"{rev}:{path}"],
            cwd=self.root,
            capture_output=True,
            env={**os.environ, **_ENV},
            check=False,
        )
        if done.returncode not in (0, 128):
            message = _first_line(done.stderr.decode("utf-8", errors="replace"))
            raise InputError(f"git cat-file: {message}")
        return done.stdout if done.returncode == 0 else None

    def tree_entries(self, rev: str) -> dict[str, tuple[str, str, str]]:
        """Every file entry of commit ``rev``, recursively: path -> (mode, type, object
        sha). One process lists a whole revision, where asking path by path costs one each."""
        if rev in self._trees:
            return self._trees[rev]
        entries: dict[str, tuple[str, str, str]] = {}
        for record in self.run("ls-tree", "-r", "-z", rev).split("\0"):
            meta, tab, path = record.partition("\t")
            if tab:
                mode, kind, sha = meta.split(" ", 2)
                entries[path] = (mode, kind, sha)
        if _FIXED_REV.match(rev):
            self._trees[rev] = entries
        return entries

    def ls_tree(self, rev: str) -> list[str]:
        """Every file path of commit ``rev``, repo-relative, sorted."""
        return sorted(self.tree_entries(rev))

    def ls_files(self) -> list[str]:
        """Tracked files, repo-relative, sorted."""
        return self._z("ls-files", "-z")

    def tracked_ignored(self) -> list[str]:
        """Tracked files that a ``.gitignore`` (or ``info/exclude``) lists all the same."""
        return self._z("ls-files", "-z", "--cached", "--ignored", "--exclude-standard")

    def untracked(self) -> list[str]:
        """Untracked files that are not ignored."""
        return self._z("ls-files", "-z", "--others", "--exclude-standard")

    def dirty_files(self) -> list[str]:
        """Files modified, staged or untracked (not ignored) in the work tree: one
        ``git status`` (each record is two status letters, a space and the path)."""
        args = ("status", "--porcelain=v1", "-z", "--no-renames", "--untracked-files=all")
        return sorted({record[3:] for record in self._z(*args) if len(record) > 3})

    def changed_between(self, a: str, b: str) -> list[str]:
        """Files that differ between two commits (existing at ``b``)."""
        return self._z("diff", "--name-only", "-z", "--diff-filter=d", a, b)

    def changed_since(self, sha: str) -> list[str]:
        """Files changed by commits after ``sha`` up to HEAD, plus dirty files."""
        committed = self._z("diff", "--name-only", "-z", sha, "HEAD")
        return sorted(set(committed) | set(self.dirty_files()))

    def is_ancestor(self, a: str, b: str) -> bool:
        """True when ``a`` is an ancestor of (or equal to) ``b``."""
        done = subprocess.run(
            [_git_binary(), "merge-base", "--is-ancestor", a, b],
            cwd=self.root,
            capture_output=True,
            env={**os.environ, **_ENV},
            check=False,
        )
        return done.returncode == 0

    def merge_base(self, a: str, b: str) -> str | None:
        """The merge-base of two commits, or None when they share no history."""
        out = self.run("merge-base", a, b, ok_codes=(0, 1)).strip()
        return out or None

    def root_commit(self) -> str:
        """The oldest root commit reachable from HEAD."""
        roots = self.run("rev-list", "--max-parents=0", "HEAD").split()
        return roots[-1]

    def parent(self, sha: str) -> str | None:
        """The first parent of ``sha``, or None for a root commit."""
        return self.try_resolve(f"{sha}^")

    def messages(self, since: str | None) -> list[tuple[str, str]]:
        """(sha, full message) of every commit after ``since`` up to HEAD, oldest first."""
        rng = "HEAD" if since is None else f"{since}..HEAD"
        found: list[tuple[str, str]] = []
        for record in self.run("log", "--reverse", "-z", "--format=%H%n%B", rng).split("\0"):
            sha, _, message = record.strip("\n").partition("\n")
            if sha:
                found.append((sha, message))
        return found

    def commits_adding(self, paths: list[str]) -> list[str]:
        """The commits reachable from HEAD that added one of ``paths``, oldest first."""
        if not paths:
            return []
        out = self.run("log", "--reverse", "--diff-filter=A", "--format=%H", "HEAD", "--", *paths)
        return out.split()

    def commits_touching(self, path: str) -> list[str]:
        """The commits reachable from HEAD that changed ``path``, newest first."""
        return self.run("log", "--format=%H", "HEAD", "--", path).split()

    def blob_id(self, rev: str, path: str) -> str | None:
        """The object name of ``path`` at commit ``rev``; None when it is not there."""
        if rev in self._trees:  # a fixed revision already listed: no process
            entry = self._trees[rev].get(path)
            if entry is not None and entry[1] == "blob":
                return entry[2]
        out = self.run("rev-parse", "--verify", "-q", f"{rev}:{path}", ok_codes=(0, 1, 128))
        return out.strip() or None

    def shallow_cut(self) -> frozenset[str]:
        """The commits whose parents a shallow clone did not fetch; empty for a full clone.

        git lists every boundary commit in ``shallow``, a true root too when the depth
        reached it; only those whose own object names a parent lost history."""
        path = Path(self.run("rev-parse", "--git-path", "shallow").strip())
        path = path if path.is_absolute() else self.root / path
        try:
            listed = path.read_text(encoding="ascii").split()
        except (OSError, UnicodeDecodeError):
            return frozenset()
        return frozenset(sha for sha in listed if self._names_a_parent(sha))

    def _names_a_parent(self, sha: str) -> bool:
        """True when the raw commit object has a ``parent`` header (grafts do not hide it)."""
        raw = self.run("cat-file", "commit", sha, ok_codes=(0, 128))
        header = raw.split("\n\n", 1)[0]
        return any(line.startswith("parent ") for line in header.splitlines())

    def files_of_commit(self, sha: str) -> list[str]:
        """Files a commit added or modified (renames by their new name)."""
        return self._z("diff-tree", "--no-commit-id", "-r", "-z", "--name-only", "--root", sha)


class BlobReader:
    """The files of one revision read through a single ``git cat-file --batch`` process: one
    process for a whole tree instead of two per file. Close it (or use ``with``) when done."""

    def __init__(self, git: Git, rev: str) -> None:
        self.git = git
        self.rev = rev
        self._proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> BlobReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def read(self, path: str) -> bytes | None:
        """The bytes of ``path`` at the revision; None when it is not a file there."""
        if self.rev == EMPTY_TREE:
            return None
        if "\n" in path:
            return self.git.show(self.rev, path)
        if self._proc is None:
            self._proc = subprocess.Popen(
                [_git_binary(), "cat-file", "--batch"],
                cwd=self.git.root,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env={**os.environ, **_ENV},
            )
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.write(f"{self.rev}:{path}\n".encode())
        self._proc.stdin.flush()
        header = self._proc.stdout.readline().split()
        if len(header) != 3:  # "<name> missing" or "<name> ambiguous"
            return None
        data = self._proc.stdout.read(int(header[2]))
        self._proc.stdout.read(1)  # the newline after the object
        return data if header[1] == b"blob" else None

    def close(self) -> None:
        """End the batch process, if one was started."""
        if self._proc is not None:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            if self._proc.stdout is not None:
                self._proc.stdout.close()
            self._proc.wait()
            self._proc = None
