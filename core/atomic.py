"""Write files so that a reader sees the old bytes or the new bytes, never half.

A write goes to a temporary file beside the target, named ``.<name>.<8 chars>.tmp``
(``tempfile.mkstemp``'s naming), is flushed to disk, then renamed over the target.
A symlink is written through: the temporary file sits beside the link's target and
replaces the target, so the link stays a link. A process killed between the two
steps leaves a temporary file of that naming behind; ``stale_temps`` finds such
leftovers of one target (and nothing else) so that the owner can remove them.
Every byte goes through ``os.write`` and every flush through ``os.fsync``, so a
full disk (``ENOSPC``) surfaces as an ``OSError`` before the rename, never after.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

_TEMP = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")


def temp_target_name(name: str) -> str | None:
    """The name of the file a temporary file of our naming was written for, else None."""
    match = _TEMP.match(name)
    return match.group("name") if match else None


def stale_temps(path: Path) -> list[Path]:
    """Leftover temporary files of ``path`` (its target when it is a symlink), sorted."""
    target = Path(path).resolve()
    if not target.parent.is_dir():
        return []
    return sorted(
        p
        for p in target.parent.iterdir()
        if temp_target_name(p.name) == target.name and p.is_file() and not p.is_symlink()
    )


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (``os.write`` may write fewer)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


@dataclass
class Staged:
    """New bytes for ``target`` on disk in a temporary file, waiting for ``commit``."""

    target: Path
    temp: Path
    done: bool = field(default=False)

    def commit(self) -> None:
        """Replace the target with the staged bytes (one rename)."""
        os.replace(self.temp, self.target)
        self.done = True

    def discard(self) -> None:
        """Remove the temporary file unless it was committed."""
        if not self.done:
            self.temp.unlink(missing_ok=True)


def _umask() -> int:
    """The process's umask (read by setting it, then setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def stage_bytes(path: Path, data: bytes) -> Staged:
    """Write ``data`` to a flushed temporary file beside ``path`` (its symlink target);
    nothing is left behind when that fails."""
    target = Path(path).resolve()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o7777)
        else:  # a new file gets the mode any new file gets here, not mkstemp's 0600
            os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Staged(target, Path(tmp))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename."""
    staged = stage_bytes(path, data)
    try:
        staged.commit()
    finally:
        staged.discard()


def _kept(target: Path) -> Path | None:
    """The bytes ``target`` holds now, kept under a temporary name beside it (a hard link,
    which writes no data; a flushed copy where links are not possible), or None when there is
    no such file."""
    if not target.exists():
        return None
    for _ in range(100):
        keep = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            os.link(target, keep)
        except FileExistsError:
            continue
        except OSError:  # no hard links here: copy (before any rename, so a failure is safe)
            staged = stage_bytes(target, target.read_bytes())
            return staged.temp
        return keep
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))


def atomic_write_set(files: dict[Path, bytes]) -> None:
    """Write several files as one set: every file is staged (written and flushed) and every
    old file kept under a temporary name before the first rename, so a failure while writing
    (a full disk, a refused folder) leaves every target with its old bytes, and a failed rename
    puts back the files already renamed; no temporary file stays behind."""
    staged: list[Staged] = []
    kept: dict[Path, Path | None] = {}
    try:
        for path, data in files.items():
            staged.append(stage_bytes(path, data))
        for each in staged:
            kept[each.target] = _kept(each.target)
        committed: list[Staged] = []
        try:
            for each in staged:
                each.commit()
                committed.append(each)
        except BaseException:
            for each in reversed(committed):
                old = kept[each.target]
                if old is None:
                    each.target.unlink(missing_ok=True)
                else:
                    os.replace(old, each.target)
            raise
    finally:
        for each in staged:
            each.discard()
        for old in kept.values():
            if old is not None:
                old.unlink(missing_ok=True)


def atomic_write_text(path: Path, text: str) -> None:
    """Write UTF-8 ``text`` atomically, newlines exactly as given."""
    atomic_write_bytes(path, text.encode("utf-8"))
