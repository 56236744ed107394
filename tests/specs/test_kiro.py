"""Kiro tasks.md and requirements.md, as real specs write them."""

from __future__ import annotations

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs.kiro import expand_refs, parse_requirements, parse_tasks
from ralph_validate.core.specs.model import TaskState


def summary(data: bytes) -> list[tuple]:
    return [
        (t.id, t.title, t.state.value, t.optional, t.depth, t.requirement_refs, t.refs_all, t.final)
        for t in parse_tasks(data, "tasks.md")
    ]


NESTED = """# Implementation Plan

## Phase 1

- [x] 1. Implement file watcher service
  - [x] 1.1 Add backend
    - Add `notify` crate
    - _Requirements: 1.1, 1.4_
  - [ ] 1.2 Create hook
    - _Requirements: 1.1-1.3_
- [-] 2. In progress parent
    * [~] 2.1 Queued child
      **Validates: Requirements 2.1, 2.3**
- [ ]* 3. Optional property test
  - _Requirements: All_
- [X] 4. Upper-case done
  - **Requirements**: Requirement 4.2 (login form)
- [ ] 12. FINAL: validate and gate
"""


def test_states_nesting_optional_and_trailers() -> None:
    assert summary(NESTED.encode()) == [
        ("1", "Implement file watcher service", "done", False, 0, (), False, False),
        ("1.1", "Add backend", "done", False, 1, ("1.1", "1.4"), False, False),
        ("1.2", "Create hook", "open", False, 1, ("1.1", "1.2", "1.3"), False, False),
        ("2", "In progress parent", "in_progress", False, 0, (), False, False),
        ("2.1", "Queued child", "queued", False, 1, ("2.1", "2.3"), False, False),
        ("3", "Optional property test", "open", True, 0, (), True, False),
        ("4", "Upper-case done", "done", False, 0, ("4.2",), False, False),
        ("12", "FINAL: validate and gate", "open", False, 0, (), False, True),
    ]


def test_a_parent_ticked_while_a_child_is_not_keeps_each_state() -> None:
    tasks = parse_tasks(b"- [x] 2. Parent\n  - [ ] 2.1 Child\n", "t.md")
    assert [(t.id, t.state) for t in tasks] == [("2", TaskState.DONE), ("2.1", TaskState.OPEN)]


def test_dates_and_fenced_boxes_are_not_tasks() -> None:
    data = b"- [2026-01-29] shipped\n```md\n- [ ] example in a fence\n```\n- [ ] 1. Real task\n"
    assert [t.title for t in parse_tasks(data, "t.md")] == ["Real task"]


@pytest.mark.parametrize(
    ("line", "final"),
    [
        ("- [ ] FINAL Final validation", True),
        ("- [ ] 12. FINAL: validate and gate", True),
        ("- [ ] 3. final check", True),
        ("- [ ] Finalize the docs", False),
        ("- [ ] 3. Write the final report", False),
    ],
)
def test_final_is_the_word_final_after_an_optional_number(line: str, final: bool) -> None:
    (task,) = parse_tasks(line.encode(), "t.md")
    assert task.final is final


@pytest.mark.parametrize(
    "data",
    [
        "- [ ] 1. Café ünïcode task\n- [ ] 2. FINAL done\n".encode(),
        "\ufeff- [ ] 1. BOM first\r\n\t- [ ] 1.1 tab child\r\n- [ ] 2. FINAL x\r\n".encode(),
        b"* [x] 1. star bullet  <!-- note -->\n+ [ ] 2. FINAL plus bullet trailing text\n",
    ],
)
def test_box_offset_points_at_the_state_byte(data: bytes) -> None:
    tasks = parse_tasks(data, "t.md")
    assert len(tasks) >= 2 and tasks[-1].final
    for task in tasks:
        at = task.box_offset
        assert at is not None
        assert data[at - 1 : at] == b"[" and data[at + 1 : at + 2] == b"]"
        assert data[at : at + 1] == (b"x" if task.checked else b" ")


def test_nested_with_tabs_and_crlf_counts_depth() -> None:
    data = b"- [ ] 1. a\r\n\t- [ ] 1.1 b\r\n\t\t- [ ] 1.1.1 c\r\n- [ ] 2. d\r\n"
    assert [(t.id, t.depth) for t in parse_tasks(data, "t.md")] == [
        ("1", 0),
        ("1.1", 1),
        ("1.1.1", 2),
        ("2", 0),
    ]


def test_non_utf8_task_list_is_a_clear_error() -> None:
    with pytest.raises(InputError, match=r"tasks\.md is not UTF-8"):
        parse_tasks(b"- [ ] 1. caf\xe9\n", "tasks.md")


@pytest.mark.parametrize(
    ("text", "refs", "refs_all"),
    [
        ("1.1, 2.3", ("1.1", "2.3"), False),
        ("7.1-7.10", tuple(f"7.{n}" for n in range(1, 11)), False),
        ("4.1-4.3, 7.1", ("4.1", "4.2", "4.3", "7.1"), False),
        ("All", (), True),
    ],
)
def test_trailer_ranges_expand(text: str, refs: tuple[str, ...], refs_all: bool) -> None:
    assert expand_refs(text) == (refs, refs_all)


REQUIREMENTS = """# Requirements Document

## Introduction

Intro text mentioning Requirement 9 in prose.

## Requirements

### Requirement 1

**User Story:** As a player, I want to view my warbands, so that I can load one.

#### Acceptance Criteria

1. WHEN a user opens the list THEN the system SHALL display all saved warbands
3. WHEN no warbands exist THEN the system SHALL show an empty message

### Requirement 2: Delete with confirmation

**User Story:** As a player, I want to delete a warband.

#### Acceptance Criteria

1. WHEN a user confirms THEN the system SHALL remove it

## Glossary

- Warband: a team
"""


def test_requirements_keep_written_criterion_numbers_and_lines() -> None:
    reqs = parse_requirements(REQUIREMENTS.encode(), "requirements.md")
    assert [(r.id, r.title, r.line) for r in reqs] == [
        ("1", "As a player, I want to view my warbands, so that I can load one.", 9),
        ("2", "Delete with confirmation", 18),
    ]
    assert [(c.id, c.line) for c in reqs[0].criteria] == [("1.1", 15), ("1.3", 16)]
    assert [c.id for c in reqs[1].criteria] == ["2.1"]
    assert "remove it" in reqs[1].text
