"""Which Python modules a revision's test environment can import: the packages its
dependency manifests declare, the repository's own packages and the standard library.

A test module that calls ``pytest.importorskip("pkg")`` runs only where ``pkg`` imports. A
package no manifest lists (``requirements*.txt``, ``pyproject.toml``'s project,
optional and group dependencies and Poetry's, ``setup.cfg``, ``setup.py``, ``Pipfile``,
``tox.ini``/``tox.toml`` ``deps``) is taken as not installed where CI runs the tests.
Names compare by ``module_key``: lower case, ``-``/``.``/``_`` alike, the top-level part of
a dotted module, and a distribution is also known under the module it installs when that
differs from its name (``PyYAML`` installs ``yaml``) and under the last word of a prefixed
name (``pytest-xdist`` installs ``xdist``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import Any

from .inifile import read_ini, read_toml
from .view import RevisionView

# Distributions whose top-level module is spelled otherwise than the distribution.
_MODULES_OF: dict[str, tuple[str, ...]] = {
    "pyyaml": ("yaml",),
    "pillow": ("PIL",),
    "scikit-learn": ("sklearn",),
    "scikit-image": ("skimage",),
    "opencv-python": ("cv2",),
    "opencv-python-headless": ("cv2",),
    "opencv-contrib-python": ("cv2",),
    "beautifulsoup4": ("bs4",),
    "python-dateutil": ("dateutil",),
    "attrs": ("attr", "attrs"),
    "pyjwt": ("jwt",),
    "python-dotenv": ("dotenv",),
    "pyserial": ("serial",),
    "pycryptodome": ("Crypto",),
    "pycryptodomex": ("Cryptodome",),
    "pyopenssl": ("OpenSSL",),
    "python-magic": ("magic",),
    "python-docx": ("docx",),
    "gitpython": ("git",),
    "pyzmq": ("zmq",),
    "psycopg2-binary": ("psycopg2",),
    "mysqlclient": ("MySQLdb",),
    "pywin32": ("win32api", "win32con", "pywintypes"),
    "setuptools": ("setuptools", "pkg_resources"),
    "protobuf": ("google",),
    "msgpack-python": ("msgpack",),
    "typing-extensions": ("typing_extensions",),
}
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
# A quoted requirement, not a key of ``extras_require={"s3": [...]}``.
_QUOTED = re.compile(r"""['"]([A-Za-z0-9][A-Za-z0-9._-]*)[^'"]*['"](?!\s*:)""")
_SETUP_LISTS = re.compile(
    r"(?:install_requires|tests_require|extras_require|setup_requires)\s*=\s*([\[{][^\]}]*[\]}])",
    re.S,
)


def module_key(name: str) -> str:
    """The comparable form of a module or distribution name: its top-level part, lower
    case, runs of ``-``, ``_`` and ``.`` as one ``_``."""
    return re.sub(r"[-_.]+", "_", name.split(".")[0].strip().lower())


def _requirement(line: str) -> str | None:
    """The distribution a requirement line names (``pkg[extra]>=1; marker``), or None for an
    option, a path, a URL or a comment."""
    line = line.split("#", 1)[0].strip()
    if not line or line.startswith(("-", ".", "/")) or "://" in line:
        return None
    found = _NAME.match(line)
    return found.group(1) if found else None


def _requirement_lists(value: Any) -> Iterator[str]:
    """Distribution names inside a TOML value: a list of requirement strings, a table of
    such lists (optional dependencies, groups) or a table keyed by name (Poetry, Pipfile)."""
    if isinstance(value, str):
        name = _requirement(value)
        if name:
            yield name
    elif isinstance(value, list):
        for item in value:
            yield from _requirement_lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _requirement_lists(item)


def _pyproject(text: str) -> Iterator[str]:
    document = read_toml(text) or {}
    project = document.get("project", {})
    if isinstance(project, dict):
        yield from _requirement_lists(project.get("dependencies", []))
        yield from _requirement_lists(project.get("optional-dependencies", {}))
    yield from _requirement_lists(document.get("dependency-groups", {}))
    tool = document.get("tool", {})
    poetry = tool.get("poetry", {}) if isinstance(tool, dict) else {}
    if not isinstance(poetry, dict):
        return
    tables = [poetry.get("dependencies"), poetry.get("dev-dependencies")]
    groups = poetry.get("group", {})
    for group in groups.values() if isinstance(groups, dict) else []:
        tables.append(group.get("dependencies") if isinstance(group, dict) else None)
    for table in tables:
        if isinstance(table, dict):
            yield from table


def _pipfile(text: str) -> Iterator[str]:
    document = read_toml(text) or {}
    for key in ("packages", "dev-packages"):
        table = document.get(key, {})
        if isinstance(table, dict):
            yield from table


def _tox_ini(text: str) -> Iterator[str]:
    """Requirement lines of every ``deps`` of a tox.ini (factor prefixes ``py39: x`` too)."""
    for section in read_ini(text).values():
        value = section.get("deps")
        for line in value.value.splitlines() if value is not None else []:
            found = _requirement(line.split(":", 1)[-1] if ":" in line.split("#")[0] else line)
            if found:
                yield found


def _setup_cfg(text: str) -> Iterator[str]:
    sections = read_ini(text)
    for name, section in sections.items():
        for key, value in section.items():
            if name == "options.extras_require" or key in (
                "install_requires",
                "tests_require",
                "setup_requires",
            ):
                for line in value.value.splitlines():
                    found = _requirement(line)
                    if found:
                        yield found


def _tox(path: str, text: str) -> Iterator[str]:
    if path.endswith(".toml"):
        document = read_toml(text) or {}
        for table in _tables(document):
            yield from _requirement_lists(table.get("deps", []))
        return
    yield from _tox_ini(text)


def _tables(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _tables(item)


def _setup_py(text: str) -> Iterator[str]:
    for block in _SETUP_LISTS.findall(text):
        for name in _QUOTED.findall(block):
            found = _requirement(name)
            if found:
                yield found


def declared_distributions(view: RevisionView) -> frozenset[str]:
    """The distributions the revision's dependency manifests list, as written."""
    found: set[str] = set()
    for path in view.paths():
        name = PurePosixPath(path).name
        text = None
        if (name.startswith("requirements") and name.endswith((".txt", ".in"))) or (
            PurePosixPath(path).parent.name == "requirements" and name.endswith((".txt", ".in"))
        ):
            text = view.text(path)
            found.update(n for line in (text or "").splitlines() if (n := _requirement(line)))
        elif name == "pyproject.toml":
            found.update(_pyproject(view.text(path) or ""))
        elif name == "Pipfile":
            found.update(_pipfile(view.text(path) or ""))
        elif name == "setup.cfg":
            found.update(_setup_cfg(view.text(path) or ""))
        elif name in ("tox.ini", "tox.toml"):
            found.update(_tox(name, view.text(path) or ""))
        elif name == "setup.py":
            found.update(_setup_py(view.text(path) or ""))
    return frozenset(found)


def _own_modules(view: RevisionView) -> Iterator[str]:
    """Top-level modules of the repository itself: a folder with ``__init__.py`` at the root
    or under ``src/``, a root or ``src/`` module file."""
    for path in view.paths():
        parts = PurePosixPath(path).parts
        if parts and parts[0] == "src":
            parts = parts[1:]
        if len(parts) == 1 and parts[0].endswith(".py"):
            yield parts[0][:-3]
        elif len(parts) >= 2 and parts[1] == "__init__.py":
            yield parts[0]


def importable_modules(view: RevisionView) -> frozenset[str]:
    """``module_key``s of every module the revision's test environment can import: declared
    distributions (and the modules they install under another name), the repository's own
    packages and the standard library."""
    keys = {module_key(m) for m in sys.stdlib_module_names}
    keys.update(module_key(m) for m in _own_modules(view))
    for distribution in declared_distributions(view):
        keys.add(module_key(distribution))
        normalized = re.sub(r"[-_.]+", "-", distribution.lower())
        keys.update(module_key(m) for m in _MODULES_OF.get(normalized, ()))
        # A prefixed distribution often installs the module its last word names
        # (``pytest-xdist`` -> ``xdist``, ``python-dotenv`` -> ``dotenv``).
        keys.add(module_key(normalized.rsplit("-", 1)[-1]))
    return frozenset(keys)
