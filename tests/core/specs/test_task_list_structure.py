"""Every open box counts, whatever the list style and line endings; what is not read is named."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ralph_validate.core.specs import (
    Unread,
    find_spec,
    parse_requirements,
    parse_tasks,
    unread_requirements,
    unread_tasks,
)

MARKERS = ("-", "*", "+", "1.", "7)", "10.", "3)")
INDENTS = ("", "  ", "    ", "\t", "      ")


def _open_titles(data: bytes) -> list[str]:
    return [t.title for t in parse_tasks(data, "tasks.md") if not t.checked]


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
@pytest.mark.parametrize("marker", MARKERS)
@pytest.mark.parametrize("indent", INDENTS)
def test_an_open_box_counts_under_every_list_marker_and_indent(marker: str, indent: str) -> None:
    data = f"# Plan\n\n- [x] 1. Parent\n{indent}{marker} [ ] Child task\n".encode()
    assert _open_titles(data) == ["Child task"]
    assert unread_tasks(data, "tasks.md") == ()


def test_ordered_boxes_nest_under_bullets_at_any_depth() -> None:
    data = (
        b"- [x] 1. Top\n"
        b"  1. [x] First step\n"
        b"     - [x] bullet under an ordered item\n"
        b"       2) [ ] deep ordered, paren\n"
        b"          * [-] deeper still\n"
        b"- [x] 2. Next\n"
    )
    tasks = parse_tasks(data, "tasks.md")
    assert [(t.title, t.depth, t.state.value) for t in tasks] == [
        ("Top", 0, "done"),
        ("First step", 1, "done"),
        ("bullet under an ordered item", 2, "done"),
        ("deep ordered, paren", 3, "open"),
        ("deeper still", 4, "in_progress"),
        ("Next", 0, "done"),
    ]


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
@pytest.mark.parametrize(
    "endings",
    [eol for eol in itertools.product(("\n", "\r\n", "\r"), repeat=3)],
    ids=lambda e: "-".join({"\n": "LF", "\r\n": "CRLF", "\r": "CR"}[x] for x in e),
)
def test_every_task_is_read_with_any_mix_of_line_endings(endings: tuple[str, ...]) -> None:
    lines = ["# Plan", "- [x] 1. Done", "  - [ ] 1.1 Open one", "1. [ ] Open two"]
    text = lines[0] + "".join(eol + line for eol, line in zip(endings, lines[1:], strict=True))
    data = text.encode()
    tasks = parse_tasks(data, "tasks.md")
    assert [(t.title, t.line) for t in tasks] == [
        ("Done", 2),
        ("Open one", 3),
        ("Open two", 4),
    ]
    for task in tasks:  # the box byte is found in every layout, so FINAL marking stays exact
        assert data[task.box_offset - 1 : task.box_offset + 2] in (b"[x]", b"[ ]")


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
def test_cr_only_requirements_are_read() -> None:
    data = (
        b"# Requirements\r\r## Requirement 1: Login\r\r#### Acceptance Criteria\r\r"
        b"1. WHEN a user logs in THEN the system SHALL greet\r"
    )
    (req,) = parse_requirements(data, "requirements.md")
    assert [(c.id, c.line) for c in req.criteria] == [("1.1", 7)]


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
@pytest.mark.parametrize(
    "line",
    [
        "[ ] box without a list marker",
        "- [ ]no space after the box",
        "- [] empty box",
        "- [ x ] padded box",
        "- [o] another state letter",
        "* [✓] a tick",
        "> - [ ] quoted box",
        ">> 1. [x] doubly quoted",
        "-[ ] no space after the marker",
        "### [ ] 3. a heading with a box",
        "a) [ ] a lettered item",
        "B. [x] a capital lettered item",
        "• [ ] a bullet character",
        "- [ ][ a box followed by a bracket",
        "- [ ](later) a box followed by a parenthesis",
        "- [x]: a box followed by a colon",
        "- [ ][ 1.1 a box run into a bracket",
        "- [ ](a box run into a parenthesis)",
        "1. [ ]: a box run into a colon",
    ],
)
def test_a_box_the_reader_does_not_take_is_unread_not_ignored(line: str) -> None:
    data = f"# Plan\n\n- [x] 1. Read\n{line}\n".encode()
    assert unread_tasks(data, "t.md") == (Unread("t.md", 4, f"not read as a task: {line}"),)


@pytest.mark.parametrize(
    "line",
    [
        "- [2026-01-29] a dated log line",
        "- [1] a numbered reference",
        "- [docs](https://example.invalid) a link",
        "[x]: https://example.invalid a reference definition",
        "Use [ ] for open boxes in prose.",
        "| [ ] | a table cell |",
        "```\n- [o] inside a fence\n```",
        "<!-- [ ] in a comment -->",
    ],
)
def test_text_that_is_not_a_box_is_not_unread(line: str) -> None:
    data = f"# Plan\n\n- [ ] 1. Read\n{line}\n".encode()
    assert unread_tasks(data, "t.md") == ()


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
def test_a_task_list_with_text_but_no_task_is_unread() -> None:
    data = "# 任务\n\n1. 实现登录\n2. 编写测试\n".encode()
    assert parse_tasks(data, "t.md") == ()
    assert unread_tasks(data, "t.md") == (
        Unread("t.md", 1, "no task with a checkbox read from this file"),
    )


def test_a_task_list_with_only_a_title_is_empty_not_unread() -> None:
    assert unread_tasks(b"# Plan\n\n", "t.md") == ()


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
def test_requirements_in_a_format_not_read_are_unread() -> None:
    data = "# 需求文档\n\n### 需求 1\n\n**用户故事:** 作为用户……\n".encode()
    assert parse_requirements(data, "r.md") == ()
    assert unread_requirements(data, "r.md") == (
        Unread("r.md", 3, "no 'Requirement N' section read from this file"),
    )


@pytest.mark.parametrize(
    "data",
    [b"", b"# Requirements\n", b"# Requirements\n\n## Requirement 1\n\nText.\n"],
    ids=["empty", "title-only", "read"],
)
def test_requirements_read_or_empty_are_not_unread(data: bytes) -> None:
    assert unread_requirements(data, "r.md") == ()


def test_a_kiro_spec_carries_what_was_not_read(repo) -> None:
    repo.commit(
        "spec",
        {
            ".kiro/specs/s/requirements.md": "# Reqs\n\n- the system logs in\n",
            ".kiro/specs/s/tasks.md": "- [x] 1. Done\n- [o] 2. Odd box\n",
        },
    )
    spec = find_spec(repo.root, "s")
    assert spec.unread == (
        Unread(
            ".kiro/specs/s/requirements.md", 3, "no 'Requirement N' section read from this file"
        ),
        Unread(".kiro/specs/s/tasks.md", 2, "not read as a task: - [o] 2. Odd box"),
    )


@st.composite
def styled_lists(draw: st.DrawFn) -> tuple[bytes, int]:
    """A task list in random list styles, depths and line endings, and how many boxes are open."""
    lines, open_boxes = ["# Plan"], 0
    for i in range(draw(st.integers(min_value=1, max_value=12))):
        indent = draw(st.sampled_from(INDENTS))
        state = draw(st.sampled_from([" ", "x", "X", "-", "~"]))
        open_boxes += state != "x" and state != "X"
        lines.append(f"{indent}{draw(st.sampled_from(MARKERS))} [{state}] Task {i}")
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "Some prose.", "- [2026-01-29] a date"])))
    text = lines[0]
    for line in lines[1:]:
        text += draw(st.sampled_from(["\n", "\r\n", "\r"])) + line
    return text.encode(), open_boxes


@pytest.mark.reliability(cls="false COMPLETE", outcome="refused")
@given(styled_lists())
def test_every_open_box_is_counted_in_any_style_and_ending(case: tuple[bytes, int]) -> None:
    data, open_boxes = case
    tasks = parse_tasks(data, "tasks.md")
    assert sum(not t.checked for t in tasks) == open_boxes
    assert unread_tasks(data, "tasks.md") == ()
