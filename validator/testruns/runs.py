"""What runs at one revision: the suites of the bare runner configurations and of every runner
call its entry points make, with the calls and coverage thresholds."""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass

from ...core.bounded import json_loads
from ...extractors.runners.coverage import Threshold, config_thresholds
from ...extractors.runners.entrypoints import UNREADABLE, revision_scripts
from ...extractors.runners.js_config import JEST_CONFIG_NAMES, VITEST_CONFIG_NAMES
from ...extractors.runners.mocha_config import MOCHARC_NAMES
from ...extractors.runners.pytest_config import CONFIG_NAMES, locate_pytest_config
from ...extractors.runners.python_files import collected_by_default
from ...extractors.runners.view import RevisionView
from .commands import RunnerCall, runner_calls
from .js_run import jest_suite, vitest_suite
from .mocha_run import mocha_suite
from .model import Status, Suite, Verdict
from .node_run import node_test_suite
from .pytest_args import Arg
from .pytest_run import pytest_suite
from .thresholds import command_thresholds

# pytest's file, class and function name patterns from BASE, collected at HEAD as well.
Patterns = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class RevisionRuns:
    """Everything the model computes at one revision."""

    suites: tuple[Suite, ...]
    calls: tuple[RunnerCall, ...]
    thresholds: tuple[Threshold, ...]
    unreadable: tuple[str, ...] = ()

    def suite(self, runner: str, invocation: str) -> Suite | None:
        """The suite of ``runner`` for ``invocation``, or None."""
        for suite in self.suites:
            if suite.runner == runner and suite.invocation == invocation:
                return suite
        return None


def _package_folders(view: RevisionView) -> dict[str, set[str]]:
    """Folder -> runners it has evidence of (config files, package.json keys or dependencies)."""
    found: dict[str, set[str]] = {}
    for path in view.paths():
        if "node_modules/" in path:
            continue
        name = posixpath.basename(path)
        folder = posixpath.dirname(path)
        if name in JEST_CONFIG_NAMES:
            found.setdefault(folder, set()).add("jest")
        elif name in MOCHARC_NAMES:
            found.setdefault(folder, set()).add("mocha")
        elif name in VITEST_CONFIG_NAMES and (
            name.startswith("vitest") or b"test" in (view.read(path) or b"")
        ):
            found.setdefault(folder, set()).add("vitest")
        elif name == "package.json":
            try:
                document = json_loads(view.text(path) or "")
            except json.JSONDecodeError:
                continue
            if not isinstance(document, dict):
                continue
            deps = {
                **(document.get("dependencies") or {}),
                **(document.get("devDependencies") or {}),
            }
            if "jest" in document or "jest" in deps:
                found.setdefault(folder, set()).add("jest")
            if "vitest" in deps:
                found.setdefault(folder, set()).add("vitest")
            if "mocha" in document or "mocha" in deps:
                found.setdefault(folder, set()).add("mocha")
    return found


def _has_python_tests(view: RevisionView) -> bool:
    """Whether pytest has anything to run: a configuration or a test-looking module."""
    if any(posixpath.basename(p) in CONFIG_NAMES for p in view.paths()):
        config = locate_pytest_config(view)
        if config.file is not None:
            return True
    return any(collected_by_default(p) for p in view.paths())


def _call_suite(view: RevisionView, call: RunnerCall, extra: Patterns) -> Suite | None:
    """The suite one runner call runs, with what its entry point does to its outcome."""
    site = (call.file, call.line)
    if call.runner == "pytest":
        args = call.args
        if call.cwd:
            moved = []
            for arg in args:
                if arg.value.startswith("-") or any(a.value == "--" for a in moved):
                    moved.append(arg)
                else:
                    moved.append(Arg(posixpath.join(call.cwd, arg.value), arg.file, arg.line))
            if not any(not a.value.startswith("-") for a in args):
                moved.append(Arg(call.cwd, call.file, call.line))
            args = tuple(moved)
        suite = pytest_suite(
            view, args, invocation=call.invocation, site=site, extra_patterns=extra
        )
    elif call.runner == "jest":
        suite = jest_suite(view, call.cwd, call.args, invocation=call.invocation, site=site)
    elif call.runner == "vitest":
        suite = vitest_suite(view, call.cwd, call.args, invocation=call.invocation, site=site)
    elif call.runner == "mocha":
        suite = mocha_suite(view, call.cwd, call.args, invocation=call.invocation, site=site)
    elif call.runner == "node-test":
        suite = node_test_suite(view, call.cwd, call.args, invocation=call.invocation, site=site)
    else:
        return None
    tests = dict(suite.tests)
    if call.skipped:
        tests = {
            t: Verdict(Status.DROPPED, tuple(sorted(set(v.causes + call.skipped))))
            for t, v in tests.items()
        }
    can_fail = suite.can_fail
    if call.masked:
        can_fail = Verdict(Status.DROPPED, tuple(sorted(set(can_fail.causes + call.masked))))
    elif call.unknown and can_fail.status is Status.RUNS:
        can_fail = Verdict(Status.UNKNOWN, tuple(sorted(call.unknown)))
    return Suite(
        suite.runner,
        suite.invocation,
        suite.file,
        suite.line,
        tests,
        can_fail,
        suite.python_patterns,
        suite.locations,
        suite.bodies,
    )


def revision_runs(view: RevisionView, extra: Patterns = ((), (), ())) -> RevisionRuns:
    """The suites (bare configuration and every command), calls and thresholds of a revision."""
    suites: list[Suite] = []
    if _has_python_tests(view):
        suites.append(pytest_suite(view, extra_patterns=extra))
    calls = tuple(runner_calls(view))
    # Mocha's command line decides much of what it loads (spec, --recursive): a folder whose
    # scripts call it is judged by those calls, a bare configuration only where none does.
    called = {call.cwd for call in calls if call.runner == "mocha"}
    for folder, runners in sorted(_package_folders(view).items()):
        name = f"config {folder or '.'}"
        if "jest" in runners:
            suites.append(jest_suite(view, folder, invocation=name))
        if "vitest" in runners:
            suites.append(vitest_suite(view, folder, invocation=name))
        if "mocha" in runners and folder not in called:
            suites.append(mocha_suite(view, folder, invocation=name))
    for call in calls:
        suite = _call_suite(view, call, extra)
        if suite is not None:
            suites.append(suite)
    thresholds = tuple(sorted(set(config_thresholds(view)) | set(command_thresholds(view, calls))))
    unreadable = tuple(s.file for s in revision_scripts(view) if s.key == UNREADABLE)
    return RevisionRuns(tuple(suites), calls, thresholds, unreadable)
