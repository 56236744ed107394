"""Which names hold a boto3 client, of which service, wherever a call or a mock uses one.

``boto3.client("athena")``, ``session.client(...)``, ``boto3.Session().client(...)`` bound to
a local, a module-level name or ``self.x``; a client of another file is named by qualified
name and resolved by the validator through ``SdkClient`` facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import tree_sitter as ts

from ...common import ir, reads
from ...common import treesitter as T
from ...facts import Fact
from ...facts.contracts import SdkClient
from ...python import strings as py_strings
from ..adapter import PYTHON
from ..model import PythonModel, qualname

_SESSIONS = {
    "boto3.Session",
    "boto3.session.Session",
    "botocore.session.Session",
    "botocore.session.get_session",
}
_CLIENT_METHODS = {"client", "create_client"}
_FACTORY_NAMES = {b"client", b"create_client", b"Session", b"get_session"}
_COLLECTIONS = {"tuple", "list", "set", "frozenset"}

ScopeKey = tuple[int, int, str]


def _key(node: ts.Node) -> ScopeKey:
    return (node.start_byte, node.end_byte, node.type)


def _class_of(node: ts.Node) -> ts.Node | None:
    current = node.parent
    while current is not None:
        if current.type == "class_definition":
            return current
        current = current.parent
    return None


def _params(function: ts.Node) -> set[str]:
    params = function.child_by_field_name("parameters")
    out: set[str] = set()
    for p in params.named_children if params is not None else ():
        name = p if p.type == "identifier" else p.child_by_field_name("name")
        if name is None and p.named_children:
            name = p.named_children[0]
        if name is not None and name.type == "identifier":
            out.add(T.text(name))
    return out


@dataclass
class SdkFile:
    """What one file binds: sessions, clients (local, module, ``self.x``), string constants."""

    path: str
    model: PythonModel
    idents: list[ts.Node]
    bindings: list[ts.Node]
    sessions: set[tuple[ScopeKey, str]] = field(default_factory=set)
    clients: dict[tuple[ScopeKey, str], str] = field(default_factory=dict)
    members: dict[tuple[str, str], str] = field(default_factory=dict)  # (Class, attr) -> service
    assigned: dict[ScopeKey, set[str]] = field(default_factory=dict)
    # (scope, name) -> every assignment to the name in source order, with the service when
    # it binds a client: a name that is a client at one point may be anything later.
    timeline: dict[tuple[ScopeKey, str], list[tuple[int, str | None]]] = field(default_factory=dict)
    constants: dict[str, tuple[str, ...]] = field(default_factory=dict)
    facts: list[Fact] = field(default_factory=list)

    @cached_property
    def index(self) -> reads.Identifiers:
        """The file's identifiers by name."""
        return reads.Identifiers(self.idents)

    def scan_bindings(self) -> None:
        for node in self.bindings:
            left = node.child_by_field_name("left")
            right = node.child_by_field_name("right")
            if left is None or right is None:
                continue
            scope = reads.enclosing_scope(node, PYTHON)
            if left.type == "identifier":
                self.assigned.setdefault(_key(scope), set()).add(T.text(left))
                key = (_key(scope), T.text(left))
                self.timeline.setdefault(key, []).append((node.start_byte, None))
            if scope.type == "module" and left.type == "identifier":
                strings = string_set(right, {})
                if strings is not None:
                    self.constants[T.text(left)] = strings
            if not self.may_create(right):
                continue
            value = ir.from_py(right)
            if not isinstance(value, ir.Call):
                continue
            if left.type == "identifier" and self.model.resolve(ir.dotted(value.func)) in (
                _SESSIONS
            ):
                self.sessions.add((_key(scope), T.text(left)))
                continue
            service = self.client_service(value, node)
            if service is None:
                continue
            self.bind_client(node, left, scope, service)

    def may_create(self, right: ts.Node) -> bool:
        """Cheap test before lowering: a call that may make a client or a session."""
        func = right.child_by_field_name("function") if right.type == "call" else None
        if func is None:
            return False
        if func.type == "identifier":
            name = T.text(func)
            return self.model.imported_at(name, func) and self.model.resolve_at(
                name, func
            ).startswith(("boto3", "botocore"))
        last = func.child_by_field_name("attribute") if func.type == "attribute" else None
        return last is not None and last.text in _FACTORY_NAMES

    def bind_client(self, node: ts.Node, left: ts.Node, scope: ts.Node, service: str) -> None:
        line = T.line_of(node)
        if left.type == "identifier":
            name = T.text(left)
            self.clients[(_key(scope), name)] = service
            steps = self.timeline.setdefault((_key(scope), name), [])
            if steps and steps[-1][0] == node.start_byte:
                steps[-1] = (node.start_byte, service)
            else:
                steps.append((node.start_byte, service))
            if scope.type == "module":
                qualified = f"{self.model.module}.{name}"
                self.facts.append(
                    SdkClient(file=self.path, line=line, name=qualified, service=service)
                )
            return
        target = ir.from_py(left)
        owner = _class_of(node)
        if (
            isinstance(target, ir.Attr)
            and isinstance(target.obj, ir.Name)
            and target.obj.id in ("self", "cls")
            and owner is not None
        ):
            cls = qualname(owner)
            self.members[(cls, target.name)] = service
            qualified = f"{self.model.module}.{cls}.{target.name}"
            self.facts.append(SdkClient(file=self.path, line=line, name=qualified, service=service))

    def client_service(self, call: ir.Call, at: ts.Node) -> str | None:
        """The service of ``boto3.client("x")`` / ``<session>.client("x")``, else None."""
        func = call.func
        if isinstance(func, ir.Attr) and func.name in _CLIENT_METHODS:
            if not self.is_boto(func.obj, at):
                return None
        elif not (
            isinstance(func, ir.Name)
            and self.model.imported_at(func.id, at)
            and self.model.resolve_at(func.id, at) == "boto3.client"
        ):
            return None
        arg = call.args[0] if call.args else dict(call.kwargs).get("service_name")
        if isinstance(arg, ir.Lit) and isinstance(arg.value, str):
            return arg.value
        return None

    def is_boto(self, obj: ir.Expr, at: ts.Node) -> bool:
        dotted = ir.dotted(obj)
        if dotted and self._imported(dotted, at) and self.model.resolve_at(dotted, at) == "boto3":
            return True
        if isinstance(obj, ir.Call):
            made_by = ir.dotted(obj.func)
            return self._imported(made_by, at) and self.model.resolve_at(made_by, at) in _SESSIONS
        if isinstance(obj, ir.Name):
            return any((_key(s), obj.id) in self.sessions for s in self.scopes(at))
        return False

    def _imported(self, dotted: str, at: ts.Node) -> bool:
        """The head of ``dotted``, read at ``at``, is an import (no local shadows it)."""
        return self.model.imported_at(dotted.partition(".")[0], at)

    def scopes(self, node: ts.Node) -> list[ts.Node]:
        """The function scopes around ``node``, innermost first, then the module."""
        out = []
        scope = reads.enclosing_scope(node, PYTHON)
        while True:
            out.append(scope)
            if scope.type == "module":
                return out
            scope = reads.enclosing_scope(scope, PYTHON)

    def resolve(self, node: ts.Node) -> tuple[str, str] | None:
        """(service, client name) of an expression that holds a client, as far as this file
        says; service "" for a client bound elsewhere (an imported name)."""
        if node.type == "identifier":
            name = T.text(node)
            for scope in self.scopes(node):
                key = (_key(scope), name)
                if key in self.clients:
                    service = self._bound_at(key, node, scope)
                    if service is None:
                        return None
                    label = f"{self.model.module}.{name}" if scope.type == "module" else name
                    return service, label
                local = self.assigned.get(_key(scope), set())
                if scope.type != "module" and (name in local or name in _params(scope)):
                    return None
            if self.model.imported_at(name, node):
                return "", self.model.resolve_at(name, node)
            return None
        if node.type == "attribute":
            expr = ir.from_py(node)
            assert isinstance(expr, ir.Attr)
            owner = _class_of(node)
            if isinstance(expr.obj, ir.Name) and expr.obj.id in ("self", "cls"):
                if owner is None:
                    return None
                cls = qualname(owner)
                service = self.members.get((cls, expr.name))
                if service is None:
                    return None
                return service, f"{self.model.module}.{cls}.{expr.name}"
            dotted = ir.dotted(expr)
            head = dotted.partition(".")[0]
            if dotted and self.model.imported_at(head, node):
                return "", self.model.resolve_at(dotted, node)
            return None
        if node.type == "call":
            expr = ir.from_py(node)
            assert isinstance(expr, ir.Call)
            service = self.client_service(expr, node)
            return (service, T.squash(node)) if service is not None else None
        return None

    def _bound_at(self, key: tuple[ScopeKey, str], node: ts.Node, scope: ts.Node) -> str | None:
        """The service the name holds where ``node`` uses it: the last assignment before the
        use in the same scope; from a nested function (which runs later), the service only
        when every assignment in ``scope`` binds that same client."""
        steps = sorted(self.timeline.get(key, []))
        if reads.enclosing_scope(node, PYTHON) == scope:
            before = [service for start, service in steps if start < node.start_byte]
            return before[-1] if before else None
        services = {service for _, service in steps}
        return services.pop() if len(services) == 1 else None


def string_set(node: ts.Node, constants: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The strings of ``("A", "B")`` / ``{"A"}`` / ``frozenset({...})`` / a constant's name."""
    if node.type == "identifier":
        return constants.get(T.text(node))
    if node.type == "parenthesized_expression" and node.named_children:
        return string_set(node.named_children[0], constants)
    if node.type == "call":
        args = node.child_by_field_name("arguments")
        inner = args.named_children if args is not None else []
        func = T.text(node.child_by_field_name("function"))
        return string_set(inner[0], constants) if func in _COLLECTIONS and len(inner) == 1 else None
    if node.type not in ("tuple", "list", "set"):
        return None
    items = [py_strings.string_text(c) for c in node.named_children if c.type != "comment"]
    if not items or any(i is None for i in items):
        return None
    return tuple(i for i in items if i is not None)


def rebinds(ident: ts.Node) -> bool:
    """True when this occurrence gives the name another value: an assignment, a ``for``
    target, ``with ... as name``, ``name := ...`` (reads.py knows only the first)."""
    if reads.rebinds(ident):
        return True
    parent = ident.parent
    if parent is None:
        return False
    if parent.type in ("for_statement", "for_in_clause", "named_expression"):
        field_name = "name" if parent.type == "named_expression" else "left"
        return parent.child_by_field_name(field_name) == ident
    return parent.type in ("as_pattern_target", "pattern_list", "tuple_pattern")
