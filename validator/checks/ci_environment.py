"""Which environment variables the repository's CI and test-runner configuration names.

A test skipped unless ``RUN_SLOW`` is set runs in CI only when some workflow, tox
environment, npm script or pytest setting sets ``RUN_SLOW``. Every upper-case word of
those files counts as a name they may set: a variable named there is given the benefit of
the doubt, one named nowhere is taken as unset in CI.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ...extractors.runners.view import RevisionView
from ..context import AnalysisContext
from .testruns import revision_view, worktree_view

_CI_FOLDERS = (".github/workflows/", ".circleci/", ".buildkite/")
_CONFIG_NAMES = {
    ".gitlab-ci.yml",
    "azure-pipelines.yml",
    "azure-pipelines.yaml",
    "bitbucket-pipelines.yml",
    ".travis.yml",
    "Jenkinsfile",
    "tox.ini",
    "noxfile.py",
    "Makefile",
    "justfile",
    "package.json",
    "pyproject.toml",
    "setup.cfg",
    "pytest.ini",
    ".env.test",
    ".env.ci",
}
_CONFIG_STEMS = ("jest.config", "vitest.config", "vite.config", "jest.setup", "vitest.setup")
_NAME = re.compile(r"\b[A-Z][A-Z0-9_]+\b")


def is_ci_config(path: str) -> bool:
    """A CI definition or a test runner's configuration file."""
    name = PurePosixPath(path).name
    return path.startswith(_CI_FOLDERS) or name in _CONFIG_NAMES or name.startswith(_CONFIG_STEMS)


def names_in(view: RevisionView) -> frozenset[str]:
    """Upper-case words written in the revision's CI and runner configuration files."""
    found: set[str] = set()
    for path in view.paths():
        if not is_ci_config(path):
            continue
        data = view.read(path)
        if data is not None:
            found.update(_NAME.findall(data.decode("utf-8", errors="replace")))
    return frozenset(found)


def ci_environment(ctx: AnalysisContext) -> frozenset[str]:
    """The names HEAD's CI and runner configuration writes."""
    git = ctx.facts.git
    change = ctx.change_set
    view = worktree_view(git) if change.include_dirty else revision_view(git, change.head)
    return names_in(view)
