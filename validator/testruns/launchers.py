"""Which words of a command run a test runner: launchers (``uv run``, ``npx``, env assignments)
stripped, then pytest, jest, vitest, mocha or ``node --test`` recognised with the arguments it
receives (under the coverage wrappers nyc and c8 too)."""

from __future__ import annotations

import posixpath
import re

from .model import Runner
from .node_run import is_node_test

# Programs that run the next words as a command.
_WRAPPERS = {
    "uv": ("run",),
    "poetry": ("run",),
    "pipenv": ("run",),
    "pdm": ("run",),
    "hatch": ("run",),
    "rye": ("run",),
    "npx": (),
    "bunx": (),
    "pnpx": (),
    "env": (),
    "time": (),
    "exec": (),
    "nice": (),
    "xvfb-run": (),
    "sudo": (),
    "dotenv": (),
}
_WRAPPER_VALUE_OPTIONS = frozenset(
    {
        "--with",
        "--python",
        "-p",
        "--group",
        "--extra",
        "-e",
        "--env",
        "--env-file",
        "--directory",
        "--project",
        "-a",
        "-s",
    }
)


def strip_wrappers(words: list[str]) -> list[str]:
    """The command under env assignments, ``uv run``, ``npx`` and similar launchers."""
    changed = True
    while words and changed:
        changed = False
        while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
            words = words[1:]
            changed = True
        if words and words[0] in _WRAPPERS:
            sub = _WRAPPERS[words[0]]
            if sub and len(words) > 1 and words[1] in sub:
                words = words[2:]
            elif not sub:
                words = words[1:]
            else:
                break
            while words and words[0].startswith("-"):
                option = words.pop(0)
                if option in _WRAPPER_VALUE_OPTIONS and words and "=" not in option:
                    words.pop(0)
            changed = True
    return words


# Options of nyc and c8 that take the next word as their value.
_COVERAGE_VALUED = frozenset(
    {
        "--reporter",
        "-r",
        "--report-dir",
        "--reports-dir",
        "-o",
        "--temp-dir",
        "-t",
        "--include",
        "-n",
        "--exclude",
        "-x",
        "--extension",
        "-e",
        "--require",
        "-i",
        "--nycrc-path",
        "--config",
        "-c",
        "--src",
        "--cwd",
        "--lines",
        "--branches",
        "--functions",
        "--statements",
    }
)


def _after_options(words: list[str]) -> list[str]:
    """The command a coverage wrapper runs: its words after the wrapper's own options."""
    index = 0
    while index < len(words) and words[index].startswith("-"):
        option = words[index]
        index += 1
        takes = option in _COVERAGE_VALUED and "=" not in option
        if takes and index < len(words) and not words[index].startswith("-"):
            index += 1
    if words[index : index + 1] == ["--"]:
        index += 1
    return words[index:]


def runner_of(words: list[str]) -> tuple[Runner, list[str]] | None:
    """(runner, its arguments) when the words run pytest, jest, vitest, mocha or
    ``node --test``."""
    if not words:
        return None
    program = posixpath.basename(words[0])
    if program in ("pytest", "py.test"):
        return "pytest", words[1:]
    if re.fullmatch(r"python[\d.]*|pypy[\d.]*", program):
        if words[1:3] == ["-m", "pytest"]:
            return "pytest", words[3:]
        if words[1:3] == ["-m", "coverage"]:
            return runner_of(words[2:])
    if program == "coverage" and len(words) > 1 and words[1] == "run":
        rest = words[2:]
        while rest and rest[0].startswith("-") and rest[0] != "-m":
            rest = rest[1:]
        if rest[:2] == ["-m", "pytest"]:
            return "pytest", rest[2:]
    if program == "node" and is_node_test(words):
        return "node-test", words[1:]
    if program == "jest" or (program == "node" and len(words) > 1 and words[1].endswith("jest")):
        return "jest", words[1:] if program == "jest" else words[2:]
    if program in ("react-scripts", "craco") and words[1:2] == ["test"]:
        return "jest", words[2:]
    if program in ("mocha", "_mocha") or (
        program == "node" and len(words) > 1 and words[1].endswith(("/mocha", "/_mocha"))
    ):
        return "mocha", words[1:] if program != "node" else words[2:]
    if program in ("nyc", "c8") and words[1:2] != ["report"]:
        return runner_of(_after_options(words[1:]))
    if program == "vitest":
        rest = words[1:]
        if rest and rest[0] in ("run", "watch", "dev", "related", "list", "bench"):
            rest = (["--list"] if rest[0] in ("list", "bench") else []) + rest[1:]
        return "vitest", rest
    return None
