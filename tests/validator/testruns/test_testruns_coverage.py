"""Coverage thresholds: lowered, removed or no longer enforced is found; raised or moved is not."""

from __future__ import annotations

from collections.abc import Callable

WEAK = "config-weakened"
TESTS = {"tests/test_a.py": "def test_a():\n    assert 1\n"}


def test_pyproject_fail_under_lowered_is_found(changes: Callable) -> None:
    base = {
        **TESTS,
        "pyproject.toml": "[tool.coverage.report]\nshow_missing = true\nfail_under = 90\n",
    }
    head = {
        **TESTS,
        "pyproject.toml": "[tool.coverage.report]\nshow_missing = true\nfail_under = 60\n",
    }
    assert changes(base, head) == [(WEAK, "FAIL", "coverage.py fail_under", "pyproject.toml", 3)]


def test_fail_under_raised_or_moved_to_coveragerc_is_not_a_change(changes: Callable) -> None:
    base = {**TESTS, "pyproject.toml": "[tool.coverage.report]\nfail_under = 80\n"}
    head = {
        **TESTS,
        "pyproject.toml": "[project]\nname = 'x'\n",
        ".coveragerc": "[report]\nfail_under = 85\n",
    }
    assert changes(base, head) == []


def test_fail_under_removed_is_found_at_its_base_line(changes: Callable) -> None:
    base = {**TESTS, "setup.cfg": "[coverage:report]\nfail_under = 75\n"}
    head = {**TESTS, "setup.cfg": "[coverage:report]\nskip_covered = true\n"}
    assert changes(base, head) == [(WEAK, "FAIL", "coverage.py fail_under", "setup.cfg", 2)]


def test_cov_fail_under_in_addopts_lowered_is_found(changes: Callable) -> None:
    base = {**TESTS, "pytest.ini": "[pytest]\naddopts = --cov=src --cov-fail-under=95\n"}
    head = {**TESTS, "pytest.ini": "[pytest]\naddopts = --cov=src --cov-fail-under 10\n"}
    assert changes(base, head) == [(WEAK, "FAIL", "pytest-cov cov-fail-under", "pytest.ini", 2)]


def test_coverage_report_command_masked_in_ci_is_no_longer_enforced(changes: Callable) -> None:
    workflow = "on: push\njobs:\n  cov:\n    runs-on: x\n    steps:\n"
    workflow += "      - run: coverage report --fail-under=90%s\n"
    base = {**TESTS, ".github/workflows/cov.yml": workflow % ""}
    head = {**TESTS, ".github/workflows/cov.yml": workflow % " || true"}
    assert changes(base, head) == [
        (WEAK, "FAIL", "coverage.py fail_under", ".github/workflows/cov.yml", 6)
    ]


def test_jest_coverage_threshold_lowered_is_found(changes: Callable) -> None:
    config = "module.exports = {\n  coverageThreshold: {\n"
    config += "    global: { lines: %d, branches: 80 },\n  },\n};\n"
    base = {"jest.config.js": config % 90, "a.test.js": "test('a', () => {})\n"}
    head = {"jest.config.js": config % 50, "a.test.js": "test('a', () => {})\n"}
    assert changes(base, head) == [(WEAK, "FAIL", "jest global.lines", "jest.config.js", 3)]


def test_vitest_thresholds_lowered_is_found_and_raised_is_not(changes: Callable) -> None:
    config = (
        "import { defineConfig } from 'vitest/config'\n"
        "export default defineConfig({\n"
        "  test: {\n"
        "    coverage: { thresholds: { statements: %d } },\n"
        "  },\n"
        "})\n"
    )
    rows = changes({"vitest.config.ts": config % 80}, {"vitest.config.ts": config % 70})
    assert rows == [(WEAK, "FAIL", "vitest statements", "vitest.config.ts", 4)]
    assert changes({"vitest.config.ts": config % 80}, {"vitest.config.ts": config % 90}) == []


def test_nyc_check_coverage_turned_off_is_found(changes: Callable) -> None:
    base = {".nycrc.json": '{\n  "check-coverage": true,\n  "lines": 90\n}\n'}
    head = {".nycrc.json": '{\n  "check-coverage": false,\n  "lines": 90\n}\n'}
    assert changes(base, head) == [(WEAK, "FAIL", "nyc lines", ".nycrc.json", 3)]


def test_c8_threshold_on_the_command_line_lowered_is_found(changes: Callable) -> None:
    package = '{"scripts": {"test": "c8 --check-coverage --lines %d node --test"}}\n'
    rows = changes({"package.json": package % 95}, {"package.json": package % 20})
    assert rows == [(WEAK, "FAIL", "c8 lines", "package.json", 1)]
