"""FINAL marking changes one byte and nothing else; a failed write changes nothing."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import examples

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs.kiro import parse_tasks
from ralph_validate.gate.final import mark_final, marked_bytes

titles = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="[]\r\n<`~"),
    min_size=1,
    max_size=30,
).filter(lambda t: t.strip() and not t.strip().lower().startswith("final"))

OTHER_LINES = st.sampled_from(
    [
        "",
        "Notes: [ ] is how an open box looks.",
        "- [2026-01-29] a dated log line, not a box",
        "```markdown\n- [ ] FINAL an example inside a fence\n```",
        "<!-- - [ ] FINAL an example in a comment -->",
        "## Phase ✓ — «ünïcode»",
        "> - [ ] quoted box",
    ]
)


@st.composite
def task_files(draw: st.DrawFn) -> bytes:
    lines = ["# Plan"]
    for i in range(draw(st.integers(min_value=0, max_value=8))):
        if draw(st.booleans()):
            lines.append(draw(OTHER_LINES))
        indent = draw(st.sampled_from(["", "  ", "    ", "\t"]))
        box = draw(st.sampled_from(["[ ]", "[x]", "[X]", "[-]", "[~]", "[ ]*"]))
        bullet = draw(st.sampled_from(["-", "*", "+", "1.", "2)", "10."]))
        lines.append(f"{indent}{bullet} {box} {i + 1}. {draw(titles)}")
        if draw(st.booleans()):
            lines.append(f"{indent}  - _Requirements: {i + 1}.1_")
    state = draw(st.sampled_from([" ", "-", "~"]))
    number = draw(st.sampled_from(["", "9. ", "12. "]))
    final = f"- [{state}] {number}{draw(st.sampled_from(['FINAL', 'Final', 'final:']))} "
    final += draw(titles) + draw(st.sampled_from(["", "  <!-- gate only -->", " ✓"]))
    lines.insert(draw(st.integers(min_value=1, max_value=len(lines))), final)
    lines.append(draw(st.sampled_from(["", "notes: ünïcode ✓", "trailing note\t"])))
    text = lines[0]
    for line in lines[1:]:
        text += draw(st.sampled_from(["\n", "\r\n", "\r"])) + line
    text += draw(st.sampled_from(["", "\n", "\r\n", "\r"]))
    bom = draw(st.sampled_from([b"", b"\xef\xbb\xbf"]))
    return bom + text.encode("utf-8")


def _marks_exactly_the_box_byte(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "tasks.md"
    path.write_bytes(data)
    (final,) = [t for t in parse_tasks(data, "tasks.md") if t.final]
    assert final.box_offset is not None
    assert mark_final(path, final, data, tmp_path / "gate.lock") is True
    after = path.read_bytes()
    assert len(after) == len(data)
    assert [i for i in range(len(data)) if data[i] != after[i]] == [final.box_offset]
    assert after[final.box_offset : final.box_offset + 1] == b"x"
    (again,) = [t for t in parse_tasks(after, "tasks.md") if t.final]
    assert again.checked and again.box_offset == final.box_offset
    assert mark_final(path, again, after, tmp_path / "gate.lock") is False
    assert path.read_bytes() == after


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@settings(max_examples=examples(30), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=task_files())
def test_marking_changes_exactly_the_box_byte(tmp_path: Path, data: bytes) -> None:
    _marks_exactly_the_box_byte(tmp_path, data)


# The same property over many more drawn task files: fuzzing, run by CI (--with-slow).
@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
@pytest.mark.slow
@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=task_files())
def test_marking_changes_exactly_the_box_byte_over_many_files(tmp_path: Path, data: bytes) -> None:
    _marks_exactly_the_box_byte(tmp_path, data)


@pytest.mark.reliability(cls="lost or corrupted data", outcome="preserved")
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
    with pytest.raises(OSError, match="No space left"):
        mark_final(path, final, data, tmp_path / "gate.lock")
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gate.lock", "tasks.md"]


@pytest.mark.reliability(cls="lost or corrupted data", outcome="refused")
def test_file_changed_since_judged_is_not_marked(tmp_path: Path) -> None:
    data = b"- [ ] 1. FINAL gate\n"
    path = tmp_path / "tasks.md"
    path.write_bytes(b"- [ ] 0. new task\n" + data)
    (final,) = parse_tasks(data, "tasks.md")
    with pytest.raises(InputError, match="changed while the gate was deciding"):
        mark_final(path, final, data, tmp_path / "gate.lock")
    assert path.read_bytes() == b"- [ ] 0. new task\n" + data


@pytest.mark.reliability(cls="lost or corrupted data", outcome="refused")
@pytest.mark.parametrize(
    ("offset", "message"),
    [
        (0, "not at the expected byte"),
        (4, "not at the expected byte"),
        (None, "no checkbox"),
    ],
)
def test_an_offset_that_is_not_a_box_is_refused(
    tmp_path: Path, offset: int | None, message: str
) -> None:
    data = b"- [ ] 1. FINAL gate\n"
    (final,) = parse_tasks(data, "tasks.md")
    doubtful = dataclasses.replace(final, box_offset=offset)
    path = tmp_path / "tasks.md"
    path.write_bytes(data)
    with pytest.raises(InputError, match=message):
        mark_final(path, doubtful, data, tmp_path / "gate.lock")
    assert path.read_bytes() == data


@pytest.mark.reliability(cls="lost or corrupted data", outcome="refused")
def test_a_box_holding_something_else_is_refused() -> None:
    data = b"- [?] 1. FINAL gate\n"
    (final,) = parse_tasks(b"- [ ] 1. FINAL gate\n", "tasks.md")
    with pytest.raises(InputError, match="not a task state"):
        marked_bytes(data, final, "tasks.md")


def test_in_progress_and_queued_final_boxes_are_marked() -> None:
    for state in (b"-", b"~"):
        data = b"- [" + state + b"] FINAL gate\r\n"
        (final,) = parse_tasks(data, "tasks.md")
        assert marked_bytes(data, final, "tasks.md") == b"- [x] FINAL gate\r\n"
