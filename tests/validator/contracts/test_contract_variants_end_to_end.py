"""The issue's acceptance runs: each motivating variant as a real repository, audited by the
real ``ralph-validate`` command; the buggy version reports where the bug is, the fixed one
reports no FAIL at all (not only no contract FAIL)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

# case -> (kind, file, line) the buggy variant must report, at least.
ACCEPTANCE = {
    # CDK in TypeScript, a TypeScript action and a Step Functions Local mock.
    "ts-cdk-nodejs": {
        ("contract.missing-field", "lib/pipeline-stack.ts", 26),
        ("contract.mock-drift", "test/MockConfigFile.json", 18),
    },
    # Python CDK with payload_response_only and a Step Functions Local mock.
    "py-cdk": {
        ("contract.missing-field", "infra/stack.py", 38),
        ("contract.mock-drift", "tests/MockConfigFile.json", 16),
    },
    # ASL JSON loaded by a SAM template through DefinitionUri and DefinitionSubstitutions.
    "sam-asl-json": {
        ("contract.missing-field", "statemachine/row_count.asl.json", 19),
        ("contract.mock-drift", "statemachine/test/MockConfigFile.json", 12),
    },
    # Python mock.patch standing in for the real function.
    "py-mock-patch": {
        ("contract.missing-field", "shop/orders.py", 10),
        ("contract.mock-drift", "tests/test_orders.py", 8),
    },
    # A FastAPI route in snake_case read by a TypeScript client in camelCase.
    "http-snake-camel": {
        ("contract.missing-field", "web/src/orders.ts", 9),
        ("contract.naming-drift", "web/src/orders.ts", 9),
    },
}


def _audit(root: Path, validate) -> dict:
    done = validate("--repo", str(root), "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads((root / "validation-report.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", sorted(ACCEPTANCE))
def test_the_buggy_variant_is_reported_where_the_bug_is(case, case_repo, validate) -> None:
    root = case_repo(case, "buggy")
    report = _audit(root, validate)
    fails = {
        (f["kind"], f["file"], f["line"])
        for f in report["findings"]
        if f["status"] == "FAIL" and f["kind"].startswith("contract.")
    }
    assert ACCEPTANCE[case] <= fails
    rows = [c for c in report["contracts"] if c["status"] == "FAIL"]
    assert rows and all(c["consumer"] or c["producer"] for c in rows)
    markdown = (root / "validation-report.md").read_text(encoding="utf-8")
    table = markdown.split("## Cross-component integrity", 1)[1].split("\n## ", 1)[0]
    for kind, file, line in ACCEPTANCE[case]:
        if kind != "contract.mock-drift":
            assert f"@ {file}:{line} |" in table


@pytest.mark.parametrize("case", sorted(ACCEPTANCE))
def test_the_fixed_variant_reports_no_fail(case, case_repo, validate) -> None:
    report = _audit(case_repo(case, "fixed"), validate)
    assert report["summary"]["FAIL"] == 0, [f for f in report["findings"] if f["status"] == "FAIL"]
    assert any(c["status"] == "PASS" for c in report["contracts"])


def test_the_fail_on_threshold_counts_contract_findings(case_repo, validate) -> None:
    root = case_repo("ts-cdk-nodejs", "buggy")
    done = validate("--repo", str(root), "--no-llm", "--quiet", "--fail-on", "fail")
    assert done.returncode == 1


FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "contracts"


def _case_files(case: str, variant: str) -> dict[str, str]:
    root = FIXTURES / case / variant
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_a_suppressed_or_ignored_contract_finding_leaves_the_table_too(repo, validate) -> None:
    files = _case_files("ts-cdk-nodejs", "buggy")
    lines = files["lib/pipeline-stack.ts"].split("\n")
    lines[25] += " // ralph-validate: ignore[CT002] the envelope is flattened upstream"
    files["lib/pipeline-stack.ts"] = "\n".join(lines)
    files["pyproject.toml"] = '[tool.ralph-validate]\nignore = ["CT003"]\n'
    repo.commit("chore: start", {"README.md": "x\n"})
    repo.commit("row-count: pipeline", files)
    report = _audit(repo.root, validate)
    assert sorted((c["question"], c["status"]) for c in report["contracts"]) == [
        (1, "FAIL"),
        (4, "FAIL"),
    ]
    # The suppressions hide their findings, and are themselves reported: the change added them.
    assert sorted(f["rule"] for f in report["findings"]) == ["CT001", "CT004", "SU001", "SU001"]
    assert sorted(f["file"] for f in report["findings"] if f["rule"] == "SU001") == [
        "lib/pipeline-stack.ts",
        "pyproject.toml",
    ]
    assert report["summary"]["FAIL"] == 4
