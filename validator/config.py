"""``[tool.ralph-validate]`` in pyproject.toml, or ``.ralph-validate.toml``.

The settings are read from the work tree (``load_config``) or from any revision through a
reader of file texts (``config_from``): a suppression audit compares BASE's ``exclude`` and
``ignore`` entries with HEAD's, each entry located at its line.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pathspec

from ..core.bounded import toml_loads
from ..core.errors import InputError
from .config_lines import LISTED_KEYS, entry_lines

_KNOWN_KEYS = {
    "exclude",
    "select",
    "ignore",
    "sentinel-names",
    "scope",
    "include-vendored",
    "assert-functions",
}


@dataclass(frozen=True)
class ConfigEntry:
    """One ``exclude`` glob or ``ignore`` pattern, where the settings file writes it."""

    file: str
    line: int
    key: str  # "exclude" | "ignore"
    pattern: str
    comment: str = ""  # the comment on the entry's line: the user's reason, if any


@dataclass(frozen=True)
class Config:
    """The user's settings; every field has a default that needs no file."""

    exclude: tuple[str, ...] = ()
    select: tuple[str, ...] = ()  # rule ids or kind prefixes; empty = all
    ignore: tuple[str, ...] = ()
    sentinel_names: tuple[str, ...] = ()  # extra threshold-like name fragments
    scope: tuple[str, ...] = ()
    include_vendored: bool = False  # audit vendored and generated files too
    # Extra names of functions whose call is an assertion (``assertValid``, ``request.**.expect``).
    assert_functions: tuple[str, ...] = ()
    source: str | None = None  # the file the settings came from
    entries: tuple[ConfigEntry, ...] = ()  # exclude and ignore entries with their lines
    _spec: pathspec.PathSpec = field(
        default_factory=lambda: pathspec.PathSpec.from_lines("gitignore", []),
        repr=False,
        compare=False,
    )

    def is_excluded(self, path: str) -> bool:
        """True when a repo-relative path matches an ``exclude`` glob."""
        return self._spec.match_file(path)

    def excluded_by(self, path: str) -> tuple[str, ...]:
        """The ``exclude`` globs that match a repo-relative path, in file order."""
        return tuple(glob for glob in self.exclude if glob_spec(glob).match_file(path))

    def rule_enabled(self, rule_id: str, kind: str) -> bool:
        """True when a rule is selected and not ignored (by id, kind or kind prefix)."""
        if self.select and not _hits(self.select, rule_id, kind):
            return False
        return not self.ignored_by(rule_id, kind)

    def ignored_by(self, rule_id: str, kind: str) -> tuple[str, ...]:
        """The ``ignore`` patterns that name a rule (by id, kind or kind prefix)."""
        return tuple(p for p in self.ignore if _hits((p,), rule_id, kind))


@cache
def glob_spec(glob: str) -> pathspec.PathSpec:
    """One gitignore-style glob, compiled once."""
    return pathspec.PathSpec.from_lines("gitignore", [glob])


def _hits(patterns: tuple[str, ...], rule_id: str, kind: str) -> bool:
    return any(p in (rule_id, kind) or kind.startswith(p.rstrip(".*") + ".") for p in patterns)


def _strings(table: dict[str, object], key: str, source: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{source}: [tool.ralph-validate] {key} must be a list of strings")
    return tuple(value)


def _flag(table: dict[str, object], key: str, source: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise InputError(f"{source}: [tool.ralph-validate] {key} must be true or false")
    return value


def _located(
    name: str, text: str, nested: bool, table: dict[str, object]
) -> tuple[ConfigEntry, ...]:
    """Every exclude/ignore entry with its line; one the scanner cannot place sits at its
    key's line (or line 1)."""
    found, key_lines = entry_lines(text, ("tool", "ralph-validate") if nested else ())
    out: list[ConfigEntry] = []
    for key in LISTED_KEYS:
        values = _strings(table, key, name)
        placed = [e for e in found if e.key == key]
        if [e.value for e in placed] == list(values):
            out += [ConfigEntry(name, e.line, key, e.value, e.comment) for e in placed]
        else:
            out += [ConfigEntry(name, key_lines.get(key, 1), key, v) for v in values]
    return tuple(sorted(out, key=lambda e: (e.line, e.key, e.pattern)))


def _own_file_nested(name: str, data: dict[str, object]) -> bool:
    """True when ``.ralph-validate.toml`` spells its settings as pyproject does, under one
    ``[tool.ralph-validate]`` table (the README's snippet copied as it is); settings both
    at the top level and under that table are a mistake, not a choice."""
    tool = data.get("tool")
    if tool is None:
        return False
    if not isinstance(tool, dict) or set(tool) != {"ralph-validate"} or set(data) != {"tool"}:
        raise InputError(
            f"{name}: settings go either at the top level or all under one "
            "[tool.ralph-validate] table"
        )
    return True


def config_from(read: Callable[[str], str | None]) -> Config:
    """The settings found by ``read`` (a file name -> its text, None when absent);
    ``.ralph-validate.toml`` wins over pyproject. ``.ralph-validate.toml`` holds them at
    its top level or under ``[tool.ralph-validate]``."""
    for name, nested in ((".ralph-validate.toml", False), ("pyproject.toml", True)):
        text = read(name)
        if text is None:
            continue
        try:
            data = toml_loads(text)
        except tomllib.TOMLDecodeError as err:
            raise InputError(f"{name}: not valid TOML ({err})") from None
        nested = nested or _own_file_nested(name, data)
        table = data.get("tool", {}).get("ralph-validate") if nested else data
        if table is None:
            continue
        if not isinstance(table, dict):
            raise InputError(f"{name}: [tool.ralph-validate] must be a table")
        unknown = sorted(set(table) - _KNOWN_KEYS)
        if unknown:
            names = ", ".join(unknown)
            raise InputError(f"{name}: unknown ralph-validate setting(s): {names}")
        exclude = _strings(table, "exclude", name)
        return Config(
            exclude=exclude,
            select=_strings(table, "select", name),
            ignore=_strings(table, "ignore", name),
            sentinel_names=_strings(table, "sentinel-names", name),
            scope=_strings(table, "scope", name),
            include_vendored=_flag(table, "include-vendored", name),
            assert_functions=_strings(table, "assert-functions", name),
            source=name,
            entries=_located(name, text, nested, table),
            _spec=pathspec.PathSpec.from_lines("gitignore", exclude),
        )
    return Config()


def load_config(repo: Path) -> Config:
    """Read the settings of the repo at ``repo`` (its work tree)."""

    def read(name: str) -> str | None:
        path = repo / name
        if not path.is_file():
            return None
        try:
            return path.read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            raise InputError(f"{name}: not valid TOML ({err})") from None

    return config_from(read)
