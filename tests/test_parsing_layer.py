"""Only the extractors parse source code and know languages (DESIGN §2: validator ->
extractors): no module of the validator or the gate imports a parser (tree-sitter, its
grammars, libcst), names a language to decide by it, or matches a code file's extension;
they ask the extractors' registries (``extractors/common/languages.py``, ``paths.py``,
``modules.py``) instead."""

from __future__ import annotations

import ast
import re
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


LANGUAGES = frozenset({"python", "javascript", "typescript", "tsx", "jsx", "markdown"})
CODE_EXTENSION = re.compile(r"\.(py|pyi|ts|tsx|js|jsx|mjs|cjs|mts|cts)$")
# Strings of the validator and the gate that look like a language decision and are not
# one, each with why. Everything else asks the extractors.
ALLOWED: dict[tuple[str, str], str] = {
    # Labels of output, not decisions.
    ("validator/report/sarif.py", "markdown"): "SARIF's `help.markdown` property name",
    ("validator/testruns/thresholds.py", "coverage.py"): "the coverage tool's name in a row",
    # Configuration files of tools, found by their documented names.
    ("validator/checks/ci_environment.py", "noxfile.py"): "nox's configuration file",
    ("validator/testruns/commands.py", "noxfile.py"): "nox's configuration file",
    ("validator/testruns/commands.py", "/noxfile.py"): "nox's configuration file",
    # The test-run model reproduces each runner's own collection rules (what pytest and
    # Jest/Vitest would run), which the runs are judged by: runner semantics, not syntax.
    ("validator/testruns/pytest_run.py", "python"): "pytest's plugin named `python`",
    ("validator/testruns/pytest_run.py", ".py"): "pytest collects only .py modules",
    ("validator/testruns/pytest_run.py", "conftest.py"): "pytest's conftest file name",
    **{
        ("validator/testruns/js_run.py", ext): "the extensions Jest/Vitest collect"
        for ext in ("jsx", "tsx")
    },
}


def _strings(path: Path) -> list[tuple[int, str]]:
    """(line, value) of every string constant of a module but its docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def _language_strings() -> set[tuple[str, int, str]]:
    return {
        (path.relative_to(ROOT).as_posix(), line, value)
        for folder in ("validator", "gate")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, value in _strings(path)
        if _names_a_language(value)
    }


def _names_a_language(value: str) -> bool:
    """A language's name, or a file name / pattern that ends in a code extension."""
    return value.lower() in LANGUAGES or CODE_EXTENSION.search(value) is not None


def test_no_validator_or_gate_module_decides_by_a_language_name_or_extension() -> None:
    offenders = sorted(
        f"{file}:{line}: {value!r}"
        for file, line, value in _language_strings()
        if (file, value) not in ALLOWED
    )
    assert offenders == []


def test_every_allowed_language_string_is_still_there() -> None:
    present = {(file, value) for file, _, value in _language_strings()}
    assert sorted(set(ALLOWED) - present) == []


def test_the_check_sees_a_language_comparison(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '''"""Doc naming python."""\n\nok = lang == "Python" or name.endswith(".tsx")\n''',
        encoding="utf-8",
    )
    found = [value for _, value in _strings(module) if _names_a_language(value)]
    assert found == ["Python", ".tsx"]
    assert not _names_a_language("pythonic")
    assert not _names_a_language("validation-report.json")
