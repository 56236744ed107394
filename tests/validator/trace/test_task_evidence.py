"""A checked task is implemented by code that defines something and names the task's subject."""

from __future__ import annotations

from ralph_validate.core.specs.kiro import parse_tasks
from ralph_validate.core.specs.kiro_requirements import parse_requirements
from ralph_validate.core.specs.model import Spec
from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.terms import Terms
from ralph_validate.validator.trace.evidence import Tracer, classify

REQUIREMENTS = b"""# Requirements Document

## Requirements

### Requirement 1

**User Story:** As a shopper, I want loyalty points, so that purchases are rewarded.

#### Acceptance Criteria

1. WHEN a purchase is paid THEN the shop SHALL award one loyalty point per whole euro
"""
TASKS = b"""- [x] 1. Loyalty points
  - _Requirements: 1.1_
"""


def _spec() -> Spec:
    return Spec(
        name="loyalty",
        path="specs/loyalty",
        format="kiro",
        requirements=parse_requirements(REQUIREMENTS, "specs/loyalty/requirements.md"),
        tasks=parse_tasks(TASKS, "specs/loyalty/tasks.md"),
        tasks_file="specs/loyalty/tasks.md",
        requirements_file="specs/loyalty/requirements.md",
    )


def _task_evidence(path: str, text: str) -> list[str]:
    spec = _spec()
    found = classify(path, extract(path, text.encode()), spec)
    tracer = Tracer(spec, [found] if found else [])
    tracer.add_task_commits({"1": [path]})
    return [hit.file for hit in tracer.evidence["1"].implementation]


def _definitions(path: str, text: str) -> int | None:
    return extract(path, text.encode()).of_type(Terms)[0].definitions


def test_files_that_define_nothing_count_no_definitions() -> None:
    assert _definitions("a/empty.py", "") == 0
    assert _definitions("a/doc.py", '"""Loyalty points."""\n# one point per euro\n') == 0
    assert _definitions("a/__init__.py", "from .points import award\n") == 0
    assert _definitions("src/a.ts", "export {};\n") == 0
    assert _definitions("src/b.js", "'use strict';\nmodule.exports = {};\n") == 0
    assert _definitions("src/c.ts", "export { award } from './points';\n") == 0
    assert _definitions("src/d.ts", "export const award = (e: number) => Math.floor(e);\n") == 1
    assert _definitions("a/e.py", "def award(euros):\n    return int(euros)\n") == 1
    assert _definitions("config/app.json", '{"loyalty": 1}') is None


def test_a_definition_less_file_is_no_implementation() -> None:
    assert _task_evidence("shop/loyalty.py", '"""Loyalty points: one per whole euro."""\n') == []
    assert _task_evidence("src/loyalty.js", "// Loyalty points\nmodule.exports = {};\n") == []


def test_a_task_file_must_name_the_task_subject() -> None:
    assert _task_evidence("src/version.ts", "export const VERSION = '1.1.0';\n") == []
    named = "export function awardPoints(euros: number): number {\n  return Math.floor(euros);\n}\n"
    assert _task_evidence("src/points.ts", named) == ["src/points.ts"]
    python = "def loyalty_for(amount):\n    return int(amount)\n"
    assert _task_evidence("shop/rewards.py", python) == ["shop/rewards.py"]
