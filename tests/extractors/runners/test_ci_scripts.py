"""CI entry points (GitHub Actions steps, GitLab jobs) read with their shell, folder, guards and
lines."""

from __future__ import annotations

from ralph_validate.extractors.runners.entrypoints import (
    Guard,
    github_scripts,
    gitlab_scripts,
)
from ralph_validate.extractors.runners.scripts import Trigger


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


def _triggers(on: str) -> object:
    jobs = "jobs:\n  unit:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pytest\n"
    workflow = f"{on}\n{jobs}"
    [script] = github_scripts(".github/workflows/ci.yml", workflow)
    return script.triggers


def test_github_steps_carry_the_workflow_triggers_in_every_form() -> None:
    assert _triggers("on: pull_request") == (Trigger("pull_request"),)
    assert _triggers("on: [push, pull_request]") == (Trigger("push"), Trigger("pull_request"))
    mapping = (
        "on:\n  push:\n    branches: [main]\n  pull_request:\n    types: [opened, labeled]\n"
        "  issues:\n    types: closed\n  workflow_dispatch:\n"
    )
    assert _triggers(mapping) == (
        Trigger("push"),
        Trigger("pull_request", ("opened", "labeled")),
        Trigger("issues", ("closed",)),
        Trigger("workflow_dispatch"),
    )


def test_github_triggers_are_unknown_when_on_is_absent_or_not_a_list_of_events() -> None:
    assert _triggers("name: ci") is None
    assert _triggers("on:\n  pull_request:\n    types: {opened: 1}\n") is None
    assert _triggers("on: {pull_request: {types: [opened, [x]]}}") is None
