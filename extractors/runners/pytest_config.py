"""pytest's configuration file, found and read with pytest's own precedence (pytest 9)."""

from __future__ import annotations

import posixpath
import shlex
from dataclasses import dataclass
from typing import Any

from .inifile import read_ini, read_toml, toml_key_line
from .view import RevisionView

# pytest 9's CONFIG_LOADERS_BY_NAME, in precedence order within one folder.
CONFIG_NAMES = (
    "pytest.toml",
    ".pytest.toml",
    "pytest.ini",
    ".pytest.ini",
    "pyproject.toml",
    "tox.ini",
    "setup.cfg",
)
# Settings whose INI type is "args": the value is split like a shell command line.
ARGS_SETTINGS = frozenset(
    {"addopts", "testpaths", "python_files", "python_classes", "python_functions", "norecursedirs"}
)


@dataclass(frozen=True)
class ConfigSetting:
    """One pytest setting as written: its values, the file and the line that set it."""

    name: str
    values: tuple[str, ...]
    file: str
    line: int
    # The line of each value where a value sits on a line of its own (a TOML array or INI
    # continuation lines spread over several lines); empty when all share ``line``.
    value_lines: tuple[int, ...] = ()

    def line_of(self, index: int) -> int:
        """The line the ``index``-th value is written on."""
        if 0 <= index < len(self.value_lines):
            return self.value_lines[index]
        return self.line


@dataclass(frozen=True)
class PytestConfig:
    """The configuration pytest uses for one invocation: file (None when none), rootdir."""

    file: str | None
    rootdir: str
    settings: tuple[ConfigSetting, ...] = ()
    error: str = ""

    def get(self, name: str) -> ConfigSetting | None:
        """The setting called ``name``, or None when the file does not set it."""
        for setting in self.settings:
            if setting.name == name:
                return setting
        return None


def _split(name: str, value: object) -> tuple[str, ...] | None:
    """A setting's values: lists kept, "args" strings shell-split, other strings kept whole."""
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    if isinstance(value, bool):
        return ("true" if value else "false",)
    if isinstance(value, str) and name in ARGS_SETTINGS:
        try:
            return tuple(shlex.split(value))
        except ValueError:
            return None
    if isinstance(value, str) and name == "markers":
        return tuple(line.strip() for line in value.splitlines() if line.strip())
    return (str(value),)


def _value_lines(text: str, line: int, values: tuple[str, ...]) -> tuple[int, ...]:
    """The line of each value, found in order in the text from the setting's line on (a
    value not found as written keeps the line of the value before it)."""
    lines = text.splitlines()
    if len(values) < 2 or not 1 <= line <= len(lines):
        return ()
    offsets = [0]
    for each in lines:
        offsets.append(offsets[-1] + len(each) + 1)
    joined = "\n".join(lines)
    position = offsets[line - 1]
    found: list[int] = []
    for value in values:
        at = joined.find(value, position) if value else -1
        if at < 0:
            found.append(found[-1] if found else line)
            continue
        found.append(joined.count("\n", 0, at) + 1)
        position = at + len(value)
    return tuple(found) if len(set(found)) > 1 else ()


def _from_ini_section(path: str, text: str, section: dict[str, Any]) -> PytestConfig:
    """Settings of an INI section (values keep their lines)."""
    settings: list[ConfigSetting] = []
    error = ""
    for key, held in sorted(section.items()):
        values = _split(key, held.value)
        if values is None:
            error = f"{path}:{held.line}: {key} does not split as a command line"
            continue
        settings.append(
            ConfigSetting(key, values, path, held.line, _value_lines(text, held.line, values))
        )
    return PytestConfig(path, posixpath.dirname(path), tuple(settings), error)


def _from_toml_table(path: str, text: str, table: str, values: dict[str, Any]) -> PytestConfig:
    """Settings of a TOML table, each with the line of its key."""
    settings: list[ConfigSetting] = []
    error = ""
    for key, value in sorted(values.items()):
        line = toml_key_line(text, table, key)
        split = _split(key, value)
        if split is None:
            error = f"{path}:{line}: {key} does not split as a command line"
            continue
        settings.append(ConfigSetting(key, split, path, line, _value_lines(text, line, split)))
    return PytestConfig(path, posixpath.dirname(path), tuple(settings), error)


def load_config_file(view: RevisionView, path: str) -> PytestConfig | None:
    """The configuration in ``path`` if pytest would take it from there, else None."""
    text = view.text(path)
    if text is None:
        return None
    name = posixpath.basename(path)
    if name.endswith(".toml"):
        document = read_toml(text)
        if document is None:
            return PytestConfig(path, posixpath.dirname(path), error=f"{path}: invalid TOML")
        if name in ("pytest.toml", ".pytest.toml") or (
            name != "pyproject.toml" and "pytest" in document
        ):
            table = document.get("pytest")
            return _from_toml_table(path, text, "pytest", table if isinstance(table, dict) else {})
        tool = document.get("tool", {}).get("pytest")
        if not isinstance(tool, dict):
            return None
        native = {k: v for k, v in tool.items() if k != "ini_options"}
        if native:
            return _from_toml_table(path, text, "tool.pytest", native)
        ini = tool.get("ini_options")
        if isinstance(ini, dict):
            return _from_toml_table(path, text, "tool.pytest.ini_options", ini)
        return None
    sections = read_ini(text)
    if name in ("pytest.ini", ".pytest.ini"):
        return _from_ini_section(path, text, sections.get("pytest", {}))
    if name.endswith(".cfg"):
        section = sections.get("tool:pytest")
        return None if section is None else _from_ini_section(path, text, section)
    section = sections.get("pytest")
    return None if section is None else _from_ini_section(path, text, section)


def common_ancestor(view: RevisionView, args: tuple[str, ...]) -> str:
    """The folder pytest starts its config search from: the common ancestor of the args."""
    folders = []
    for arg in args:
        path = posixpath.normpath(arg.split("::", 1)[0]).strip("/")
        path = "" if path == "." else path
        folders.append(path if view.is_dir(path) else posixpath.dirname(path))
    if not folders:
        return ""
    parts = [f.split("/") if f else [] for f in folders]
    shared: list[str] = []
    for group in zip(*parts, strict=False):
        if len(set(group)) != 1:
            break
        shared.append(group[0])
    return "/".join(shared)


def locate_pytest_config(
    view: RevisionView, args: tuple[str, ...] = (), config_file: str | None = None
) -> PytestConfig:
    """The configuration pytest would use when run from the repository root with ``args``."""
    if config_file is not None:
        path = posixpath.normpath(config_file).strip("/")
        found = load_config_file(view, path)
        if found is None:
            return PytestConfig(path, posixpath.dirname(path), error=f"{path}: not read")
        return found
    folder = common_ancestor(view, args)
    while True:
        for name in CONFIG_NAMES:
            candidate = f"{folder}/{name}" if folder else name
            if view.exists(candidate):
                found = load_config_file(view, candidate)
                if found is not None:
                    return found
        if not folder:
            return PytestConfig(None, "")
        folder = posixpath.dirname(folder)
