"""Requirement tracing's import edges are the semantic model's imports, modules as written."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import _load_builtin_extractors, extract
from ralph_validate.extractors.facts.terms import Import


def _imports(path: str, code: str) -> list[tuple[str, int, tuple[str, ...]]]:
    _load_builtin_extractors()
    facts = extract(path, code.encode()).facts
    return [(f.module, f.line, f.names) for f in facts if isinstance(f, Import)]


def test_python_edges_keep_relative_modules_and_merge_names_of_one_statement() -> None:
    code = (
        "import os.path, json as j\n"
        "from ..billing import charge as pay, refund\n"
        "from . import schemas\n"
        "def handler():\n"
        "    from .store import save\n"
    )
    assert _imports("app/orders/api.py", code) == [
        ("json", 1, ()),
        ("os.path", 1, ()),
        ("..billing", 2, ("charge", "refund")),
        (".", 3, ("schemas",)),
        (".store", 5, ("save",)),
    ]


def test_javascript_edges_cover_imports_reexports_requires_and_dynamic_imports() -> None:
    code = (
        "import { a as b } from './a';\n"
        "export * from './b';\n"
        "const c = require('./c');\n"
        "async function f() { return (await import('./d')).x; }\n"
        "require('');\n"
    )
    for path in ("web/x.js", "web/x.ts", "web/x.tsx"):
        assert _imports(path, code) == [
            ("./a", 1, ()),
            ("./b", 2, ()),
            ("./c", 3, ()),
            ("./d", 4, ()),
        ]
