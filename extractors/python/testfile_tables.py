"""The table of cases a Python test runs over, however the cases are fed to it.

``@pytest.mark.parametrize("prices, total", [...])`` and a loop inside the test
(``for prices, total in [...]:``, or over a module-level name bound once to such a list)
run the same checks once per row; the rows are the test's expectations as much as its body
is. This module finds those tables and their column names, so that both spellings read as
the same rows (``parametrize(prices, total): [2, 3]`` expecting ``5``) and the columns get
the same local names in the body whatever each spelling calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from .testfile_module import SourceModule, walk_nodes


@dataclass(frozen=True)
class Table:
    """One table of rows: its column names as written and its row expressions."""

    columns: tuple[str, ...]
    rows: tuple[cst.BaseExpression, ...]
    # ``pytest.param(...)`` rows: their positional arguments are the row's values.
    from_parametrize: bool


def _names_of(node: cst.BaseExpression) -> tuple[str, ...] | None:
    """``"a, b"``, ``"a,b"``, ``("a", "b")`` as ("a", "b"); None when not written literally."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        text = value.decode() if isinstance(value, bytes) else value
        return tuple(n.strip() for n in text.split(",") if n.strip())
    if isinstance(node, cst.List | cst.Tuple):
        names: list[str] = []
        for element in node.elements:
            found = _names_of(element.value)
            if found is None or len(found) != 1:
                return None
            names += found
        return tuple(names)
    return None


def _target_names(target: cst.BaseExpression) -> tuple[str, ...] | None:
    """``a`` or ``a, b`` / ``(a, b)`` / ``[a, b]`` as names; None for anything else."""
    if isinstance(target, cst.Name):
        return (target.value,)
    if isinstance(target, cst.Tuple | cst.List):
        names = [e.value.value for e in target.elements if isinstance(e.value, cst.Name)]
        return tuple(names) if len(names) == len(target.elements) else None
    return None


def parametrize_tables(function: cst.FunctionDef, module: SourceModule) -> list[Table]:
    """The literal tables of the function's ``@pytest.mark.parametrize`` decorators."""
    tables: list[Table] = []
    for decorator in function.decorators:
        call = decorator.decorator
        if not isinstance(call, cst.Call):
            continue
        name = module.qualify(call.func) or ""
        args = [a.value for a in call.args if a.keyword is None and not a.star]
        if not name.endswith("mark.parametrize") or len(args) < 2:
            continue
        table = args[1]
        if not isinstance(table, cst.List | cst.Tuple):
            continue
        columns = _names_of(args[0]) or (" ".join(module.code(args[0]).split()),)
        tables.append(Table(columns, tuple(e.value for e in table.elements), True))
    return tables


def _bound_once(name: str, body: Sequence[cst.CSTNode]) -> cst.BaseExpression | None:
    """The list or tuple literal a module-level name is bound to, when the module binds the
    name exactly once (an assignment, annotated or not) and that value is such a literal."""
    values: list[cst.BaseExpression | None] = []
    for statement in body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign):
                for target in small.targets:
                    names = _target_names(target.target) or ()
                    if name in names:
                        values.append(small.value if names == (name,) else None)
            elif (
                isinstance(small, cst.AnnAssign | cst.AugAssign)
                and isinstance(small.target, cst.Name)
                and small.target.value == name
            ):
                values.append(small.value if isinstance(small, cst.AnnAssign) else None)
    if len(values) == 1 and isinstance(values[0], cst.List | cst.Tuple):
        return values[0]
    return None


def loop_tables(function: cst.FunctionDef, module_body: Sequence[cst.CSTNode]) -> list[Table]:
    """The tables ``for`` loops of the test iterate over: a list or tuple literal written in
    place, or a module-level name bound once to one, unpacked into plain names."""
    tables: list[Table] = []
    for node in walk_nodes(function.body):
        if not isinstance(node, cst.For) or node.asynchronous is not None:
            continue
        columns = _target_names(node.target)
        iterated = node.iter
        if isinstance(iterated, cst.Name):
            iterated = _bound_once(iterated.value, module_body)
        if columns is None or not isinstance(iterated, cst.List | cst.Tuple):
            continue
        tables.append(Table(columns, tuple(e.value for e in iterated.elements), False))
    return tables


def column_renames(tables: Sequence[Table]) -> dict[str, str]:
    """The tables' column names numbered in order (``_c0``, ``_c1``): a column is named by
    its place, so a parameter and a loop variable in the same place read alike."""
    renames: dict[str, str] = {}
    for table in tables:
        for name in (n for n in table.columns if n.isidentifier()):
            renames.setdefault(name, f"_c{len(renames)}")
    return renames
