"""FINAL marking changes one byte and nothing else; a failed write changes nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs.kiro import parse_tasks
from ralph_validate.gate.final import mark_final

titles = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="[]\r\n"),
    min_size=1,
    max_size=30,
).filter(lambda t: t.strip() and not t.strip().lower().startswith("final"))


@st.composite
def task_files(draw: st.DrawFn) -> bytes:
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    lines = ["# Plan", ""]
    for i in range(draw(st.integers(min_value=0, max_value=6))):
        indent = "  " * draw(st.integers(min_value=0, max_value=2))
        box = draw(st.sampled_from(["[ ]", "[x]", "[X]", "[-]", "[~]", "[ ]*"]))
        lines.append(f"{indent}- {box} {i + 1}. {draw(titles)}")
        if draw(st.booleans()):
            lines.append(f"{indent}  - _Requirements: {i + 1}.1_")
    final = f"- [ ] {draw(st.sampled_from(['', '9. ']))}FINAL {draw(titles)}"
    lines.insert(draw(st.integers(min_value=2, max_value=len(lines))), final)
    trailer = draw(st.sampled_from(["", "notes: ünïcode ✓", "- [2026-01-29] dated"]))
    text = newline.join([*lines, trailer]) + draw(st.sampled_from(["", newline]))
    return text.encode("utf-8")


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=task_files())
def test_marking_changes_exactly_the_box_byte(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "tasks.md"
    path.write_bytes(data)
    (final,) = [t for t in parse_tasks(data, "tasks.md") if t.final]
    assert mark_final(path, final, data, tmp_path / "gate.lock") is True
    after = path.read_bytes()
    assert len(after) == len(data)
    assert [i for i in range(len(data)) if data[i] != after[i]] == [final.box_offset]
    assert after[final.box_offset : final.box_offset + 1] == b"x"
    assert mark_final(path, final, after, tmp_path / "gate.lock") is False
    assert path.read_bytes() == after


def test_failed_rename_leaves_the_file_intact_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = "- [x] 1. a\r\n- [ ] 2. FINAL ✓\r\n".encode()
    path = tmp_path / "tasks.md"
    path.write_bytes(data)
    (final,) = [t for t in parse_tasks(data, "tasks.md") if t.final]

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        mark_final(path, final, data, tmp_path / "gate.lock")
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gate.lock", "tasks.md"]


def test_file_changed_since_judged_is_not_marked(tmp_path: Path) -> None:
    data = b"- [ ] 1. FINAL gate\n"
    path = tmp_path / "tasks.md"
    path.write_bytes(b"- [ ] 0. new task\n" + data)
    (final,) = parse_tasks(data, "tasks.md")
    with pytest.raises(InputError, match="changed while the gate was deciding"):
        mark_final(path, final, data, tmp_path / "gate.lock")
