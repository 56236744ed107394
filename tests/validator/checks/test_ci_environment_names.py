"""The names CI and test-runner configuration writes: what an opt-in skip condition may
count on being set in CI."""

from __future__ import annotations

from ralph_validate.extractors.runners.view import RevisionView
from ralph_validate.validator.checks.ci_environment import is_ci_config, names_in


def test_workflows_runner_configs_and_scripts_are_read_and_sources_are_not() -> None:
    view = RevisionView(
        {
            ".github/workflows/ci.yml": b"env:\n  RUN_SLOW: '1'\n",
            "web/package.json": b'{"scripts": {"test": "E2E_URL=x vitest run"}}',
            "tox.ini": b"[testenv]\nsetenv = DB_DSN=sqlite://\n",
            "vitest.config.ts": b"export default { test: { env: { API_KEY: 'k' } } }",
            "src/app.py": b"TOKEN = os.environ['SECRET_TOKEN']\n",
            "docs/notes.md": b"set NIGHTLY=1 to run them\n",
        }
    )
    assert names_in(view) == frozenset({"RUN_SLOW", "E2E_URL", "DB_DSN", "API_KEY"})


def test_ci_configs_are_recognised_by_folder_and_by_name() -> None:
    assert is_ci_config(".gitlab-ci.yml")
    assert is_ci_config(".circleci/config.yml")
    assert is_ci_config("packages/api/jest.config.js")
    assert not is_ci_config("src/jest.helpers.ts")
    assert not is_ci_config("tests/test_ci.py")
