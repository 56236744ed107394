"""Kiro requirements and trailers read by their structure, whatever the language."""

from __future__ import annotations

import pytest

from ralph_validate.core.specs import parse_requirements, parse_tasks, unread_requirements

ZORBLAT = """# Plonk

### Zorblat 1: Vell

**Flumbo:** ka plakker

#### Grabnik

1. WENN a DANN b
2. WENN c DANN d

### Zorblat 2

**Flumbo:** ka hendler

#### Grabnik

1. WENN e DANN f
"""


def ids(text: str) -> list[tuple[str, str, list[str]]]:
    return [
        (r.id, r.title, [c.id for c in r.criteria])
        for r in parse_requirements(text.encode(), "requirements.md")
    ]


def test_a_heading_word_found_nowhere_in_the_code_is_read_by_its_structure() -> None:
    assert ids(ZORBLAT) == [("1", "Vell", ["1.1", "1.2"]), ("2", "ka hendler", ["2.1"])]


@pytest.mark.parametrize(
    "heading",
    ["### 要件1：ログイン", "### Requisito 1 - Login", "## 1. Login", "### Anforderung 1: Login"],
)
def test_heading_spellings_of_other_languages(heading: str) -> None:
    text = f"# Doc\n\n{heading}\n\n**Story:** x\n\n#### Kriterien\n\n1. WENN a DANN b\n"
    assert [(i, c) for i, _, c in ids(text)] == [("1", ["1.1"])]


def test_prefixed_ids_stay_whole() -> None:
    text = "# R\n\n### US-1: Deploy\n\n**Acceptance Criteria:**\n1. it deploys\n2. it rolls back\n"
    assert ids(text) == [("US-1", "Deploy", ["US-1.1", "US-1.2"])]


@pytest.mark.parametrize(
    "text",
    [
        # an outline and a changelog: numbered headings without numbered criteria
        "# Sync\n\n## 1. Overview\n\nCopies files.\n\n## 2. Changelog\n\n### Version 2\n\n"
        "- dry run\n\n### Version 3\n\n- deletions\n",
        # numbers going down: a changelog newest first, with numbered notes under a label
        "# Log\n\n### Version 3\n\n**Changes:**\n1. a\n\n### Version 2\n\n**Changes:**\n1. b\n",
        # the document's title is never a requirement
        "# 005 Investigation mode\n\n## Goals\n\n1. fast\n2. fun\n",
        # a plain list
        "Requirements\n\n1. the cart sums prices\n2. refunds work\n",
    ],
)
def test_look_alikes_are_no_requirements_and_leave_the_file_unread(text: str) -> None:
    assert ids(text) == []
    assert len(unread_requirements(text.encode(), "requirements.md")) == 1


def test_english_requirement_headings_win_over_other_numbered_runs() -> None:
    text = ZORBLAT + "\n### Requirement 7: English\n\n#### Acceptance Criteria\n\n1. x\n"
    assert [i for i, _, _ in ids(text)] == ["7"]


@pytest.mark.parametrize(
    ("trailer", "refs"),
    [
        ("  - _Zorblaten: 1.1, 2.3_", ("1.1", "2.3")),
        ("  - _要件：1.1、1.2_", ("1.1", "1.2")),
        ("  - _Anforderungen: 1.1-1.3_", ("1.1", "1.2", "1.3")),
        ("  - **Valida: Requisitos 3.2**", ("3.2",)),
        ("  - _Note: see the design_", ()),
        ("  - _Estimated: 2.5 hours_", ()),
        ("  - **Property 3: totals add up**", ()),
        ("  - _Depends on: task 4_", ()),
        ("  - _Exigences liées : 1.2, 3.1_", ("1.2", "3.1")),
    ],
)
def test_trailers_are_read_by_their_shape(trailer: str, refs: tuple[str, ...]) -> None:
    (task,) = parse_tasks(f"- [ ] 1. Task\n{trailer}\n".encode(), "tasks.md")
    assert task.requirement_refs == refs


def test_an_inline_trailer_in_another_language_ends_the_title() -> None:
    (task,) = parse_tasks(b"- [x] 2. Rabatte _Anforderungen: 2.1_\n", "tasks.md")
    assert (task.title, task.requirement_refs) == ("Rabatte", ("2.1",))


def test_other_labels_beside_the_trailer_label_are_notes() -> None:
    english = "- [ ] 1. Task\n  - _Requirements: 1.1_\n  - _Dependencies: 8.1_\n  - _Design: 2.2_\n"
    assert parse_tasks(english.encode(), "tasks.md")[0].requirement_refs == ("1.1",)
    german = (
        "- [ ] 1. Eins\n  - _Anforderungen: 1.1_\n  - _Abhängigkeiten: 3.1_\n"
        "- [ ] 2. Zwei\n  - _Anforderungen: 2.1, 2.2_\n"
    )
    assert [t.requirement_refs for t in parse_tasks(german.encode(), "tasks.md")] == [
        ("1.1",),
        ("2.1", "2.2"),
    ]


def test_a_plain_label_of_another_language_is_a_note() -> None:
    (task,) = parse_tasks(b"- [ ] 1. Task\n  Blocks: 3.1\n", "tasks.md")
    assert task.requirement_refs == ()


@pytest.mark.parametrize(
    ("trailer", "refs"),
    [
        ("  - _Requirements: 6.4, NFR-1_", ("6.4", "NFR-1")),
        ("  - _Requirements: 1.2, DR-3.2_", ("1.2", "DR-3.2")),
        ("  - **Validates**: TR-2, US-1", ("TR-2", "US-1")),
        ("  - _Zorblaten: US-3_", ("US-3",)),
    ],
)
def test_a_prefixed_id_in_a_trailer_stays_whole(trailer: str, refs: tuple[str, ...]) -> None:
    (task,) = parse_tasks(f"- [ ] 1. Task\n{trailer}\n".encode(), "tasks.md")
    assert task.requirement_refs == refs
