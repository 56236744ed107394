"""The facts cache holds data, never code: a planted pickle runs nothing, an entry of the
wrong shape is recomputed, a cache folder that cannot be written turns the cache off with
one note, and the report bytes are the same in every case."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

from ralph_validate.extractors.common.dispatch import EXTRACTOR_VERSION, extract
from ralph_validate.extractors.facts import codec

CODE = "def total(xs):\n    # TODO: handle refunds\n    return sum(xs)\n"
TEST = "from app import total\n\ndef test_total():\n    assert total([1, 2]) == 3\n"


def _repo(repo) -> Path:
    repo.commit("start", {"README.md": "cart\n"})
    repo.commit("US-1: totals", {"app.py": CODE, "tests/test_app.py": TEST})
    return repo.root


def _report(validate, root: Path, out: Path, *extra: str) -> bytes:
    done = validate("--repo", str(root), "--all", "--no-llm", "--out", str(out), *extra)
    assert done.returncode in (0, 1), done.stderr
    return (out / "validation-report.md").read_bytes()


def _entry(cache: Path, data: bytes) -> Path:
    import hashlib

    digest = hashlib.sha256(data).hexdigest()
    return cache / "facts" / f"{digest}-{EXTRACTOR_VERSION}.json"


def test_every_fixture_file_round_trips_through_the_data_form() -> None:
    root = Path(__file__).resolve().parents[2] / "fixtures" / "rules"
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in {".py", ".ts", ".js"})
    assert files
    for path in files:
        facts = extract(path.relative_to(root).as_posix(), path.read_bytes())
        assert codec.loads(codec.dumps(facts)) == facts


@pytest.mark.reliability(cls="forged evidence", outcome="refused")
def test_a_planted_pickle_runs_nothing_and_changes_nothing(
    repo, validate, tmp_path, monkeypatch
) -> None:
    root = _repo(repo)
    cache = tmp_path / "cache"
    monkeypatch.setenv("RALPH_VALIDATE_CACHE", str(cache))
    honest = _report(validate, root, tmp_path / "a")
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return (os.mkdir, (str(marker),))

    entry = _entry(cache, CODE.encode())
    entry.write_bytes(pickle.dumps(Payload()))
    again = _report(validate, root, tmp_path / "b")
    assert not marker.exists()
    assert again == honest


@pytest.mark.reliability(cls="forged evidence", outcome="refused")
@pytest.mark.parametrize(
    "forge",
    [
        lambda d: {**d, "facts": [{"~": "impl.NoSuchFact", "file": "app.py", "line": 1}]},
        lambda d: {**d, "facts": [{**d["facts"][0], "line": "one"}]},
        lambda d: {**d, "facts": [{**d["facts"][0], "extra": 1}]},
        lambda d: {**d, "language": "cobol"},
        lambda d: [d],
    ],
    ids=["unknown class", "wrong field type", "unknown field", "bad language", "not an object"],
)
def test_an_entry_of_the_wrong_shape_is_recomputed(
    forge, repo, validate, tmp_path, monkeypatch
) -> None:
    root = _repo(repo)
    cache = tmp_path / "cache"
    monkeypatch.setenv("RALPH_VALIDATE_CACHE", str(cache))
    honest = _report(validate, root, tmp_path / "a")
    entry = _entry(cache, CODE.encode())
    data = json.loads(entry.read_text())
    assert data["facts"], "the TODO is a fact of app.py"
    entry.write_text(json.dumps(forge(data)))
    with pytest.raises(codec.FactsDataError):
        codec.loads(entry.read_bytes())
    done = validate("--repo", str(root), "--all", "--no-llm", "--out", str(tmp_path / "b"))
    assert (tmp_path / "b" / "validation-report.md").read_bytes() == honest
    notes = [line for line in done.stderr.splitlines() if "facts cache entry" in line]
    assert len(notes) == 1 and "ignored (recomputed)" in notes[0]


@pytest.mark.reliability(cls="crash or hang", outcome="survived")
def test_a_cache_path_that_is_a_file_turns_the_cache_off_with_one_note(
    repo, validate, tmp_path, monkeypatch
) -> None:
    root = _repo(repo)
    honest = _report(validate, root, tmp_path / "a", "--no-cache")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("RALPH_VALIDATE_CACHE", str(blocker))
    done = validate("--repo", str(root), "--all", "--no-llm", "--out", str(tmp_path / "b"))
    assert done.returncode in (0, 1)
    notes = [line for line in done.stderr.splitlines() if "facts cache off" in line]
    assert len(notes) == 1
    assert (tmp_path / "b" / "validation-report.md").read_bytes() == honest


@pytest.mark.reliability(cls="crash or hang", outcome="survived")
def test_a_full_disk_turns_the_cache_off_and_the_report_is_written(
    repo, validate, tmp_path, monkeypatch
) -> None:
    import errno

    from ralph_validate.validator import factstore

    root = _repo(repo)
    honest = _report(validate, root, tmp_path / "a", "--no-cache")
    monkeypatch.setenv("RALPH_VALIDATE_CACHE", str(tmp_path / "cache"))

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(factstore, "atomic_write_bytes", full)
    done = validate("--repo", str(root), "--all", "--no-llm", "--out", str(tmp_path / "b"))
    assert "No space left on device" in done.stderr
    assert (tmp_path / "b" / "validation-report.md").read_bytes() == honest


@pytest.mark.reliability(cls="forged evidence", outcome="refused")
def test_no_part_of_the_tool_unpickles_or_unmarshals_anything() -> None:
    root = Path(__file__).resolve().parents[2]
    sources = [
        p
        for folder in ("core", "gate", "validator", "extractors")
        for p in (root / folder).rglob("*.py")
    ]
    assert sources
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for word in ("import pickle", "import marshal", "pickle.load", "marshal.load"):
            assert word not in text, f"{path.relative_to(root)} uses {word}"
