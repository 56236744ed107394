"""A story whose own commits delivered work this tool does not read as implementation is
UNKNOWN, not unimplemented (issue 13): tests when the story is about tests, configuration
when it sets the project up, code in a language not read when its paths name the story's
subject, a named file written under the name its tool reads. The cheat twins stay FAIL:
tests alone for a behaviour, configuration unrelated to the story, a commit that only
ticks the box."""

from __future__ import annotations

import json

import pytest


def _prd(stories: list[tuple[str, str, str]], done: int) -> str:
    entries = [
        {"id": sid, "title": title, "acceptanceCriteria": [criterion], "passes": n <= done}
        for n, (sid, title, criterion) in enumerate(stories, start=1)
    ]
    return json.dumps({"branchName": "ralph/app", "userStories": entries}, indent=2) + "\n"


def _row(repo, validate, story: tuple[str, str, str], files: dict[str, str]) -> tuple[str, str]:
    stories = [story]
    repo.commit("Initial layout", {"README.md": "# app\n", "app/__init__.py": ""})
    repo.commit("chore: plan", {"prd.json": _prd(stories, 0)})
    repo.commit(f"feat: {story[0]} - {story[1]}", {**files, "prd.json": _prd(stories, 1)})
    done = validate("--repo", str(repo.root), "--spec", "prd.json", "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads((repo.root / "validation-report.json").read_text(encoding="utf-8"))
    (row,) = [r for r in data["requirements"] if r["id"] == story[0]]
    return row["status"], row.get("reason", "")


E2E = (
    "import { test, expect } from '@playwright/test';\n\n"
    "test('signs in', async ({ page }) => {\n  await page.goto('/login');\n"
    "  await expect(page.getByText('Welcome')).toBeVisible();\n});\n"
)
RUBY = "class InertiaDeviseResponder < ActionController::Responder\nend\n"


@pytest.mark.parametrize(
    ("story", "files"),
    [
        (
            ("US-9", "End-to-end smoke tests for sign in", "a smoke test signs in"),
            {"e2e/sign-in.spec.ts": E2E},
        ),
        (
            ("US-2", "Project dependencies setup", "the API's dependencies are pinned"),
            {"requirements.txt": "fastapi==0.110.0\n", "Dockerfile": "FROM python:3.12\n"},
        ),
        (
            ("US-8", "Configure Devise for Inertia", "a Devise responder redirects with errors"),
            {"app/responders/inertia_devise_responder.rb": RUBY},
        ),
    ],
)
def test_work_in_files_the_tool_does_not_read_is_unknown(repo, validate, story, files) -> None:
    status, reason = _row(repo, validate, story, files)
    assert status == "UNKNOWN"
    assert "not read as implementation" in reason
    assert sorted(files)[0] in reason


@pytest.mark.parametrize(
    ("story", "files"),
    [
        # tests alone for a behaviour: the code the tests need is missing
        (
            ("US-3", "Order totals include tax", "order_total adds the tax rate"),
            {"tests/test_order_total.py": "def test_total():\n    assert order_total(10) == 12\n"},
        ),
        # configuration that names nothing of the story
        (
            ("US-4", "Order totals include tax", "order_total adds the tax rate"),
            {".vscode/settings.json": '{"editor.formatOnSave": true}\n'},
        ),
        # a commit that only ticks the box
        (("US-5", "Order totals include tax", "order_total adds the tax rate"), {}),
    ],
)
def test_the_cheat_twins_stay_unimplemented(repo, validate, story, files) -> None:
    status, _ = _row(repo, validate, story, files)
    assert status == "FAIL"


def test_a_named_file_written_under_the_name_its_tool_reads_is_unknown(repo, validate) -> None:
    story = ("US-6", "Set up linting", "Create oxlint.json enabling the React rules")
    status, reason = _row(repo, validate, story, {".oxlintrc.json": '{"plugins": ["react"]}\n'})
    assert status == "UNKNOWN"
    assert "oxlint.json" in reason and ".oxlintrc.json" in reason


def test_a_named_file_missing_without_a_look_alike_stays_fail(repo, validate) -> None:
    story = ("US-7", "Set up linting", "Create oxlint.json enabling the React rules")
    status, reason = _row(repo, validate, story, {"eslint.config.json": "{}\n"})
    assert status == "FAIL"
    assert "oxlint.json" in reason
