"""Atomic writes: old bytes or new bytes, symlinks written through, leftovers recognised."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest

from ralph_validate.core.atomic import (
    atomic_write_bytes,
    atomic_write_set,
    stage_bytes,
    stale_temps,
    temp_target_name,
)


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_symlink_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real" / "plan.md"
    target.parent.mkdir()
    target.write_bytes(b"old\r\n")
    os.chmod(target, 0o640)
    link = tmp_path / "tasks.md"
    link.symlink_to(Path("real/plan.md"))
    atomic_write_bytes(link, b"new\r\n")
    assert link.is_symlink() and link.read_bytes() == b"new\r\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["plan.md"]


def test_our_temp_names_are_recognised_and_nothing_else(tmp_path: Path) -> None:
    fd, made = tempfile.mkstemp(prefix=".tasks.md.", suffix=".tmp", dir=tmp_path)
    os.close(fd)
    assert temp_target_name(Path(made).name) == "tasks.md"
    for foreign in (
        ".tasks.md.tmp",
        ".tasks.md.bak.tmp",
        "tasks.md.abcdefgh.tmp",
        ".x.ABCDEFGH.tmp",
    ):
        assert temp_target_name(foreign) is None


@pytest.mark.reliability(cls="lost or corrupted data", outcome="survived")
def test_stale_temps_lists_only_the_targets_own_leftovers(tmp_path: Path) -> None:
    (tmp_path / "tasks.md").write_bytes(b"- [ ] 1. a\n")
    ours = [tmp_path / ".tasks.md.a1b2c3d4.tmp", tmp_path / ".tasks.md.zz_9yy_8.tmp"]
    for path in ours:
        path.write_bytes(b"half")
    (tmp_path / ".other.md.a1b2c3d4.tmp").write_bytes(b"x")
    (tmp_path / ".tasks.md.q1w2e3r4.tmp").symlink_to(tmp_path / "tasks.md")
    (tmp_path / ".tasks.md.dir12345.tmp").mkdir()
    assert stale_temps(tmp_path / "tasks.md") == sorted(ours)
    link = tmp_path / "sub" / "tasks.md"
    link.parent.mkdir()
    link.symlink_to(tmp_path / "tasks.md")
    assert stale_temps(link) == sorted(ours)  # a link's leftovers sit beside its target


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_failed_write_leaves_the_target_and_no_temp(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "tasks.md"
    target.write_bytes(b"old")
    real = os.write

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(OSError, match="No space left"):
        stage_bytes(target, b"new" * 1000)
    monkeypatch.setattr(os, "write", real)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["tasks.md"]


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_short_writes_are_completed(tmp_path: Path, monkeypatch) -> None:
    real = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real(fd, bytes(data[:3])))
    atomic_write_bytes(tmp_path / "f", b"0123456789")
    monkeypatch.setattr(os, "write", real)
    assert (tmp_path / "f").read_bytes() == b"0123456789"


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_staged_write_is_invisible_until_committed(tmp_path: Path) -> None:
    target = tmp_path / "tasks.md"
    target.write_bytes(b"old")
    staged = stage_bytes(target, b"new")
    assert target.read_bytes() == b"old" and staged.temp.read_bytes() == b"new"
    staged.commit()
    staged.discard()
    assert target.read_bytes() == b"new" and not staged.temp.exists()
    dropped = stage_bytes(target, b"never")
    dropped.discard()
    assert target.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["tasks.md"]


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_set_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch) -> None:
    names = ("report.md", "report.json", "report.sarif")
    for name in names:
        (tmp_path / name).write_bytes(b"old " + name.encode())
    real = os.write
    calls = []

    def full_on_the_second_file(fd: int, data: object) -> int:
        calls.append(fd)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "write", full_on_the_second_file)
    with pytest.raises(OSError, match="No space left"):
        atomic_write_set({tmp_path / n: b"new " + n.encode() for n in names})
    monkeypatch.setattr(os, "write", real)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {
        n: b"old " + n.encode() for n in names
    }
    atomic_write_set({tmp_path / n: b"new " + n.encode() for n in names})
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {
        n: b"new " + n.encode() for n in names
    }


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@pytest.mark.parametrize("links", [True, False], ids=["hard-links", "no-hard-links"])
@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_failed_rename_puts_back_the_files_already_renamed(
    tmp_path: Path, monkeypatch, failing: int, links: bool
) -> None:
    """The report pair was half replaced when the second rename failed."""
    names = ("report.md", "report.json", "report.sarif")
    for name in names[:2]:  # report.sarif is new in this set
        (tmp_path / name).write_bytes(b"old " + name.encode())
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    real_replace, renames = os.replace, []

    def full_on_one_rename(src: object, dst: object) -> None:
        renames.append(dst)
        if len(renames) == failing:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_replace(src, dst)  # type: ignore[arg-type]

    def no_link(src: object, dst: object) -> None:
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "replace", full_on_one_rename)
    if not links:
        monkeypatch.setattr(os, "link", no_link)
    with pytest.raises(OSError, match="No space left"):
        atomic_write_set({tmp_path / n: b"new " + n.encode() for n in names})
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    monkeypatch.setattr(os, "replace", real_replace)
    atomic_write_set({tmp_path / n: b"new " + n.encode() for n in names})
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {
        n: b"new " + n.encode() for n in names
    }
