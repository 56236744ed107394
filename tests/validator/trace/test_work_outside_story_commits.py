"""A requirement whose only implementation was committed under no story's name is not
called unimplemented: that commit is outside the change set, so the row says UNKNOWN and
where the work is (issue 13). With no such work anywhere it stays FAIL."""

from __future__ import annotations

import json

STORIES = [
    ("T-1", "Search the catalogue by keyword", "search returns items whose name holds the word"),
    ("T-2", "Filter search results by price", "filter_by_price keeps items within the range"),
]
SEARCH = "def search(items, word):\n    return [i for i in items if word in i['name']]\n"
FILTERS = (
    "def filter_by_price(items, low, high):\n"
    "    return [i for i in items if low <= i['price'] <= high]\n"
)
SEARCH_TEST = (
    "from shop.search import search\n\n\ndef test_search_keeps_matching_names():\n"
    "    assert search([{'name': 'red mug'}], 'mug') == [{'name': 'red mug'}]\n"
)


def _prd(done: int) -> str:
    entries = [
        {"id": sid, "title": title, "acceptanceCriteria": [criterion], "passes": n <= done}
        for n, (sid, title, criterion) in enumerate(STORIES, start=1)
    ]
    return json.dumps({"branchName": "ralph/shop", "userStories": entries}, indent=2) + "\n"


def _shop(repo, unnamed: dict[str, str] | None) -> None:
    repo.commit("Initial layout", {"README.md": "# shop\n", "shop/__init__.py": ""})
    repo.commit("chore: plan the shop stories", {"prd.json": _prd(0)})
    repo.commit(
        "[ralph] T-1 keyword search",
        {"shop/search.py": SEARCH, "tests/test_search.py": SEARCH_TEST, "prd.json": _prd(1)},
    )
    if unnamed is not None:
        repo.commit("price filters", unnamed)
    repo.commit("[ralph] T-2 mark done", {"prd.json": _prd(2)})


def _rows(repo, validate) -> dict[str, tuple[str, str]]:
    done = validate("--repo", str(repo.root), "--spec", "prd.json", "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads((repo.root / "validation-report.json").read_text(encoding="utf-8"))
    return {r["id"]: (r["status"], r.get("reason", "")) for r in data["requirements"]}


def test_work_committed_under_no_story_name_is_unknown_not_unimplemented(repo, validate) -> None:
    _shop(repo, {"shop/filters.py": FILTERS})
    rows = _rows(repo, validate)
    status, reason = rows["T-2"]
    assert status == "UNKNOWN"
    assert "shop/filters.py:1" in reason
    assert "names neither the spec nor a story" in reason
    assert rows["T-1"][0] == "PASS"


def test_without_that_work_the_requirement_stays_unimplemented(repo, validate) -> None:
    _shop(repo, None)
    assert _rows(repo, validate)["T-2"][0] == "FAIL"


def test_an_unnamed_commit_of_unrelated_code_leaves_the_fail(repo, validate) -> None:
    unrelated = {"shop/banner.py": "def banner(text):\n    return text.upper()\n"}
    _shop(repo, unrelated)
    assert _rows(repo, validate)["T-2"][0] == "FAIL"
