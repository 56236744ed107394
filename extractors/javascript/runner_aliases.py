"""Import aliases a JS test runner applies: Jest ``moduleNameMapper`` (in ``package.json``
``jest`` or a ``jest.config.*``) and Vitest/Vite ``resolve.alias``.

A test that imports ``@lib/pricing`` reaches ``src/lib/pricing.ts`` only through these,
as through a ``tsconfig.json`` path. Each readable entry becomes a ``JsPathAlias``:
``'^@lib/(.*)$': '<rootDir>/src/lib/$1'`` -> ``@lib/*`` to ``src/lib/*``; an entry whose
pattern is a regular expression beyond a prefix, one capture and a suffix is not read.
A ``*.config.*`` file is JavaScript: the object it exports is read through its syntax tree
(``runners/js_config.exported_object``), and only literal strings are taken from it.
"""

from __future__ import annotations

import posixpath
import re

from ...core.bounded import json_loads
from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..facts import Fact
from ..facts.contracts import JsPathAlias
from ..runners.js_config import JsObject, Opaque, exported_object

_JEST_CONFIG = re.compile(r"^jest\.config\.(js|cjs|mjs|ts|cts|mts)$")
_VITE_CONFIG = re.compile(r"^(vite|vitest)\.config\.(js|cjs|mjs|ts|cts|mts)$")
_STRING = r"""(?:'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)")"""
# A value that names a folder by a call: ``path.resolve(__dirname, './src/lib')`` and
# ``fileURLToPath(new URL('./src', import.meta.url))`` (matched against that one value).
_RESOLVED = re.compile(
    rf"(?:[\w$.]*resolve|[\w$.]*join)\(\s*__dirname\s*,\s*{_STRING}\s*\)"
    rf"|fileURLToPath\(\s*new\s+URL\(\s*{_STRING}\s*,.*\)\s*\)"
)
# What a Jest pattern may be: ``^prefix(.*)suffix$`` with escaped literal characters.
_LITERAL = r"((?:\\.|[^\\()\[\]*+?.|^$])*)"
_SIMPLE_REGEX = re.compile(rf"^\^?{_LITERAL}(?:\((?:\.\*|\.\+)\))?{_LITERAL}\$?$")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def glob_of(pattern: str) -> str | None:
    """``^@lib/(.*)$`` -> ``@lib/*``; None for a pattern that is more than that."""
    match = _SIMPLE_REGEX.match(pattern)
    if match is None or not pattern.startswith("^"):
        return None
    captured = "(.*)" in pattern or "(.+)" in pattern
    head, tail = _unescape(match.group(1)), _unescape(match.group(2))
    return f"{head}*{tail}" if captured else head + tail


def _target(value: str) -> str:
    """``<rootDir>/src/lib/$1`` -> ``./src/lib/*`` (relative to the config's folder); a
    Vite ``/src/lib`` names the project root's ``src/lib``."""
    value = value.replace("<rootDir>", ".").replace("$1", "*")
    return (
        "." + value if value.startswith("/") else value if value.startswith(".") else "./" + value
    )


def _jest_aliases(path: str, mapper: object) -> list[Fact]:
    if not isinstance(mapper, dict):
        return []
    base = posixpath.dirname(path)
    facts: list[Fact] = []
    for pattern, value in sorted(mapper.items()):
        values = value if isinstance(value, list) else [value]
        targets = tuple(
            _target(v) for v in values if isinstance(v, str) and not re.search(r"\$[02-9]", v)
        )
        glob = glob_of(pattern) if isinstance(pattern, str) else None
        if glob and targets and ("*" in glob) == all("*" in t for t in targets):
            facts.append(JsPathAlias(file=path, line=1, pattern=glob, targets=targets, base=base))
    return facts


def _vite_aliases(path: str, pairs: list[tuple[str, str]]) -> list[Fact]:
    """A Vite alias replaces a prefix: ``@lib`` names ``@lib`` and ``@lib/<rest>``."""
    base = posixpath.dirname(path)
    facts: list[Fact] = []
    for key, value in sorted(set(pairs)):
        target = _target(value.rstrip("/"))
        for pattern, to in ((key, target), (key.rstrip("/") + "/*", target + "/*")):
            facts.append(JsPathAlias(file=path, line=1, pattern=pattern, targets=(to,), base=base))
    return facts


def _folder(value: object) -> str | None:
    """A literal string, or the folder a ``resolve``/``join``/``URL`` call names."""
    if isinstance(value, str):
        return value
    if isinstance(value, Opaque):
        match = _RESOLVED.fullmatch(value.source)
        if match is not None:
            return next((g for g in match.groups() if g is not None), None)
    return None


def _entries(mapping: object) -> list[tuple[str, object]]:
    """The (key, value) entries of an object literal the config exports."""
    if not isinstance(mapping, JsObject):
        return []
    return [(key, value) for key, value, _ in mapping.entries]


def _at(config: object, *keys: str) -> object:
    """The value under ``keys`` of the exported config object, None when absent."""
    value = config
    for key in keys:
        found = value.get(key) if isinstance(value, JsObject) else None
        if found is None:
            return None
        value = found[0]
    return value


def extract_package_aliases(source: SourceFile) -> tuple[Fact, ...]:
    """``moduleNameMapper`` of the ``jest`` key of a ``package.json`` or of a
    ``jest.config.json``."""
    name = posixpath.basename(source.path)
    if name not in ("package.json", "jest.config.json"):
        return ()
    try:
        data = json_loads(source.text)
    except ValueError:
        return ()
    jest = data.get("jest") if isinstance(data, dict) and name == "package.json" else data
    mapper = jest.get("moduleNameMapper") if isinstance(jest, dict) else None
    return tuple(_jest_aliases(source.path, mapper))


def extract_config_aliases(source: SourceFile) -> tuple[Fact, ...]:
    """Literal ``moduleNameMapper`` entries of the object a ``jest.config.*`` exports,
    ``resolve.alias``/``test.alias`` entries of a ``vite.config.*``/``vitest.config.*``."""
    name = posixpath.basename(source.path)
    if not (_JEST_CONFIG.match(name) or _VITE_CONFIG.match(name)):
        return ()
    config = exported_object(source.path, source.data)
    if _JEST_CONFIG.match(name):
        mapper = {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in _entries(_at(config, "moduleNameMapper"))
        }
        return tuple(_jest_aliases(source.path, mapper))
    pairs = [
        (key, folder)
        for where in (("resolve", "alias"), ("test", "alias"))
        for key, value in _entries(_at(config, *where))
        if (folder := _folder(value))
    ]
    return tuple(_vite_aliases(source.path, pairs))


register("json", extensions("json"), extract_package_aliases)
# After the languages' own extractors, so a config file keeps its language.
register("javascript", (".js", ".cjs", ".mjs"), extract_config_aliases)
register("typescript", (".ts", ".cts", ".mts"), extract_config_aliases)
