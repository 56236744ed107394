"""Jest and Vitest runs: narrowed patterns and scripts are found; honest edits are not."""

from __future__ import annotations

import json
from collections.abc import Callable

WEAK = "config-weakened"
REMOVED = "removed"
SOURCES = {
    "src/orders/total.test.ts": "describe('total', () => {\n  it('adds tax', () => {})\n})\n",
    "src/users/login.spec.js": "test('logs in', () => {})\n",
    "src/users/helpers.js": "export const user = () => ({})\n",
}


def _jest_package(test_script: str = "jest", jest: dict | None = None) -> dict[str, str]:
    """A package using Jest, configured in package.json."""
    document: dict = {"scripts": {"test": test_script}, "devDependencies": {"jest": "^29"}}
    if jest is not None:
        document["jest"] = jest
    return {**SOURCES, "package.json": json.dumps(document, indent=2) + "\n"}


def test_jest_ignore_pattern_narrowed_to_a_test_folder_is_found(changes: Callable) -> None:
    base = _jest_package(jest={"testPathIgnorePatterns": ["/node_modules/"]})
    head = _jest_package(
        jest={"testPathIgnorePatterns": ["/node_modules/", "<rootDir>/src/orders/"]}
    )
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/orders/total.test.ts::total > adds tax", "package.json", 9)
    ]


def test_jest_ignore_pattern_widened_to_a_build_folder_without_tests_is_not_a_change(
    changes: Callable,
) -> None:
    base = _jest_package(jest={"testPathIgnorePatterns": ["/node_modules/"]})
    head = _jest_package(jest={"testPathIgnorePatterns": ["/node_modules/", "<rootDir>/build/"]})
    head["build/bundle.js"] = "console.log('x')\n"
    assert changes(base, head) == []


def test_jest_config_module_test_match_narrowed_is_found_at_its_line(changes: Callable) -> None:
    config = "/** @type {import('jest').Config} */\nmodule.exports = {\n  testMatch: [%s],\n};\n"
    base = {**_jest_package(), "jest.config.js": config % "'**/*.test.ts', '**/*.spec.js'"}
    head = {**_jest_package(), "jest.config.js": config % "'**/*.test.ts'"}
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/users/login.spec.js::logs in", "jest.config.js", 3)
    ]


def test_typescript_jest_config_with_satisfies_is_read(changes: Callable) -> None:
    config = "import type { Config } from 'jest'\n\nexport default {\n  roots: [%s],\n}"
    config += " satisfies Config\n"
    base = {**_jest_package(), "jest.config.ts": config % "'<rootDir>/src'"}
    head = {**_jest_package(), "jest.config.ts": config % "'<rootDir>/src/orders'"}
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/users/login.spec.js::logs in", "jest.config.ts", 4)
    ]


def test_jest_config_with_a_spread_is_unknown_not_kept(changes: Callable) -> None:
    base = {**_jest_package(), "jest.config.js": "module.exports = {\n  verbose: true,\n};\n"}
    head = {
        **_jest_package(),
        "jest.config.js": "const shared = require('./s')\nmodule.exports = {\n  ...shared,\n};\n",
    }
    rows = changes(base, head)
    assert {(r[1], r[3], r[4]) for r in rows} == {("UNKNOWN", "jest.config.js", 3)}
    assert len(rows) == 2


def test_npm_test_arguments_from_ci_narrow_the_script(changes: Callable) -> None:
    workflow = "on: push\njobs:\n  web:\n    runs-on: x\n    steps:\n      - run: npm test%s\n"
    base = {**_jest_package(), ".github/workflows/web.yml": workflow % ""}
    head = {
        **_jest_package(),
        ".github/workflows/web.yml": workflow % " -- --testPathIgnorePatterns=src/users",
    }
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/users/login.spec.js::logs in", ".github/workflows/web.yml", 6)
    ]


def test_test_script_that_passes_with_no_tests_and_finds_none_cannot_fail(
    changes: Callable,
) -> None:
    rows = changes(_jest_package("jest"), _jest_package("jest --passWithNoTests src/payments"))
    assert rows == [
        (WEAK, "FAIL", "package.json:scripts.test #jest.1", "package.json", 3),
        (WEAK, "FAIL", "src/orders/total.test.ts::total > adds tax", "package.json", 3),
        (WEAK, "FAIL", "src/users/login.spec.js::logs in", "package.json", 3),
    ]


def test_test_script_with_ci_flags_is_not_a_change(changes: Callable) -> None:
    assert changes(_jest_package("jest"), _jest_package("jest --ci --coverage --runInBand")) == []


def test_test_name_pattern_in_the_script_drops_other_tests(changes: Callable) -> None:
    rows = changes(_jest_package("jest"), _jest_package("jest -t 'adds tax'"))
    assert rows == [(WEAK, "FAIL", "src/users/login.spec.js::logs in", "package.json", 3)]


def test_npm_run_chain_with_or_exit_zero_is_found(changes: Callable) -> None:
    base = {**SOURCES, "package.json": '{"scripts": {"test": "npm run unit",\n "unit": "jest"}}'}
    head = {**SOURCES, "package.json": base["package.json"].replace("jest", "jest || exit 0")}
    rows = changes(base, head)
    invocation = "package.json:scripts.test > package.json:scripts.unit #jest.1"
    assert rows == [(WEAK, "FAIL", invocation, "package.json", 2)]


def test_jest_test_deleted_is_removed(changes: Callable) -> None:
    head = _jest_package()
    head["src/orders/total.test.ts"] = "describe('total', () => {\n})\n"
    assert changes(_jest_package(), head) == [
        (
            REMOVED,
            "FAIL",
            "src/orders/total.test.ts::total > adds tax",
            "src/orders/total.test.ts",
            2,
        )
    ]


def _vitest(config_test_block: str) -> dict[str, str]:
    """A package using Vitest with the given ``test:`` block."""
    return {
        **SOURCES,
        "package.json": '{"scripts": {"test": "vitest run"}, "devDependencies": {"vitest": "3"}}',
        "vitest.config.ts": (
            "import { configDefaults, defineConfig } from 'vitest/config'\n"
            "\n"
            "export default defineConfig({\n"
            f"  test: {config_test_block},\n"
            "})\n"
        ),
    }


def test_vitest_exclude_of_a_test_folder_is_found(changes: Callable) -> None:
    base = _vitest("{ exclude: [...configDefaults.exclude] }")
    head = _vitest("{ exclude: [...configDefaults.exclude, 'src/orders/**'] }")
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/orders/total.test.ts::total > adds tax", "vitest.config.ts", 4)
    ]


def test_vitest_exclude_of_a_folder_without_vitest_tests_is_not_a_change(changes: Callable) -> None:
    base = _vitest("{ exclude: [...configDefaults.exclude] }")
    head = _vitest("{ exclude: [...configDefaults.exclude, 'e2e/**'] }")
    head["e2e/checkout.pw.ts"] = (
        "import { test } from '@playwright/test'\ntest('buys', async () => {})\n"
    )
    base["e2e/checkout.pw.ts"] = head["e2e/checkout.pw.ts"]
    assert changes(base, head) == []


def test_vitest_include_narrowed_by_dir_is_found(changes: Callable) -> None:
    base = _vitest("{ include: ['**/*.{test,spec}.?(c|m)[jt]s?(x)'] }")
    head = _vitest("{ dir: 'src/orders', include: ['**/*.{test,spec}.?(c|m)[jt]s?(x)'] }")
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/users/login.spec.js::logs in", "vitest.config.ts", 4)
    ]


def test_vitest_include_from_a_function_call_is_unknown(changes: Callable) -> None:
    base = _vitest("{ include: ['src/**/*.test.ts', 'src/**/*.spec.js'] }")
    head = _vitest("{ include: patterns() }")
    rows = changes(base, head)
    assert {(r[1], r[3]) for r in rows} == {("UNKNOWN", "vitest.config.ts")}
    assert len(rows) == 2


def test_jest_projects_are_unknown(changes: Callable) -> None:
    base = _jest_package(jest={"verbose": True})
    head = _jest_package(jest={"verbose": True, "projects": ["<rootDir>/src/orders"]})
    rows = changes(base, head)
    assert {(r[1], r[3], r[4]) for r in rows} == {("UNKNOWN", "package.json", 10)}
    assert len(rows) == 2


def test_jest_test_renamed_with_the_same_callback_still_runs(changes: Callable) -> None:
    head = _jest_package()
    head["src/users/login.spec.js"] = "test('signs in', () => {})\n"
    assert changes(_jest_package(), head) == []


def test_moving_from_jest_to_vitest_with_the_same_tests_is_not_a_change(changes: Callable) -> None:
    head = _vitest("{ include: ['src/**/*.{test,spec}.?(c|m)[jt]s?(x)'] }")
    assert changes(_jest_package(), head) == []


def test_jest_test_regex_narrowed_is_found(changes: Callable) -> None:
    base = _jest_package(jest={"testRegex": "(/__tests__/.*|\\.(test|spec))\\.[jt]sx?$"})
    head = _jest_package(jest={"testRegex": "\\.test\\.[jt]sx?$"})
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/users/login.spec.js::logs in", "package.json", 9)
    ]


def test_jest_module_path_ignore_pattern_hides_test_files(changes: Callable) -> None:
    base = _jest_package(jest={"modulePathIgnorePatterns": []})
    head = _jest_package(jest={"modulePathIgnorePatterns": ["<rootDir>/src/users"]})
    assert changes(base, head) == [
        (WEAK, "FAIL", "src/users/login.spec.js::logs in", "package.json", 9)
    ]


def _package(script: str, dev: tuple[str, ...]) -> str:
    scripts = {
        "name": "shop",
        "scripts": {"test": script},
        "devDependencies": dict.fromkeys(dev, "1"),
    }
    return json.dumps(scripts, indent=2) + "\n"


def test_a_move_to_a_runner_the_model_does_not_read_is_unknown_not_removed(
    changes: Callable,
) -> None:
    spec = {"src/cart.test.js": 'test("adds", () => {\n  expect(1).toBe(1);\n});\n'}
    base = {
        **spec,
        "package.json": _package("jest", ("jest",)),
        "jest.config.js": "module.exports = {};\n",
    }
    moved = {**spec, "package.json": _package("ava", ())}
    assert changes(base, moved) == [
        ("config-weakened", "UNKNOWN", "config .", "package.json", 4),
        ("config-weakened", "UNKNOWN", "package.json:scripts.test #jest.1", "package.json", 4),
    ]
    dropped = {**spec, "package.json": _package("echo ok", ())}
    assert ("config-weakened", "FAIL", "package.json:scripts.test #jest.1", "package.json", 4) in (
        changes(base, dropped)
    )
