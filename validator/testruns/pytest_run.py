"""Which Python tests one pytest run collects, from pytest's configuration and arguments."""

from __future__ import annotations

import fnmatch
import hashlib
import posixpath
from dataclasses import dataclass

from ...extractors.runners.pytest_config import PytestConfig, locate_pytest_config
from ...extractors.runners.python_files import (
    DEFAULT_CLASSES,
    DEFAULT_FILES,
    DEFAULT_FUNCTIONS,
    ConftestFacts,
    PyTestItem,
    conftest_facts,
    matches_prefix_or_glob,
    python_test_items,
)
from ...extractors.runners.view import RevisionView
from .expressions import ExpressionError, keyword_matches, marker_matches
from .hooks import hook_status
from .model import Cause, Status, Suite, Verdict, not_run_cause
from .pytest_args import Arg, PytestOptions, parse_pytest_args

DEFAULTS = {
    "python_files": DEFAULT_FILES,
    "python_classes": DEFAULT_CLASSES,
    "python_functions": DEFAULT_FUNCTIONS,
    "norecursedirs": (
        "*.egg",
        ".*",
        "_darcs",
        "build",
        "CVS",
        "dist",
        "node_modules",
        "venv",
        "{arch}",
    ),
    "testpaths": (),
}
_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True)
class _Setting:
    """A setting's effective values and the cause to cite when it decides a verdict."""

    values: tuple[str, ...]
    cause: Cause


def _join(folder: str, path: str) -> str:
    """``path`` relative to ``folder``, normalized repo-relative ('' for the root)."""
    joined = (
        posixpath.normpath(posixpath.join(folder, path)) if folder else posixpath.normpath(path)
    )
    return "" if joined == "." else joined.strip("/")


def _under(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or inside it."""
    return not folder or path == folder or path.startswith(folder + "/")


def _setting(config: PytestConfig, options: PytestOptions, name: str) -> _Setting:
    """The setting's values: ``-o`` first, then the config file, then pytest's default."""
    override = options.overrides.get(name)
    if override is not None:
        return _Setting(tuple(override.detail.split()), override)
    written = config.get(name)
    if written is not None:
        return _Setting(
            written.values, Cause(name, " ".join(written.values), written.file, written.line)
        )
    return _Setting(
        DEFAULTS.get(name, ()), Cause(name, "(default)", config.file or "", 1 if config.file else 0)
    )


def _fingerprint(text: str) -> str:
    """A short stable digest: the same hook at BASE and HEAD has the same one."""
    return hashlib.sha256(text.encode()).hexdigest()[:12]


class _Collector:
    """One pytest run over one revision."""

    def __init__(
        self,
        view: RevisionView,
        config: PytestConfig,
        options: PytestOptions,
        extra: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]],
    ) -> None:
        self.view = view
        self.config = config
        self.options = options
        self.rootdir = config.rootdir
        self.files = _setting(config, options, "python_files")
        self.classes = _setting(config, options, "python_classes")
        self.functions = _setting(config, options, "python_functions")
        self.norecurse = _setting(config, options, "norecursedirs")
        self.extra_files, self.extra_classes, self.extra_functions = extra
        self.conftests = {
            posixpath.dirname(p): conftest_facts(p, view.read(p) or b"")
            for p in view.paths()
            if posixpath.basename(p) == "conftest.py"
        }
        self.global_causes: list[tuple[Status, Cause]] = []
        self._loaded: dict[str, bool] = {}
        self.locations: dict[str, int] = {}
        self.bodies: dict[str, str] = {}
        self.starts = self._starts()

    def _starts(self) -> list[tuple[str, str, Cause]]:
        """(path, node selector, cause) of every place collection starts from."""
        found: list[tuple[str, str, Cause]] = []
        positional = [c for c in self.options.positional]
        if positional:
            for cause in positional:
                path, _, selector = cause.detail.partition("::")
                norm = _join("", path)
                if any(c in norm for c in _GLOB_CHARS):
                    matched = [p for p in self.view.paths() if fnmatch.fnmatch(p, norm)]
                    found.extend((p, "", cause) for p in matched)
                elif self.view.exists(norm) or self.view.is_dir(norm):
                    found.append((norm, selector, cause))
                else:
                    self.global_causes.append(
                        (
                            Status.UNKNOWN,
                            Cause("argument not found", cause.detail, cause.file, cause.line),
                        )
                    )
            return found
        testpaths = _setting(self.config, self.options, "testpaths")
        for entry in testpaths.values:
            pattern = _join(self.rootdir, entry)
            if any(c in pattern for c in _GLOB_CHARS):
                matched = sorted(
                    {p for p in self.view.paths() if fnmatch.fnmatch(p, pattern)}
                    | {d for d in self._dirs() if fnmatch.fnmatch(d, pattern)}
                )
                found.extend((m, "", testpaths.cause) for m in matched)
            elif self.view.exists(pattern) or self.view.is_dir(pattern):
                found.append((pattern, "", testpaths.cause))
        if not found:
            found.append(("", "", testpaths.cause))
        return found

    def _dirs(self) -> set[str]:
        """Every folder of the revision."""
        return {posixpath.dirname(p) for p in self.view.paths()} | {
            "/".join(p.split("/")[:i]) for p in self.view.paths() for i in range(1, p.count("/"))
        }

    def _in_venv(self, folder: str) -> bool:
        """pytest skips virtualenvs (a pyvenv.cfg, or conda-meta/history) unless told not to."""
        if self.options.collect_in_virtualenv:
            return False
        return self.view.exists(_join(folder, "pyvenv.cfg")) or self.view.exists(
            _join(folder, "conda-meta/history")
        )

    def _ignored(self, path: str) -> list[Cause]:
        """Why pytest would not collect the file or folder ``path`` while recursing."""
        found: list[Cause] = []
        for cause in self.options.ignore:
            if _join("", cause.detail) == path:
                found.append(cause)
        for cause in self.options.ignore_glob:
            if fnmatch.fnmatch(path, _join("", cause.detail)):
                found.append(cause)
        parent = posixpath.dirname(path)
        for folder, facts in sorted(self.conftests.items()):
            if not _under(parent, folder) or not _under(folder, self.rootdir):
                continue
            for entry in facts.ignores:
                if entry.conditional:
                    continue
                target = _join(folder, entry.pattern)
                hit = (
                    target == path
                    if entry.variable == "collect_ignore"
                    else fnmatch.fnmatch(path, target)
                )
                if hit:
                    found.append(Cause(entry.variable, entry.pattern, facts.path, entry.line))
        return found

    def _file_causes(self, path: str) -> list[Cause] | None:
        """Drop causes of one file (empty when collected), None when no start reaches it."""
        reached: list[Cause] | None = None
        for start, _, _ in self.starts:
            if path == start:
                return []
            if not _under(path, start):
                continue
            causes: list[Cause] = []
            parts = path.split("/")
            depth = len(start.split("/")) if start else 0
            for end in range(depth + 1, len(parts)):
                folder = "/".join(parts[:end])
                name = parts[end - 1]
                if any(fnmatch.fnmatch(name, p) for p in self.norecurse.values):
                    causes.append(
                        Cause(
                            "norecursedirs",
                            name,
                            self.norecurse.cause.file,
                            self.norecurse.cause.line,
                        )
                    )
                if self._in_venv(folder):
                    causes.append(Cause("virtualenv", folder, folder + "/pyvenv.cfg", 1))
                causes.extend(self._ignored(folder))
            causes.extend(self._ignored(path))
            if not self._matches_files(path, self.files.values):
                causes.append(self.files.cause)
            if not causes:
                return []
            reached = causes if reached is None else reached
        return reached

    @staticmethod
    def _matches_files(path: str, patterns: tuple[str, ...]) -> bool:
        """pytest's ``fnmatch_ex``: basename match unless the pattern holds a separator."""
        name = posixpath.basename(path)
        for pattern in patterns:
            target = path if "/" in pattern else name
            if fnmatch.fnmatch(
                target, pattern if "/" not in pattern else "*" + pattern.lstrip("*")
            ):
                return True
        return False

    def _not_reached(self) -> Cause:
        """The cause for a file under no start: the testpaths setting or the command's paths."""
        return self.starts[0][2] if self.starts else Cause("path", "", "", 0)

    def candidate_files(self) -> list[str]:
        """Python files that pytest, or BASE's patterns, would treat as test modules."""
        patterns = self.files.values + self.extra_files
        explicit = {s for s, _, _ in self.starts}
        return [
            p
            for p in self.view.paths()
            if p.endswith(".py")
            and (self._matches_files(p, patterns) or p in explicit)
            and posixpath.basename(p) != "conftest.py"
        ]

    def item_causes(self, item: PyTestItem, path: str) -> tuple[list[Cause], list[Cause]]:
        """(drop causes, unknown causes) decided for one test item."""
        drops: list[Cause] = []
        unknown: list[Cause] = []
        for cause in self.options.no_plugins:
            plugin = cause.detail[3:]
            if plugin == "python" or (plugin == "unittest" and item.unittest):
                drops.append(cause)
        relative = item.id[len(self.rootdir) + 1 :] if self.rootdir else item.id
        selectors = [(s, sel, c) for s, sel, c in self.starts if s == path and sel]
        if selectors and not any(
            (path + "::" + sel) == item.id or item.id.startswith(path + "::" + sel + "::")
            for _, sel, _ in selectors
        ):
            drops.append(selectors[0][2])
        for cause in self.options.deselect:
            if relative.startswith(cause.detail) or item.id.startswith(cause.detail):
                drops.append(cause)
        folders = path[len(self.rootdir) :].strip("/").split("/")[:-1]
        names = frozenset(
            {item.name, *item.classes, posixpath.basename(path), *folders, *item.markers}
        )
        for cause, check in (
            (self.options.keyword, lambda c: keyword_matches(c.detail, names)),
            (self.options.markexpr, lambda c: marker_matches(c.detail, frozenset(item.markers))),
        ):
            if cause is None:
                continue
            try:
                if not check(cause):
                    drops.append(cause)
            except ExpressionError as error:
                unknown.append(
                    Cause(cause.setting, f"{cause.detail} ({error})", cause.file, cause.line)
                )
        for folder, facts in sorted(self.conftests.items()):
            loaded = self._conftest_loaded(folder)
            self._conftest_causes(facts, folder, path, item, drops, unknown, loaded)
        unknown.extend(self.options.cache_dependent)
        return drops, unknown

    def _conftest_loaded(self, folder: str) -> bool:
        """Whether pytest loads the conftest.py of ``folder`` at all: one in a folder on the way
        to a start, or in a folder collection walks into (not pruned by ``norecursedirs``, a
        virtualenv or an ignore). A conftest in a folder never collected (a fixture tree outside
        ``testpaths``) has no effect, not even through a session-wide hook."""
        if folder not in self._loaded:
            self._loaded[folder] = any(
                _under(start, folder) or (_under(folder, start) and not self._pruned(start, folder))
                for start, _, _ in self.starts
            )
        return self._loaded[folder]

    def _pruned(self, start: str, folder: str) -> bool:
        """Whether collection from ``start`` stops before reaching ``folder``."""
        parts = folder.split("/")
        depth = len(start.split("/")) if start else 0
        for end in range(depth + 1, len(parts) + 1):
            sub = "/".join(parts[:end])
            if any(fnmatch.fnmatch(parts[end - 1], p) for p in self.norecurse.values):
                return True
            if self._in_venv(sub) or self._ignored(sub):
                return True
        return False

    def _conftest_causes(
        self,
        facts: ConftestFacts,
        folder: str,
        path: str,
        item: PyTestItem,
        drops: list[Cause],
        unknown: list[Cause],
        loaded: bool = True,
    ) -> None:
        """Hooks and unreadable ignores of one conftest that may touch ``item`` at ``path``."""
        inside = _under(posixpath.dirname(path), folder)
        by_expression = self.options.keyword is not None or self.options.markexpr is not None
        for hook in facts.hooks:
            if not ((hook.session_wide and loaded) or inside):
                continue
            status = hook_status(hook, item, path, self.rootdir, by_expression)
            if status is None:
                continue
            cause = Cause(
                f"hook {hook.name}", _fingerprint(hook.fingerprint), facts.path, hook.line
            )
            (drops if status is Status.DROPPED else unknown).append(cause)
        if inside:
            for entry in facts.opaque:
                unknown.append(Cause(entry.what, entry.source, facts.path, entry.line))
            for ignore in facts.ignores:
                if ignore.conditional:
                    target = _join(folder, ignore.pattern)
                    if target == path or _under(path, target) or fnmatch.fnmatch(path, target):
                        unknown.append(
                            Cause(
                                f"{ignore.variable} (conditional)",
                                ignore.pattern,
                                facts.path,
                                ignore.line,
                            )
                        )

    def verdicts(self) -> dict[str, Verdict]:
        """Every test found in candidate files, with its verdict."""
        result: dict[str, Verdict] = {}
        functions = self.functions.values + self.extra_functions
        classes = self.classes.values + self.extra_classes
        for path in self.candidate_files():
            file_causes = self._file_causes(path)
            if file_causes is None:
                file_causes = [self._not_reached()]
            data = self.view.read(path) or b""
            items = python_test_items(path, data, functions, classes)
            own = {
                i.id
                for i in python_test_items(path, data, self.functions.values, self.classes.values)
            }
            for item in items:
                self.locations[item.id] = item.line
                self.bodies[item.id] = item.body
                drops = list(file_causes)
                if item.id not in own:
                    if (
                        item.classes
                        and not matches_prefix_or_glob(item.classes[0], self.classes.values)
                        and not item.unittest
                    ):
                        drops.append(self.classes.cause)
                    else:
                        drops.append(self.functions.cause)
                item_drops, unknown = self.item_causes(item, path)
                drops.extend(item_drops)
                if item.not_run:
                    drops.append(not_run_cause(item.not_run, path, item.not_run_line))
                unknown.extend(c for s, c in self.global_causes if s is Status.UNKNOWN)
                if drops:
                    result[item.id] = Verdict(Status.DROPPED, tuple(sorted(set(drops))))
                elif unknown:
                    result[item.id] = Verdict(Status.UNKNOWN, tuple(sorted(set(unknown))))
                else:
                    result[item.id] = Verdict(Status.RUNS)
        return result


def pytest_suite(
    view: RevisionView,
    args: tuple[Arg, ...] = (),
    *,
    invocation: str = "config",
    site: tuple[str, int] | None = None,
    extra_patterns: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ()),
) -> Suite:
    """The tests one pytest run collects at this revision (``args`` after addopts)."""
    command = parse_pytest_args(list(args))
    config = locate_pytest_config(
        view,
        tuple(c.detail for c in command.positional),
        command.config_file.detail if command.config_file else None,
    )
    addopts_setting = config.get("addopts")
    addopts = (
        [
            Arg(v, addopts_setting.file, addopts_setting.line_of(i))
            for i, v in enumerate(addopts_setting.values)
        ]
        if addopts_setting is not None and "addopts" not in command.overrides
        else []
    )
    options = parse_pytest_args([*addopts, *args])
    collector = _Collector(view, config, options, extra_patterns)
    if config.error:
        collector.global_causes.append(
            (Status.UNKNOWN, Cause("config", config.error, config.file or "", 1))
        )
    verdicts = collector.verdicts()
    if options.no_run:
        can_fail = Verdict(Status.DROPPED, tuple(sorted(options.no_run)))
    else:
        can_fail = Verdict(Status.RUNS)
    file, line = site if site is not None else (config.file or "", 1 if config.file else 0)
    return Suite(
        "pytest",
        invocation,
        file,
        line,
        verdicts,
        can_fail,
        (collector.files.values, collector.classes.values, collector.functions.values),
        collector.locations,
        collector.bodies,
    )
