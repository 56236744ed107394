"""A literal ties a test to a requirement only when it tells that requirement apart: one
every requirement quotes (``REST API``) ties none, and one a twentieth of the production
files name (``limit``) is the code base's vocabulary (issue 13, cause 5: tests credited
that test something else)."""

from __future__ import annotations

import json

SPEC = """# Requirements

### Requirement 1: Move messages

**User Story:** As a `REST API` consumer, I want to move a message with `moveMessage`.

#### Acceptance Criteria

1. WHEN a move is asked THEN the system SHALL call `moveMessage` with the `limit`

### Requirement 2: Copy messages

**User Story:** As a `REST API` consumer, I want to copy a message with `copyMessage`.

#### Acceptance Criteria

1. WHEN a copy is asked THEN the system SHALL call `copyMessage`
"""
TASKS = "- [x] 1. Move and copy\n  - _Requirements: 1.1, 2.1_\n"
ROUTES = (
    "def moveMessage(uid, limit):\n    return ('move', uid, limit)\n\n\n"
    "def copyMessage(uid):\n    return ('copy', uid)\n"
)
PAGES = {f"src/page{i}.py": f"def page{i}(limit):\n    return limit\n" for i in range(4)}
TESTS = (
    "from src.routes import moveMessage\n\n\n"
    "def test_rest_api_answers_401_without_credentials():\n    assert moveMessage(1, 2)\n\n\n"
    "def test_limit_above_100_is_refused():\n    assert moveMessage(1, 200)\n\n\n"
    "def test_movemessage_moves_to_the_destination():\n    assert moveMessage(1, 2)[0] == 'move'\n"
)


def test_only_a_literal_of_its_own_ties_a_test(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {".kiro/specs/mail/requirements.md": SPEC, ".kiro/specs/mail/tasks.md": TASKS},
    )
    repo.commit(
        "feat: move and copy",
        {"src/__init__.py": "", "src/routes.py": ROUTES, "tests/test_routes.py": TESTS, **PAGES},
    )
    done = validate("--repo", str(repo.root), "--spec", "mail", "--no-llm", "--quiet")
    assert done.returncode != 2, done.stderr
    data = json.loads((repo.root / ".kiro/specs/mail/validation-report.json").read_text())
    tests = {r["id"]: sorted(t["name"] for t in r["tests"]) for r in data["requirements"]}
    assert tests["1"] == ["test_movemessage_moves_to_the_destination"]
    assert tests["2"] == []
