"""Import aliases a JS test runner applies: Jest ``moduleNameMapper`` (in ``package.json``
``jest`` or a ``jest.config.*``) and Vitest/Vite ``resolve.alias``.

A test that imports ``@lib/pricing`` reaches ``src/lib/pricing.ts`` only through these,
as through a ``tsconfig.json`` path. Each readable entry becomes a ``JsPathAlias``:
``'^@lib/(.*)$': '<rootDir>/src/lib/$1'`` -> ``@lib/*`` to ``src/lib/*``; an entry whose
pattern is a regular expression beyond a prefix, one capture and a suffix is not read.
A ``*.config.*`` file is JavaScript, so only literal strings are read from it.
"""

from __future__ import annotations

import json
import posixpath
import re

from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..facts import Fact
from ..facts.contracts import JsPathAlias

_JEST_CONFIG = re.compile(r"^jest\.config\.(js|cjs|mjs|ts|cts|mts)$")
_VITE_CONFIG = re.compile(r"^(vite|vitest)\.config\.(js|cjs|mjs|ts|cts|mts)$")
_STRING = r"""(?:'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)")"""
_KEY = rf"(?:{_STRING}|([A-Za-z_$][\w$]*))"
# ``moduleNameMapper: {`` / ``alias: {`` up to the first closing brace (entries are flat).
_MAPPER_BLOCK = re.compile(r"\bmoduleNameMapper['\"]?\s*:\s*\{([^{}]*)\}")
_ALIAS_BLOCK = re.compile(r"\balias['\"]?\s*:\s*\{([^{}]*)\}")
_PAIR = re.compile(rf"{_KEY}\s*:\s*{_STRING}")
# ``'@lib': path.resolve(__dirname, './src/lib')`` and ``fileURLToPath(new URL('./src', ...``
_RESOLVED_PAIR = re.compile(
    rf"{_KEY}\s*:\s*(?:[\w$.]*resolve|join)\(\s*__dirname\s*,\s*{_STRING}\s*\)"
    rf"|{_KEY}\s*:\s*fileURLToPath\(\s*new\s+URL\(\s*{_STRING}"
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


def _first(*groups: str | None) -> str:
    return next((g for g in groups if g is not None), "")


def _literal_pairs(block: str) -> list[tuple[str, str]]:
    pairs = [(_first(*m.groups()[:3]), _first(*m.groups()[3:])) for m in _PAIR.finditer(block)]
    for m in _RESOLVED_PAIR.finditer(block):
        g = m.groups()
        key = _first(*g[0:3]) if any(g[0:3]) else _first(*g[5:8])
        value = _first(*g[3:5]) if any(g[3:5]) else _first(*g[8:10])
        pairs.append((key, value))
    return [(k, v) for k, v in pairs if k and v]


def extract_package_aliases(source: SourceFile) -> tuple[Fact, ...]:
    """``moduleNameMapper`` of the ``jest`` key of a ``package.json`` or of a
    ``jest.config.json``."""
    name = posixpath.basename(source.path)
    if name not in ("package.json", "jest.config.json"):
        return ()
    try:
        data = json.loads(source.text)
    except ValueError:
        return ()
    jest = data.get("jest") if isinstance(data, dict) and name == "package.json" else data
    mapper = jest.get("moduleNameMapper") if isinstance(jest, dict) else None
    return tuple(_jest_aliases(source.path, mapper))


def extract_config_aliases(source: SourceFile) -> tuple[Fact, ...]:
    """Literal ``moduleNameMapper`` entries of a ``jest.config.*``, ``alias`` entries of a
    ``vite.config.*``/``vitest.config.*``."""
    name = posixpath.basename(source.path)
    if _JEST_CONFIG.match(name):
        found = _MAPPER_BLOCK.search(source.text)
        pairs = _literal_pairs(found.group(1)) if found else []
        mapper = {_unescape_js(k): _unescape_js(v) for k, v in pairs}
        return tuple(_jest_aliases(source.path, mapper))
    if _VITE_CONFIG.match(name):
        found = _ALIAS_BLOCK.search(source.text)
        return tuple(_vite_aliases(source.path, _literal_pairs(found.group(1)) if found else []))
    return ()


def _unescape_js(value: str) -> str:
    return value.replace("\\\\", "\\")


register("json", extensions("json"), extract_package_aliases)
# After the languages' own extractors, so a config file keeps its language.
register("javascript", (".js", ".cjs", ".mjs"), extract_config_aliases)
register("typescript", (".ts", ".cts", ".mts"), extract_config_aliases)
