"""Python modules of a repository: dotted names to files, names through re-exports.

Each Python file's facts already carry its imports resolved to qualified names
(aliases, relative imports: ``from .client import fetch as get`` -> ``app.client.fetch``),
read by tree-sitter while the file was scanned. What crosses files is only the chain
``app/__init__.py`` re-exports ``fetch`` from ``app.client``; that is a lookup in those
per-file ``PyAlias`` facts, resolved here with Python's import semantics. libcst's
``QualifiedNameProvider`` would give the same per-file answer at about 100x the parse
cost (DESIGN §5) and cannot see across files either, so it is not used for this.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable, Mapping

from ..facts.contracts import Consumer, Producer, PyAlias
from .model import module_of

_HOPS = 8

ModuleFile = Callable[[str], "str | None"]


class PyModules:
    """The Python modules of a repository, and the names they define or re-export."""

    def __init__(
        self,
        files: set[str],
        aliases: dict[tuple[str, str], PyAlias],
        defined: Mapping[tuple[str, str], Producer],
    ) -> None:
        self.aliases = aliases  # re-exports: (file, name) -> what the import binds
        self._defined = defined  # producers by (file, name)
        self._modules: dict[str, list[str]] = {}
        for path in sorted(files):
            if path.endswith(".py"):
                self._modules.setdefault(module_of(path), []).append(path)
        # Every dotted tail of every module (``a.b.c`` -> ``b.c``, ``c``): one dict lookup
        # per import instead of a scan of all modules (repos have thousands).
        self._tails: dict[str, list[str]] = {}
        for module in sorted(self._modules):
            parts = module.split(".")
            for i in range(1, len(parts)):
                self._tails.setdefault(".".join(parts[i:]), []).append(module)

    def module_file(self, module: str) -> str | None:
        """The repo file of a dotted Python module (``pkg.client``), matched by suffix."""
        if module in self._modules:
            return self._modules[module][0]
        hits = self._tails.get(module, [])
        return self._modules[hits[0]][0] if len(hits) == 1 else None

    def producer(self, module: str, name: str) -> Producer | None:
        """The producer ``module.name`` denotes, through re-exports (``app/__init__.py``)."""
        found = follow(
            f"{module}.{name}",
            self.module_file,
            self.aliases,
            lambda f, n: (f, n) in self._defined,
        )
        return self._defined.get(found) if found is not None else None

    def defines(self, file: str, name: str) -> bool:
        """``file`` defines a producer named ``name``."""
        return (file, name) in self._defined

    def canonical(self, qualified: str) -> str:
        """``app.service.client.fetch`` -> ``app.client.fetch`` when ``app/service.py`` binds
        ``client`` by an import: the name a patch of an attribute path really replaces."""
        parts = qualified.split(".")
        for _ in range(8):
            for i in range(len(parts) - 1, 0, -1):
                module_file = self.module_file(".".join(parts[:i]))
                alias = self.aliases.get((module_file or "", parts[i]))
                if module_file is not None and i < len(parts) - 1 and alias is not None:
                    parts = [*alias.qualified.split("."), *parts[i + 1 :]]
                    break
            else:
                break
        return ".".join(parts)

    def patched(self, target: str, consumers: Iterable[Consumer]) -> list[Consumer]:
        """The consumers whose call a patch of the attribute path ``target``
        (``mock.patch("pkg.client.fetch")``) replaces: calls through the module
        (``client.fetch()``, also where ``pkg.service`` re-binds ``client``) and calls of the
        name inside the module that defines it. A name bound by ``from m import f`` elsewhere
        keeps the real ``f``."""
        canonical = self.canonical(target)
        module, _, name = target.rpartition(".")
        module_file = self.module_file(module) if module else None
        out: list[Consumer] = []
        for consumer in consumers:
            if consumer.source != "call":
                continue
            qualified = f"{consumer.module}.{consumer.imported}"
            local = consumer.file == module_file and consumer.target.split(".")[0] == name
            through = "." in consumer.target and qualified in (target, canonical)
            if through or local:
                out.append(consumer)
        return out


def follow(
    qualified: str,
    module_file: ModuleFile,
    aliases: dict[tuple[str, str], PyAlias],
    defined: Callable[[str, str], bool],
) -> tuple[str, str] | None:
    """(file, name) where ``pkg.mod.name`` is defined, following module-level imports that
    re-export it; None when it leaves the repository or the chain cannot be followed."""
    seen: set[str] = set()
    for _ in range(_HOPS):
        if qualified in seen:
            return None
        seen.add(qualified)
        module, _, name = qualified.rpartition(".")
        file = module_file(module) if module else None
        if file is None:
            return None
        if defined(file, name):
            return file, name
        alias = aliases.get((file, name))
        if alias is None:
            return None
        qualified = alias.qualified
    return None


def source_module_file(target: str, files: frozenset[str]) -> str | None:
    """``pkg.pricing.total`` -> ``src/pkg/pricing.py``: the longest dotted prefix that is a
    module file (or a package's ``__init__.py``) under any source root; a name inside a
    module is not a file."""
    parts = target.split(".")
    for size in range(len(parts) - 1, 0, -1):
        stem = "/".join(parts[:size])
        for tail in (stem + ".py", stem + "/__init__.py"):
            found = sorted(p for p in files if _at_root(p, tail, files))
            if found:
                return found[0]
    return None


def _at_root(path: str, tail: str, files: frozenset[str]) -> bool:
    """``path`` is ``tail`` under a source root: a folder that is not itself a package
    (``src/pkg/pricing.py`` is ``pkg.pricing``; ``app/json.py`` in package ``app`` is not
    ``json``)."""
    if path == tail:
        return True
    if not path.endswith("/" + tail):
        return False
    root = path[: -len(tail) - 1]
    return root + "/__init__.py" not in files


def import_files(importer: str, module: str, names: tuple[str, ...], paths: set[str]) -> list[str]:
    """The repo files a Python import may refer to: the module (absolute, under any source
    root, or relative to ``importer``), its package's ``__init__.py``, and a submodule
    for each imported name (``from pkg import mod``)."""
    here = posixpath.dirname(importer)
    if module.startswith("."):
        dots = len(module) - len(module.lstrip("."))
        anchor = here
        for _ in range(dots - 1):
            anchor = posixpath.dirname(anchor)
        rest = module.lstrip(".").replace(".", "/")
        stems = [posixpath.join(anchor, rest) if rest else anchor]
    else:
        stems = [module.replace(".", "/")]
    stems += [posixpath.join(stem, name) for stem in list(stems) for name in names]
    found: set[str] = set()
    for stem in stems:
        for suffix in (".py", "/__init__.py"):
            tail = stem.strip("/") + suffix
            found.update(p for p in paths if p == tail or p.endswith("/" + tail))
    return sorted(found)
