"""Work that belongs to another spec laid out beside this one is not this spec's, also when
no commit subject names a spec (issue 13, cause 2): a commit that writes the other spec's
own documents, and the commits a merge brings in from a branch named after the other spec
(``Merge pull request #2 from owner/feat/beta``), are that spec's. An id named in their
files is no evidence for this spec's requirement of the same number."""

from __future__ import annotations

import json

ALPHA = (
    "# Requirements\n\n### Requirement 1\n\n**User Story:** As an editor, I want drafts "
    "autosaved, so that nothing is lost.\n\n#### Acceptance Criteria\n\n1. WHEN an editor "
    "types THEN the system SHALL autosave the draft every ten seconds\n"
)
BETA = (
    "# Requirements\n\n### Requirement 1\n\n**User Story:** As a viewer, I want image "
    "thumbnails, so that galleries load fast.\n\n#### Acceptance Criteria\n\n1. WHEN an image "
    "is uploaded THEN the system SHALL create a thumbnail\n"
)
TASKS = "- [x] 1. Build it\n  - _Requirements: 1.1_\n"
THUMBS = "# Requirements: 1.1\ndef make_thumbnail(image):\n    return image\n"
AUTOSAVE = "def autosave(draft, every=10):\n    return draft\n"


def _alpha_row(repo, validate) -> dict:
    done = validate("--repo", str(repo.root), "--spec", "alpha", "--no-llm", "--quiet")
    assert done.returncode != 2, done.stderr
    data = json.loads((repo.root / ".kiro/specs/alpha/validation-report.json").read_text())
    (row,) = [r for r in data["requirements"] if r["id"] == "1"]
    return row


def _alpha_first(repo) -> None:
    repo.commit("chore: scaffold", {"README.md": "# editor\n", "src/__init__.py": ""})
    repo.commit(
        "feat: autosave drafts",
        {
            ".kiro/specs/alpha/requirements.md": ALPHA,
            ".kiro/specs/alpha/tasks.md": TASKS,
            "src/autosave.py": AUTOSAVE,
        },
    )


def test_a_commit_writing_the_other_specs_documents_is_that_specs(repo, validate) -> None:
    _alpha_first(repo)
    repo.commit(
        "feat: thumbnails",
        {
            ".kiro/specs/beta/requirements.md": BETA,
            ".kiro/specs/beta/tasks.md": TASKS,
            "src/thumbs.py": THUMBS,
        },
    )
    row = _alpha_row(repo, validate)
    assert "src/thumbs.py" not in {i["file"] for i in row["implementation"]}


def test_commits_merged_from_a_branch_named_after_the_other_spec_are_its(repo, validate) -> None:
    _alpha_first(repo)
    repo.commit(
        "docs: plan thumbnails",
        {".kiro/specs/beta/requirements.md": BETA, ".kiro/specs/beta/tasks.md": TASKS},
    )
    repo.git("checkout", "-q", "-b", "feat/beta")
    repo.commit("feat: thumbnails", {"src/thumbs.py": THUMBS})
    repo.git("checkout", "-q", "main")
    repo.git(
        "merge", "-q", "--no-ff", "feat/beta", "-m", "Merge pull request #2 from me/feat/beta"
    )
    row = _alpha_row(repo, validate)
    assert "src/thumbs.py" not in {i["file"] for i in row["implementation"]}


def test_a_merge_of_an_unnamed_branch_leaves_its_work_in_scope(repo, validate) -> None:
    """The honest twin: nothing says the merged work is another spec's, so an id in it
    still counts for this spec (a loop that names no spec anywhere)."""
    _alpha_first(repo)
    repo.commit(
        "docs: plan thumbnails",
        {".kiro/specs/beta/requirements.md": BETA, ".kiro/specs/beta/tasks.md": TASKS},
    )
    repo.git("checkout", "-q", "-b", "fix/misc")
    repo.commit("feat: thumbnails", {"src/thumbs.py": THUMBS})
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "fix/misc", "-m", "Merge pull request #3 from me/fix/misc")
    row = _alpha_row(repo, validate)
    assert "src/thumbs.py" in {i["file"] for i in row["implementation"]}
