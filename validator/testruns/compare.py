"""The BASE -> HEAD comparison: every BASE test that no longer runs, every test command that can
no longer fail, every coverage threshold lowered; UNKNOWN where the model cannot tell."""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass

from ...extractors.runners.coverage import Threshold, config_thresholds
from ...extractors.runners.entrypoints import UNREADABLE, Script, revision_scripts
from ...extractors.runners.js_config import JEST_CONFIG_NAMES, VITEST_CONFIG_NAMES
from ...extractors.runners.pytest_config import CONFIG_NAMES, locate_pytest_config
from ...extractors.runners.shell import split_script
from ...extractors.runners.view import RevisionView
from .commands import DIALECTS, RunnerCall, propagation, runner_calls, strip_wrappers
from .js_run import jest_suite, vitest_suite
from .model import CONFIG_WEAKENED, REMOVED, Cause, Change, Status, Suite, Verdict
from .pytest_args import Arg
from .pytest_run import pytest_suite

Patterns = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]

# Test runners the model does not read: a suite that moves to one of them may still run.
_OTHER_RUNNERS = re.compile(
    r"(?<![\w-])(node\s+(?:--\S+\s+)*--test|mocha|ava|tap|uvu|jasmine|karma|playwright\s+test"
    r"|cypress\s+run|bun\s+test|deno\s+test|python[\d.]*\s+-m\s+unittest|nose2|ward)(?![\w-])"
)


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
        elif name in VITEST_CONFIG_NAMES and (
            name.startswith("vitest") or b"test" in (view.read(path) or b"")
        ):
            found.setdefault(folder, set()).add("vitest")
        elif name == "package.json":
            try:
                document = json.loads(view.text(path) or "")
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
    return found


def _has_python_tests(view: RevisionView) -> bool:
    """Whether pytest has anything to run: a configuration or a test-looking module."""
    if any(posixpath.basename(p) in CONFIG_NAMES for p in view.paths()):
        config = locate_pytest_config(view)
        if config.file is not None:
            return True
    return any(
        (p.endswith(".py") and posixpath.basename(p).startswith("test")) or p.endswith("_test.py")
        for p in view.paths()
    )


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


def _command_thresholds(view: RevisionView, calls: tuple[RunnerCall, ...]) -> list[Threshold]:
    """Thresholds given on command lines: pytest-cov, ``coverage report``, nyc and c8."""
    found: list[Threshold] = []
    config = locate_pytest_config(view)
    addopts = config.get("addopts")
    sources: list[tuple[tuple[Arg, ...], bool]] = []
    if addopts is not None:
        sources.append((tuple(Arg(v, addopts.file, addopts.line) for v in addopts.values), True))
    for call in calls:
        if call.runner == "pytest":
            sources.append((call.args, not call.masked and not call.skipped))
    for args, enforced in sources:
        for index, arg in enumerate(args):
            name, has_value, value = arg.value.partition("=")
            if name == "--cov-fail-under":
                if not has_value:
                    value = args[index + 1].value if index + 1 < len(args) else ""
                found.append(
                    Threshold(
                        "pytest-cov", "cov-fail-under", _float(value), enforced, arg.file, arg.line
                    )
                )
    for script in revision_scripts(view):
        if script.dialect not in DIALECTS:
            continue
        errexit, pipefail = DIALECTS[script.dialect]
        lines = script.text.splitlines() if script.dialect in ("make", "argv") else [script.text]
        for offset, text in enumerate(lines, 1):
            commands = split_script(text)
            for index, command in enumerate(commands):
                words = strip_wrappers(list(command.words))
                if not words:
                    continue
                enforced = not propagation(commands, index, errexit, pipefail)
                at = script.file_line(offset if len(lines) > 1 else command.line)
                found.extend(_cli_thresholds(words, enforced, script.file, at))
    return found


def _cli_thresholds(words: list[str], enforced: bool, file: str, line: int) -> list[Threshold]:
    """Thresholds on one command line: ``coverage report --fail-under``, nyc/c8 checks."""
    program = posixpath.basename(words[0]).lstrip("-@")
    options: dict[str, str] = {}
    rest = words[1:]
    for index, word in enumerate(rest):
        if word.startswith("--"):
            name, has_value, value = word.partition("=")
            if not has_value and index + 1 < len(rest) and not rest[index + 1].startswith("-"):
                value = rest[index + 1]
            options[name] = value
    found = []
    if program == "coverage" and "report" in rest and "--fail-under" in options:
        found.append(
            Threshold(
                "coverage.py", "fail_under", _float(options["--fail-under"]), enforced, file, line
            )
        )
    if program in ("nyc", "c8"):
        check = "--check-coverage" in options or "check-coverage" in rest
        for metric in ("lines", "branches", "functions", "statements"):
            if f"--{metric}" in options:
                found.append(
                    Threshold(
                        program,
                        metric,
                        _float(options[f"--{metric}"]),
                        enforced and check,
                        file,
                        line,
                    )
                )
    return found


def _float(value: str) -> float | None:
    """A number from a command-line word, or None."""
    try:
        return float(value)
    except ValueError:
        return None


def revision_runs(view: RevisionView, extra: Patterns = ((), (), ())) -> RevisionRuns:
    """The suites (bare configuration and every command), calls and thresholds of a revision."""
    suites: list[Suite] = []
    if _has_python_tests(view):
        suites.append(pytest_suite(view, extra_patterns=extra))
    for folder, runners in sorted(_package_folders(view).items()):
        name = f"config {folder or '.'}"
        if "jest" in runners:
            suites.append(jest_suite(view, folder, invocation=name))
        if "vitest" in runners:
            suites.append(vitest_suite(view, folder, invocation=name))
    calls = tuple(runner_calls(view))
    for call in calls:
        suite = _call_suite(view, call, extra)
        if suite is not None:
            suites.append(suite)
    thresholds = tuple(sorted(set(config_thresholds(view)) | set(_command_thresholds(view, calls))))
    unreadable = tuple(s.file for s in revision_scripts(view) if s.key == UNREADABLE)
    return RevisionRuns(tuple(suites), calls, thresholds, unreadable)


def _cause_text(causes: tuple[Cause, ...]) -> str:
    """Causes as one readable clause."""
    return "; ".join(
        f"{c.setting} {c.detail}".strip() + (f" ({c.file}:{c.line})" if c.file else "")
        for c in causes
    )


def _first(causes: tuple[Cause, ...], fallback: tuple[str, int]) -> tuple[str, int]:
    """The file and line to report: the first cause that names a file."""
    for cause in causes:
        if cause.file:
            return cause.file, cause.line
    return fallback


def _entry_group(invocation: str) -> str:
    """The file and first key part of an entry point (``ci.yml:jobs.test``): steps and targets
    inside it may be renamed or reordered without the suite disappearing."""
    return ":".join(invocation.split(" > ")[0].split(" #")[0].split(":")[:2])


def _match(base: Suite, head: RevisionRuns) -> Suite | None:
    """The HEAD suite that stands for a BASE suite: same invocation, else the suite of the same
    entry point that keeps the most of BASE's running tests, any runner."""
    exact = head.suite(base.runner, base.invocation)
    if exact is not None:
        return exact
    group = _entry_group(base.invocation)
    running = base.running()
    candidates = [s for s in head.suites if _entry_group(s.invocation) == group]
    if candidates:
        # The same entry point may now call another runner (Jest -> Vitest) or be reordered.
        return max(
            candidates,
            key=lambda s: (
                sum(1 for t in running if t in s.tests and s.tests[t].status is Status.RUNS),
                s.runner == base.runner,
                s.can_fail.status is Status.RUNS,
                s.invocation,
            ),
        )
    if base.invocation.startswith("config"):
        return Suite(base.runner, base.invocation, base.file, base.line)
    return None


def _qualname(test_id: str) -> str:
    """The part of an id after its file: ``Class::test`` or ``describe > name``."""
    return test_id.split("::", 1)[1] if "::" in test_id else test_id


def _leaf(test_id: str) -> str:
    """A test's own name, without its file, class or ``describe`` (a test class renamed, or
    a test moved into another class, keeps it)."""
    return _qualname(test_id).split("::")[-1].split(" > ")[-1]


def _test_changes(
    base: Suite, head: Suite, head_view: RevisionView, elsewhere: frozenset[str]
) -> list[Change]:
    """Changes for every test BASE runs (or may run) in a suite; ``elsewhere`` holds the tests
    another runner's configuration runs at HEAD (a move from Jest to Vitest keeps them)."""
    changes: list[Change] = []
    new_ids = {t: v for t, v in head.tests.items() if t not in base.tests}
    # A BASE test absent at HEAD may live on under a new path (same name) or a new name
    # (same body): both are looked up among the tests HEAD adds.
    successors: dict[str, list[tuple[str, Verdict]]] = {}
    for test, verdict in sorted(new_ids.items()):
        successors.setdefault(_qualname(test), []).append((test, verdict))
        successors.setdefault(f"leaf:{_leaf(test)}", []).append((test, verdict))
        body = head.bodies.get(test, "")
        if body:
            successors.setdefault(f"body:{body}", []).append((test, verdict))
    for test, before in sorted(base.tests.items()):
        if before.status is Status.DROPPED:
            continue
        path = test.split("::", 1)[0]
        after = head.tests.get(test)
        if after is None and test in elsewhere:
            continue
        if after is None:
            body = base.bodies.get(test, "")
            moved = (
                successors.get(_qualname(test), [])
                + (successors.get(f"body:{body}", []) if body else [])
                + successors.get(f"leaf:{_leaf(test)}", [])
            )
            if any(v.status is Status.RUNS for _, v in moved):
                continue
            if moved:
                target, verdict = moved[0]
                file, line = _first(verdict.causes, (target.split("::", 1)[0], 1))
                where = target.split("::", 1)[0]
                reason = f"moved to {where}, not collected: {_cause_text(verdict.causes)}"
                status = "FAIL" if verdict.status is Status.DROPPED else "UNKNOWN"
                changes.append(
                    Change(REMOVED, status, file, line, test, reason, base.runner, head.invocation)
                )
                continue
            line = base.locations.get(test, 1)
            if head_view.exists(path):
                reason = f"no longer in {path} (was at line {line})"
                changes.append(
                    Change(REMOVED, "FAIL", path, line, test, reason, base.runner, head.invocation)
                )
            else:
                reason = f"{path} deleted (the test was at line {line})"
                changes.append(
                    Change(REMOVED, "FAIL", path, line, test, reason, base.runner, head.invocation)
                )
            continue
        if after.status is Status.RUNS:
            continue
        fresh = tuple(c for c in after.causes if not any(c.same_as(b) for b in before.causes))
        if not fresh:
            continue
        file, line = _first(fresh, (path, 1))
        if before.status is Status.RUNS and after.status is Status.DROPPED:
            status, reason = "FAIL", f"no longer runs: {_cause_text(fresh)}"
        else:
            status, reason = "UNKNOWN", f"may no longer run: {_cause_text(fresh)}"
        changes.append(
            Change(CONFIG_WEAKENED, status, file, line, test, reason, base.runner, head.invocation)
        )
    return changes


def _outcome_changes(base: Suite, head: Suite | None) -> list[Change]:
    """A command that could fail the build at BASE and cannot, or may not, at HEAD."""
    if base.can_fail.status is not Status.RUNS or not base.running():
        return []
    if head is None:
        return [
            Change(
                CONFIG_WEAKENED,
                "FAIL",
                base.file,
                base.line,
                base.invocation,
                "test command removed",
                base.runner,
                base.invocation,
            )
        ]
    if head.can_fail.status is Status.RUNS:
        return []
    file, line = _first(head.can_fail.causes, (head.file, head.line))
    if head.can_fail.status is Status.DROPPED:
        status, reason = (
            "FAIL",
            f"can no longer fail the build: {_cause_text(head.can_fail.causes)}",
        )
    else:
        status, reason = (
            "UNKNOWN",
            f"may no longer fail the build: {_cause_text(head.can_fail.causes)}",
        )
    return [
        Change(
            CONFIG_WEAKENED,
            status,
            file,
            line,
            head.invocation,
            reason,
            head.runner,
            head.invocation,
        )
    ]


def _threshold_changes(base: RevisionRuns, head: RevisionRuns) -> list[Change]:
    """Coverage minimums lowered, no longer enforced, or removed."""

    def strongest(thresholds: tuple[Threshold, ...]) -> dict[tuple[str, str], Threshold]:
        best: dict[tuple[str, str], Threshold] = {}
        for item in thresholds:
            key = (item.tool, item.scope)
            held = best.get(key)
            rank = (item.enforced, item.value if item.value is not None else float("-inf"))
            if held is None or rank > (
                held.enforced,
                held.value if held.value is not None else float("-inf"),
            ):
                best[key] = item
        return best

    before, after = strongest(base.thresholds), strongest(head.thresholds)
    changes = []
    for key, old in sorted(before.items()):
        if not old.enforced or old.value is None:
            continue
        new = after.get(key)
        subject = f"{old.tool} {old.scope}"
        if new is None:
            changes.append(
                Change(
                    CONFIG_WEAKENED,
                    "FAIL",
                    old.file,
                    old.line,
                    subject,
                    f"coverage threshold {old.value:g} removed",
                    old.tool,
                    "coverage",
                )
            )
        elif new.value is None:
            changes.append(
                Change(
                    CONFIG_WEAKENED,
                    "UNKNOWN",
                    new.file,
                    new.line,
                    subject,
                    f"coverage threshold {old.value:g} now unreadable",
                    old.tool,
                    "coverage",
                )
            )
        elif not new.enforced:
            changes.append(
                Change(
                    CONFIG_WEAKENED,
                    "FAIL",
                    new.file,
                    new.line,
                    subject,
                    f"coverage threshold {new.value:g} no longer enforced",
                    old.tool,
                    "coverage",
                )
            )
        elif (old.value >= 0 and new.value < old.value) or (
            old.value < 0 and new.value < old.value
        ):
            changes.append(
                Change(
                    CONFIG_WEAKENED,
                    "FAIL",
                    new.file,
                    new.line,
                    subject,
                    f"coverage threshold lowered from {old.value:g} to {new.value:g}",
                    old.tool,
                    "coverage",
                )
            )
    return changes


def _runs_elsewhere(base: Suite, head: RevisionRuns) -> bool:
    """Whether every test a removed command ran still runs, and can fail the build, in a
    command of HEAD (a ``make test`` target dropped while tox or CI still runs the suite)."""
    commands = [
        s
        for s in head.suites
        if not s.invocation.startswith("config") and s.can_fail.status is Status.RUNS
    ]
    running = base.running()
    return bool(running) and all(
        any(t in s.tests and s.tests[t].status is Status.RUNS for s in commands) for t in running
    )


def _other_runner(scripts: tuple[Script, ...], entry: str | None = None) -> tuple[str, str, int]:
    """(command, file, line) of the first script (``entry``'s only, when given) that runs a
    test runner the model does not read, or ("", "", 0)."""
    for script in scripts:
        if entry is not None and f"{script.file}:{script.key}" != entry:
            continue
        for offset, text in enumerate(script.text.splitlines(), 1):
            found = _OTHER_RUNNERS.search(text)
            if found:
                return " ".join(text.split()), script.file, script.file_line(offset)
    return "", "", 0


def compare(base_view: RevisionView, head_view: RevisionView) -> list[Change]:
    """Every way HEAD runs less of the test suite than BASE did, sorted, without duplicates."""
    base = revision_runs(base_view)
    files: list[str] = []
    classes: list[str] = []
    functions: list[str] = []
    for suite in base.suites:
        if suite.runner == "pytest":
            files.extend(suite.python_patterns[0])
            classes.extend(suite.python_patterns[1])
            functions.extend(suite.python_patterns[2])
    extra: Patterns = (
        tuple(dict.fromkeys(files)),
        tuple(dict.fromkeys(classes)),
        tuple(dict.fromkeys(functions)),
    )
    head = revision_runs(head_view, extra)
    changes: list[Change] = []
    by_configuration = frozenset(
        test
        for suite in head.suites
        if suite.invocation.startswith("config")
        for test in suite.running()
    )
    head_scripts = revision_scripts(head_view)
    ordered = sorted(
        base.suites, key=lambda s: (not s.invocation.startswith("config"), s.invocation, s.runner)
    )
    for suite in ordered:
        matched = _match(suite, head)
        entry_file = suite.invocation.split(" > ")[0].split(":")[0]
        if matched is None and entry_file in head.unreadable:
            reason = f"{entry_file} does not parse at HEAD: what it runs is unknown"
            changes.append(
                Change(
                    CONFIG_WEAKENED,
                    "UNKNOWN",
                    entry_file,
                    1,
                    suite.invocation,
                    reason,
                    suite.runner,
                    suite.invocation,
                )
            )
            continue
        placeholder = suite.invocation.startswith("config") and (
            matched is not None and matched not in head.suites
        )
        if matched is None or placeholder:
            # The runner is gone from this entry point (or from the package): if a runner the
            # model does not read took over, the tests may still run.
            entry = None if placeholder else suite.invocation.split(" > ")[-1].split(" #")[0]
            command, file, line = _other_runner(head_scripts, entry)
            if command:
                reason = f"may now run under `{command}`, which the model does not read"
                changes.append(
                    Change(
                        CONFIG_WEAKENED,
                        "UNKNOWN",
                        file,
                        line,
                        suite.invocation,
                        reason,
                        suite.runner,
                        suite.invocation,
                    )
                )
                continue
        if matched is None:
            if not _runs_elsewhere(suite, head):
                changes.extend(_outcome_changes(suite, None))
            continue
        elsewhere = by_configuration if suite.invocation.startswith("config") else frozenset()
        changes.extend(_test_changes(suite, matched, head_view, elsewhere))
        changes.extend(_outcome_changes(suite, matched))
    changes.extend(_threshold_changes(base, head))
    unique: dict[tuple[str, str, str, int, str, str], Change] = {}
    for change in changes:
        key = (change.kind, change.status, change.file, change.line, change.subject, change.reason)
        unique.setdefault(key, change)
    return sorted(unique.values())
