"""Python runner probes and environment writes: what tells production code that tests run.

A probe is a read of ``sys.modules``, the environment, ``sys.argv`` or a ``sys`` flag by a
constant name: a literal, a module-level constant, or a loop or comprehension variable over
a collection of such names (``any(m in sys.modules for m in RUNNERS)``), one fact for each
name it may stand for; its fact says which functions' returned values it decides, directly (an
``if``/conditional expression) or through a name or helper function that carries it
(``common/probes.py``; this module says which reads are probes).
Environment writes (``monkeypatch.setenv``) tell which variables the tests set.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import py_literal
from ..common.probes import probe, root
from ..common.walk import inside
from ..facts import Fact
from ..facts.impl import EnvWrite, RunnerProbe
from .adapter import BEHAVIOUR, NESTED, symbol_at
from .model import PythonModel

_ENV_GETTERS = frozenset({"os.environ.get", "os.getenv", "os.environ.__getitem__"})
# Mappings whose membership or lookup by a name is a probe, and the probe's source.
READS = {"sys.modules": "module", "os.environ": "env"}


def probe_at(source: SourceFile, node: ts.Node, kind: str, name: str) -> RunnerProbe:
    """The probe read at ``node``, decided through its own value."""
    return probe(source, node, kind, name, BEHAVIOUR)


_COMPREHENSIONS = frozenset(
    {"generator_expression", "list_comprehension", "set_comprehension", "dictionary_comprehension"}
)
_COLLECTIONS = frozenset({"tuple", "list", "set", "expression_list"})
_LOOPS = frozenset({"for_in_clause", "for_statement"})
# String tests of a name: ``m.startswith("pytest")``, ``m.endswith(...)``.
_NAME_TESTS = frozenset({"startswith", "endswith"})
_COLLECTION_CALLS = frozenset({"tuple", "list", "set", "frozenset"})


def _module_value(model: PythonModel, name: ts.Node) -> ts.Node | None:
    """The value a module-level name bound exactly once is assigned, if ``name`` reads it."""
    text = T.text(name)
    module = model.scopes.module
    if module.times.get(text) != 1 or model.scopes.lookup(text, name) is not module:
        return None
    for statement in root(name).named_children:
        for assignment in (
            statement.named_children if statement.type == "expression_statement" else ()
        ):
            left = assignment.child_by_field_name("left")
            if assignment.type == "assignment" and left is not None and T.text(left) == text:
                return assignment.child_by_field_name("right")
    return None


def collection_strings(model: PythonModel, node: ts.Node | None, depth: int = 2) -> list[str]:
    """The constant strings a collection holds: a tuple, list or set display, one wrapped
    in ``frozenset(...)``, or a module-level name bound to one."""
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    if node is None or depth < 0:
        return []
    if node.type in _COLLECTIONS:
        values = (model.string_value(c) for c in node.named_children)
        return [v for v in values if v is not None]
    if node.type == "call" and T.text(node.child_by_field_name("function")) in _COLLECTION_CALLS:
        args = node.child_by_field_name("arguments")
        first = args.named_children[0] if args is not None and args.named_children else None
        return collection_strings(model, first, depth)
    if node.type == "identifier":
        return collection_strings(model, _module_value(model, node), depth - 1)
    return []


def _names(model: PythonModel, node: ts.Node | None) -> list[str]:
    """The constant strings ``node`` may stand for: a string, a module-level constant, or a
    ``for`` or comprehension variable over a collection of them."""
    value = model.string_value(node)
    if value is not None or node is None or node.type != "identifier":
        return [value] if value is not None else []
    name = T.text(node)
    current = node.parent
    while current is not None and current.type not in ("function_definition", "class_definition"):
        clauses = current.named_children if current.type in _COMPREHENSIONS else [current]
        for clause in clauses:
            if clause.type in ("for_in_clause", "for_statement"):
                left = clause.child_by_field_name("left")
                if left is not None and T.text(left) == name:
                    return collection_strings(model, clause.child_by_field_name("right"))
        current = current.parent
    return []


def _iterated(model: PythonModel, node: ts.Node | None) -> str:
    """The kind of probed object (``READS``) a ``for`` or comprehension variable walks
    (``for m in sys.modules``, ``k in os.environ.keys()``), else ""."""
    if node is None or node.type != "identifier":
        return ""
    name, current = T.text(node), node.parent
    while current is not None and current.type not in ("function_definition", "class_definition"):
        clauses = current.named_children if current.type in _COMPREHENSIONS else [current]
        for clause in clauses:
            left = clause.child_by_field_name("left") if clause.type in _LOOPS else None
            if left is not None and T.text(left) == name:
                walked = T.squash(clause.child_by_field_name("right")).removesuffix(".keys()")
                return READS.get(model.resolve(walked), "")
        current = current.parent
    return ""


def _first_names(model: PythonModel, call: ts.Node) -> list[str]:
    args = call.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    return _names(model, first)


def _reads(model: PythonModel, node: ts.Node | None, qualified: str) -> bool:
    """Whether ``node`` is, or contains, a name that stands for ``qualified``."""
    if node is None:
        return False
    candidates = [node, *inside(node, NESTED)]
    return any(
        c.type in ("attribute", "identifier") and model.resolve(T.squash(c)) == qualified
        for c in candidates
    )


def runner_probes(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Reads of ``sys.modules``, the environment and ``sys.argv`` by a constant name."""
    found: list[Fact] = []
    for node in caps.get("comparison", []):
        operators = [T.text(c) for c in node.children if not c.is_named]
        if not any(op in ("in", "not in") for op in operators) or len(node.named_children) != 2:
            continue
        left, right = node.named_children
        resolved = model.resolve(T.squash(right))
        kind = READS.get(resolved, "argv" if _reads(model, right, "sys.argv") else "")
        kind = kind or _iterated(model, right)
        if kind:
            found.extend(probe_at(source, node, kind, name) for name in _names(model, left))
    for node in caps.get("call", []):
        function = model.resolve(T.squash(node.child_by_field_name("function")))
        kind = "module" if function == "sys.modules.get" else ""
        kind = "env" if function in _ENV_GETTERS else kind
        callee = node.child_by_field_name("function")
        if not kind and callee is not None and callee.type == "attribute":
            method = T.text(callee.child_by_field_name("attribute"))
            looped = _iterated(model, callee.child_by_field_name("object"))
            kind = looped if method in _NAME_TESTS else ""
        if kind:
            found.extend(probe_at(source, node, kind, name) for name in _first_names(model, node))
    for node in caps.get("subscript", []):
        value = model.resolve(T.squash(node.child_by_field_name("value")))
        if value in READS:
            names = _names(model, node.child_by_field_name("subscript"))
            found.extend(probe_at(source, node, READS[value], name) for name in names)
    return found


_ENV_SETTERS = frozenset({"setenv", "setdefault", "putenv"})
_SYS_ATTRIBUTE_READS = frozenset({"hasattr", "getattr", "builtins.hasattr", "builtins.getattr"})


def attribute_probes(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """``hasattr(sys, "_called_from_test")``: a flag a test configuration sets on ``sys``."""
    found: list[Fact] = []
    for node in caps.get("call", []):
        function = model.resolve(T.squash(node.child_by_field_name("function")))
        args = node.child_by_field_name("arguments")
        if function not in _SYS_ATTRIBUTE_READS or args is None or len(args.named_children) < 2:
            continue
        owner, name = args.named_children[0], py_literal(args.named_children[1])
        if model.resolve(T.squash(owner)) in ("sys", "builtins") and name and name[:2] == "s:":
            found.append(probe_at(source, node, "attribute", name[2:]))
    return found


def env_writes(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """Environment variables the file sets: item assignment, ``setenv``/``setdefault``,
    ``patch.dict(os.environ, {...})``."""
    names: list[tuple[ts.Node, str]] = []
    for node in caps.get("assignment", []):
        left = node.child_by_field_name("left")
        if left is not None and left.type == "subscript":
            value = model.resolve(T.squash(left.child_by_field_name("value")))
            key = py_literal(left.child_by_field_name("subscript"))
            if value == "os.environ" and key is not None and key.startswith("s:"):
                names.append((node, key[2:]))
    for node in caps.get("call", []):
        function = model.resolve(T.squash(node.child_by_field_name("function")))
        args = node.child_by_field_name("arguments")
        values = args.named_children if args is not None else []
        if function.rsplit(".", 1)[-1] in _ENV_SETTERS and values:
            key = py_literal(values[0])
            if key is not None and key.startswith("s:"):
                names.append((node, key[2:]))
        elif (
            function.endswith("patch.dict") and len(values) >= 2 and values[1].type == "dictionary"
        ):
            target = py_literal(values[0])
            if target == "s:os.environ" or model.resolve(T.squash(values[0])) == "os.environ":
                for pair in values[1].named_children:
                    key = py_literal(pair.child_by_field_name("key"))
                    if pair.type == "pair" and key is not None and key.startswith("s:"):
                        names.append((pair, key[2:]))
    return [
        EnvWrite(file=source.path, line=T.line_of(n), symbol=symbol_at(source.path, n), name=name)
        for n, name in names
    ]
