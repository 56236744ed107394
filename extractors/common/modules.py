"""Import resolution over a repository, whatever language the importing file is written in.

Python resolves dotted module names (``python/modules.py``), JavaScript/TypeScript
specifiers relative to the importer or through ``tsconfig`` aliases
(``javascript/modules.py``). The contract engine and the rules ask this module which file
and which definition an import names, and never which language's rules apply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..facts.contracts import Consumer, JsPathAlias, JsReexport, Mock, Producer, PyAlias
from ..facts.terms import Import
from ..javascript.modules import JsModules, relative_import_files
from ..python import modules as python
from ..python.modules import PyModules, source_module_file
from .languages import extensions

_PYTHON = ".py"  # the files whose imports name dotted modules
_PYTHON_FILES = extensions("python")  # the same, stubs included


class RepoModules:
    """The modules of one repository, for both languages' import semantics."""

    def __init__(
        self,
        files: set[str],
        py_aliases: dict[tuple[str, str], PyAlias],
        js_paths: list[JsPathAlias],
        js_reexports: dict[str, list[JsReexport]],
        defined: Mapping[tuple[str, str], Producer],
    ) -> None:
        self.py = PyModules(files, py_aliases, defined)
        self.js = JsModules(files, js_paths, js_reexports, defined)

    def module_file(self, importer: str, module: str) -> str | None:
        """The repo file ``module`` names, as ``importer`` writes it (``pkg.client``,
        ``./client``, ``@/api/user``); None when it leaves the repository."""
        if importer.endswith(_PYTHON):
            return self.py.module_file(module)
        return self.js.module_file(importer, module)

    def definition(
        self, importer: str, reference: str, defined: Callable[[str, str], bool] | None = None
    ) -> tuple[str, str] | None:
        """(file, name) where a name ``importer`` refers to is defined, through re-exports.
        ``reference`` is written the way the importer's facts write one: a qualified name
        (``app.models.Order``) or a module specifier and a name (``./types#Order``).
        With ``defined``, the first definition it accepts (None when there is none); without,
        where the trail ends (a producer, or where it goes cold)."""
        if importer.endswith(_PYTHON):
            accept = defined or (lambda f, n: self.py.defines(f, n))
            return python.follow(reference, self.py.module_file, self.py.aliases, accept)
        spec, mark, name = reference.partition("#")
        file = self.js.module_file(importer, spec) if mark else None
        if file is None:
            return None
        if defined is None:
            return self.js.chain(file, name)[-1]
        hops = self.js.chain(file, name, defined=_Accepting(defined))
        return next((h for h in hops if defined(*h)), None)

    def replaced(
        self, mock: Mock, consumers: Iterable[Consumer], imports: Mapping[str, Iterable[str]]
    ) -> list[Consumer]:
        """The consumers whose call a test double of code (``Mock.kind``: a patch of an
        attribute path, or a module double) replaces, by the double's language's rules
        (``imports``: each file's import specifiers, for what a test reaches)."""
        if mock.kind == "mock.patch":
            return self.py.patched(mock.target, consumers)
        if mock.kind == "jest.mock":
            reach = self.js.reach(mock.file, imports)
            return self.js.mocked(mock.file, mock.target, consumers, reach)
        return []

    def producer(self, importer: str, module: str, name: str) -> Producer | None:
        """The producer ``name``, imported by ``importer`` from ``module``, is, through
        re-exports (``app/__init__.py``, ``export { f } from './x'``)."""
        if importer.endswith(_PYTHON):
            return self.py.producer(module, name)
        file = self.js.module_file(importer, module)
        return self.js.producer(file, name) if file is not None else None


def double_module_file(
    target: str, test_path: str, files: frozenset[str], aliases: Iterable[JsPathAlias]
) -> str | None:
    """The repository file whose module a double's target (``Double.target``) names: a
    Python ``pkg.pricing.total`` under any source root, a JS ``src/pricing#total`` by its
    path or through the project's aliases (``@lib/pricing``); None for any other module."""
    if "#" not in target:
        return source_module_file(target, files)
    module = target.partition("#")[0]
    if module.startswith("."):
        return None
    modules = JsModules(set(files), list(aliases), {}, {})
    direct = modules.module_file("", "./" + module)
    return direct or modules.module_file(test_path, module)


def import_files(importer: str, imp: Import, paths: set[str]) -> list[str]:
    """The repo files an import edge of ``importer`` may refer to (Python modules, or
    relative JS/TS paths), sorted."""
    if importer.endswith(_PYTHON_FILES):
        return python.import_files(importer, imp.module, imp.names, paths)
    return relative_import_files(importer, imp.module, paths)


class _Accepting:
    """A ``defined`` predicate as the container a re-export chain stops at."""

    def __init__(self, defined: Callable[[str, str], bool]) -> None:
        self._defined = defined

    def __contains__(self, key: object) -> bool:
        return isinstance(key, tuple) and len(key) == 2 and self._defined(*key)
