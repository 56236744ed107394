"""``[tool.ralph-validate]`` in pyproject.toml, or ``.ralph-validate.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from ..core.errors import InputError

_KNOWN_KEYS = {"exclude", "select", "ignore", "sentinel-names", "scope"}


@dataclass(frozen=True)
class Config:
    """The user's settings; every field has a default that needs no file."""

    exclude: tuple[str, ...] = ()
    select: tuple[str, ...] = ()  # rule ids or kind prefixes; empty = all
    ignore: tuple[str, ...] = ()
    sentinel_names: tuple[str, ...] = ()  # extra threshold-like name fragments
    scope: tuple[str, ...] = ()
    source: str | None = None  # the file the settings came from
    _spec: pathspec.PathSpec = field(
        default_factory=lambda: pathspec.PathSpec.from_lines("gitwildmatch", []),
        repr=False,
        compare=False,
    )

    def is_excluded(self, path: str) -> bool:
        """True when a repo-relative path matches an ``exclude`` glob."""
        return self._spec.match_file(path)

    def rule_enabled(self, rule_id: str, kind: str) -> bool:
        """True when a rule is selected and not ignored (by id, kind or kind prefix)."""

        def hit(patterns: tuple[str, ...]) -> bool:
            return any(
                p in (rule_id, kind) or kind.startswith(p.rstrip(".*") + ".") for p in patterns
            )

        if self.select and not hit(self.select):
            return False
        return not hit(self.ignore)


def _strings(table: dict[str, object], key: str, source: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{source}: [tool.ralph-validate] {key} must be a list of strings")
    return tuple(value)


def load_config(repo: Path) -> Config:
    """Read the settings of the repo at ``repo``; ``.ralph-validate.toml`` wins over pyproject."""
    for name, nested in ((".ralph-validate.toml", False), ("pyproject.toml", True)):
        path = repo / name
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            raise InputError(f"{name}: not valid TOML ({err})") from None
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
            source=name,
            _spec=pathspec.PathSpec.from_lines("gitwildmatch", exclude),
        )
    return Config()
