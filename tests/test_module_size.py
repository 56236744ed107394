"""Source modules stay small enough to read in one sitting: at most 500 lines, unless the
module's docstring says why in a paragraph starting with ``Size:``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("package", "core", "extractors", "validator", "gate")
MAX_LINES = 500


def size_problem(path: Path) -> str | None:
    """Why ``path`` breaks the size rule, or None when it is short or its docstring has a
    non-empty paragraph starting with ``Size:``."""
    source = path.read_text(encoding="utf-8")
    count = len(source.splitlines())
    if count <= MAX_LINES:
        return None
    docstring = ast.get_docstring(ast.parse(source)) or ""
    for paragraph in re.split(r"\n\s*\n", docstring):
        reason = paragraph.strip()
        if reason.startswith("Size:") and reason.removeprefix("Size:").strip():
            return None
    return f"{count} lines (more than {MAX_LINES}) and no 'Size:' paragraph in its docstring"


def _long_module(docstring: str, lines: int) -> str:
    """A module with ``docstring`` padded with statements to ``lines`` lines."""
    head = f'"""{docstring}"""\n'
    return head + "".join(f"x{n} = {n}\n" for n in range(lines - len(head.splitlines())))


def test_no_source_module_is_longer_than_500_lines_without_saying_why() -> None:
    problems = {
        str(path.relative_to(ROOT)): problem
        for folder in SOURCES
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (problem := size_problem(path)) is not None
    }
    assert problems == {}


def test_a_module_of_exactly_500_lines_passes(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(_long_module("One job.", 500), encoding="utf-8")
    assert len(module.read_text(encoding="utf-8").splitlines()) == 500
    assert size_problem(module) is None


def test_a_long_module_without_a_size_paragraph_is_reported(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(_long_module("One job, done at length.", 501), encoding="utf-8")
    assert size_problem(module) == (
        "501 lines (more than 500) and no 'Size:' paragraph in its docstring"
    )


def test_a_long_module_whose_docstring_says_why_passes(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    docstring = "One table.\n\nSize: the table is data, one row a line; splitting it hides it.\n"
    module.write_text(_long_module(docstring, 600), encoding="utf-8")
    assert size_problem(module) is None


def test_size_must_open_a_paragraph_and_give_a_reason(tmp_path: Path) -> None:
    inline = tmp_path / "inline.py"
    inline.write_text(_long_module("One job. Size: mentioned in passing.", 501), encoding="utf-8")
    empty = tmp_path / "empty.py"
    empty.write_text(_long_module("One job.\n\nSize:\n", 501), encoding="utf-8")
    assert size_problem(inline) is not None
    assert size_problem(empty) is not None
