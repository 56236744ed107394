"""Whether a double's module is one of the repository's own production modules.

A test that imports ``pricing`` from the repository and replaces it tests nothing of
``pricing`` through it; replacing ``axios``, ``fs`` or ``requests`` is how tests isolate
their subject. Which is which is decided from the repository's file list: a Python
target ``pkg.pricing.total`` is first-party when ``pkg/pricing.py`` (or its package's
``__init__.py``, under any source root) is a production file; a JS target
``src/pricing#total`` when the path, or the specifier through the project's aliases
(``@lib/pricing``), names one.
"""

from __future__ import annotations

from ...contracts.js_modules import JsModules
from ..rule import FileContext


def first_party_module(target: str, test_path: str, context: FileContext) -> str | None:
    """The production file the module of a double's target is, else None."""
    files = context.production_files
    if not files:
        return None
    if "#" in target:
        module = target.partition("#")[0]
        modules = JsModules(set(files), list(context.path_aliases), {}, {})
        if module.startswith("."):
            return None
        direct = modules.module_file("", "./" + module)
        return direct or modules.module_file(test_path, module)
    return _python_module(target, files)


def _python_module(target: str, files: frozenset[str]) -> str | None:
    """``pkg.pricing.total`` -> ``src/pkg/pricing.py``: the longest dotted prefix that is a
    module file (a name inside a module is not a file)."""
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
