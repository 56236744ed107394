"""Python runner probes and environment writes: what tells production code that tests run.

A probe is a read of ``sys.modules``, the environment, ``sys.argv`` or a ``sys`` flag by a
constant name: a literal, a module-level constant, or a loop or comprehension variable over
a collection of such names (``any(m in sys.modules for m in RUNNERS)``), one fact for each
name it may stand for; its fact says which functions' returned values it decides, directly (an
``if``/conditional expression) or through a name or helper function that carries it.
Environment writes (``monkeypatch.setenv``) tell which variables the tests set.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import py_literal
from ..common.walk import enclosing, inside, is_within
from ..facts import Fact
from ..facts.impl import EnvWrite, RunnerProbe
from .behaviour import NESTED, returned_value, symbol_at, value_returns
from .model import PythonModel

_FUNCTION = frozenset({"function_definition"})
# Where the value read from a probe stops being part of one condition.
_STATEMENT = frozenset(
    {"block", "module", "expression_statement", "function_definition", "class_definition"}
)
# Where a value stops flowing into the name or return that carries it.
_CARRIER_STOPS = frozenset(
    {"block", "module", "function_definition", "class_definition", "if_statement", "elif_clause"}
)
_ENV_GETTERS = frozenset({"os.environ.get", "os.getenv", "os.environ.__getitem__"})
# Mappings whose membership or lookup by a name is a probe, and the probe's source.
READS = {"sys.modules": "module", "os.environ": "env"}


def _arms_return(branch: ts.Node) -> bool:
    """Whether an ``if``/``elif`` (its whole chain) returns a value on some arm."""
    chain = branch.parent if branch.type == "elif_clause" and branch.parent else branch
    return bool(value_returns(chain))


def _decided(node: ts.Node) -> ts.Node | None:
    """The function whose returned value the condition ``node`` sits in decides, if any."""
    child, current = node, node.parent
    while current is not None and current.type not in _STATEMENT:
        if current.type in ("if_statement", "elif_clause"):
            condition = current.child_by_field_name("condition")
            if condition is not None and is_within(child, condition) and _arms_return(current):
                return enclosing(current, _FUNCTION)
            return None
        if current.type == "conditional_expression" and len(current.named_children) == 3:
            if not is_within(child, current.named_children[1]):
                return None
            outer = current.parent
            while outer is not None and outer.type == "parenthesized_expression":
                outer = outer.parent
            if outer is not None and outer.type == "lambda":
                return outer
            if outer is not None and outer.type == "return_statement":
                return enclosing(outer, _FUNCTION)
            return None
        child, current = current, current.parent
    return None


def _uses(scope: ts.Node, name: str, call: bool) -> list[ts.Node]:
    """Reads of ``name`` in ``scope`` (calls of it when ``call``), assignments aside."""
    found: list[ts.Node] = []
    for n in inside(scope, frozenset()):
        if call and n.type == "call":
            callee = T.squash(n.child_by_field_name("function"))
            if callee == name or callee.endswith("." + name):
                found.append(n)
        elif not call and n.type == "identifier" and T.text(n) == name:
            parent = n.parent
            if (
                parent is None
                or parent.type != "assignment"
                or parent.child_by_field_name("left") != n
            ):
                found.append(n)
    return found


def _deciding(node: ts.Node, depth: int = 2) -> list[ts.Node]:
    """The functions whose returned value ``node``'s value decides: in a condition, or
    carried there through a name it is assigned to or a function that returns it."""
    direct = _decided(node)
    found = [direct] if direct is not None else []
    if depth == 0:
        return found
    current = node.parent
    while current is not None and current.type not in _CARRIER_STOPS:
        if current.type == "assignment":
            left = current.child_by_field_name("left")
            if left is None or left.type != "identifier":
                return found
            fn = enclosing(current, _FUNCTION)
            scope = fn if fn is not None else _root(current)
            uses = _uses(scope, T.text(left), False)
            return found + [f for u in uses for f in _deciding(u, depth - 1)]
        if current.type == "return_statement":
            fn = enclosing(current, _FUNCTION)
            name = T.text(fn.child_by_field_name("name")) if fn is not None else ""
            uses = _uses(_root(current), name, True) if name else []
            return found + [f for u in uses for f in _deciding(u, depth - 1)]
        current = current.parent
    return found


def _takes_arguments(fn: ts.Node) -> bool:
    params = fn.child_by_field_name("parameters")
    names = (
        [T.text(p).split(":")[0].split("=")[0].strip() for p in params.named_children]
        if params
        else []
    )
    return any(n not in ("self", "cls") for n in names)


def _mixes_literals(fn: ts.Node) -> bool:
    """Whether ``fn`` returns a literal on one path and a computed value on another."""
    if fn.type == "lambda":
        values = [fn.child_by_field_name("body")]
    else:
        values = [returned_value(r) for r in value_returns(fn.child_by_field_name("body"))]
    arms: list[ts.Node | None] = []
    for value in values:
        if value is not None and value.type == "conditional_expression":
            parts = value.named_children
            arms.extend([parts[0], parts[-1]])
        else:
            arms.append(value)
    literal = {py_literal(a) is not None for a in arms if a is not None}
    return literal == {True, False}


def _root(node: ts.Node) -> ts.Node:
    while node.parent is not None:
        node = node.parent
    return node


def _compared_value(node: ts.Node) -> str:
    """The string ``node`` is compared with by ``==``/``!=``, else ""."""
    parent = node.parent
    if parent is None or parent.type != "comparison_operator":
        return ""
    operators = {T.text(c) for c in parent.children if not c.is_named}
    if not operators & {"==", "!="}:
        return ""
    for other in parent.named_children:
        literal = py_literal(other) if other.id != node.id else None
        if literal is not None and literal.startswith("s:"):
            return literal[2:]
    return ""


def probe_at(source: SourceFile, node: ts.Node, kind: str, name: str) -> RunnerProbe:
    deciding = _deciding(node)
    return RunnerProbe(
        file=source.path,
        line=T.line_of(node),
        symbol=symbol_at(source, node),
        source=kind,
        name=name,
        value=_compared_value(node),
        returns=bool(deciding),
        deciding=tuple(
            sorted({T.text(f.child_by_field_name("name")) or "lambda" for f in deciding})
        ),
        arguments=any(_takes_arguments(f) for f in deciding),
        mixed=any(_mixes_literals(f) for f in deciding),
    )


_COMPREHENSIONS = frozenset(
    {"generator_expression", "list_comprehension", "set_comprehension", "dictionary_comprehension"}
)
_COLLECTIONS = frozenset({"tuple", "list", "set", "expression_list"})
_COLLECTION_CALLS = frozenset({"tuple", "list", "set", "frozenset"})


def _module_value(model: PythonModel, name: ts.Node) -> ts.Node | None:
    """The value a module-level name bound exactly once is assigned, if ``name`` reads it."""
    text = T.text(name)
    module = model.scopes.module
    if module.times.get(text) != 1 or model.scopes.lookup(text, name) is not module:
        return None
    for statement in _root(name).named_children:
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
        if kind:
            found.extend(probe_at(source, node, kind, name) for name in _names(model, left))
    for node in caps.get("call", []):
        function = model.resolve(T.squash(node.child_by_field_name("function")))
        kind = "module" if function == "sys.modules.get" else ""
        kind = "env" if function in _ENV_GETTERS else kind
        if kind:
            found.extend(probe_at(source, node, kind, name) for name in _first_names(model, node))
    for node in caps.get("subscript", []):
        value = model.resolve(T.squash(node.child_by_field_name("value")))
        if value in READS:
            names = _names(model, node.child_by_field_name("subscript"))
            found.extend(probe_at(source, node, READS[value], name) for name in names)
    return found


_ENV_SETTERS = frozenset({"setenv", "setdefault", "putenv"})
_SYS_ATTRIBUTEREADS = frozenset({"hasattr", "getattr", "builtins.hasattr", "builtins.getattr"})


def attribute_probes(
    source: SourceFile, model: PythonModel, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """``hasattr(sys, "_called_from_test")``: a flag a test configuration sets on ``sys``."""
    found: list[Fact] = []
    for node in caps.get("call", []):
        function = model.resolve(T.squash(node.child_by_field_name("function")))
        args = node.child_by_field_name("arguments")
        if function not in _SYS_ATTRIBUTEREADS or args is None or len(args.named_children) < 2:
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
        EnvWrite(file=source.path, line=T.line_of(n), symbol=symbol_at(source, n), name=name)
        for n, name in names
    ]
