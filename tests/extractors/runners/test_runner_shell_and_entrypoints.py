"""Scripts split into commands and operators; entry points read with their guards and lines."""

from __future__ import annotations

from ralph_validate.extractors.runners.entrypoints import (
    Guard,
    github_scripts,
    gitlab_scripts,
    justfile_scripts,
    makefile_scripts,
    nox_scripts,
    package_scripts,
    tox_scripts,
)
from ralph_validate.extractors.runners.shell import split_script


def _shape(script: str) -> list[tuple[tuple[str, ...], int, str, str, bool, bool]]:
    """(words, line, before, after, negated, condition) of each command."""
    return [
        (c.words, c.line, c.before, c.after, c.negated, c.condition) for c in split_script(script)
    ]


def test_operators_quoting_and_continuations_are_kept() -> None:
    script = (
        'cd web && npm test -- --grep="a b" | tee out.log\npytest \\\n  -k "not slow" || true\n'
    )
    assert _shape(script) == [
        (("cd", "web"), 1, "", "&&", False, False),
        (("npm", "test", "--", "--grep=a b"), 1, "&&", "|", False, False),
        (("tee", "out.log"), 1, "|", "\n", False, False),
        (("pytest", "-k", "not slow"), 2, "\n", "||", False, False),
        (("true",), 2, "||", "", False, False),
    ]


def test_conditions_negations_and_block_keywords_are_marked() -> None:
    script = "if ! pytest; then\n  echo failed\nfi\nwhile false; do :; done"
    assert _shape(script) == [
        (("pytest",), 1, "", ";", True, True),
        (("echo", "failed"), 2, "\n", "\n", False, False),
        (("false",), 4, "\n", ";", False, True),
        ((":",), 4, ";", ";", False, False),
    ]


def test_unclosed_quote_is_kept_as_unparsed() -> None:
    assert [c.parsed for c in split_script("pytest -k 'oops\necho ok")] == [False, True]


def test_github_steps_carry_shell_folder_guards_and_block_lines() -> None:
    workflow = """on: push
defaults:
  run:
    working-directory: app
jobs:
  unit:
    runs-on: ubuntu-latest
    continue-on-error: false
    steps:
      - uses: actions/checkout@v4
      - name: test
        shell: bash
        if: github.event_name == 'push'
        run: |
          pip install .
          pytest
      - run: npm test
"""
    scripts = github_scripts(".github/workflows/ci.yml", workflow)
    assert [(s.key, s.dialect, s.cwd, s.lines, s.guards) for s in scripts] == [
        (
            "jobs.unit:test",
            "bash-e-pipefail",
            "app",
            (15, 16),
            (
                Guard("continue-on-error", "false", ".github/workflows/ci.yml", 8),
                Guard("if", "github.event_name == 'push'", ".github/workflows/ci.yml", 13),
            ),
        ),
        (
            "jobs.unit:step 3",
            "bash-e",
            "app",
            (17,),
            (Guard("continue-on-error", "false", ".github/workflows/ci.yml", 8),),
        ),
    ]


def test_gitlab_jobs_join_script_items_and_skip_templates() -> None:
    source = """stages: [test]
.base:
  script: [echo template]
unit:
  extends: .base
  script:
    - pip install .
    - - pytest -x
      - echo nested
  allow_failure:
    exit_codes: [1]
"""
    [job] = gitlab_scripts(".gitlab-ci.yml", source)
    assert (job.key, job.text, job.lines, job.guards) == (
        "job unit",
        "pip install .\npytest -x\necho nested",
        (7, 8, 9),
        (Guard("allow_failure", '{"exit_codes": [1]}', ".gitlab-ci.yml", 10),),
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


def test_tox_environments_inherit_commands_and_guards() -> None:
    source = (
        "[tox]\nenv_list = py, lint\n\n[testenv]\nignore_outcome = true\n"
        "commands =\n    pytest {posargs}\n\n[testenv:lint]\n"
        "commands = ruff check .\n"
    )
    scripts = [
        (s.key, s.text, s.lines, [g.what for g in s.guards]) for s in tox_scripts("tox.ini", source)
    ]
    assert scripts == [
        ("env (default)", "pytest {posargs}", (7,), ["ignore_outcome"]),
        ("env lint", "ruff check .", (10,), ["ignore_outcome"]),
    ]


def test_nox_sessions_keep_literal_words_and_mark_the_rest() -> None:
    source = (
        "import nox\n\n@nox.session(python=['3.12'])\ndef tests(session):\n"
        "    session.install('.')\n"
        "    session.run('pytest', '-k', EXPR, *session.posargs)\n"
    )
    [script] = nox_scripts("noxfile.py", source)
    assert (script.key, script.text, script.lines) == (
        "session tests",
        "pytest -k '{unreadable}'",
        (6,),
    )
