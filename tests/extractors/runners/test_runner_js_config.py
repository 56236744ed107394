"""Jest/Vitest configuration read literally (the rest stays Opaque) and JS test names."""

from __future__ import annotations

from ralph_validate.extractors.runners.js_config import (
    JsObject,
    Opaque,
    exported_object,
    jest_config,
    js_tests,
    vitest_config,
)
from ralph_validate.extractors.runners.view import RevisionView


def test_module_exports_through_a_const_with_regex_and_template_values() -> None:
    source = (
        b"const ignore = [/\\/dist\\//.source, `<rootDir>/build/`]\n"
        b"const config = {\n  testRegex: /\\.spec\\.js$/,\n"
        b"  testPathIgnorePatterns: ignore,\n  bail: 1,\n}\n"
        b"module.exports = config\n"
    )
    value = exported_object("jest.config.js", source)
    assert isinstance(value, JsObject)
    assert value.get("testRegex") == ("\\.spec\\.js$", 3)
    assert value.get("bail") == (1, 5)
    patterns, line = value.get("testPathIgnorePatterns")
    assert (patterns[1], line) == ("<rootDir>/build/", 4)
    assert isinstance(patterns[0], Opaque)


def test_define_config_with_an_arrow_function_returning_the_object() -> None:
    source = (
        b"import { defineConfig } from 'vite'\n"
        b"export default defineConfig(({ mode }) => ({\n"
        b"  test: { include: ['src/**/*.test.ts'] },\n}))\n"
    )
    value = exported_object("vite.config.ts", source)
    assert isinstance(value, JsObject)
    block, line = value.get("test")
    assert (block.get("include"), line) == ((("src/**/*.test.ts",), 3), 3)


def test_spreads_and_computed_keys_are_opaque_never_dropped() -> None:
    source = b"export default {\n  ...base,\n  [key]: 1,\n  testMatch: makeMatch(),\n}\n"
    value = exported_object("jest.config.mjs", source)
    assert isinstance(value, JsObject)
    assert value.opaque == (Opaque("...base", 2), Opaque("[key]: 1", 3))
    assert value.get("testMatch") == (Opaque("makeMatch()", 4), 4)


def test_async_config_is_opaque_as_a_whole() -> None:
    source = b"module.exports = async () => {\n  const x = await load()\n  return x\n}\n"
    assert exported_object("jest.config.js", source) == Opaque(
        "async () => { const x = await load() return x }", 1
    )


def test_jest_config_file_wins_over_package_json_and_package_json_is_read_with_lines() -> None:
    package = b'{\n  "name": "x",\n  "jest": {\n    "roots": ["<rootDir>/src"]\n  }\n}\n'
    only_package = RevisionView({"web/package.json": package})
    config = jest_config(only_package, "web")
    assert config.file == "web/package.json"
    assert isinstance(config.value, JsObject)
    assert config.value.get("roots") == (("<rootDir>/src",), 4)
    both = RevisionView(
        {"web/package.json": package, "web/jest.config.json": b'{"roots": ["lib"]}'}
    )
    assert jest_config(both, "web").file == "web/jest.config.json"


def test_vitest_config_wins_over_vite_config() -> None:
    view = RevisionView(
        {
            "vite.config.ts": b"export default { test: { dir: 'a' } }\n",
            "vitest.config.ts": b"export default { test: { dir: 'b' } }\n",
        }
    )
    config = vitest_config(view, "")
    assert config.file == "vitest.config.ts"
    assert isinstance(config.value, JsObject)
    assert config.value.get("dir") == ("b", 1)


def test_js_tests_keep_describe_nesting_and_mark_dynamic_names() -> None:
    source = (
        b"describe('cart', () => {\n  describe.each([1, 2])('with %i', () => {\n"
        b"    it.concurrent('adds', async () => {})\n  })\n"
        b"  test(name, () => {})\n  it.todo('later')\n})\n"
    )
    assert [(t.id, t.full_name, t.line) for t in js_tests("cart.test.js", source)] == [
        ("cart.test.js::cart > <dynamic@5>", "cart <dynamic@5>", 5),
        ("cart.test.js::cart > later", "cart later", 6),
        ("cart.test.js::cart > with %i > adds", "cart with %i adds", 3),
    ]


def test_numbers_are_read_as_the_js_literal_reader_reads_them() -> None:
    """A negative threshold (Jest: at most N uncovered), exponent, hex, BigInt and
    parenthesised numbers are values, as in the rest of the JS model; ``-x`` stays opaque."""
    source = (
        b"const floor = -(80)\n"
        b"export default {\n  coverageThreshold: { global: {\n"
        b"    lines: -10, branches: 1e1, functions: 0x50, statements: 90n,\n"
        b"    floor, unset: void 0, dynamic: -limit,\n  } },\n}\n"
    )
    value = exported_object("jest.config.mjs", source)
    assert isinstance(value, JsObject)
    block, _ = value.get("coverageThreshold")
    numbers, _ = block.get("global")
    read = {name: found for name, found, _ in numbers.entries}
    assert {k: read[k] for k in ("lines", "branches", "functions", "statements", "floor")} == {
        "lines": -10,
        "branches": 10,
        "functions": 80,
        "statements": 90,
        "floor": -80,
    }
    assert read["unset"] is None
    assert read["dynamic"] == Opaque("-limit", 5)


def test_a_config_exported_by_an_export_clause_is_read() -> None:
    source = b"const config = { testTimeout: 10 };\nexport { config as default };\n"
    value = exported_object("jest.config.mjs", source)
    assert isinstance(value, JsObject)
    assert value.get("testTimeout") == (10, 1)
