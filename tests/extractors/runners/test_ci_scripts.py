"""CI entry points (GitHub Actions steps, GitLab jobs) read with their shell, folder, guards and
lines."""

from __future__ import annotations

from ralph_validate.extractors.runners.entrypoints import (
    Guard,
    github_scripts,
    gitlab_scripts,
)


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
