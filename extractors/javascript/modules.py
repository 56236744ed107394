"""JavaScript/TypeScript modules: import specifiers to repo files, exports to definitions.

A relative specifier (``./client``) is tried with every JS/TS extension and as a
folder's ``index``; a bare one through the path aliases of the nearest
``tsconfig.json`` (``@/api/user``). An imported name is followed through
re-exports (``export { f as g } from './x'``, ``export * from``) to the module
that defines it. This is the language's import semantics over every file's facts, so it
lives with the language's readers; the contract engine and the rules ask it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Container, Iterable, Mapping

from ..common.languages import SCRIPT_LANGUAGES, extensions
from ..facts.contracts import Consumer, JsPathAlias, JsReexport, Producer

_JS_EXTENSIONS = extensions(*SCRIPT_LANGUAGES)


class JsModules:
    """Resolution of JS/TS imports over the files, path aliases and re-exports of a repo."""

    def __init__(
        self,
        files: set[str],
        paths: list[JsPathAlias],
        reexports: dict[str, list[JsReexport]],
        defined: Mapping[tuple[str, str], Producer],
    ) -> None:
        self._files = files
        self._paths = paths
        self._reexports = reexports
        self._defined = defined  # producers by (file, name): where a chain ends

    def module_file(self, importer: str, spec: str) -> str | None:
        """The repo file an import specifier (``./client``, ``../lib/x.js``, or an alias of
        the nearest ``tsconfig.json``: ``@/api/user``) names."""
        if not spec.startswith("."):
            for target in self._aliased(importer, spec):
                found = self._js_file(target)
                if found is not None:
                    return found
            return None
        return self._js_file(posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec)))

    def _aliased(self, importer: str, spec: str) -> list[str]:
        """Repo paths ``spec`` may stand for under the path aliases of the nearest config
        above ``importer`` (the longest matching pattern first, as TypeScript does)."""
        configs = [a for a in self._paths if _inside(importer, posixpath.dirname(a.file))]
        if not configs:
            return []
        nearest = max(
            posixpath.dirname(a.file).count("/") + bool(posixpath.dirname(a.file)) for a in configs
        )
        aliases = [
            a
            for a in configs
            if posixpath.dirname(a.file).count("/") + bool(posixpath.dirname(a.file)) == nearest
        ]
        out: list[str] = []
        for alias in sorted(aliases, key=lambda a: (-len(a.pattern.replace("*", "")), a.pattern)):
            head, star, tail = alias.pattern.partition("*")
            if star:
                if not (spec.startswith(head) and spec.endswith(tail)):
                    continue
                middle = spec[len(head) : len(spec) - len(tail)]
            elif spec != alias.pattern:
                continue
            else:
                middle = ""
            for target in alias.targets:
                path = target.replace("*", middle, 1)
                out.append(posixpath.normpath(posixpath.join(alias.base, path)))
        return out

    def _js_file(self, base: str) -> str | None:
        """The repo file a module path (without or with an extension) names."""
        stem, ext = posixpath.splitext(base)
        candidates = [base]
        if ext in (".js", ".mjs", ".cjs", ".jsx"):
            candidates += [stem + e for e in _JS_EXTENSIONS]
        candidates += [base + e for e in _JS_EXTENSIONS]
        candidates += [posixpath.join(base, "index" + e) for e in _JS_EXTENSIONS]
        for candidate in candidates:
            if candidate in self._files:
                return candidate
        return None

    def chain(
        self,
        file: str,
        name: str,
        depth: int = 0,
        defined: Container[tuple[str, str]] | None = None,
    ) -> list[tuple[str, str]]:
        """The (file, name) hops an imported JS name passes through to its definition:
        ``export { f as g } from './x'``, ``export * from``, ``export default`` of an import,
        ``default.f`` of ``module.exports = {f}``. The last hop is the definition (a producer,
        or a key of ``defined``) or where the trail goes cold."""
        known = self._defined.keys() if defined is None else defined
        hops = [(file, name)]
        if (file, name) in known or depth > 8:
            return hops
        stars: list[list[tuple[str, str]]] = []
        for fact in self._reexports.get(file, []):
            target = self.module_file(file, fact.module)
            if target is None:
                continue
            if fact.name == name and fact.imported != "*":
                return hops + self.chain(target, fact.imported, depth + 1, defined)
            if fact.imported == "*" and fact.name != "*" and name.startswith(fact.name + "."):
                rest = name[len(fact.name) + 1 :]
                return hops + self.chain(target, rest, depth + 1, defined)
            if fact.name == "*" and name != "default":
                stars.append(self.chain(target, name, depth + 1, defined))
        for trail in stars:
            if trail[-1] in known:
                return hops + trail
        return hops

    def producer(self, file: str, name: str) -> Producer | None:
        """The producer a JS module's export ``name`` is, through re-exports."""
        return self._defined.get(self.chain(file, name)[-1])

    def reach(self, file: str, imports: Mapping[str, Iterable[str]]) -> frozenset[str] | None:
        """The repository files ``file`` runs through its imports (``imports``: each file's
        import specifiers), transitively; None when a relative import on the way does not
        resolve (what it reaches is not known)."""
        seen = {file}
        todo = [file]
        while todo:
            current = todo.pop()
            for module in imports.get(current, ()):
                target = self.module_file(current, module)
                if target is None:
                    if module.startswith((".", "/")):
                        return None
                elif target not in seen:
                    seen.add(target)
                    todo.append(target)
        return frozenset(seen)

    def mocked(
        self,
        mock_file: str,
        target: str,
        consumers: Iterable[Consumer],
        reach: frozenset[str] | None,
    ) -> list[Consumer]:
        """The consumers whose call a test's module double (``jest.mock('./client')``, its
        ``target`` ``./client#fetchOrder``) replaces: calls, in other files the test
        ``reach``es (all files when that is not known), of a name whose import passes
        through the module the double names (re-exports included). A hook mocked in a
        page's test is not the one a component the page never renders calls."""
        spec, _, name = target.partition("#")
        module_file = self.module_file(mock_file, spec)
        if module_file is None:
            return []
        out: list[Consumer] = []
        for consumer in consumers:
            if consumer.source != "call" or not consumer.module or consumer.file == mock_file:
                continue
            if reach is not None and consumer.file not in reach:
                continue
            imported_from = self.module_file(consumer.file, consumer.module)
            if imported_from is not None and (module_file, name) in self.chain(
                imported_from, consumer.imported
            ):
                out.append(consumer)
        return out


def _inside(path: str, folder: str) -> bool:
    """True when ``path`` lies in ``folder`` ("" is the repository root)."""
    return not folder or path.startswith(folder + "/")


def relative_import_files(importer: str, spec: str, paths: set[str]) -> list[str]:
    """The repo files a relative specifier (``./count``, ``../lib/count.js``) may refer to:
    the path with every JS/TS extension, the compiled name's source (ESM style:
    ``./count.js`` names ``count.ts``) and a folder's ``index``; none for a package."""
    if not spec.startswith("."):
        return []  # a package import: not a file of this repository
    base = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
    stems = [base]
    root, ext = posixpath.splitext(base)
    if ext in _JS_EXTENSIONS:
        stems.append(root)
    candidates = [c for stem in stems for c in (stem, *(stem + e for e in _JS_EXTENSIONS))]
    candidates += [posixpath.join(base, "index" + e) for e in _JS_EXTENSIONS]
    return sorted({c for c in candidates if c in paths})
