"""Coverage thresholds given on command lines, and how HEAD's thresholds fall short of BASE's."""

from __future__ import annotations

import posixpath

from ...extractors.runners.coverage import Threshold
from ...extractors.runners.entrypoints import revision_scripts
from ...extractors.runners.pytest_config import locate_pytest_config
from ...extractors.runners.shell import split_script
from ...extractors.runners.view import RevisionView
from .commands import RunnerCall
from .launchers import strip_wrappers
from .model import CONFIG_WEAKENED, Change
from .propagation import DIALECTS, propagation
from .pytest_args import Arg


def command_thresholds(view: RevisionView, calls: tuple[RunnerCall, ...]) -> list[Threshold]:
    """Thresholds given on command lines: pytest-cov, ``coverage report``, nyc and c8."""
    found: list[Threshold] = []
    config = locate_pytest_config(view)
    addopts = config.get("addopts")
    sources: list[tuple[tuple[Arg, ...], bool]] = []
    if addopts is not None:
        sources.append(
            (
                tuple(
                    Arg(v, addopts.file, addopts.line_of(i)) for i, v in enumerate(addopts.values)
                ),
                True,
            )
        )
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


def threshold_changes(base: tuple[Threshold, ...], head: tuple[Threshold, ...]) -> list[Change]:
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

    before, after = strongest(base), strongest(head)
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
