"""Every spec and task reader on damaged input keeps its contract: InputError with a one-line
message naming the file, or a result whose tasks and requirements are well formed."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from mutations import mutated

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs import parse_tasks
from ralph_validate.core.specs.json_formats import read_json_tasks
from ralph_validate.core.specs.kiro import unread_tasks
from ralph_validate.core.specs.kiro_requirements import parse_requirements, unread_requirements

TASKS_MD = (
    b"# Tasks\n\n- [x] 1. Cart\n  - [ ] 1.1 Totals\n* [x] 2. Lines\n1. [ ] 3. Round\n"
    b"- [ ] 4. FINAL gate\n",
)
REQUIREMENTS_MD = (
    b"# Requirements\n\n## Requirement 1: Cart\n\n**User Story:** As a buyer, I want totals\n\n"
    b"#### Acceptance Criteria\n\n1. WHEN lines change THEN the cart SHALL total them\n",
)
JSON_TASKS = (
    b'{"userStories": [{"id": "US-1", "title": "Cart", "passes": true,'
    b' "acceptanceCriteria": ["totals"]}]}',
    b'[{"description": "Timer", "steps": ["start"], "passes": false}]',
    b'{"tasks": [{"id": "T1", "title": "Export", "status": "done"}]}',
)
OPEN_BOX = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[ \]", re.MULTILINE)
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _one_line_naming(err: InputError, path: str) -> None:
    assert "\n" not in err.message and err.message.strip() == err.message
    assert path in err.message


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@FUZZ
@given(mutated(TASKS_MD))
def test_tasks_md(data: bytes) -> None:
    try:
        tasks = parse_tasks(data, "tasks.md")
        unread = unread_tasks(data, "tasks.md")
    except InputError as err:
        _one_line_naming(err, "tasks.md")
    else:
        assert all(t.title.strip() == t.title and t.line >= 1 for t in tasks)
        assert all(u.file == "tasks.md" and u.line >= 1 for u in unread)
        text = data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
        boxes = OPEN_BOX.findall(text)
        # Every open box of a list item is an open task or an unread line, never dropped.
        assert sum(1 for t in tasks if not t.checked) + len(unread) >= min(len(boxes), 1)


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@FUZZ
@given(mutated(REQUIREMENTS_MD))
def test_kiro_requirements_md(data: bytes) -> None:
    try:
        requirements = parse_requirements(data, "requirements.md")
        unread = unread_requirements(data, "requirements.md")
    except InputError as err:
        _one_line_naming(err, "requirements.md")
    else:
        assert all(r.id and r.line >= 1 for r in requirements)
        text = data.decode("utf-8", "replace").lstrip("\ufeff")
        prose = [
            line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
        ]
        assert requirements or unread or not prose  # a title alone declares nothing


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@FUZZ
@given(mutated(JSON_TASKS))
def test_json_task_lists(data: bytes) -> None:
    try:
        read = read_json_tasks(data, "prd.json")
    except InputError as err:
        _one_line_naming(err, "prd.json")
    else:
        assert read.tasks or read.unread or read.empty is not None
        assert all(t.line >= 1 for t in read.tasks)
