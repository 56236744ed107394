"""Contract findings the goal did not cause are pre-existing: the same answer at BASE."""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "contracts"


def _files(case: str, variant: str) -> dict[str, str]:
    root = FIXTURES / case / variant
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _contract_findings(root: Path, validate) -> tuple[list[dict], dict]:
    done = validate("--repo", str(root), "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    report = json.loads((root / "validation-report.json").read_text(encoding="utf-8"))
    return [f for f in report["findings"] if f["kind"].startswith("contract.")], report


def test_a_bug_already_at_base_is_pre_existing_and_not_a_row(repo, validate) -> None:
    files = _files("ts-cdk-nodejs", "buggy")
    repo.commit("chore: the pipeline as it was", files)
    handler = files["lambda/count.ts"] + "// counts rows of the staging table\n"
    repo.commit("row-count: document the handler", {"lambda/count.ts": handler})
    findings, report = _contract_findings(repo.root, validate)
    fails = [f for f in findings if f["status"] == "FAIL"]
    assert fails and all(f["pre_existing"] for f in fails)
    assert [c for c in report["contracts"] if c["status"] == "FAIL"] == []


def test_a_bug_the_goal_introduces_is_not_pre_existing(repo, validate) -> None:
    fixed = _files("ts-cdk-nodejs", "fixed")
    repo.commit("chore: the pipeline as it was", fixed)
    buggy = _files("ts-cdk-nodejs", "buggy")
    repo.commit(
        "row-count: read the result", {"lib/pipeline-stack.ts": buggy["lib/pipeline-stack.ts"]}
    )
    findings, report = _contract_findings(repo.root, validate)
    missing = [f for f in findings if f["kind"] == "contract.missing-field"]
    assert [(f["file"], f["line"], f["pre_existing"]) for f in missing] == [
        ("lib/pipeline-stack.ts", 26, False)
    ]
    assert any(c["status"] == "FAIL" and c["question"] == 2 for c in report["contracts"])
