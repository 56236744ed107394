"""Build-tool entry points (Makefile recipes, justfile recipes, package.json scripts) read with
their lines."""

from __future__ import annotations

from ralph_validate.extractors.runners.entrypoints import (
    justfile_scripts,
    makefile_scripts,
    package_scripts,
)


def test_makefile_recipes_expand_plain_variables_and_know_prerequisites() -> None:
    source = (
        "PYTEST ?= python -m pytest\nARGS := -q\n\n.PHONY: test\ntest: lint\n"
        "\t@$(PYTEST) $(ARGS) tests\n\nlint:\n\truff check .\n"
    )
    scripts = {s.key: s for s in makefile_scripts("Makefile", source)}
    assert (scripts["target test"].text, scripts["target test"].lines) == (
        "@python -m pytest -q tests",
        (6,),
    )
    assert scripts["target test"].needs == ("lint",)
    assert scripts["target (default)"].needs == ("test",)


def test_justfile_recipes_are_read() -> None:
    source = (
        "set shell := ['bash', '-cu']\n\ntest *ARGS: build\n"
        "    pytest {{ARGS}}\n\nbuild:\n    echo build\n"
    )
    scripts = {s.key: (s.text, s.lines, s.needs) for s in justfile_scripts("justfile", source)}
    assert scripts["recipe test"] == ("pytest {{ARGS}}", (4,), ("build",))
    assert scripts["recipe (default)"] == ("", (1,), ("test",))


def test_package_scripts_and_their_lines() -> None:
    source = (
        '{\n  "name": "web",\n  "scripts": {\n    "test": "vitest run",\n'
        '    "lint": "eslint ."\n  }\n}\n'
    )
    assert [
        (s.key, s.text, s.lines, s.cwd) for s in package_scripts("web/package.json", source)
    ] == [
        ("scripts.lint", "eslint .", (5,), "web"),
        ("scripts.test", "vitest run", (4,), "web"),
    ]
