"""A story's own test, written by the story's own commit, covers the story when it reaches
the story's code; one that reaches nothing of it, or that integrity flags, covers nothing
(issue 13)."""

from __future__ import annotations

import json

STORIES = [
    ("AUTH-1", "Issue a signed token for a user", "issue_token returns a signed token string"),
    ("AUTH-2", "Verify a signed token for a user", "verify_token returns the user name"),
]
TOKENS = (
    "def issue_token(user):\n    return user + '.' + str(len(user))\n\n\n"
    "def verify_token(token):\n    user, _, size = token.partition('.')\n"
    "    return user if size == str(len(user)) else None\n"
)
REACHES = (
    "from lib.tokens import issue_token, verify_token\n\n\n"
    "def test_roundtrip():\n    assert verify_token(issue_token('amy')) == 'amy'\n"
)
REACHES_NOTHING = (
    "import json\n\n\n"
    "def test_roundtrip():\n    assert json.loads(json.dumps({'u': 'amy'})) == {'u': 'amy'}\n"
)
ALWAYS_TRUE = (
    "from lib.tokens import issue_token, verify_token\n\n\n"
    "def test_roundtrip():\n    issue_token('amy')\n    assert True\n"
)


def _prd(done: int) -> str:
    entries = [
        {
            "id": sid,
            "title": title,
            "description": "tokens",
            "acceptanceCriteria": [criterion],
            "priority": n,
            "passes": n <= done,
        }
        for n, (sid, title, criterion) in enumerate(STORIES, start=1)
    ]
    return json.dumps({"branchName": "ralph/tokens", "userStories": entries}, indent=2) + "\n"


def _rows(repo, validate, test_text: str) -> dict[str, tuple[str, list[str]]]:
    repo.commit("Initial scaffold", {"README.md": "# tok\n", "lib/__init__.py": ""})
    repo.commit("chore: plan", {"prd.json": _prd(0)})
    repo.commit("feat(AUTH-1): issue tokens", {"lib/tokens.py": TOKENS, "prd.json": _prd(1)})
    repo.commit(
        "[ralph] AUTH-2 verify tokens", {"tests/test_check.py": test_text, "prd.json": _prd(2)}
    )
    done = validate("--repo", str(repo.root), "--spec", "prd.json", "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads((repo.root / "validation-report.json").read_text(encoding="utf-8"))
    return {
        r["id"]: (r["status"], sorted(t["file"] for t in r["tests"])) for r in data["requirements"]
    }


def test_a_test_written_by_the_story_commit_that_reaches_its_code_covers_it(repo, validate) -> None:
    rows = _rows(repo, validate, REACHES)
    assert rows["AUTH-2"] == ("PASS", ["tests/test_check.py"])
    # Another story of the same module is not covered by AUTH-2's test.
    assert rows["AUTH-1"][1] == []


def test_a_test_of_the_story_commit_that_reaches_none_of_its_code_covers_nothing(
    repo, validate
) -> None:
    rows = _rows(repo, validate, REACHES_NOTHING)
    assert rows["AUTH-2"] == ("UNKNOWN", [])


def test_a_flagged_test_of_the_story_commit_does_not_pass_the_story(repo, validate) -> None:
    status, _ = _rows(repo, validate, ALWAYS_TRUE)["AUTH-2"]
    assert status != "PASS"
