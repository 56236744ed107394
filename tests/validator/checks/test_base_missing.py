"""--all without --base: every rule that compares with BASE is an UNKNOWN row, never silence;
with --base the same honest repository has no such row and the gate says COMPLETE."""

from __future__ import annotations

import json
from pathlib import Path

from ralph_validate.gate.report_reader import read_report

SPEC = (
    "# Requirements\n\n## Requirement 1: Totals\n\n"
    "1. WHEN prices are given THE SYSTEM SHALL sum them\n"
)
TASKS = "# Tasks\n\n- [x] 1. Sum the prices\n  - _Requirements: 1_\n"
SHOP = "def total(prices):\n    return sum(prices)\n"
TESTS = (
    "from shop import total\n\n\n"
    'def test_total_sums_prices():\n    """Requirement 1"""\n    assert total([2, 3]) == 5\n'
)
CONFIG = '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
NO_BASE_RULES = ["TI009", "TI010", "TI011", "TI012"]


def _honest(repo) -> str:
    base = repo.commit(
        "chore: spec",
        {
            ".kiro/specs/totals/requirements.md": SPEC,
            ".kiro/specs/totals/tasks.md": TASKS.replace("[x]", "[ ]"),
            "pyproject.toml": CONFIG,
        },
    )
    repo.commit(
        "totals: 1 sum the prices",
        {
            "shop.py": SHOP,
            "tests/test_shop.py": TESTS,
            ".kiro/specs/totals/tasks.md": TASKS,
        },
    )
    return base


def _audit(validate, repo, out: Path, *args: str) -> dict:
    done = validate("--repo", str(repo.root), "--spec", "totals", *args, "--out", str(out))
    assert done.returncode == 0, done.stderr
    return json.loads((out / "validation-report.json").read_text(encoding="utf-8"))


def test_all_without_base_gives_one_unknown_per_rule_that_compares_with_base(
    repo, validate, tmp_path: Path
) -> None:
    _honest(repo)
    report = _audit(validate, repo, tmp_path / "out", "--all")
    unknown = [f for f in report["findings"] if f["status"] == "UNKNOWN"]
    assert sorted(f["rule"] for f in unknown) == NO_BASE_RULES
    assert {(f["file"], f["line"]) for f in unknown} == {(".", 1)}
    assert all("not compared with BASE (--all without --base)" in f["message"] for f in unknown)
    assert report["summary"]["UNKNOWN"] == len(NO_BASE_RULES)
    rows = [
        (r.cells[0], r.cells[3], r.status)
        for r in read_report(tmp_path / "out" / "validation-report.md").rows
        if r.table == "Integration test integrity" and r.cells[1] == ".:1"
    ]
    assert rows == [
        ("test.config-weakened since BASE", "test.config-weakened", "UNKNOWN"),
        ("test.expectation-edited since BASE", "test.expectation-edited", "UNKNOWN"),
        ("test.removed since BASE", "test.removed", "UNKNOWN"),
        ("test.weakened since BASE", "test.weakened", "UNKNOWN"),
    ]


def test_the_gate_reads_the_rows_as_gaps_without_base_and_complete_with_base(
    repo, validate, gate, tmp_path: Path
) -> None:
    base = _honest(repo)
    _audit(validate, repo, tmp_path / "all", "--all")
    verdict = gate(
        "--repo",
        str(repo.root),
        "--spec",
        "totals",
        "--report",
        str(tmp_path / "all" / "validation-report.md"),
    )
    assert verdict.stdout.rstrip().endswith("<promise>COMPLETE-WITH-GAPS</promise>")
    assert "test.removed since BASE" in verdict.stdout
    report = _audit(validate, repo, tmp_path / "based", "--all", "--base", base)
    assert report["summary"]["UNKNOWN"] == 0 and report["summary"]["FAIL"] == 0
    verdict = gate(
        "--repo",
        str(repo.root),
        "--spec",
        "totals",
        "--report",
        str(tmp_path / "based" / "validation-report.md"),
    )
    assert verdict.returncode == 0, verdict.stdout
    assert verdict.stdout.rstrip().endswith("<promise>COMPLETE</promise>")


def test_a_rule_turned_off_in_the_settings_gives_no_row(repo, validate, tmp_path: Path) -> None:
    _honest(repo)
    repo.commit(
        "chore: settings",
        {"pyproject.toml": CONFIG + '\n[tool.ralph-validate]\nignore = ["TI011"]\n'},
    )
    report = _audit(validate, repo, tmp_path / "out", "--all")
    unknown = {f["rule"] for f in report["findings"] if f["status"] == "UNKNOWN"}
    # SU001: the settings entry itself is in effect and, without BASE, not known to be new.
    assert unknown == {"TI009", "TI010", "TI012", "SU001"}
