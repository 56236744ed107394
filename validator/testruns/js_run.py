"""Which JS/TS tests one Jest or Vitest run collects, from the runner's configuration and CLI."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Any

from ...extractors.common.testfile import JS_EXTENSIONS
from ...extractors.runners.js_config import (
    JsConfig,
    JsObject,
    Opaque,
    jest_config,
    js_tests,
    vitest_config,
)
from ...extractors.runners.view import RevisionView
from .globs import micromatch
from .model import Cause, Runner, Status, Suite, Verdict, not_run_cause
from .pytest_args import Arg

ROOT = "/__root__"
# The files the runners may collect are the script files the extractors read; the
# defaults below are the runners' own documented settings, spelled as they spell them.
_SCRIPT_EXTENSIONS = tuple(sorted(JS_EXTENSIONS))
JEST_DEFAULTS: dict[str, tuple[str, ...]] = {
    "testMatch": ("**/__tests__/**/*.?([mc])[jt]s?(x)", "**/?(*.)+(spec|test).?([mc])[jt]s?(x)"),
    "testRegex": (),
    "testPathIgnorePatterns": ("/node_modules/",),
    "modulePathIgnorePatterns": (),
    "roots": ("<rootDir>",),
    "moduleFileExtensions": ("js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "json", "node"),
}
VITEST_DEFAULTS: dict[str, tuple[str, ...]] = {
    "include": ("**/*.{test,spec}.?(c|m)[jt]s?(x)",),
    "exclude": ("**/node_modules/**", "**/.git/**"),
}
_CONFIG_DEFAULTS_SPREAD = "...configDefaults.exclude"
_JEST_ARRAYS = frozenset(
    {
        "--testPathIgnorePatterns",
        "--testPathPattern",
        "--testPathPatterns",
        "--testMatch",
        "--testRegex",
        "--roots",
        "--selectProjects",
        "--findRelatedTests",
        "--reporters",
        "--coverageReporters",
        "--collectCoverageFrom",
        "--modulePathIgnorePatterns",
        "--ignoreProjects",
    }
)
_JEST_VALUES = frozenset(
    {
        "--config",
        "-c",
        "--rootDir",
        "--testNamePattern",
        "-t",
        "--shard",
        "--changedSince",
        "--coverageThreshold",
        "--maxWorkers",
        "-w",
        "--testEnvironment",
        "--testTimeout",
        "--outputFile",
        "--seed",
        "--testSequencer",
        "--setupFiles",
        "--coverageDirectory",
        "--exclude",
        "--dir",
        "--root",
        "-r",
        "--project",
        "--reporter",
        "--environment",
        "--pool",
        "--retry",
        "--mode",
    }
)
_UNKNOWN_SELECTION = frozenset(
    {
        "--onlyChanged",
        "-o",
        "--lastCommit",
        "--changedSince",
        "--findRelatedTests",
        "--watch",
        "--shard",
        "--selectProjects",
        "--ignoreProjects",
        "--changed",
        "--related",
        "--project",
        "--onlyFailures",
        "-f",
    }
)
_NO_RUN = frozenset({"--listTests", "--showConfig", "--help", "-h", "--version", "--list"})


@dataclass
class _JsOptions:
    """The CLI options of one Jest/Vitest run that select tests or decide the outcome."""

    positional: list[Cause] = field(default_factory=list)
    values: dict[str, list[Cause]] = field(default_factory=dict)
    flags: list[Cause] = field(default_factory=list)


def parse_js_args(args: tuple[Arg, ...]) -> _JsOptions:
    """yargs-style reading: ``--a=b``, ``--a b``, array options take every following word."""
    options = _JsOptions()
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        value = word.value
        if not value.startswith("-") or value == "--":
            if value != "--":
                options.positional.append(Cause("path pattern", value, word.file, word.line))
            continue
        name, has_value, attached = value.partition("=")
        if name in _JEST_ARRAYS or name in _JEST_VALUES:
            taken = [attached] if has_value else []
            while (
                index < len(args)
                and not args[index].value.startswith("-")
                and (name in _JEST_ARRAYS or not taken)
            ):
                taken.append(args[index].value)
                index += 1
            for item in taken:
                options.values.setdefault(name, []).append(Cause(name, item, word.file, word.line))
            continue
        options.flags.append(Cause(name, attached, word.file, word.line))
    return options


def _abs(path: str) -> str:
    """The path as the runner sees it: absolute, under a root no pattern names by accident."""
    return f"{ROOT}/{path}" if path else ROOT


def _read(
    config: JsConfig,
    name: str,
    defaults: dict[str, tuple[str, ...]],
    unknown: list[Cause],
    incomplete: set[str],
) -> tuple[tuple[str, ...], Cause]:
    """A list setting: its readable values and the cause to cite; unreadable parts are noted
    as unknown and the setting as incomplete (a file it may select is never dropped by it)."""
    file = config.file or ""
    value = config.value
    if isinstance(value, JsObject):
        entry = value.get(name)
        if entry is not None:
            raw, at = entry
            cause = Cause(name, _show(raw), file, at)
            items = raw if isinstance(raw, tuple) else (raw,)
            kept: list[str] = []
            for item in items:
                if isinstance(item, Opaque):
                    if item.source == _CONFIG_DEFAULTS_SPREAD:
                        kept.extend(VITEST_DEFAULTS["exclude"])
                    else:
                        unknown.append(Cause(name, item.source, file, item.line))
                        incomplete.add(name)
                elif isinstance(item, str):
                    kept.append(item)
                else:
                    unknown.append(Cause(name, _show(item), file, at))
                    incomplete.add(name)
            return tuple(kept), cause
        for spread in value.opaque:
            unknown.append(Cause("spread", spread.source, file, spread.line))
    return defaults.get(name, ()), Cause(name, "(default)", file, 1 if file else 0)


def _show(value: Any) -> str:
    """A setting's value as text for a cause."""
    if isinstance(value, tuple):
        return ", ".join(_show(v) for v in value)
    if isinstance(value, Opaque):
        return value.source
    if isinstance(value, JsObject):
        return "{...}"
    return str(value)


def _search(pattern: str, path: str) -> bool:
    """A JS regular expression tested against a path (Python's dialect is close enough)."""
    try:
        return re.search(pattern, path) is not None
    except re.error:
        return pattern in path


def _candidates(view: RevisionView, folder: str) -> list[str]:
    """JS/TS files of the package that declare tests (node_modules never holds project tests)."""
    found = []
    for path in view.under(folder):
        if not path.endswith(_SCRIPT_EXTENSIONS) or "node_modules/" in path:
            continue
        data = view.read(path) or b""
        if any(
            word in data for word in (b"test(", b"it(", b"describe(", b".each", b"test.", b"it.")
        ):
            found.append(path)
    return found


def _config_unknown(config: JsConfig, unknown: list[Cause]) -> None:
    """An unreadable configuration makes every verdict unknown."""
    if isinstance(config.value, Opaque):
        unknown.append(Cause("config", config.value.source, config.file or "", config.value.line))
    if isinstance(config.value, JsObject):
        for name in ("projects", "workspace"):
            entry = config.value.get(name)
            if entry is not None:
                unknown.append(Cause(name, _show(entry[0]), config.file or "", entry[1]))


def _name_filter(options: _JsOptions) -> list[Cause]:
    """``-t``/``--testNamePattern`` causes."""
    return options.values.get("-t", []) + options.values.get("--testNamePattern", [])


def _finish(
    runner: Runner,
    view: RevisionView,
    files: dict[str, tuple[list[Cause], list[Cause]]],
    options: _JsOptions,
    invocation: str,
    site: tuple[str, int],
) -> Suite:
    """Verdicts of every test in the candidate files, and whether the run can fail."""
    verdicts: dict[str, Verdict] = {}
    locations: dict[str, int] = {}
    bodies: dict[str, str] = {}
    name_filters = _name_filter(options)
    for path, (drops, unknown) in sorted(files.items()):
        for test in js_tests(path, view.read(path) or b""):
            locations[test.id] = test.line
            bodies[test.id] = test.body
            test_drops = list(drops)
            if test.not_run:
                test_drops.append(not_run_cause(test.not_run, path, test.not_run_line))
            for cause in name_filters:
                if not _search(cause.detail, test.full_name):
                    test_drops.append(cause)
            if test_drops:
                verdicts[test.id] = Verdict(Status.DROPPED, tuple(sorted(set(test_drops))))
            elif unknown:
                verdicts[test.id] = Verdict(Status.UNKNOWN, tuple(sorted(set(unknown))))
            else:
                verdicts[test.id] = Verdict(Status.RUNS)
    no_run = [c for c in options.flags if c.setting in _NO_RUN]
    pass_empty = [c for c in options.flags if c.setting == "--passWithNoTests"]
    running = [t for t, v in verdicts.items() if v.status is Status.RUNS]
    if no_run:
        can_fail = Verdict(Status.DROPPED, tuple(no_run))
    elif pass_empty and not running:
        can_fail = Verdict(Status.DROPPED, tuple(pass_empty))
    else:
        can_fail = Verdict(Status.RUNS)
    return Suite(
        runner, invocation, site[0], site[1], verdicts, can_fail, locations=locations, bodies=bodies
    )


def _selection_unknown(options: _JsOptions) -> list[Cause]:
    """Options whose selection depends on git state, shards or project lists."""
    found = [c for c in options.flags if c.setting in _UNKNOWN_SELECTION]
    for name in _UNKNOWN_SELECTION:
        found.extend(options.values.get(name, []))
    return found


def jest_suite(
    view: RevisionView,
    folder: str = "",
    args: tuple[Arg, ...] = (),
    *,
    invocation: str = "config",
    site: tuple[str, int] | None = None,
) -> Suite:
    """The tests one Jest run collects from the package in ``folder``."""
    options = parse_js_args(args)
    explicit = options.values.get("--config", []) + options.values.get("-c", [])
    config = jest_config(view, folder, explicit[-1].detail if explicit else None)
    unknown: list[Cause] = _selection_unknown(options)
    _config_unknown(config, unknown)
    settings = {}
    incomplete: set[str] = set()
    for name in JEST_DEFAULTS:
        cli = options.values.get(f"--{name}")
        if cli:
            settings[name] = (tuple(c.detail for c in cli), cli[0])
        else:
            settings[name] = _read(config, name, JEST_DEFAULTS, unknown, incomplete)
    root_dir = folder
    root_entry = config.value.get("rootDir") if isinstance(config.value, JsObject) else None
    if root_entry is not None and isinstance(root_entry[0], str):
        base = posixpath.dirname(config.file or "")
        root_dir = posixpath.normpath(posixpath.join(base, root_entry[0])).lstrip("./")
        root_dir = "" if root_dir == "." else root_dir
    absolute_root = _abs(root_dir)

    def expand(value: str) -> str:
        return value.replace("<rootDir>", absolute_root)

    roots = [expand(r).rstrip("/") for r in settings["roots"][0]]
    patterns = (
        options.positional
        + options.values.get("--testPathPattern", [])
        + options.values.get("--testPathPatterns", [])
    )
    files: dict[str, tuple[list[Cause], list[Cause]]] = {}
    for path in _candidates(view, root_dir):
        absolute = _abs(path)
        drops: list[Cause] = []
        if "roots" not in incomplete and not any(
            absolute == r or absolute.startswith(r + "/") for r in roots
        ):
            drops.append(settings["roots"][1])
        extension = posixpath.splitext(path)[1].lstrip(".")
        if (
            "moduleFileExtensions" not in incomplete
            and extension not in settings["moduleFileExtensions"][0]
        ):
            drops.append(settings["moduleFileExtensions"][1])
        regexes = settings["testRegex"][0]
        by_regex = bool(regexes) or "testRegex" in incomplete
        deciding = "testRegex" if by_regex else "testMatch"
        if deciding not in incomplete:
            if by_regex:
                selected = any(_search(expand(r), absolute) for r in regexes)
            else:
                selected = _glob_selected(absolute, [expand(g) for g in settings["testMatch"][0]])
            if not selected:
                drops.append(settings[deciding][1])
        for name in ("testPathIgnorePatterns", "modulePathIgnorePatterns"):
            values, cause = settings[name]
            hit = [v for v in values if v and _search(expand(v), absolute)]
            if hit:
                drops.append(Cause(cause.setting, ", ".join(hit), cause.file, cause.line))
        if patterns and not any(_search(c.detail, absolute) for c in patterns):
            drops.extend(patterns)
        files[path] = (drops, unknown)
    where = site or (config.file or "", 1 if config.file else 0)
    return _finish("jest", view, files, options, invocation, where)


def _glob_selected(path: str, globs: list[str]) -> bool:
    """micromatch over a list: some positive glob matches and no ``!`` glob does."""
    positive = [g for g in globs if not g.startswith("!")]
    negative = [g[1:] for g in globs if g.startswith("!")]
    return any(micromatch(path, g) for g in positive) and not any(
        micromatch(path, g) for g in negative
    )


def vitest_suite(
    view: RevisionView,
    folder: str = "",
    args: tuple[Arg, ...] = (),
    *,
    invocation: str = "config",
    site: tuple[str, int] | None = None,
) -> Suite:
    """The tests one Vitest run collects from the project in ``folder``."""
    options = parse_js_args(args)
    explicit = options.values.get("--config", []) + options.values.get("-c", [])
    root_cli = options.values.get("--root", []) + options.values.get("-r", [])
    if root_cli:
        folder = posixpath.normpath(posixpath.join(folder, root_cli[-1].detail)).lstrip("./")
    config = vitest_config(view, folder, explicit[-1].detail if explicit else None)
    unknown: list[Cause] = _selection_unknown(options)
    _config_unknown(config, unknown)
    incomplete: set[str] = set()
    include, include_cause = _read(config, "include", VITEST_DEFAULTS, unknown, incomplete)
    exclude, exclude_cause = _read(config, "exclude", VITEST_DEFAULTS, unknown, incomplete)
    cli_exclude = options.values.get("--exclude", [])
    base = folder
    dir_entry = config.value.get("dir") if isinstance(config.value, JsObject) else None
    dir_cli = options.values.get("--dir", [])
    dir_cause = None
    if dir_cli:
        base, dir_cause = _join(folder, dir_cli[-1].detail), dir_cli[-1]
    elif dir_entry is not None and isinstance(dir_entry[0], str):
        base = _join(folder, dir_entry[0])
        dir_cause = Cause("dir", dir_entry[0], config.file or "", dir_entry[1])
    files: dict[str, tuple[list[Cause], list[Cause]]] = {}
    for path in _candidates(view, folder):
        drops: list[Cause] = []
        if base and not path.startswith(base + "/"):
            drops.append(dir_cause or Cause("dir", base, config.file or "", 1))
        relative = path[len(base) + 1 :] if base and path.startswith(base + "/") else path
        if "include" not in incomplete and not any(micromatch(relative, g) for g in include):
            drops.append(include_cause)
        hit = [g for g in exclude if micromatch(relative, g)]
        if hit:
            drops.append(
                Cause(exclude_cause.setting, ", ".join(hit), exclude_cause.file, exclude_cause.line)
            )
        drops.extend(c for c in cli_exclude if micromatch(relative, c.detail))
        if options.positional and not any(c.detail in path for c in options.positional):
            drops.extend(options.positional)
        files[path] = (drops, unknown)
    where = site or (config.file or "", 1 if config.file else 0)
    return _finish("vitest", view, files, options, invocation, where)


def _join(folder: str, path: str) -> str:
    """``path`` inside ``folder``, normalized ('' for the root)."""
    joined = (
        posixpath.normpath(posixpath.join(folder, path)) if folder else posixpath.normpath(path)
    )
    return "" if joined == "." else joined.strip("/")
