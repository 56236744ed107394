"""Values and comments of configuration files (JSON, YAML, TOML, ``.env``) as facts.

Production reads its limits, timeouts and budgets from these files as often as from
constants in code, so each scalar under a key becomes a ``Binding`` (the key's last part
as its name, at the key's line) and each comment a ``Comment``. Every format is read by
its own parser: YAML and JSON by PyYAML's composer (which keeps lines), TOML by
``tomllib`` (a key's line is the first line whose prefix of the file defines it), ``.env``
by python-dotenv's parser. A file that does not parse has no facts.
"""

from __future__ import annotations

import io
import math
import re
import tomllib
from collections.abc import Iterator
from pathlib import PurePosixPath

import yaml
from dotenv.parser import parse_stream

from ...core.bounded import toml_loads, yaml_compose_all, yaml_scan
from ..facts import Fact
from ..facts.integrity import Binding, Comment
from .dispatch import SourceFile, register, register_matcher
from .languages import extensions

_TEST_DIRS = {"tests", "test", "__tests__", "spec", "e2e", "fixtures"}
# Files no program reads as its configuration: lock files and templates meant to be copied.
_LOCKS = {"package-lock.json", "npm-shrinkwrap.json", "composer.lock", "poetry.lock"}
_TEMPLATE_SUFFIXES = (".example", ".sample", ".template", ".dist", ".tmpl")
_NUMBER = re.compile(r"[+-]?(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?)$")
_MAX_TOML_LINES = 2000
# Larger files are data (fixtures, exports, schemas), not settings someone typed.
_MAX_BYTES = 256 * 1024


def _in_test(path: str) -> bool:
    return any(part in _TEST_DIRS for part in path.split("/")[:-1])


def _read(path: str, data: bytes = b"") -> bool:
    name = PurePosixPath(path).name.lower()
    return name not in _LOCKS and not name.endswith(_TEMPLATE_SUFFIXES) and len(data) <= _MAX_BYTES


def _number(text: str) -> float | None:
    """The value of a number written as text, or None."""
    if not _NUMBER.match(text.strip()):
        return None
    cleaned = text.strip().replace("_", "")
    try:
        value = float(int(cleaned, 0)) if cleaned.lower().lstrip("+-").startswith("0x") else None
        return value if value is not None else float(cleaned)
    except ValueError:
        return None


def _binding(
    path: str, line: int, key: str, text: str, number: float | None, keys: tuple[str, ...] = ()
) -> Binding:
    return Binding(
        file=path,
        line=line,
        name=key,
        value=text,
        literal="number" if number is not None else "string",
        number=number,
        text=text if number is None else None,
        in_test=_in_test(path),
        form="property",
        keys=keys,
    )


# -- YAML and JSON ------------------------------------------------------------------------
def _yaml_bindings(
    path: str, node: yaml.Node, key: str = "", keys: tuple[str, ...] = ()
) -> Iterator[Binding]:
    """Bindings of the scalars under ``node``; ``key`` holds ``node``, inside ``keys``."""
    if isinstance(node, yaml.MappingNode):
        around = (*keys, key) if key else keys
        for key_node, value_node in node.value:
            name = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else ""
            if isinstance(value_node, yaml.ScalarNode) and name:
                line = key_node.start_mark.line + 1
                yield from _yaml_scalar(path, line, name, value_node, around)
            else:
                yield from _yaml_bindings(path, value_node, name, around)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            if isinstance(item, yaml.ScalarNode) and key:
                yield from _yaml_scalar(path, item.start_mark.line + 1, key, item, keys)
            else:
                yield from _yaml_bindings(path, item, key, keys)


def _yaml_scalar(
    path: str, line: int, key: str, node: yaml.ScalarNode, keys: tuple[str, ...]
) -> Iterator[Binding]:
    tag = node.tag.rsplit(":", 1)[-1]
    if tag in ("int", "float"):
        yield _binding(path, line, key, node.value, _number(node.value), keys)
    elif tag == "str" and node.value:
        yield _binding(path, line, key, node.value, None, keys)


def _yaml_comments(path: str, text: str) -> list[Comment]:
    """Comments of a YAML file: a ``#`` outside every token the YAML scanner reads."""
    try:
        tokens = yaml_scan(text)
    except yaml.YAMLError:
        return []
    covered: dict[int, list[tuple[int, int]]] = {}
    for token in tokens:
        start, end = token.start_mark, token.end_mark
        for line in range(start.line, end.line + 1):
            first = start.column if line == start.line else 0
            last = end.column if line == end.line else 1 << 30
            covered.setdefault(line, []).append((first, last))
    found: list[Comment] = []
    for number, line in enumerate(text.splitlines()):
        for match in re.finditer("#", line):
            col = match.start()
            inside = any(a <= col < b for a, b in covered.get(number, []))
            if not inside and (col == 0 or line[col - 1] in " \t"):
                body = line[col + 1 :].strip()
                if body:
                    found.append(Comment(file=path, line=number + 1, text=body))
                break
    return found


def yaml_values(source: SourceFile) -> tuple[Fact, ...]:
    """Bindings and comments of a YAML or JSON configuration file."""
    if not _read(source.path, source.data):
        return ()
    is_json = source.path.lower().endswith(".json")
    text = source.text.replace("\t", " ") if is_json else source.text
    try:
        nodes = yaml_compose_all(text)
    except yaml.YAMLError:
        return ()
    facts: list[Fact] = [
        b for node in nodes if node is not None for b in _yaml_bindings(source.path, node)
    ]
    if not is_json:
        facts.extend(_yaml_comments(source.path, source.text))
    return tuple(facts)


# -- TOML ---------------------------------------------------------------------------------
def _toml_leaves(
    value: object, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], object]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _toml_leaves(item, (*prefix, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _toml_leaves(item, (*prefix, str(index)))
    else:
        yield prefix, value


def _toml_text(value: object) -> str:
    return repr(value) if isinstance(value, float) and not math.isfinite(value) else str(value)


def _toml_comment(line: str) -> str:
    """The comment of one TOML line: the text after the first ``#`` at which the line's
    prefix still parses as the whole line does (a ``#`` inside a string does not)."""
    stripped = line.strip()
    if stripped.startswith("#"):
        return stripped.lstrip("#").strip()
    for match in re.finditer("#", line):
        head = line[: match.start()]
        try:
            toml_loads(head)
        except tomllib.TOMLDecodeError:
            continue
        return line[match.start() + 1 :].strip()
    return ""


def toml_values(source: SourceFile) -> tuple[Fact, ...]:
    """Bindings and comments of a TOML file."""
    if not _read(source.path, source.data):
        return ()
    try:
        whole = toml_loads(source.text)
    except tomllib.TOMLDecodeError:
        return ()
    lines = source.text.splitlines()
    if len(lines) > _MAX_TOML_LINES:
        return ()
    first_seen: dict[tuple[str, ...], int] = {}
    for end in range(1, len(lines) + 1):
        try:
            prefix = toml_loads("\n".join(lines[:end]))
        except tomllib.TOMLDecodeError:
            continue  # inside a value that spans lines
        for keys, _ in _toml_leaves(prefix):
            first_seen.setdefault(keys, end)
    facts: list[Fact] = []
    for keys, value in _toml_leaves(whole):
        if isinstance(value, bool) or not isinstance(value, int | float | str) or not keys:
            continue
        named = [i for i, k in enumerate(keys) if not k.isdigit()]
        at = named[-1] if named else len(keys) - 1
        name, around = keys[at], tuple(k for k in keys[:at] if not k.isdigit())
        line = first_seen.get(keys, 1)
        if isinstance(value, str):
            if value:
                facts.append(_binding(source.path, line, name, value, None, around))
        else:
            text = _toml_text(value)
            facts.append(_binding(source.path, line, name, text, float(value), around))
    for number, line in enumerate(lines, start=1):
        if "#" in line:
            body = _toml_comment(line)
            if body:
                facts.append(Comment(file=source.path, line=number, text=body))
    return tuple(sorted(facts, key=lambda f: (f.line, type(f).__name__)))


# -- .env ---------------------------------------------------------------------------------
def is_env_file(path: str) -> bool:
    """``.env``, ``.env.production``, ``app.env``; never a template (``.env.example``)."""
    name = PurePosixPath(path).name.lower()
    return (name == ".env" or name.startswith(".env.") or name.endswith(".env")) and _read(path)


def env_values(source: SourceFile) -> tuple[Fact, ...]:
    """Bindings and comments of a ``.env`` file."""
    if len(source.data) > _MAX_BYTES:
        return ()
    facts: list[Fact] = []
    for entry in parse_stream(io.StringIO(source.text)):
        text = entry.original.string.strip()
        line = (
            entry.original.line
            + len(entry.original.string)
            - len(entry.original.string.lstrip("\n"))
        )
        if entry.error:
            continue
        if entry.key is None:
            body = text.lstrip("#").strip()
            if text.startswith("#") and body:
                facts.append(Comment(file=source.path, line=line, text=body))
            continue
        value = entry.value or ""
        if value:
            facts.append(_binding(source.path, line, entry.key, value, _number(value)))
        after = text[text.find(value, text.find("=")) + len(value) :] if value else text
        if "#" in after:
            body = after.partition("#")[2].strip()
            if body:
                facts.append(Comment(file=source.path, line=line, text=body))
    return tuple(facts)


register("json", extensions("json"), yaml_values)
register("yaml", extensions("yaml"), yaml_values)
register("config", (".toml",), toml_values)
register_matcher("config", is_env_file, env_values)
