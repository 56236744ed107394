"""A full disk at each write the validator makes: every call of ``os.open``/``os.write``/
``os.fsync``/``os.replace``/``os.mkdir`` on the report folder or the facts cache is made to fail
with ENOSPC in turn (the 1st, the 2nd, ... until a run makes no such call). A failed report
write is exit 2 with one line and leaves the previous reports byte-identical with no temp
file; a failed cache write is one note and the run goes on to the same report. The write sites
are found by recording the calls of a clean run, so a new kind of write the validator learns
fails here until it is given a contract."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

CODE = "def total(xs):\n    # TODO: handle refunds\n    return sum(xs)\n"
TEST = "from app import total\n\ndef test_total():\n    assert total([1, 2]) == 3\n"
CALLS = ("open", "write", "fsync", "replace", "mkdir")
TARGETS = ("report", "facts cache")


class Disk:
    """Wrappers of the os calls that write; counts the calls on watched folders, fails one."""

    def __init__(self, folders: dict[str, Path]) -> None:
        self.folders = {name: str(folder) for name, folder in folders.items()}
        self.seen: list[tuple[str, str]] = []  # (call, target) in order
        self.fail: tuple[str, str, int] | None = None  # (call, target, n-th such call)

    def target(self, first: object) -> str | None:
        if isinstance(first, int):
            try:
                first = os.readlink(f"/proc/self/fd/{first}")
            except OSError:
                return None
        text = os.fsdecode(first) if isinstance(first, (str, bytes, os.PathLike)) else ""
        for name, folder in self.folders.items():
            if text == folder or text.startswith(folder + os.sep):
                return name
        return None

    def wrap(self, call: str, real):
        def wrapper(first, *rest, **kwargs):
            target = self.target(first)
            if call == "mkdir" and os.path.isdir(first):
                target = None  # an existing folder: nothing is written, the error is EEXIST
            if target is not None:
                self.seen.append((call, target))
                if self.fail == (call, target, self.seen.count((call, target))):
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(first, *rest, **kwargs)

        return wrapper


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture
def audited(repo, validate, tmp_path):
    """A repository, its report folder holding an earlier run's reports, and a runner that
    audits it with a fresh facts cache under a watched disk."""
    repo.commit("start", {"README.md": "cart\n"})
    repo.commit("US-1: totals", {"app.py": CODE, "tests/test_app.py": TEST})
    out = tmp_path / "out"
    first = validate("--repo", str(repo.root), "--all", "--no-llm", "--out", str(out))
    assert first.returncode in (0, 1), first.stderr
    repo.commit("US-2: refunds", {"app.py": CODE + "\n\ndef refund(x):\n    return -x\n"})
    runs = iter(range(1000))

    def run(monkeypatch: pytest.MonkeyPatch, fail: tuple[str, str, int] | None, new_out=False):
        cache = tmp_path / f"cache-{next(runs)}"
        if new_out:  # the report folder is made by this run
            shutil.rmtree(out)
        disk = Disk({"report": out, "facts cache": cache})
        disk.fail = fail
        monkeypatch.setenv("RALPH_VALIDATE_CACHE", str(cache))
        with monkeypatch.context() as patched:
            for call in CALLS:
                patched.setattr(os, call, disk.wrap(call, getattr(os, call)))
            done = validate("--repo", str(repo.root), "--all", "--no-llm", "--out", str(out))
        return done, disk

    return out, run


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_clean_run_writes_only_where_a_contract_says_what_a_full_disk_does(
    audited, monkeypatch
) -> None:
    """Recording a clean run finds every write site, and each is one of the tested ones."""
    _, run = audited
    done, disk = run(monkeypatch, None)
    assert done.returncode in (0, 1), done.stderr
    assert set(disk.seen) <= {(c, t) for c in CALLS for t in TARGETS}
    assert {target for _, target in disk.seen} == set(TARGETS)
    assert {call for call, _ in disk.seen} >= {"open", "write", "fsync", "replace"}


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("call", CALLS)
def test_enospc_at_each_write_keeps_the_old_reports_or_runs_on_without_the_cache(
    audited, monkeypatch, call: str, target: str
) -> None:
    """ENOSPC at each write: old reports kept and one line, or the cache off with a note."""
    out, run = audited
    new_out = (call, target) == ("mkdir", "report")
    clean, disk = run(monkeypatch, None, new_out)
    calls = disk.seen.count((call, target))
    written = _tree(out)
    old = None
    for n in range(1, calls + 1):
        # the earlier run's reports, so a failing run can be told from a clean one
        for name in written:
            (out / name).write_bytes(b"old " + name.encode())
        old = _tree(out)
        done, _ = run(monkeypatch, (call, target, n), new_out)
        if target == "report":
            assert done.returncode == 2, (n, done.stdout, done.stderr)
            (line,) = done.stderr.splitlines()
            assert "No space left on device" in line and str(out) in line
            assert (_tree(out) if out.exists() else {}) == ({} if new_out else old), n
        else:
            assert done.returncode == clean.returncode, (n, done.stderr)
            notes = [line for line in done.stderr.splitlines() if "facts cache off" in line]
            assert len(notes) == 1 and "No space left on device" in notes[0], done.stderr
            assert _tree(out) == written, n
    assert calls >= 1 and old is not None  # every call writes on every target
