"""Loops tie commits to stories by id, in every shape: the change set, BASE and its reason, the
files of each story, and what the report and the gate make of them (issue 13, causes 3 and 4)."""

from __future__ import annotations

import json

from ralph_validate.core.git import EMPTY_TREE, Git
from ralph_validate.core.specs.discover import find_spec
from ralph_validate.validator.changeset import compute_change_set
from ralph_validate.validator.trace.commits import files_by_task

OLD_RUN = [
    ("US-001", "Add the tag cloud widget", "Tag cloud lists every tag"),
    ("US-002", "Export tags as CSV", "CSV has one row per tag"),
]
STORIES = [
    ("US-001", "Compute the arithmetic mean of a sample", "mean returns sum over count"),
    ("US-002", "Compute the median of a sample", "median returns the middle sorted value"),
    ("US-003", "Reject empty samples in mean and median", "raise EmptySampleError when empty"),
    ("US-004", "Reject NaN samples in mean and median", "raise NanSampleError on NaN"),
]
MEAN = "def mean(values):\n    return sum(values) / len(values)\n"
MEDIAN = (
    MEAN
    + "\n\ndef median(values):\n    ordered = sorted(values)\n"
    + "    return ordered[len(ordered) // 2]\n"
)
EMPTY = (
    "class EmptySampleError(ValueError):\n    pass\n\n\ndef reject_empty(values):\n"
    "    if not values:\n        raise EmptySampleError('empty sample')\n    return values\n"
)
NAN = (
    "import math\n\n\nclass NanSampleError(ValueError):\n    pass\n\n\ndef reject_nan(values):\n"
    "    if any(math.isnan(v) for v in values):\n        raise NanSampleError('NaN')\n"
    "    return values\n"
)


def _prd(stories: list[tuple[str, str, str]], done: int) -> str:
    entries = [
        {
            "id": sid,
            "title": title,
            "description": f"As an analyst: {title.lower()}.",
            "acceptanceCriteria": [criterion],
            "priority": n,
            "passes": n <= done,
        }
        for n, (sid, title, criterion) in enumerate(stories, start=1)
    ]
    return json.dumps({"branchName": "ralph/stats", "userStories": entries}, indent=2) + "\n"


def _test(module: str, name: str, imports: str, body: str) -> str:
    return f"import pytest\n\nfrom {module} import {imports}\n\n\ndef {name}():\n{body}"


def snarktank_repo(repo) -> dict[str, str]:
    """An earlier loop run (its own US-001/US-002), a human scaffold, the plan of this run,
    then one commit per story in four shapes, with unrelated commits in between."""
    repo.commit("chore: plan the tag stories", {"prd.json": _prd(OLD_RUN, 0)})
    repo.commit(
        "feat: US-001 - Add the tag cloud widget",
        {
            "tags/cloud.py": "def tag_cloud(tags):\n    return sorted(set(tags))\n",
            "prd.json": _prd(OLD_RUN, 1),
        },
    )
    repo.commit(
        "feat: US-002 - Export tags as CSV",
        {
            "tags/export.py": "def export_csv(tags):\n    return ','.join(tags)\n",
            "prd.json": _prd(OLD_RUN, 2),
        },
    )
    repo.commit(
        "Initial layout of the stats library", {"stats/__init__.py": "", "README.md": "# stats\n"}
    )
    plan = repo.commit("chore: plan the stats stories", {"prd.json": _prd(STORIES, 0)})
    shas = {"plan": plan}
    shas["US-001"] = repo.commit(
        "feat(US-001): arithmetic mean",
        {
            "stats/center.py": MEAN,
            "prd.json": _prd(STORIES, 1),
            "tests/test_mean.py": _test(
                "stats.center", "test_us_001_mean", "mean", "    assert mean([1, 2, 3]) == 2\n"
            ),
        },
    )
    shas["US-002"] = repo.commit(
        "[ralph] US-002 median of a sample",
        {
            "stats/center.py": MEDIAN,
            "prd.json": _prd(STORIES, 2),
            "tests/test_median.py": _test(
                "stats.center",
                "test_us_002_median",
                "median",
                "    assert median([3, 1, 2]) == 2\n",
            ),
        },
    )
    repo.commit("docs: fix 2 typos in the README", {"README.md": "# stats\n\nStatistics.\n"})
    repo.commit("chore(OPS-7): rotate the deploy key", {"ops/deploy.py": "KEY_AGE_DAYS = 90\n"})
    shas["US-003"] = repo.commit(
        "US-003 - reject empty samples in mean and median",
        {
            "stats/empty.py": EMPTY,
            "prd.json": _prd(STORIES, 3),
            "tests/test_empty.py": _test(
                "stats.empty",
                "test_empty_sample_is_rejected",
                "EmptySampleError, reject_empty",
                "    with pytest.raises(EmptySampleError):\n        reject_empty([])\n",
            ),
        },
    )
    shas["US-004"] = repo.commit(
        "Reject NaN samples in mean and median\n\nImplements: US-004",
        {
            "stats/nan.py": NAN,
            "prd.json": _prd(STORIES, 4),
            "tests/test_nan.py": _test(
                "stats.nan",
                "test_nan_sample_is_rejected",
                "NanSampleError, reject_nan",
                "    with pytest.raises(NanSampleError):\n"
                "        reject_nan([1.0, float('nan')])\n",
            ),
        },
    )
    return shas


def test_story_commits_make_the_change_set_and_base(repo) -> None:
    shas = snarktank_repo(repo)
    git = Git.open(repo.root)
    change = compute_change_set(git, "prd", spec=find_spec(repo.root, "prd.json"))
    assert change.base == shas["plan"]
    assert change.base_rule == (
        f"parent of {shas['US-001'][:7]}, the oldest commit naming a story of prd.json (US-001)"
    )
    assert change.source == "story-commits"
    assert change.commits == tuple(shas[f"US-00{n}"] for n in range(1, 5))
    assert change.notes == (
        "2 commit(s) after BASE name neither the spec nor a story of it; "
        "their files are not in the change set",
    )
    assert change.files == (
        "prd.json",
        "stats/center.py",
        "stats/empty.py",
        "stats/nan.py",
        "tests/test_empty.py",
        "tests/test_mean.py",
        "tests/test_median.py",
        "tests/test_nan.py",
    )


def test_each_story_is_tied_to_the_files_of_its_own_commit(repo) -> None:
    snarktank_repo(repo)
    git = Git.open(repo.root)
    spec = find_spec(repo.root, "prd.json")
    change = compute_change_set(git, spec.name, spec=spec)
    assert files_by_task(git, spec, change.commits) == {
        "US-001": ["prd.json", "stats/center.py", "tests/test_mean.py"],
        "US-002": ["prd.json", "stats/center.py", "tests/test_median.py"],
        "US-003": ["prd.json", "stats/empty.py", "tests/test_empty.py"],
        "US-004": ["prd.json", "stats/nan.py", "tests/test_nan.py"],
    }


def test_the_report_and_the_gate_credit_each_story(repo, validate, gate) -> None:
    shas = snarktank_repo(repo)
    done = validate("--repo", str(repo.root), "--spec", "prd.json", "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads((repo.root / "validation-report.json").read_text(encoding="utf-8"))
    assert data["base"] == shas["plan"]
    assert data["base_rule"].endswith("the oldest commit naming a story of prd.json (US-001)")
    rows = {
        r["id"]: (r["status"], sorted({i["file"] for i in r["implementation"]}))
        for r in data["requirements"]
    }
    assert rows == {
        "US-001": ("PASS", ["stats/center.py"]),
        "US-002": ("PASS", ["stats/center.py"]),
        "US-003": ("PASS", ["stats/empty.py"]),
        "US-004": ("PASS", ["stats/nan.py"]),
    }
    header = (repo.root / "validation-report.md").read_text(encoding="utf-8")
    assert (
        f"(parent of {shas['US-001'][:7]}, the oldest commit naming a story of prd.json (US-001))"
        in header
    )
    assert "from commits naming the spec or its stories" in header
    verdict = json.loads(gate("--repo", str(repo.root), "--spec", "prd.json", "--json").stdout)
    assert verdict["verdict"] == "COMPLETE"


def agent_tasks_repo(repo) -> dict[str, str]:
    """A `.agent/tasks.json` loop whose first commit is its first task, ids in scopes."""

    def tasks(done: int) -> str:
        entries = [
            {
                "id": tid,
                "title": title,
                "description": title,
                "acceptanceCriteria": [title],
                "passes": n <= done,
            }
            for n, (tid, title) in enumerate(
                [
                    ("TSK-1", "Track stock levels per item"),
                    ("TSK-2", "Flag items below the reorder threshold"),
                ],
                start=1,
            )
        ]
        return json.dumps({"branchName": "agent/inventory", "tasks": entries}, indent=2) + "\n"

    shas = {}
    shas["TSK-1"] = repo.commit(
        "feat(TSK-1): stock levels",
        {
            ".agent/tasks.json": tasks(1),
            "inventory/stock.py": "def stock_level(item, moves):\n    return sum(moves)\n",
        },
    )
    repo.commit(
        "refactor: split 2 helpers", {"inventory/util.py": "def clamp(x):\n    return max(x, 0)\n"}
    )
    repo.commit("feat(TSK-12): a task of another list", {"inventory/other.py": "OTHER = 12\n"})
    shas["TSK-2"] = repo.commit(
        "fix(inventory, TSK-2): reorder threshold",
        {
            ".agent/tasks.json": tasks(2),
            "inventory/reorder.py": (
                "def below_reorder_threshold(level, threshold):\n    return level < threshold\n"
            ),
        },
    )
    return shas


def test_agent_tasks_ids_in_conventional_commit_scopes(repo) -> None:
    shas = agent_tasks_repo(repo)
    git = Git.open(repo.root)
    spec = find_spec(repo.root, ".agent/tasks.json")
    change = compute_change_set(git, spec.name, spec=spec)
    assert change.base == EMPTY_TREE
    assert change.base_rule == (
        f"empty tree: {shas['TSK-1'][:7]}, the oldest commit naming a story of .agent/tasks.json"
        " (TSK-1), is the root commit"
    )
    assert change.commits == (shas["TSK-1"], shas["TSK-2"])
    assert change.files == (".agent/tasks.json", "inventory/reorder.py", "inventory/stock.py")
    assert files_by_task(git, spec, change.commits) == {
        "TSK-1": [".agent/tasks.json", "inventory/stock.py"],
        "TSK-2": [".agent/tasks.json", "inventory/reorder.py"],
    }


def test_without_story_commits_base_is_where_the_spec_was_added(repo) -> None:
    repo.commit("Initial scaffold", {"README.md": "x\n", "app/main.py": "A = 1\n"})
    added = repo.commit(
        "Add the feeds spec",
        {
            ".kiro/specs/feeds/requirements.md": "# Requirements\n",
            ".kiro/specs/feeds/tasks.md": "- [ ] 1. Parse the feed\n",
        },
    )
    repo.commit("parse feeds", {"app/feed.py": "def parse(x):\n    return x\n"})
    git = Git.open(repo.root)
    spec = find_spec(repo.root, "feeds")
    change = compute_change_set(git, spec.name, spec=spec)
    assert change.base == repo.git("rev-parse", f"{added}^").strip()
    assert change.base_rule == (
        f"parent of {added[:7]}, the commit that added .kiro/specs/feeds/requirements.md"
        " (no commit names the spec or a story of it)"
    )
    assert change.source == "diff"
    assert change.files == (
        ".kiro/specs/feeds/requirements.md",
        ".kiro/specs/feeds/tasks.md",
        "app/feed.py",
    )
    assert change.notes == (
        "no commit subject starts with 'feeds:' and no commit names a story of"
        " .kiro/specs/feeds/tasks.md; change set from git diff",
    )


def test_a_spec_added_with_the_first_work_keeps_that_work_and_says_so(repo) -> None:
    scaffold = repo.commit("Initial scaffold", {"README.md": "x\n"})
    added = repo.commit(
        "start feeds",
        {".kiro/specs/feeds/tasks.md": "- [ ] 1. Parse the feed\n", "app/feed.py": "F = 1\n"},
    )
    change = compute_change_set(Git.open(repo.root), "feeds", spec=find_spec(repo.root, "feeds"))
    assert change.base == scaffold
    assert change.base_rule == (
        f"parent of {added[:7]}, the commit that added .kiro/specs/feeds/tasks.md (no commit"
        " names the spec or a story of it); it also changed 1 other file(s), kept in the change set"
    )
    assert change.files == (".kiro/specs/feeds/tasks.md", "app/feed.py")


def test_an_uncommitted_spec_and_no_story_commit_fall_back_to_the_root(repo) -> None:
    root = repo.commit("init", {"a.py": "A = 1\n"})
    repo.commit("more", {"b.py": "B = 1\n"})
    repo.write("prd.json", _prd(STORIES, 0))
    change = compute_change_set(Git.open(repo.root), "prd", spec=find_spec(repo.root, "prd.json"))
    assert (change.base, change.base_rule, change.files) == (root, "root commit", ("b.py",))


def test_a_second_run_without_story_commits_starts_where_its_plan_was_written(repo) -> None:
    first = [("story-1", "Scaffold the calendar", "a grid"), ("story-2", "Mock events", "data")]
    second = [("story-1", "Sticky column headers", "sticky"), ("story-2", "Time picker", "pick")]
    repo.commit("Initial commit", {"README.md": "x\n"})
    repo.commit("chore: plan", {"prd.json": _prd(first, 0)})
    repo.commit(
        "feat: calendar grid (story-1)", {"src/grid.py": "G = 1\n", "prd.json": _prd(first, 1)}
    )
    repo.commit(
        "feat: mock events (story-2)", {"src/mock.py": "M = 1\n", "prd.json": _prd(first, 2)}
    )
    rewrite = repo.commit("chore: next plan", {"prd.json": _prd(second, 0)})
    repo.commit("feat: sticky headers", {"src/headers.py": "H = 1\n", "prd.json": _prd(second, 1)})
    git = Git.open(repo.root)
    spec = find_spec(repo.root, "prd.json")
    change = compute_change_set(git, spec.name, spec=spec)
    assert change.commits == ()
    assert change.base == repo.git("rev-parse", f"{rewrite}^").strip()
    assert change.base_rule == (
        f"parent of {rewrite[:7]}, the oldest commit from which prd.json declares its current"
        " stories (no commit names the spec or a story of it)"
    )
    assert change.files == ("prd.json", "src/headers.py")


def test_a_commit_naming_a_story_without_its_work_credits_nothing(repo, validate) -> None:
    stories = [("US-001", "Compute the arithmetic mean of a sample", "mean is sum over count")]
    repo.commit("Initial layout", {"README.md": "x\n"})
    repo.commit("chore: plan", {"prd.json": _prd(stories, 0)})
    repo.commit(
        "feat(US-001): arithmetic mean",
        {"stats/version.py": "VERSION = '1.2.0'\n", "prd.json": _prd(stories, 1)},
    )
    done = validate("--repo", str(repo.root), "--spec", "prd.json", "--no-llm", "--quiet")
    data = json.loads((repo.root / "validation-report.json").read_text(encoding="utf-8"))
    (row,) = data["requirements"]
    assert (row["id"], row["status"], row["implementation"]) == ("US-001", "FAIL", [])
    assert done.returncode == 0, done.stderr


def test_a_feature_list_without_ids_keeps_its_plan_when_an_entry_is_inserted(repo) -> None:
    def features(*names: str) -> str:
        return json.dumps([{"description": n, "steps": [], "passes": False} for n in names])

    repo.commit("Initial commit", {"README.md": "x\n"})
    added = repo.commit("plan", {"feature_list.json": features("Nightly export", "Encrypt")})
    repo.commit("export", {"src/export.py": "E = 1\n"})
    repo.commit("insert", {"feature_list.json": features("Audit log", "Nightly export", "Encrypt")})
    spec = find_spec(repo.root, "feature_list.json")
    change = compute_change_set(Git.open(repo.root), spec.name, spec=spec)
    assert change.base_rule.startswith(f"parent of {added[:7]}, the commit that added")
    assert change.files == ("feature_list.json", "src/export.py")
