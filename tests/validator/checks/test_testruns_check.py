"""The test-run driver on real repositories: BASE and HEAD from git, the work tree with
--include-dirty, UNKNOWN changes as UNKNOWN cells, and a header note where BASE is HEAD."""

from __future__ import annotations

import json
from pathlib import Path

from ralph_validate.gate.report_reader import read_report

TESTS = (
    "from shop import total\n\n\n"
    "def test_total():\n    assert total([2, 3]) == 5\n\n\n"
    "def test_rounding():\n    assert total([0.1, 0.2]) == 0.3\n"
)
CONFIG = '[tool.pytest.ini_options]\ntestpaths = ["tests"]\naddopts = "%s"\n'
SHOP = "def total(prices):\n    return round(sum(prices), 2)\n"


def _base(repo) -> str:
    return repo.commit(
        "chore: shop",
        {"shop.py": SHOP, "tests/test_shop.py": TESTS, "pyproject.toml": CONFIG % "-q"},
    )


def _audit(validate, repo, tmp_path: Path, *args: str) -> tuple[dict, list[tuple[str, ...]]]:
    out = tmp_path / "out"
    done = validate("--repo", str(repo.root), *args, "--out", str(out))
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "validation-report.json").read_text(encoding="utf-8"))
    rows = [
        (*r.cells[:2], r.cells[3], r.status)
        for r in read_report(out / "validation-report.md").rows
        if r.table == "Integration test integrity"
    ]
    return report, rows


def test_a_deselect_since_base_is_a_fail_row_and_a_finding_at_the_setting(
    repo, validate, tmp_path: Path
) -> None:
    base = _base(repo)
    repo.commit(
        "feat: faster suite",
        {"pyproject.toml": CONFIG % "-q --deselect tests/test_shop.py::test_rounding"},
    )
    report, rows = _audit(validate, repo, tmp_path, "--base", base)
    assert rows == [
        (
            "tests/test_shop.py::test_rounding",
            "pyproject.toml:3",
            "test.config-weakened",
            "FAIL",
        )
    ]
    [finding] = report["findings"]
    assert (finding["kind"], finding["rule"], finding["file"], finding["line"]) == (
        "test.config-weakened",
        "TI010",
        "pyproject.toml",
        3,
    )
    assert finding["message"] == (
        "tests/test_shop.py::test_rounding no longer runs (pytest, config): "
        "--deselect tests/test_shop.py::test_rounding (pyproject.toml:3) "
        '(`addopts = "-q"` -> `addopts = "-q --deselect tests/test_shop.py::test_rounding"`)'
    )


def test_a_setting_already_there_at_base_is_no_finding(repo, validate, tmp_path: Path) -> None:
    repo.commit(
        "chore: shop",
        {
            "shop.py": SHOP,
            "tests/test_shop.py": TESTS,
            "pyproject.toml": CONFIG % "-q --deselect tests/test_shop.py::test_rounding",
        },
    )
    base = repo.git("rev-parse", "HEAD").strip()
    repo.commit("feat: docs", {"README.md": "# shop\n"})
    report, rows = _audit(validate, repo, tmp_path, "--base", base)
    assert report["findings"] == []
    assert all(status == "PASS" for *_, status in rows)


def test_with_include_dirty_head_is_the_work_tree(repo, validate, tmp_path: Path) -> None:
    base = _base(repo)
    (repo.root / "tests" / "test_shop.py").unlink()
    report, rows = _audit(validate, repo, tmp_path, "--base", base, "--include-dirty")
    assert sorted(rows) == [
        ("tests/test_shop.py::test_rounding", "tests/test_shop.py:8", "test.removed", "FAIL"),
        ("tests/test_shop.py::test_total", "tests/test_shop.py:4", "test.removed", "FAIL"),
    ]
    assert {(f["rule"], f["message"]) for f in report["findings"]} == {
        (
            "TI011",
            "tests/test_shop.py::test_total no longer runs: tests/test_shop.py deleted "
            "(BASE line 4)",
        ),
        (
            "TI011",
            "tests/test_shop.py::test_rounding no longer runs: tests/test_shop.py deleted "
            "(BASE line 8)",
        ),
    }
    committed, _ = _audit(validate, repo, tmp_path, "--base", base)
    assert committed["findings"] == []


def test_a_hook_whose_effect_is_not_literal_is_an_unknown_cell(
    repo, validate, tmp_path: Path
) -> None:
    base = _base(repo)
    hook = (
        "from markers import marker_for\n\n\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    for item in items:\n"
        "        item.add_marker(marker_for(item))\n"
    )
    repo.commit("feat: time limits", {"conftest.py": hook})
    report, rows = _audit(validate, repo, tmp_path, "--base", base)
    assert {(name, kind, status) for name, _, kind, status in rows} == {
        ("tests/test_shop.py::test_rounding", "test.config-weakened", "UNKNOWN"),
        ("tests/test_shop.py::test_total", "test.config-weakened", "UNKNOWN"),
    }
    assert {f["status"] for f in report["findings"]} == {"UNKNOWN"}
    assert report["summary"]["UNKNOWN"] == 2


def test_a_coverage_threshold_lowered_names_both_values(repo, validate, tmp_path: Path) -> None:
    base = repo.commit(
        "chore: shop",
        {
            "shop.py": SHOP,
            "tests/test_shop.py": TESTS,
            "setup.cfg": "[coverage:report]\nfail_under = 90\n",
        },
    )
    repo.commit("feat: discount", {"setup.cfg": "[coverage:report]\nfail_under = 65\n"})
    report, rows = _audit(validate, repo, tmp_path, "--base", base)
    assert rows == [("coverage.py fail_under", "setup.cfg:2", "test.config-weakened", "FAIL")]
    assert [f["message"] for f in report["findings"]] == [
        "coverage.py fail_under: coverage threshold lowered from 90 to 65"
    ]


def test_with_base_equal_to_head_the_header_says_the_test_runs_were_not_compared(
    repo, validate, tmp_path: Path
) -> None:
    _base(repo)
    same, _ = _audit(validate, repo, tmp_path, "--base", "HEAD")
    assert any(
        n.startswith("test runs not compared with BASE (BASE is HEAD)") for n in same["notes"]
    )


def test_with_all_and_base_the_test_runs_are_compared(repo, validate, tmp_path: Path) -> None:
    base = _base(repo)
    repo.commit("feat: drop", {"pyproject.toml": CONFIG % "-q --ignore=tests/test_shop.py"})
    report, _ = _audit(validate, repo, tmp_path, "--all", "--base", base)
    assert {(f["kind"], f["file"], f["line"], f["status"]) for f in report["findings"]} == {
        ("test.config-weakened", "pyproject.toml", 3, "FAIL")
    }
    assert not any(n.startswith("test runs not compared") for n in report["notes"])


def test_a_test_file_renamed_out_of_the_patterns_is_named_with_its_new_path(
    repo, validate, tmp_path: Path
) -> None:
    base = _base(repo)
    repo.git("mv", "tests/test_shop.py", "tests/check_shop.py")
    repo.commit("refactor: rename")
    report, rows = _audit(validate, repo, tmp_path, "--base", base)
    assert sorted(r for r in rows if r[2] != "none") == [
        ("tests/test_shop.py::test_rounding", "tests/test_shop.py:8", "test.removed", "FAIL"),
        ("tests/test_shop.py::test_total", "tests/test_shop.py:4", "test.removed", "FAIL"),
    ]
    assert sorted(f["message"] for f in report["findings"] if f["rule"] == "TI011") == [
        "tests/test_shop.py::test_rounding no longer runs: tests/test_shop.py renamed to "
        "tests/check_shop.py, which pytest does not collect (BASE line 8)",
        "tests/test_shop.py::test_total no longer runs: tests/test_shop.py renamed to "
        "tests/check_shop.py, which pytest does not collect (BASE line 4)",
    ]
