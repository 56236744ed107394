"""Which JS/TS tests one ``node --test`` run collects, from its command line.

Node's built-in runner has no configuration file: the files come from the command's patterns
(globs or paths, relative to its working directory) or, without any, from Node's default
patterns; ``--test-name-pattern``/``--test-skip-pattern`` filter tests by name. TypeScript
files are collected only where Node strips types, which depends on the Node version unless the
command says so: such files are UNKNOWN, never assumed to run.
"""

from __future__ import annotations

import posixpath
from dataclasses import replace

from ...extractors.runners.js_config import js_tests
from ...extractors.runners.view import RevisionView
from .globs import micromatch
from .js_run import _candidates, _finish, _JsOptions, _search
from .model import Cause, Status, Suite, Verdict
from .pytest_args import Arg

# Node's defaults when no pattern is given (node:test, "Running tests from the command line").
_DEFAULT_STEMS = (
    "**/*.test.{ext}",
    "**/*-test.{ext}",
    "**/*_test.{ext}",
    "**/test-*.{ext}",
    "**/test.{ext}",
    "**/test/**/*.{ext}",
)
_JS = "{cjs,mjs,js}"
_TS = "{cts,mts,ts}"
DEFAULT_PATTERNS = tuple(stem.format(ext=_JS) for stem in _DEFAULT_STEMS)
TYPE_STRIPPED_PATTERNS = tuple(stem.format(ext=_TS) for stem in _DEFAULT_STEMS)

# Node options that take the next word as their value (when not written ``--name=value``).
_VALUED = frozenset(
    {
        "--test-name-pattern",
        "--test-skip-pattern",
        "--test-reporter",
        "--test-reporter-destination",
        "--test-concurrency",
        "--test-shard",
        "--test-timeout",
        "--test-coverage-include",
        "--test-coverage-exclude",
        "--test-coverage-lines",
        "--test-coverage-branches",
        "--test-coverage-functions",
        "--test-global-setup",
        "--test-isolation",
        "--import",
        "--require",
        "-r",
        "--loader",
        "--experimental-loader",
        "--env-file",
        "--conditions",
        "-C",
        "--watch-path",
        "--input-type",
        "--max-old-space-size",
        "--stack-size",
    }
)
# Options whose selection depends on markers in the tests, shards or watched changes.
_SELECTION_UNKNOWN = frozenset({"--test-only", "--test-shard", "--watch"})
_STRIP_ON = frozenset({"--experimental-strip-types", "--experimental-transform-types"})
_STRIP_OFF = "--no-experimental-strip-types"


def is_node_test(words: list[str]) -> bool:
    """Whether ``node ...`` words run the test runner: ``--test`` before any script name."""
    for word in words[1:]:
        if word == "--test":
            return True
        if not word.startswith("-"):
            return False
    return False


def parse_node_args(args: tuple[Arg, ...]) -> _JsOptions:
    """Node's options as the JS option record: patterns, valued options and flags."""
    options = _JsOptions()
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        value = word.value
        if value == "--test":
            continue
        if not value.startswith("-") or value == "--":
            if value != "--":
                options.positional.append(Cause("test pattern", value, word.file, word.line))
            continue
        name, has_value, attached = value.partition("=")
        if name in _VALUED:
            if not has_value and index < len(args):
                attached = args[index].value
                index += 1
            options.values.setdefault(name, []).append(Cause(name, attached, word.file, word.line))
            continue
        options.flags.append(Cause(name, attached, word.file, word.line))
    return options


def _pattern(value: str) -> str:
    """A ``--test-name-pattern`` value as a regular expression (``/re/flags`` or plain)."""
    if len(value) > 1 and value.startswith("/") and value.rfind("/") > 0:
        body = value[1 : value.rfind("/")]
        flags = value[value.rfind("/") + 1 :]
        return f"(?i){body}" if "i" in flags else body
    return value


def node_test_suite(
    view: RevisionView,
    folder: str = "",
    args: tuple[Arg, ...] = (),
    *,
    invocation: str = "command",
    site: tuple[str, int] | None = None,
) -> Suite:
    """The tests one ``node --test`` run in ``folder`` collects."""
    options = parse_node_args(args)
    names = {c.setting for c in options.flags}
    strips = None if not names & (_STRIP_ON | {_STRIP_OFF}) else _STRIP_OFF not in names
    unknown = [c for c in options.flags if c.setting in _SELECTION_UNKNOWN]
    unknown += options.values.get("--test-shard", [])
    where = site or ("", 0)
    default_cause = Cause("node --test", "(default patterns)", *where)
    files: dict[str, tuple[list[Cause], list[Cause]]] = {}
    for path in _candidates(view, folder):
        relative = path[len(folder) + 1 :] if folder else path
        drops: list[Cause] = []
        maybe: list[Cause] = list(unknown)
        if options.positional:
            if not any(_matches(relative, c.detail) for c in options.positional):
                drops.extend(options.positional)
        elif "node_modules/" in relative or not any(
            micromatch(relative, g) for g in DEFAULT_PATTERNS
        ):
            if strips is not False and any(micromatch(relative, g) for g in TYPE_STRIPPED_PATTERNS):
                if strips is None:
                    detail = "TypeScript collected only where Node strips types"
                    maybe.append(Cause("node --test", detail, *where))
            else:
                drops.append(default_cause)
        files[path] = (drops, maybe)
    # The shared finishing step filters by Jest's option name; Node's is the same filter.
    for cause in options.values.get("--test-name-pattern", []):
        options.values.setdefault("--testNamePattern", []).append(
            Cause(cause.setting, _pattern(cause.detail), cause.file, cause.line)
        )
    suite = _finish("node-test", view, files, options, invocation, where)
    skips = options.values.get("--test-skip-pattern", [])
    if not skips:
        return suite
    return _skip_by_name(suite, view, files, skips)


def _matches(path: str, pattern: str) -> bool:
    """A command-line pattern: a file, a folder's files, or a glob."""
    clean = posixpath.normpath(pattern).lstrip("./") if pattern not in (".", "./") else ""
    if not clean:
        return True
    if path == clean or path.startswith(clean.rstrip("/") + "/"):
        return True
    return micromatch(path, clean)


def _skip_by_name(
    suite: Suite,
    view: RevisionView,
    files: dict[str, tuple[list[Cause], list[Cause]]],
    skips: list[Cause],
) -> Suite:
    """``--test-skip-pattern``: tests whose full name matches are dropped."""
    tests = dict(suite.tests)
    for path in sorted(files):
        for test in js_tests(path, view.read(path) or b""):
            hit = [c for c in skips if _search(_pattern(c.detail), test.full_name)]
            if hit and test.id in tests:
                verdict = tests[test.id]
                causes = tuple(sorted(set(verdict.causes) | set(hit)))
                tests[test.id] = Verdict(Status.DROPPED, causes)
    return replace(suite, tests=tests)
