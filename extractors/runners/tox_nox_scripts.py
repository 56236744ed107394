"""Python-tool entry points: tox environments (INI and TOML) and nox sessions."""

from __future__ import annotations

import json
import posixpath
import shlex
from typing import Any

import tree_sitter as ts

from ..common.dispatch import SourceFile
from ..common.treesitter import line_of as line
from ..common.treesitter import text, walk
from ..python import strings as py_strings
from ..python.model import PythonModel, decorator_parts, decorators, definition_of
from .inifile import read_ini, read_toml, toml_key_line
from .scripts import Guard, Script


def tox_scripts(path: str, source: str) -> tuple[Script, ...]:
    """``commands`` of every tox environment (run without a shell; a leading ``-`` ignores)."""
    sections = read_ini(source)
    found = []
    base = sections.get("testenv", {})
    for name, section in sorted(sections.items()):
        if name != "testenv" and not name.startswith("testenv:"):
            continue
        merged = {**base, **section}
        commands = merged.get("commands")
        if commands is None:
            continue
        lines = commands.value.splitlines()
        numbers = tuple(commands.value_line + i for i in range(len(lines)))
        guards = tuple(
            Guard(k, merged[k].value, path, merged[k].line)
            for k in ("ignore_outcome", "ignore_errors")
            if k in merged
        )
        env = name.partition(":")[2] or "(default)"
        found.append(
            Script(
                path, f"env {env}", commands.value, numbers, "argv", posixpath.dirname(path), guards
            )
        )
    return tuple(found)


def _toml_command(words: list[Any]) -> str:
    """One tox TOML command as a line: words quoted, ``posargs`` replacements as placeholders."""
    parts = []
    for word in words:
        if isinstance(word, str):
            parts.append(shlex.quote(word))
        elif isinstance(word, dict) and word.get("replace") == "posargs":
            default = word.get("default") or []
            joined = " ".join(shlex.quote(str(d)) for d in default)
            parts.append(f"{{posargs:{joined}}}" if joined else "{posargs}")
        else:
            parts.append("{unreadable}")
    return " ".join(parts)


def tox_toml_scripts(path: str, source: str) -> tuple[Script, ...]:
    """tox 4's native TOML (``tox.toml``, or ``[tool.tox]`` in pyproject.toml): env commands."""
    document = read_toml(source) or {}
    prefix = "tool.tox." if posixpath.basename(path) == "pyproject.toml" else ""
    tox = document.get("tool", {}).get("tox") if prefix else document
    if not isinstance(tox, dict):
        return ()
    legacy = tox.get("legacy_tox_ini")
    if isinstance(legacy, str):
        shift = toml_key_line(source, prefix.rstrip(".") or "tox", "legacy_tox_ini")
        return tuple(
            Script(
                s.file,
                s.key,
                s.text,
                tuple(n + shift for n in s.lines),
                s.dialect,
                s.cwd,
                tuple(Guard(g.what, g.value, g.file, g.line + shift) for g in s.guards),
            )
            for s in tox_scripts(path, legacy)
        )
    base = tox.get("env_run_base") if isinstance(tox.get("env_run_base"), dict) else {}
    envs = {"(default)": ("env_run_base", base)}
    for name, env in sorted((tox.get("env") or {}).items()):
        if isinstance(env, dict):
            envs[name] = (f"env.{name}", {**base, **env})
    found = []
    lines = source.splitlines()
    for name, (table, env) in envs.items():
        commands = env.get("commands")
        if not isinstance(commands, list):
            continue
        own = "commands" in (base if table == "env_run_base" else tox["env"][name])
        start = toml_key_line(source, prefix + (table if own else "env_run_base"), "commands")
        texts: list[str] = []
        numbers: list[int] = []
        cursor = start
        for command in commands:
            if not isinstance(command, list) or not command:
                continue
            texts.append(_toml_command(command))
            first = json.dumps(command[0]) if isinstance(command[0], str) else "{"
            cursor = next(
                (n for n in range(cursor, len(lines) + 1) if first in lines[n - 1]), cursor
            )
            numbers.append(cursor)
        guards = tuple(
            Guard(k, str(env[k]).lower(), path, toml_key_line(source, prefix + table, k))
            for k in ("ignore_outcome", "ignore_errors")
            if k in env
        )
        found.append(
            Script(
                path,
                f"env {name}",
                "\n".join(texts),
                tuple(numbers),
                "argv",
                posixpath.dirname(path),
                guards,
            )
        )
    return tuple(found)


def nox_scripts(path: str, source: str) -> tuple[Script, ...]:
    """``session.run(...)`` calls of every nox session (a function decorated with
    ``nox.session``, through any import spelling), literal words kept, others marked."""
    file = SourceFile(path, source.encode(), "python")
    model = file.model(PythonModel)
    found = []
    for node in file.tree.root_node.named_children:
        function = definition_of(node)
        if not any(_is_session(d, model) for d in decorators(function)):
            continue
        name = text(function.child_by_field_name("name"))
        lines: list[str] = []
        numbers: list[int] = []
        guards: list[Guard] = []
        for call in walk(function):
            if call.type != "call" or not text(call.child_by_field_name("function")).endswith(
                ".run"
            ):
                continue
            words = []
            arguments = call.child_by_field_name("arguments")
            for argument in arguments.named_children if arguments else ():
                if argument.type == "keyword_argument":
                    key = text(argument.child_by_field_name("name"))
                    if key == "success_codes":
                        guards.append(
                            Guard(
                                "success_codes",
                                text(argument.child_by_field_name("value")),
                                path,
                                line(argument),
                            )
                        )
                    continue
                if argument.type in ("list_splat", "dictionary_splat"):
                    if "posargs" not in text(argument):
                        words.append("{unreadable}")
                    continue
                value = py_strings.decoded_string(argument)
                words.append("{unreadable}" if value is None else value)
            lines.append(shlex.join(words))
            numbers.append(line(call))
        found.append(
            Script(
                path,
                f"session {name}",
                "\n".join(lines),
                tuple(numbers),
                "argv",
                posixpath.dirname(path),
                tuple(guards),
            )
        )
    return tuple(found)


def _is_session(decorator: ts.Node, model: PythonModel) -> bool:
    """``@nox.session``, ``@nox.session(python=...)``, ``@session`` imported from nox."""
    expression = decorator_parts(decorator)[0]
    if expression.type not in ("identifier", "attribute"):
        return False
    return model.resolve_at(text(expression), expression) == "nox.session"
