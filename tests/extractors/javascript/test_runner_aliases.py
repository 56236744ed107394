"""Import aliases of Jest and Vite configs become ``JsPathAlias`` facts: a test importing
``@lib/pricing`` names a file of the repository only through them."""

from __future__ import annotations

import json

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import JsPathAlias
from ralph_validate.extractors.javascript.runner_aliases import glob_of


def _aliases(path: str, text: str) -> list[tuple[str, tuple[str, ...], str]]:
    facts = extract(path, text.encode()).of_type(JsPathAlias)
    return sorted((a.pattern, a.targets, a.base) for a in facts)


def test_package_json_jest_module_name_mapper_is_read() -> None:
    text = json.dumps(
        {
            "jest": {
                "moduleNameMapper": {
                    "^@lib/(.*)$": "<rootDir>/src/lib/$1",
                    "^@config$": "<rootDir>/config/index.js",
                    "\\.(css|less)$": "identity-obj-proxy",
                }
            }
        }
    )
    assert _aliases("web/package.json", text) == [
        ("@config", ("./config/index.js",), "web"),
        ("@lib/*", ("./src/lib/*",), "web"),
    ]


def test_a_package_json_without_jest_has_no_alias() -> None:
    assert _aliases("package.json", '{"name": "x", "moduleNameMapper": {"^a$": "b"}}') == []
    assert _aliases("package.json", "{not json") == []


@pytest.mark.parametrize("name", ["jest.config.js", "jest.config.ts", "jest.config.cjs"])
def test_jest_config_literal_entries_are_read(name: str) -> None:
    text = (
        "module.exports = {\n  testEnvironment: 'node',\n  moduleNameMapper: {\n"
        "    '^~/(.*)$': '<rootDir>/app/$1',\n    \"^@shared$\": \"<rootDir>/shared\",\n"
        "  },\n};\n"
    )
    assert _aliases(name, text) == [("@shared", ("./shared",), ""), ("~/*", ("./app/*",), "")]


def test_jest_config_json_is_read() -> None:
    text = json.dumps({"moduleNameMapper": {"^#src/(.+)$": "<rootDir>/src/$1"}})
    assert _aliases("jest.config.json", text) == [("#src/*", ("./src/*",), "")]


def test_vite_alias_names_the_prefix_and_what_follows_it() -> None:
    text = (
        "import path from 'node:path';\nexport default defineConfig({\n  resolve: {\n"
        "    alias: {\n      '@lib': path.resolve(__dirname, './src/lib'),\n"
        "      '~': fileURLToPath(new URL('./src', import.meta.url)),\n"
        "      shared: 'packages/shared/',\n      '#root': '/app',\n    },\n  },\n});\n"
    )
    assert _aliases("app/vitest.config.ts", text) == [
        ("#root", ("./app",), "app"),
        ("#root/*", ("./app/*",), "app"),
        ("@lib", ("./src/lib",), "app"),
        ("@lib/*", ("./src/lib/*",), "app"),
        ("shared", ("./packages/shared",), "app"),
        ("shared/*", ("./packages/shared/*",), "app"),
        ("~", ("./src",), "app"),
        ("~/*", ("./src/*",), "app"),
    ]


def test_a_config_keeps_its_language() -> None:
    assert extract("jest.config.ts", b"export default {};").language == "typescript"
    assert extract("vite.config.js", b"export default {};").language == "javascript"


@pytest.mark.parametrize(
    ("pattern", "glob"),
    [
        ("^@lib/(.*)$", "@lib/*"),
        ("^@lib/(.+)\\.js$", "@lib/*.js"),
        ("^lodash-es$", "lodash-es"),
        ("\\.(css|less)$", None),
        ("^(\\.{1,2}/.*)\\.js$", None),
        ("@lib/(.*)", None),
    ],
)
def test_only_prefix_capture_suffix_patterns_become_globs(pattern: str, glob: str | None) -> None:
    assert glob_of(pattern) == glob


def test_jest_config_is_read_through_its_tree_not_its_comments() -> None:
    text = (
        "// old: moduleNameMapper: { '^@old/(.*)$': '<rootDir>/legacy/$1' },\n"
        "module.exports = {\n"
        "  moduleNameMapper: { '^@lib/(.*)$': ['<rootDir>/src/lib/$1', '<rootDir>/vendor/$1'] },\n"
        "};\n"
    )
    assert _aliases("jest.config.js", text) == [("@lib/*", ("./src/lib/*", "./vendor/*"), "")]


def test_jest_config_exported_through_a_const_is_read() -> None:
    text = (
        "import type { Config } from 'jest';\n"
        "const config: Config = { moduleNameMapper: { '^@app/(.*)$': '<rootDir>/app/$1' } };\n"
        "/* moduleNameMapper: { '^@x$': 'y' } */\nexport default config;\n"
    )
    assert _aliases("jest.config.ts", text) == [("@app/*", ("./app/*",), "")]


def test_a_mapper_that_is_not_exported_is_not_read() -> None:
    text = "const unused = { moduleNameMapper: { '^@a$': '<rootDir>/a' } };\nmodule.exports = {};\n"
    assert _aliases("jest.config.js", text) == []


def test_vitest_test_alias_is_read_and_a_commented_alias_is_not() -> None:
    text = (
        "export default defineConfig({\n  // alias: { '@old': './old' },\n"
        "  test: { alias: { '@t': './src/t' } },\n});\n"
    )
    assert _aliases("vitest.config.ts", text) == [
        ("@t", ("./src/t",), ""),
        ("@t/*", ("./src/t/*",), ""),
    ]
