"""Per-file facts at HEAD and at BASE, read safely, cached by content, computed in parallel.

Cache: ``<user cache>/ralph-validate/facts/<sha256 of content>-<extractor version>.json``
(``$RALPH_VALIDATE_CACHE``, else ``$XDG_CACHE_HOME/ralph-validate``, else
``~/.cache/ralph-validate``). It is kept outside the audited repository on purpose: the agent
under audit writes that repository, and a cache it could plant entries in would let it forge
the facts. Entries are data only (``extractors/facts/codec.py``): reading one runs no code,
and every field is checked against its declared type; a damaged, foreign or forged entry
of the wrong shape is ignored and recomputed. A cache folder that cannot be written (a
file in its place, a full or read-only disk) turns the cache off for the run, with one
note on stderr. The limit: whoever can write the user's cache folder can still plant
well-formed facts, so runs that decide (CI, pre-merge, FINAL) use ``--no-cache``.
Files that are binary, not UTF-8, larger than ``MAX_BYTES``, or symlinks are not
parsed; they are listed in ``skipped`` with the reason (a symlink's says whether it leads
out of the repository, into a loop or nowhere), and the report header says how many.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path, PurePosixPath

from ..core.atomic import atomic_write_bytes
from ..core.git import EMPTY_TREE, Git
from ..extractors.common.dispatch import EXTRACTOR_VERSION, extract, language_of
from ..extractors.common.paths import may_be_minified
from ..extractors.facts import FileFacts, codec
from .config import Config
from .neverread import is_never_read

# Generated bundles and data dumps above this size are not source an agent wrote by hand;
# parsing them would cost more than the whole rest of a typical repository.
MAX_BYTES = 2 * 1024 * 1024
# Below this many files a process pool costs more to start than it saves.
POOL_THRESHOLD = 64


# A JavaScript line this long is a minifier's output, not code written by hand (formatters
# wrap at 80-120 columns; long string literals stay well below this). JSON and YAML are not
# judged by it: a synthesized template or state machine on one line is still input.
MINIFIED_LINE_BYTES = 5000


# A file Git LFS keeps elsewhere is committed as a pointer of a few lines (the LFS spec caps
# it at 1024 bytes): its text is not the file's content, so nothing read from it is evidence.
LFS_POINTER = b"version https://git-lfs.github.com/spec/"
LFS_POINTER_BYTES = 1024


def symlink_reason(root: Path, link: Path) -> str:
    """Why a symlink is not analysed: links are never followed (what they point to is not
    the repository's content at the audited commit); the reason says where this one leads."""
    try:
        target = link.resolve(strict=True)
    except FileNotFoundError:
        return "dangling symlink"
    except (OSError, RuntimeError):  # RuntimeError: Python < 3.13's "Symlink loop"
        return "symlink loop"
    if not target.is_relative_to(root.resolve()):
        return "symlink out of the repository"
    return "symlink (never followed)"


def unreadable_reason(data: bytes, path: str = "") -> str | None:
    """Why bytes are not parsed as source (binary, a Git LFS pointer, not UTF-8, too large,
    a minified bundle), or None."""
    if len(data) > MAX_BYTES:
        return f"larger than {MAX_BYTES // (1024 * 1024)} MB"
    if b"\0" in data[:8192]:
        return "binary"
    if len(data) < LFS_POINTER_BYTES and data.startswith(LFS_POINTER):
        return "Git LFS pointer, content not in the repository"
    if (
        may_be_minified(path)
        and len(data) > MINIFIED_LINE_BYTES
        and any(len(line) > MINIFIED_LINE_BYTES for line in data.split(b"\n"))
    ):
        return "minified"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "not UTF-8"
    return None


def user_cache_dir() -> Path:
    """The per-user cache folder (never inside an audited repository)."""
    explicit = os.environ.get("RALPH_VALIDATE_CACHE")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "ralph-validate"


def _extract_job(item: tuple[str, bytes]) -> FileFacts:
    return extract(item[0], item[1])


class FactStore:
    """Facts for the files of one repository at HEAD (or the work tree) and at BASE."""

    def __init__(
        self,
        git: Git,
        config: Config,
        base: str,
        *,
        worktree: bool = False,
        cache: bool = True,
        jobs: int | None = None,
    ) -> None:
        self.git = git
        self.config = config
        self.base_rev = base
        self.worktree = worktree
        self.cache_dir = user_cache_dir() / "facts" if cache else None
        self._noted_ignored = False  # a damaged or foreign cache entry was noted
        self.jobs = jobs or os.cpu_count() or 1
        self.skipped: dict[str, str] = {}
        self._head: dict[str, FileFacts | None] = {}
        self._base: dict[str, FileFacts | None] = {}
        self._trees: dict[str, dict[str, tuple[str, str, str]]] = {}
        self._blobs: dict[str, bytes] = {}
        # The tracked files at the start of the audit, for the checks that need the listing.
        self.tracked: tuple[str, ...] = tuple(git.ls_files())
        tracked = set(self.tracked)
        # Clean files read from disk are byte-identical to HEAD and far cheaper than git show.
        self._dirty = set() if worktree else set(git.dirty_files())
        if worktree:
            tracked |= set(git.untracked())
        self._files = sorted(
            p
            for p in tracked
            if not is_never_read(p) and not config.is_excluded(p) and language_of(p) is not None
        )

    def leave_out(self, paths: Iterable[str]) -> None:
        """Drop files from the analysable ones (vendored or generated files, when skipped)."""
        gone = set(paths)
        self._files = [p for p in self._files if p not in gone]

    def files(self) -> Iterable[str]:
        """Every analysable file at HEAD: tracked, not excluded, not never-read, sorted."""
        return list(self._files)

    def head_bytes(self, path: str) -> bytes | None:
        """The file's bytes as analysed, or None (missing, symlink, outside the repo)."""
        pure = PurePosixPath(path)
        if is_never_read(path) or pure.is_absolute() or ".." in pure.parts:
            return None
        if self.worktree or path not in self._dirty:
            full = self.git.root / path
            if full.is_symlink():
                self.skipped[path] = symlink_reason(self.git.root, full)
                return None
            if not full.is_file():
                return None
            try:
                return full.read_bytes()
            except OSError:
                return None
        data = self._blob("HEAD", path)
        if data is None and self._trees["HEAD"].get(path, ("",))[0] == "120000":
            self.skipped[path] = "symlink (never followed)"
        return data

    def head_text(self, path: str) -> str | None:
        """The file's text as analysed, or None when it is not readable source."""
        data = self.head_bytes(path)
        if data is None or unreadable_reason(data, path) is not None:
            return None
        return data.decode("utf-8")

    def base_text(self, path: str) -> str | None:
        """The file's text at BASE, or None when it is missing there or not readable source."""
        if is_never_read(path):
            return None
        data = self._blob(self.base_rev, path)
        if data is None or unreadable_reason(data, path) is not None:
            return None
        return data.decode("utf-8")

    def _blob(self, rev: str, path: str) -> bytes | None:
        """The file's bytes at ``rev``: None when it is missing there, a symlink (never
        followed) or not a file. The revision's tree is listed once, each blob read once."""
        if rev == EMPTY_TREE:
            return None
        if rev not in self._trees:
            self._trees[rev] = self.git.tree_entries(rev)
        entry = self._trees[rev].get(path)
        if entry is None or entry[0] == "120000" or entry[1] != "blob":
            return None
        sha = entry[2]
        if sha not in self._blobs:
            self._blobs[sha] = self.git.run_bytes("cat-file", "blob", sha)
        return self._blobs[sha]

    def _cache_path(self, data: bytes) -> Path | None:
        if self.cache_dir is None:
            return None
        digest = hashlib.sha256(data).hexdigest()
        return self.cache_dir / f"{digest}-{EXTRACTOR_VERSION}.json"

    def _cached(self, path: str, data: bytes) -> FileFacts | None:
        cache = self._cache_path(data)
        try:
            if cache is None or not cache.is_file():
                return None
            facts = codec.loads(cache.read_bytes())
        except (OSError, codec.FactsDataError) as err:  # unreadable, damaged or foreign
            self._ignored(cache, err)
            return None
        # The same bytes under another path (two empty files): facts name their file, so
        # this file's are computed; an ordinary collision, not a damaged entry.
        return facts if facts.path == path else None

    def _ignored(self, cache: Path | None, err: Exception) -> None:
        """One note per run when a cache entry is not used: it is recomputed, never trusted."""
        if self._noted_ignored or cache is None:
            return
        self._noted_ignored = True
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        print(
            "ralph-validate: note: a facts cache entry was damaged, foreign or unreadable and "
            f"was ignored (recomputed): {cache.name} ({reason.splitlines()[0][:120]})",
            file=sys.stderr,
        )

    def _store(self, facts: FileFacts, data: bytes) -> None:
        cache = self._cache_path(data)
        if cache is None:
            return
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(cache, codec.dumps(facts))
        except OSError as err:
            # No cache is slower, never wrong: the run goes on without one.
            reason = err.strerror or type(err).__name__
            print(
                f"ralph-validate: note: facts cache off for this run ({reason}: {cache.parent})",
                file=sys.stderr,
            )
            self.cache_dir = None

    def _facts_for(self, path: str, data: bytes | None) -> FileFacts | None:
        if data is None:
            return None
        reason = unreadable_reason(data, path)
        if reason is not None:
            self.skipped[path] = reason
            return None
        cached = self._cached(path, data)
        if cached is not None:
            return cached
        facts = extract(path, data)
        self._store(facts, data)
        return facts

    def head(self, path: str) -> FileFacts | None:
        """Facts of the file as analysed."""
        if path not in self._head:
            self._head[path] = self._facts_for(path, self.head_bytes(path))
        return self._head[path]

    def base(self, path: str) -> FileFacts | None:
        """Facts of the file at BASE, or None when it did not exist there."""
        if is_never_read(path):
            return None
        if path not in self._base:
            self._base[path] = self._facts_for(path, self._blob(self.base_rev, path))
        return self._base[path]

    def prefetch(self, paths: Iterable[str]) -> None:
        """Compute the HEAD facts of many files at once, in a process pool when it pays."""
        todo: list[tuple[str, bytes]] = []
        for path in paths:
            if path in self._head:
                continue
            data = self.head_bytes(path)
            if data is None:
                self._head[path] = None
                continue
            reason = unreadable_reason(data, path)
            if reason is not None:
                self.skipped[path] = reason
                self._head[path] = None
                continue
            cached = self._cached(path, data)
            if cached is not None:
                self._head[path] = cached
            else:
                todo.append((path, data))
        if len(todo) < POOL_THRESHOLD or self.jobs <= 1:
            results = [_extract_job(item) for item in todo]
        else:
            with ProcessPoolExecutor(max_workers=self.jobs) as pool:
                results = list(pool.map(_extract_job, todo, chunksize=16))
        for (path, data), facts in zip(todo, results, strict=True):
            self._store(facts, data)
            self._head[path] = facts
