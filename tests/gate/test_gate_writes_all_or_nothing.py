"""No lost or corrupted data: the gate's writes (FINAL mark, log line) happen together or not
at all, write through symlinks, survive leftovers of killed runs and wait for each other."""

from __future__ import annotations

import errno
import json
import os
import threading
import time
from pathlib import Path

import pytest
from gate_repo import SPEC, files_of, report_text

from ralph_validate.gate.final import LOCK_NAME, file_lock

DONE = "- [x] 1. Cart ✓\r\n- [ ] 2. FINAL gate\r\n"
MARKED = DONE.replace("[ ] 2. FINAL", "[x] 2. FINAL")


def log_lines(root: Path) -> list[dict]:
    text = (root / ".ralph/gate-log.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def assert_one_line_error(done, message: str) -> None:
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("ralph-gate: error: ")
    assert message in done.stderr, done.stderr


# Symlinks ---------------------------------------------------------------------------------------


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@pytest.mark.parametrize("absolute", [False, True], ids=["relative-link", "absolute-link"])
def test_a_symlinked_task_file_is_written_through_and_stays_a_link(repo, gate, absolute) -> None:
    target = repo.write("plans/shop-tasks.md", DONE)
    link = repo.root / SPEC / "tasks.md"
    link.parent.mkdir(parents=True)
    link.symlink_to(target if absolute else Path("../../../plans/shop-tasks.md"))
    head = repo.commit("shop: work", {f"{SPEC}/requirements.md": "# Requirements\n"})
    repo.write(f"{SPEC}/validation-report.md", report_text(head))
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 0, done.stdout + done.stderr
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert target.read_bytes() == MARKED.encode()
    again = gate("--repo", str(repo.root), "--spec", "shop")  # the tick in the target is no
    assert again.stdout.splitlines()[-1] == "<promise>COMPLETE</promise>"  # code change
    assert [e["final_marked"] for e in log_lines(repo.root)] == [True, False]
    assert sorted(p.name for p in target.parent.iterdir()) == ["shop-tasks.md"]


@pytest.mark.reliability(cls="lost or corrupted data", outcome="refused")
def test_a_symlink_out_of_the_repository_is_refused(repo, gate, tmp_path) -> None:
    outside = tmp_path / "elsewhere.md"
    outside.write_bytes(DONE.encode())
    leftover = tmp_path / ".elsewhere.md.k3j9x_2a.tmp"  # not the gate's to clean up
    leftover.write_bytes(b"half")
    head = repo.commit("shop: work", {f"{SPEC}/requirements.md": "# Requirements\n"})
    (repo.root / SPEC / "tasks.md").symlink_to(outside)
    repo.write(f"{SPEC}/validation-report.md", report_text(head))
    link = f"{repo.root}/{SPEC}/tasks.md"
    done = gate("--repo", str(repo.root), "--spec", "shop", "--tasks", link)
    assert_one_line_error(done, "outside the repository")
    assert outside.read_bytes() == DONE.encode() and leftover.read_bytes() == b"half"


# Leftover temporary files ----------------------------------------------------------------------


@pytest.mark.reliability(cls="lost or corrupted data", outcome="survived")
def test_a_leftover_temp_file_of_a_killed_gate_is_removed_and_not_stale(repo, gate, shop) -> None:
    path = shop(DONE)
    ours = path.parent / ".tasks.md.k3j9x_2a.tmp"
    ours.write_bytes(MARKED.encode()[:9])  # what a gate killed before its rename leaves
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.stdout.splitlines()[-1] == "<promise>COMPLETE</promise>", done.stdout
    assert not ours.exists() and path.read_bytes() == MARKED.encode()


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@pytest.mark.parametrize(
    "name",
    [
        f"{SPEC}/.tasks.md.bak.tmp",  # not our naming (mkstemp's eight characters)
        f"{SPEC}/.design.md.k3j9x_2a.tmp",  # our naming, but of a file that counts
        "src/.cart.py.k3j9x_2a.tmp",
    ],
)
def test_other_temp_files_are_kept_and_still_count(repo, gate, shop, name) -> None:
    shop(DONE)
    other = repo.write(name, "half")
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert done.returncode == 1 and "stale report" in done.stdout
    assert other.read_bytes() == b"half"


# A failed write changes nothing -------------------------------------------------------------------


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_an_unwritable_log_leaves_final_unmarked(repo, gate, shop) -> None:
    path = shop(DONE)
    (repo.root / ".ralph/gate-log.jsonl").mkdir(parents=True)  # any append fails
    before = files_of(repo.root)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert_one_line_error(done, "gate-log.jsonl")
    assert files_of(repo.root) == before and path.read_bytes() == DONE.encode()


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_failed_rename_takes_the_log_line_back(repo, gate, shop, monkeypatch) -> None:
    path = shop(DONE)
    repo.write(".ralph/gate-log.jsonl", '{"spec": "other", "verdict": "COMPLETE"}\n')
    before = files_of(repo.root)

    def refuse(src: object, dst: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", refuse)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert_one_line_error(done, "cross-device")
    assert files_of(repo.root) == before and path.read_bytes() == DONE.encode()


def _under(root: Path, fd_or_path: object) -> bool:
    """True when an fd or path names a file inside ``root`` (the gate's own writes)."""
    if isinstance(fd_or_path, int):
        try:
            fd_or_path = os.readlink(f"/proc/self/fd/{fd_or_path}")
        except OSError:
            return False
    return str(fd_or_path).startswith(str(root))


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@pytest.mark.parametrize("call", ["open", "mkdir", "write", "fsync", "replace"])
@pytest.mark.parametrize("state", ["complete", "incomplete", "first-run"])
def test_enospc_at_every_write_call_changes_no_file(repo, gate, shop, monkeypatch, call, state):
    """Fail the 1st, 2nd, ... call of ``os.<call>`` on the repository's files until a run
    makes none: every failing run must leave every file byte-identical and say one line."""
    path = shop(DONE if state != "incomplete" else DONE.replace("[x] 1.", "[ ] 1."))
    if state != "first-run":
        repo.write(".ralph/gate-log.jsonl", '{"spec": "other", "verdict": "COMPLETE"}\n')
    real = getattr(os, call)
    injected = 0
    for fail_at in range(1, 20):
        seen = 0

        def failing(first: object, *rest: object, _fail_at: int = fail_at, **kw: object) -> object:
            nonlocal seen
            # mkdir of a folder that exists writes nothing (EEXIST comes first)
            exists = call == "mkdir" and os.path.isdir(first)  # type: ignore[arg-type]
            if _under(repo.root, first) and not exists:
                seen += 1
                if seen == _fail_at:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(first, *rest, **kw)

        before = files_of(repo.root)
        monkeypatch.setattr(os, call, failing)
        done = gate("--repo", str(repo.root), "--spec", "shop")
        monkeypatch.setattr(os, call, real)
        if seen < fail_at:  # no call left to fail: this run wrote normally
            assert done.returncode == (1 if state == "incomplete" else 0), done.stderr
            break
        injected += 1
        assert_one_line_error(done, "No space left on device")
        assert files_of(repo.root) == before
    else:
        pytest.fail("the gate never finished without an injected failure")
    least = {"open": 1, "mkdir": int(state == "first-run"), "write": 1, "fsync": 1, "replace": 0}
    assert injected >= least[call]
    if state != "incomplete":
        assert path.read_bytes() == MARKED.encode()
        assert injected >= {"open": 2, "mkdir": 0, "write": 2, "fsync": 2, "replace": 1}[call]


# One gate at a time ------------------------------------------------------------------------------


def _lock(root: Path) -> Path:
    return root / ".git" / LOCK_NAME


@pytest.mark.reliability(cls="lost or corrupted data", outcome="clear error")
def test_a_second_gate_gives_up_after_the_timeout_and_writes_nothing(repo, gate, shop) -> None:
    path = shop(DONE)
    before = files_of(repo.root)
    with file_lock(_lock(repo.root)):
        done = gate("--repo", str(repo.root), "--spec", "shop", "--lock-timeout", "0.2")
    assert_one_line_error(done, "another ralph-gate held ralph-gate.lock for 0.2s")
    assert files_of(repo.root) == before and path.read_bytes() == DONE.encode()


@pytest.mark.reliability(cls="lost or corrupted data", outcome="survived")
def test_a_second_gate_waits_for_the_first_and_judges_what_it_wrote(repo, gate, shop) -> None:
    path = shop(DONE)
    held = threading.Event()

    def first_gate() -> None:
        with file_lock(_lock(repo.root)):
            held.set()
            time.sleep(0.3)
            path.write_bytes(MARKED.encode())  # what the first gate wrote meanwhile

    thread = threading.Thread(target=first_gate)
    thread.start()
    held.wait()
    done = gate("--repo", str(repo.root), "--spec", "shop", "--json")
    thread.join()
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["final_marked"] is False
    assert path.read_bytes() == MARKED.encode()


def test_a_negative_lock_timeout_is_bad_input(repo, gate, shop) -> None:
    shop(DONE)
    done = gate("--repo", str(repo.root), "--spec", "shop", "--lock-timeout", "-1")
    assert_one_line_error(done, "--lock-timeout must not be negative")
    assert not (repo.root / ".ralph").exists()


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_log_line_cut_short_by_a_kill_stays_apart_from_the_next(repo, gate, shop) -> None:
    shop(DONE.replace("[x] 1.", "[ ] 1."))
    repo.write(".ralph/gate-log.jsonl", '{"spec": "shop", "verd')
    gate("--repo", str(repo.root), "--spec", "shop")
    lines = (repo.root / ".ralph/gate-log.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines[0] == '{"spec": "shop", "verd'
    assert json.loads(lines[1])["verdict"] == "INCOMPLETE"


@pytest.mark.reliability(cls="lost or corrupted data", outcome="refused")
def test_a_read_only_task_file_is_not_edited(repo, gate, shop) -> None:
    path = shop(DONE)
    path.chmod(0o444)
    before = files_of(repo.root)
    done = gate("--repo", str(repo.root), "--spec", "shop")
    assert_one_line_error(done, "read-only")
    assert files_of(repo.root) == before and path.read_bytes() == DONE.encode()
    assert path.stat().st_mode & 0o777 == 0o444


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
def test_a_new_file_gets_the_umask_mode_not_a_private_one(tmp_path) -> None:
    from ralph_validate.core.atomic import atomic_write_bytes

    old = os.umask(0o022)
    try:
        atomic_write_bytes(tmp_path / "validation-report.md", b"# Report\n")
    finally:
        os.umask(old)
    assert (tmp_path / "validation-report.md").stat().st_mode & 0o777 == 0o644
