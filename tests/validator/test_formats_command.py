"""``ralph-validate formats``: what every spec of a repository reads as, deterministic."""

from __future__ import annotations

import json

AGENT = {
    "branchName": "ralph/pager",
    "tasks": [
        {"id": "T-1", "title": "Page on failure", "passes": True},
        {"id": "T-2", "title": "Escalate", "status": "blocked"},
    ],
}
REQUIREMENTS = """# Plonk

### Zorblat 1: Vell

#### Grabnik

1. WENN a DANN b
"""
TASKS = "# Plan\n\n- [x] 1. Vell bauen\n  - _Zorblaten: 1.1_\n- [o] 2. odd box\n"


def make(repo) -> None:
    repo.commit(
        "specs",
        {
            ".agent/tasks.json": json.dumps(AGENT, indent=2),
            ".kiro/specs/plonk/requirements.md": REQUIREMENTS,
            ".kiro/specs/plonk/tasks.md": TASKS,
            "data/feature_list.json": '["Distance_KM", "Is_Weekend"]',
            "src/app.py": "x = 1\n",
        },
    )


def test_every_spec_is_listed_with_its_states_and_what_was_not_read(repo, validate) -> None:
    make(repo)
    done = validate("formats", "--repo", str(repo.root))
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines() == [
        ".agent/tasks.json: agent-tasks",
        "  requirements: 2 read from .agent/tasks.json (0 acceptance criteria)",
        "    T-1  Page on failure  (tasks.json:5, 0 criteria)",
        "    T-2  Escalate  (tasks.json:10, 0 criteria)",
        "  tasks: 1 read from .agent/tasks.json (1 done)",
        "    [done] T-1  Page on failure  (tasks.json:5)",
        "  not read: 1",
        "    UNKNOWN tasks.json:10  T-2: done state not read: 'status' = \"blocked\" is neither "
        "a done nor an open state",
        ".kiro/specs/plonk: kiro",
        "  requirements: 1 read from .kiro/specs/plonk/requirements.md (1 acceptance criteria)",
        "    1  Vell  (requirements.md:3, 1 criteria)",
        "  tasks: 1 read from .kiro/specs/plonk/tasks.md (1 done)",
        "    [done] 1  Vell bauen  (tasks.md:3) -> 1.1",
        "  not read: 1",
        "    UNKNOWN tasks.md:5  not read as a task: - [o] 2. odd box",
        "data/feature_list.json: refused: data/feature_list.json: list[0] is not an object",
        "3 spec(s): 0 read whole, 2 with parts not read, 1 refused",
    ]
    again = validate("formats", "--repo", str(repo.root))
    assert again.stdout == done.stdout


def test_json_output_and_one_spec(repo, validate) -> None:
    make(repo)
    done = validate("formats", "--repo", str(repo.root), "--spec", "plonk", "--json")
    assert done.returncode == 1
    [spec] = json.loads(done.stdout)["specs"]
    assert (spec["path"], spec["format"], spec["refused"]) == ("plonk", "kiro", None)
    assert [(r["id"], r["criteria"]) for r in spec["requirements"]] == [("1", ["1.1"])]
    assert [(t["id"], t["state"], t["requirement_refs"]) for t in spec["tasks"]] == [
        ("1", "done", ["1.1"])
    ]
    assert [(u["line"], u["file"]) for u in spec["unread"]] == [(5, ".kiro/specs/plonk/tasks.md")]


def test_a_spec_read_whole_exits_0(repo, validate) -> None:
    prd = {"userStories": [{"id": "US-1", "status": "done"}]}
    repo.commit("prd", {"prd.json": json.dumps(prd)})
    done = validate("formats", "--repo", str(repo.root))
    assert done.returncode == 0
    summary = "1 spec(s): 1 read whole, 0 with parts not read, 0 refused"
    assert done.stdout.splitlines()[-1] == summary


def test_bad_input_is_one_line_and_exit_2(repo, validate, tmp_path) -> None:
    make(repo)
    missing = validate("formats", "--repo", str(repo.root), "--spec", "nope")
    refused = validate("formats", "--repo", str(repo.root), "--spec", "data/feature_list.json")
    not_a_repo = validate("formats", "--repo", str(tmp_path / "nowhere"))
    for done in (missing, refused, not_a_repo):
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith("ralph-validate: error: ") and done.stderr.count("\n") == 1
    assert "list[0] is not an object" in refused.stderr


def test_a_repository_without_specs_says_so(repo, validate) -> None:
    repo.commit("code", {"src/app.py": "x = 1\n"})
    done = validate("formats", "--repo", str(repo.root))
    assert (done.returncode, done.stdout) == (0, "no spec found in this repository\n")
