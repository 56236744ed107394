"""Import resolution over a repository's files, with each language's semantics: Python
dotted modules and re-exports, JS/TS relative specifiers, extensions and ``index`` files."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.common.modules import (
    RepoModules,
    double_module_file,
    import_files,
)
from ralph_validate.extractors.facts.contracts import JsPathAlias, JsReexport, Producer, PyAlias
from ralph_validate.extractors.facts.terms import Import

FILES = {
    "src/shop/__init__.py": "from .client import fetch as get\n",
    "src/shop/client.py": "def fetch(order_id):\n    return {'id': order_id, 'total': 3}\n",
    "src/shop/orders.py": "from . import client\n",
    "web/src/index.ts": "export { fetchOrder as fetch } from './client';\n",
    "web/src/client.ts": "export function fetchOrder(id: string) {\n  return { id };\n}\n",
    "web/src/util/index.js": "module.exports = {};\n",
}


def _modules() -> RepoModules:
    aliases: dict[tuple[str, str], PyAlias] = {}
    reexports: dict[str, list[JsReexport]] = {}
    defined: dict[tuple[str, str], Producer] = {}
    for path, text in sorted(FILES.items()):
        for fact in extract(path, text.encode()).facts:
            if isinstance(fact, PyAlias):
                aliases[(fact.file, fact.name)] = fact
            elif isinstance(fact, JsReexport):
                reexports.setdefault(fact.file, []).append(fact)
            elif isinstance(fact, Producer):
                defined[(fact.file, fact.name)] = fact
    return RepoModules(set(FILES), aliases, [], reexports, defined)


def test_a_python_import_follows_a_package_reexport_to_the_definition() -> None:
    modules = _modules()
    assert modules.module_file("app/main.py", "shop.client") == "src/shop/client.py"
    found = modules.producer("app/main.py", "shop", "get")
    assert found is not None and (found.file, found.name) == ("src/shop/client.py", "fetch")


def test_a_js_import_follows_a_reexport_through_the_folders_index() -> None:
    modules = _modules()
    assert modules.module_file("web/src/app.ts", "./index.js") == "web/src/index.ts"
    found = modules.producer("web/src/app.ts", ".", "fetch")
    assert found is not None and (found.file, found.name) == ("web/src/client.ts", "fetchOrder")
    assert modules.producer("web/src/app.ts", "lodash", "map") is None


def test_import_edges_name_files_in_the_importers_language() -> None:
    paths = set(FILES)
    assert import_files(
        "src/shop/orders.py", Import(file="", line=1, module=".", names=("client",)), paths
    ) == [
        "src/shop/__init__.py",
        "src/shop/client.py",
    ]
    assert import_files("app.py", Import(file="", line=1, module="shop.client"), paths) == [
        "src/shop/client.py"
    ]
    assert import_files("web/src/app.ts", Import(file="", line=1, module="./client.js"), paths) == [
        "web/src/client.ts"
    ]
    assert import_files("web/src/app.ts", Import(file="", line=1, module="./util"), paths) == [
        "web/src/util/index.js"
    ]
    assert import_files("web/src/app.ts", Import(file="", line=1, module="react"), paths) == []


def test_a_doubles_target_names_a_module_file_of_either_language() -> None:
    files = frozenset(FILES)
    assert double_module_file("shop.client.fetch", "tests/t.py", files, ()) == "src/shop/client.py"
    assert double_module_file("web/src/client#fetchOrder", "web/t.test.ts", files, ()) == (
        "web/src/client.ts"
    )
    alias = JsPathAlias(
        file="web/tsconfig.json", line=1, pattern="@/*", targets=("./src/*",), base="web"
    )
    assert double_module_file("@/client#fetchOrder", "web/t.test.ts", files, (alias,)) == (
        "web/src/client.ts"
    )
    assert double_module_file("./client#fetchOrder", "web/t.test.ts", files, ()) is None
    assert double_module_file("requests.get", "tests/t.py", files, ()) is None
