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
FUNCTION_CLASSES = {
    "Function",
    "NodejsFunction",
    "PythonFunction",
    "SingletonFunction",
    "DockerImageFunction",
    "CfnFunction",  # SAM's (``aws_sam.CfnFunction``); the L1 Lambda one names no asset
}
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


_PATH_MODULES = {"path": "path", "node:path": "path", "os.path": "os.path", "posixpath": "os.path"}


def path_names(source: SourceFile) -> dict[str, str]:
    """Path helpers imported under their own or another name, as the interpreter knows
    them: ``join`` of ``import { join } from 'path'`` is ``path.join``; ``p`` of
    ``import * as p from 'path'`` is ``path``."""
    model = source.model(syntax_of(source.language).model)
    out: dict[str, str] = {}
    for module, local in model.module_imports():
        if module in _PATH_MODULES and local != _PATH_MODULES[module]:
            out[local] = _PATH_MODULES[module]
    for module, imported, local in model.named_imports():
        if module in _PATH_MODULES and imported.isidentifier():
            out[local] = f"{_PATH_MODULES[module]}.{imported}"
        elif module == "os" and imported == "path" and local != "path":
            out[local] = "os.path"
    return out


def imported_names(source: SourceFile) -> dict[str, str]:
    """Local names bound by imports, with the module each comes from."""
    model = source.model(syntax_of(source.language).model)
    out = {local: module for module, local in model.module_imports()}
    out.update({local: module for module, _, local in model.named_imports()})
    return out


def helper_name(dotted: str, names: dict[str, str]) -> str:
    """A dotted call name with an imported path helper's local name replaced."""
    head, dot, rest = dotted.partition(".")
    return names[head] + dot + rest if head in names else dotted


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
