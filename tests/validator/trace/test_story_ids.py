"""Which story/task ids of a spec a commit message names, whatever shape the loop wrote."""

from __future__ import annotations

import json

import pytest

from ralph_validate.core.git import Git
from ralph_validate.core.specs.discover import find_spec
from ralph_validate.validator.trace.story_ids import StoryIds

KIRO_TASKS = "- [x] 1. Parse the feed\n- [x] 2. Store entries\n  - [x] 2.1 Index by date\n"


def _stories(ids: list[str]) -> str:
    return json.dumps(
        {"userStories": [{"id": i, "title": f"story {i}", "passes": True} for i in ids]}
    )


def _matcher(repo, spec: str) -> StoryIds:
    git = Git.open(repo.root)
    return StoryIds.of(git, find_spec(repo.root, spec).name, find_spec(repo.root, spec))


@pytest.fixture
def prd(repo) -> StoryIds:
    repo.commit("plan", {"prd.json": _stories(["US-001", "US-004", "AUTH-3", "story-7", "F12"])})
    return _matcher(repo, "prd.json")


@pytest.mark.parametrize(
    ("message", "named"),
    [
        ("feat(AUTH-3): sign-in form", ("AUTH-3",)),
        ("fix(api, AUTH-3)!: token expiry", ("AUTH-3",)),
        ("[ralph] US-004 store the session", ("US-004",)),
        ("[US-004] store the session", ("US-004",)),
        ("story-7: paginate the list", ("story-7",)),
        ("US-001 - add the priority column", ("US-001",)),
        ("feat: us-001 priority column", ("US-001",)),
        ("Add the export\n\nImplements: F12", ("F12",)),
        ("US-004: filters (after US-001)\n\nFollows US-001.", ("US-001", "US-004")),
        ("feat: add filters\n\nCloses US-004, US-001", ("US-001", "US-004")),
        ("prd: wire everything", ()),
    ],
)
def test_ids_in_the_shapes_loops_write(prd: StoryIds, message: str, named: tuple) -> None:
    assert prd.named(message) == named


@pytest.mark.parametrize(
    "message",
    [
        "feat: US-0012 another story",
        "feat: US-001-b follow-up",
        "feat: US-001.2 sub-step",
        "feat: XUS-001 vendor code",
        "feat(OPS-9): a story of another task file",
        "feat: F1 score in the dashboard",
        "docs: fix 2 typos",
    ],
)
def test_longer_ids_other_ids_and_prose_name_nothing(prd: StoryIds, message: str) -> None:
    assert prd.named(message) == ()


def test_the_subject_is_read_before_the_body(prd: StoryIds) -> None:
    assert prd.named("US-004: filters\n\nBuilds on US-001 and story-7.") == ("US-004",)


def test_an_id_the_reader_made_up_is_no_reference(repo) -> None:
    features = [{"description": "Export runs nightly", "passes": True}]
    repo.commit("plan", {"feature_list.json": json.dumps(features)})
    matcher = _matcher(repo, "feature_list.json")
    assert find_spec(repo.root, "feature_list.json").tasks[0].id == "F1"
    assert matcher.named("feat(F1): nightly export") == ()


def test_a_plain_word_id_is_named_only_where_commits_put_ids(repo) -> None:
    tasks = {"tasks": [{"id": "auth", "title": "Sign in", "passes": True}]}
    repo.commit("plan", {".agent/tasks.json": json.dumps(tasks)})
    matcher = _matcher(repo, ".agent/tasks.json")
    for message in ("auth: sign-in form", "feat(auth): sign-in form", "[auth] sign-in form"):
        assert matcher.named(message) == ("auth",), message
    assert matcher.named("fix: auth token refresh in the client") == ()


@pytest.mark.parametrize(
    ("message", "named"),
    [
        ("feat: task 2 store entries", ("2",)),
        ("Task 2.1: index by date", ("2.1",)),
        ("feat(2.1): index by date", ("2.1",)),
        ("feeds: 2.1 index by date", ("2.1",)),
        ("feeds: #2 store entries", ("2",)),
        ("feeds: 1 parse the feed", ("1",)),
        ("fix 2 bugs in the parser", ()),
        ("Merge pull request #2 from someone/branch", ()),
        ("bump to version 2.1", ()),
        ("feeds: handle 2 more formats", ()),
    ],
)
def test_task_numbers_need_a_task_context(repo, message: str, named: tuple) -> None:
    repo.commit("plan", {".kiro/specs/feeds/tasks.md": KIRO_TASKS})
    assert _matcher(repo, "feeds").named(message) == named


def test_a_number_a_sibling_spec_declares_too_needs_this_spec_named(repo) -> None:
    repo.commit(
        "plan",
        {
            ".kiro/specs/feeds/tasks.md": KIRO_TASKS,
            ".kiro/specs/billing/tasks.md": "- [x] 1. Invoice\n- [ ] 2. Refund\n",
        },
    )
    feeds = _matcher(repo, "feeds")
    assert feeds.named("feat: task 2 refunds") == ()
    assert feeds.named("Task 2.1: index by date") == ("2.1",)  # only feeds declares 2.1
    assert feeds.named("feat(feeds): task 2 store entries") == ("2",)
    assert feeds.named("feeds: task 2 store entries") == ("2",)
    assert _matcher(repo, "billing").named("feeds: task 2 store entries") == ()
