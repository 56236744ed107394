"""Kiro tasks.md: states, nesting, ids, trailers, FINAL and the box byte, in every layout."""

from __future__ import annotations

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs import Task, TaskState, expand_refs, parse_tasks

TEMPLATE = """# Plan

{b} [x] 1. Ingest — naïve first pass
{i}{b} [ ] 1.1 Parse headers (see notes)
{i}{i}{b} Keep the raw header line
{i}{i}{b} _Requirements: 1.1, 1.3-1.5_
{i}{b} [ ]* 1.2 Property test for ingest
{i}{i}{b} **Validates: Requirements 2.1**
{b} [-] 2. Résumé upload 📄
{i}{b} [~] 2.1 Queue uploads
{i}{i}{b} **Requirements**: Requirement 2.2 (queue, 2.9 in prose)
{b} [X] 3. Cleanup
{i}{b} _Requirements: All_
{b} [ ] 4. FINAL: validate and gate
"""

EXPECTED = [
    ("1", "Ingest — naïve first pass", "done", False, 0, (), False, False, 3),
    (
        "1.1",
        "Parse headers (see notes)",
        "open",
        False,
        1,
        ("1.1", "1.3", "1.4", "1.5"),
        False,
        False,
        4,
    ),
    ("1.2", "Property test for ingest", "open", True, 1, ("2.1",), False, False, 7),
    ("2", "Résumé upload 📄", "in_progress", False, 0, (), False, False, 9),
    ("2.1", "Queue uploads", "queued", False, 1, ("2.2",), False, False, 10),
    ("3", "Cleanup", "done", False, 0, (), True, False, 12),
    ("4", "FINAL: validate and gate", "open", False, 0, (), False, True, 14),
]

LAYOUTS = {
    "two-spaces-dash-lf": ("  ", "-", "\n", False),
    "four-spaces-star-lf": ("    ", "*", "\n", False),
    "tabs-plus-crlf": ("\t", "+", "\r\n", False),
    "two-spaces-dash-crlf-bom": ("  ", "-", "\r\n", True),
    "three-spaces-star-bom": ("   ", "*", "\n", True),
}


def render(layout: str, final_box: str = " ") -> bytes:
    indent, bullet, newline, bom = LAYOUTS[layout]
    text = TEMPLATE.format(i=indent, b=bullet).replace("[ ] 4. FINAL", f"[{final_box}] 4. FINAL")
    return (("\ufeff" if bom else "") + text.replace("\n", newline)).encode("utf-8")


def summary(tasks: tuple[Task, ...]) -> list[tuple]:
    return [
        (
            t.id,
            t.title,
            t.state.value,
            t.optional,
            t.depth,
            t.requirement_refs,
            t.refs_all,
            t.final,
            t.line,
        )
        for t in tasks
    ]


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_layout_reads_to_the_same_tasks(layout: str) -> None:
    assert summary(parse_tasks(render(layout), "tasks.md")) == EXPECTED


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_box_offset_is_the_state_byte_and_changing_it_changes_only_that(layout: str) -> None:
    data = render(layout)
    tasks = parse_tasks(data, "tasks.md")
    boxes = {"open": b" ", "done": b"x", "in_progress": b"-", "queued": b"~"}
    for task in tasks:
        assert task.box_offset is not None
        expected = b"X" if task.id == "3" else boxes[task.state.value]
        assert data[task.box_offset : task.box_offset + 1] == expected
    (final,) = [t for t in tasks if t.final]
    assert final.box_offset is not None
    assert data[final.box_offset : final.box_offset + 1] == b" "
    marked = data[: final.box_offset] + b"x" + data[final.box_offset + 1 :]
    assert marked == render(layout, final_box="x")
    assert [t.state for t in parse_tasks(marked, "tasks.md") if t.final] == [TaskState.DONE]


def test_a_small_file_reads_to_exact_tasks() -> None:
    data = "- [x] 2. Parent ✓\r\n  - [ ] 2.1 Child\r\n    - _Requirements: 3.2_\r\n".encode()
    common = {"optional": False, "refs_all": False, "final": False, "file": "specs/a/tasks.md"}
    assert parse_tasks(data, "specs/a/tasks.md") == (
        Task(
            "2",
            "Parent ✓",
            TaskState.DONE,
            depth=0,
            requirement_refs=(),
            line=1,
            box_offset=3,
            **common,
        ),
        Task(
            "2.1",
            "Child",
            TaskState.OPEN,
            depth=1,
            requirement_refs=("3.2",),
            line=2,
            box_offset=26,
            **common,
        ),
    )


def test_a_ticked_parent_does_not_tick_its_children() -> None:
    data = b"- [x] 5. Parent\n  - [ ] 5.1 Child\n    - [x] 5.1.1 Grandchild\n  - [-] 5.2 Sibling\n"
    assert [(t.id, t.state, t.depth) for t in parse_tasks(data, "t.md")] == [
        ("5", TaskState.DONE, 0),
        ("5.1", TaskState.OPEN, 1),
        ("5.1.1", TaskState.DONE, 2),
        ("5.2", TaskState.IN_PROGRESS, 1),
    ]


def test_only_boxed_list_items_outside_code_and_comments_are_tasks() -> None:
    data = b"""- [2026-01-29] shipped the importer
- [ ]no space after the box
1. [ ] an ordered item is a task too
> - [ ] quoted
```md
- [ ] 9. inside a backtick fence
~~~
- [ ] 9.1 still inside: a tilde line does not close a backtick fence
```
~~~~
- [ ] 10. inside a tilde fence
~~~~
<!--
- [ ] 11. commented out
-->
<!-- - [ ] 12. one-line comment -->
- [ ] 1. Real task <!-- owner: ana -->
"""
    assert [(t.id, t.title, t.line) for t in parse_tasks(data, "t.md")] == [
        (None, "an ordered item is a task too", 3),
        ("1", "Real task", 17),
    ]


@pytest.mark.parametrize(
    ("line", "task_id", "title"),
    [
        ("- [ ] 1. Set up", "1", "Set up"),
        ("- [ ] 12. Twelve", "12", "Twelve"),
        ("- [ ] 1.1 Nested", "1.1", "Nested"),
        ("- [ ] 1.2.3. Deep", "1.2.3", "Deep"),
        ("- [ ] 29.INTEG Integration tests", "29.INTEG", "Integration tests"),
        ("- [ ] 1.TEST-FIRST Failing tests", "1.TEST-FIRST", "Failing tests"),
        ("- [ ] 3 apples to buy", None, "3 apples to buy"),
        ("- [ ] Unnumbered task", None, "Unnumbered task"),
        ("- [ ]* 12.2 Optional property test", "12.2", "Optional property test"),
    ],
)
def test_task_ids_are_the_leading_number(line: str, task_id: str | None, title: str) -> None:
    (task,) = parse_tasks(line.encode(), "t.md")
    assert (task.id, task.title) == (task_id, title)


@pytest.mark.parametrize(
    ("line", "final"),
    [
        ("- [ ] FINAL Final validation", True),
        ("- [ ] 12. FINAL: validate and gate", True),
        ("- [ ] 3. final check", True),
        ("- [x] Final checkpoint", True),
        ("- [ ] FINAL-gate", True),
        ("- [ ] Finalize the docs", False),
        ("- [ ] 3. Finalise release notes", False),
        ("- [ ] 3. Write the final report", False),
        ("- [ ] FINAL_gate", False),
    ],
)
def test_final_is_the_word_final_after_an_optional_number(line: str, final: bool) -> None:
    (task,) = parse_tasks(line.encode(), "t.md")
    assert task.final is final


@pytest.mark.parametrize(
    ("trailer", "refs", "refs_all"),
    [
        ("  - _Requirements: 1.1, 2.3_", ("1.1", "2.3"), False),
        ("  - _Requirements: 7.1-7.10_", tuple(f"7.{n}" for n in range(1, 11)), False),
        (
            "  - _Requirements: 1.1, 2.1, 4.1-4.6, 7.1_",
            ("1.1", "2.1", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "7.1"),
            False,
        ),
        ("  - _Requirements: All_", (), True),
        ("  - **Validates: Requirements 7.4, 7.9**", ("7.4", "7.9"), False),
        (
            "  **Requirements**: Requirement 1.1 (login form), Requirement 2.2",
            ("1.1", "2.2"),
            False,
        ),
        ("  Requirements: 3.1–3.3", ("3.1", "3.2", "3.3"), False),
        ("  - Requirements are listed in the design", (), False),
        ("  - **Property 6: copies are complete**", (), False),
    ],
)
def test_trailer_forms(trailer: str, refs: tuple[str, ...], refs_all: bool) -> None:
    (task,) = parse_tasks(f"- [ ] 1. Task\n{trailer}\n".encode(), "t.md")
    assert (task.requirement_refs, task.refs_all) == (refs, refs_all)


def test_trailer_at_the_end_of_the_task_line() -> None:
    (task,) = parse_tasks(b"- [ ] 2. Size limit _Requirements: 2.1, 2.2_\n", "t.md")
    assert (task.title, task.requirement_refs) == ("Size limit", ("2.1", "2.2"))


def test_a_title_may_say_requirements_colon() -> None:
    (task,) = parse_tasks(b"- [ ] 1. Gather requirements: interview users\n", "t.md")
    assert (task.title, task.requirement_refs) == ("Gather requirements: interview users", ())


def test_a_trailer_after_a_heading_belongs_to_no_task() -> None:
    data = b"- [ ] 1. Task\n\n## Notes\n\n_Requirements: 9.9_\n"
    assert [t.requirement_refs for t in parse_tasks(data, "t.md")] == [()]


def test_expand_refs_keeps_order_and_drops_repeats() -> None:
    assert expand_refs("2.1, 1.1-1.3, 1.2, 3-5") == (
        ("2.1", "1.1", "1.2", "1.3", "3", "4", "5"),
        False,
    )


def test_non_utf8_task_list_is_one_clear_line() -> None:
    with pytest.raises(InputError) as err:
        parse_tasks(b"- [ ] 1. caf\xe9\n", ".kiro/specs/x/tasks.md")
    assert err.value.message == (
        ".kiro/specs/x/tasks.md is not UTF-8 text (invalid byte at offset 12)"
    )
