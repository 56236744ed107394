"""Only the extractors parse source code (DESIGN §2: validator -> extractors): no module of
the validator or the gate imports a parser (tree-sitter, its grammars, libcst)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARSERS = ("tree_sitter", "tree_sitter_javascript", "tree_sitter_python", "tree_sitter_typescript")
PARSERS += ("libcst",)


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_no_validator_or_gate_module_imports_a_parser() -> None:
    offenders = sorted(
        f"{path.relative_to(ROOT)}: {name}"
        for folder in ("validator", "gate")
        for path in (ROOT / folder).rglob("*.py")
        for name in _imported(path) & set(PARSERS)
    )
    assert offenders == []


def test_the_extractors_do_import_the_parsers_the_check_looks_for() -> None:
    seen = set().union(*(_imported(p) for p in (ROOT / "extractors").rglob("*.py")))
    assert set(PARSERS) <= seen
