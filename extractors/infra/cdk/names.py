"""Which names in a stack file are CDK classes: imported aliases and stepfunctions-tasks."""

from __future__ import annotations

import re

from ...common import ir
from ...common.dispatch import SourceFile
from ...common.syntaxes import syntax_of
from ...facts.contracts import StateType
from .values import Stack

STATE_CLASSES: dict[str, StateType] = {
    "LambdaInvoke": "Task",
    "Pass": "Pass",
    "Choice": "Choice",
    "Succeed": "Succeed",
    "Fail": "Fail",
    "Wait": "Wait",
    "Parallel": "Parallel",
    "Map": "Map",
    "DistributedMap": "Map",
}
FUNCTION_CLASSES = {"Function", "NodejsFunction", "PythonFunction", "SingletonFunction"}
_TASK_MODULE = re.compile(r"stepfunctions[-_]tasks")
_CDK_MODULE = re.compile(r"aws[-_]cdk")


def cdk_names(source: SourceFile) -> tuple[dict[str, str], set[str]]:
    """CDK classes imported under another name (local -> class), and the local names of the
    stepfunctions-tasks module or its classes, read from the file's semantic model."""
    model = source.model(syntax_of(source.language).model)
    named = model.named_imports()  # (module, imported, local)
    whole = model.module_imports()  # (module, local)
    aliases: dict[str, str] = {}
    tasks: set[str] = set()
    for module, local in whole:
        if _TASK_MODULE.search(module):
            tasks.add(local)
    for module, imported, local in named:
        if not _CDK_MODULE.search(module) or not imported.isidentifier():
            continue
        if _TASK_MODULE.search(module) or _TASK_MODULE.search(imported):
            tasks.add(local)
        if imported != local:
            aliases[local] = imported
    return aliases, tasks


def last_name(expr: ir.Expr) -> str:
    """``Function`` of ``lambda_.Function`` / ``Function``."""
    return expr.name if isinstance(expr, ir.Attr) else expr.id if isinstance(expr, ir.Name) else ""


def class_of(expr: ir.Expr, stack: Stack) -> str:
    """The CDK class a constructor expression names (an imported alias resolved)."""
    if isinstance(expr, ir.Name):
        return stack.aliases.get(expr.id, expr.id)
    return last_name(expr)


def constructible(func: ir.Expr, stack: Stack) -> bool:
    """``func`` names a construct class the interpreter builds."""
    cls = class_of(func, stack)
    known = cls in FUNCTION_CLASSES or cls in STATE_CLASSES or cls == "StateMachine"
    return known or ir.dotted(func).split(".", 1)[0] in stack.task_names or cls in stack.task_names
