"""One revision of a repository, read the same way at BASE and HEAD."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cached_property


class RevisionView:
    """Read-only files of one revision: repo-relative POSIX paths to bytes."""

    def __init__(
        self,
        files: Mapping[str, bytes] | None = None,
        *,
        list_paths: Callable[[], Iterable[str]] | None = None,
        read: Callable[[str], bytes | None] | None = None,
    ) -> None:
        if files is None and (list_paths is None or read is None):
            raise ValueError("give either files or both list_paths and read")
        self._files = dict(files) if files is not None else None
        self._list_paths = list_paths
        self._read = read
        self._cache: dict[str, bytes | None] = {}

    @cached_property
    def _paths(self) -> tuple[str, ...]:
        if self._files is not None:
            names: Iterable[str] = self._files
        else:
            assert self._list_paths is not None
            names = self._list_paths()
        return tuple(sorted({n.strip("/") for n in names if n.strip("/")}))

    @cached_property
    def _path_set(self) -> frozenset[str]:
        return frozenset(self._paths)

    @cached_property
    def _dirs(self) -> frozenset[str]:
        found: set[str] = {""}
        for path in self._paths:
            parts = path.split("/")[:-1]
            for end in range(1, len(parts) + 1):
                found.add("/".join(parts[:end]))
        return frozenset(found)

    def paths(self) -> tuple[str, ...]:
        """Every file path of the revision, sorted."""
        return self._paths

    def exists(self, path: str) -> bool:
        """Whether ``path`` is a file of the revision."""
        return path in self._path_set

    def is_dir(self, path: str) -> bool:
        """Whether ``path`` is a folder holding at least one file ('' is the root)."""
        return path.strip("/") in self._dirs

    def read(self, path: str) -> bytes | None:
        """The file's bytes, or None when the revision has no such file."""
        if path not in self._path_set:
            return None
        if path not in self._cache:
            if self._files is not None:
                self._cache[path] = self._files.get(path)
            else:
                assert self._read is not None
                self._cache[path] = self._read(path)
        return self._cache[path]

    def text(self, path: str) -> str | None:
        """The file decoded as UTF-8 (undecodable bytes replaced), or None."""
        data = self.read(path)
        return None if data is None else data.decode("utf-8", errors="replace")

    def under(self, folder: str) -> tuple[str, ...]:
        """The files inside ``folder`` ('' for all), sorted."""
        folder = folder.strip("/")
        if not folder:
            return self._paths
        prefix = folder + "/"
        return tuple(p for p in self._paths if p.startswith(prefix))
