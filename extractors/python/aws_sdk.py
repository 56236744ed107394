"""Contract facts at the AWS SDK boundary: boto3 clients, operation calls, stubbed responses.

A boto3 response is produced by AWS; its shape lives in botocore's service model, which the
validator loads (``validator/contracts/aws_models.py``). This extractor only records what the
code states: which names hold a client of which service (``boto3.client("athena")``,
``session.client(...)``, ``boto3.Session().client(...)``, ``self.sfn = ...``), which operations
are called on them and the field paths read on the responses (the ``reads`` machinery, plus
aliases, loops, paginators and comparisons with string literals), and the responses tests
hand in instead (``Stubber(c).add_response``, ``patch.object(c, "op", return_value=...)``,
``m.op.return_value = ...`` / ``side_effect = [...]``). Clients of another file are named
by qualified name; the validator resolves them through ``SdkClient`` facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import tree_sitter as ts

from ..common import ir, reads
from ..common import treesitter as T
from ..common.dispatch import SourceFile, register
from ..facts import Fact
from ..facts.contracts import LiteralTest, Read, SdkCall, SdkClient, SdkEntry, SdkMock
from .adapter import PYTHON
from .model import PythonModel, qualname

_MARKERS = (b"boto", b"Stubber", b"return_value", b"side_effect")
_SESSIONS = {
    "boto3.Session",
    "boto3.session.Session",
    "botocore.session.Session",
    "botocore.session.get_session",
}
_CLIENT_METHODS = {"client", "create_client"}
_MOCK_SLOTS = {"return_value", "side_effect"}
_FACTORY_NAMES = {b"client", b"create_client", b"Session", b"get_session"}
_EQUALITY = {"==", "!=", "is", "is not"}
_MEMBERSHIP = {"in", "not in"}
_COLLECTIONS = {"tuple", "list", "set", "frozenset"}
_MAX_ALIAS_DEPTH = 4

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


def _mock_names(node: ts.Node) -> list[tuple[str, ts.Node]]:
    """(name, scope) a ``patch(...)`` call's mock is bound to: ``with ... as m``,
    ``m = patch(...)`` / ``patch(...).start()``, or the parameter a decorator injects."""
    parent = node.parent
    if (
        parent is not None
        and parent.type == "attribute"
        and parent.parent is not None
        and T.text(parent.child_by_field_name("attribute")) == "start"
    ):
        node, parent = parent.parent, parent.parent.parent
    if parent is None:
        return []
    if parent.type == "as_pattern":
        alias = parent.child_by_field_name("alias")
        statement = parent
        while statement is not None and statement.type != "with_statement":
            statement = statement.parent
        if alias is not None and statement is not None:
            return [(T.text(alias).strip(), statement)]
    if parent.type == "assignment" and parent.child_by_field_name("right") == node:
        left = parent.child_by_field_name("left")
        if left is not None and left.type == "identifier":
            return [(T.text(left), reads.enclosing_scope(node, PYTHON))]
    if parent.type == "decorator" and parent.parent is not None:
        function = parent.parent.child_by_field_name("definition")
        if function is None or function.type != "function_definition":
            return []
        patches = [
            d
            for d in parent.parent.named_children
            if d.type == "decorator" and "patch" in T.text(d) and "new=" not in T.text(d)
        ]
        params = [p for p in _ordered_params(function) if p not in ("self", "cls")]
        order = list(reversed(patches))
        if parent in order and order.index(parent) < len(params):
            return [(params[order.index(parent)], function)]
    return []


def _ordered_params(function: ts.Node) -> list[str]:
    params = function.child_by_field_name("parameters")
    nodes = params.named_children if params is not None else []
    return [T.text(p) for p in nodes if p.type == "identifier"]


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
class _Uses:
    reads: list[Read] = field(default_factory=list)
    tests: list[LiteralTest] = field(default_factory=list)


@dataclass
class _File:
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
        return reads.Identifiers(self.idents)

    # --- clients ---------------------------------------------------------------------------

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
                strings = _strings(right, {})
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
            return self.model.qualified.get(T.text(func), "").startswith(("boto3", "botocore"))
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
            isinstance(func, ir.Name) and self.model.qualified.get(func.id) in ("boto3.client",)
        ):
            return None
        arg = call.args[0] if call.args else dict(call.kwargs).get("service_name")
        if isinstance(arg, ir.Lit) and isinstance(arg.value, str):
            return arg.value
        return None

    def is_boto(self, obj: ir.Expr, at: ts.Node) -> bool:
        dotted = ir.dotted(obj)
        if dotted and self.model.resolve(dotted) == "boto3":
            return True
        if isinstance(obj, ir.Call):
            return self.model.resolve(ir.dotted(obj.func)) in _SESSIONS
        if isinstance(obj, ir.Name):
            return any((_key(s), obj.id) in self.sessions for s in self.scopes(at))
        return False

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
            if name in self.model.qualified:
                return "", self.model.qualified[name]
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
            if dotted and head in self.model.qualified:
                return "", self.model.resolve(dotted)
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

    # --- operation calls -------------------------------------------------------------------

    def scan_calls(self, idents: list[ts.Node]) -> None:
        for ident in idents:
            attribute = ident.parent
            if (
                attribute is None
                or attribute.type != "attribute"
                or attribute.child_by_field_name("attribute") != ident
            ):
                continue
            call = attribute.parent
            if (
                call is None
                or call.type != "call"
                or call.child_by_field_name("function") != (attribute)
            ):
                continue
            owner = attribute.child_by_field_name("object")
            found = self.resolve(owner) if owner is not None else None
            if found is None or not found[0]:
                continue
            service, client = found
            method = T.text(ident)
            uses = _Uses()
            scope = reads.enclosing_scope(call, PYTHON)
            if method == "get_paginator":
                operation = _first_string(call)
                if operation is None:
                    continue
                method = operation
                for paginate in self.paginations(call, scope):
                    pages = _Uses()
                    self.follow(paginate, (), scope, 0, pages, T.text(paginate))
                    _pages_into(pages, uses)
            else:
                self.follow(call, (), scope, 0, uses, T.text(call))
            self.facts.append(
                SdkCall(
                    file=self.path,
                    line=T.line_of(call),
                    symbol=self.model.symbol(scope),
                    service=service,
                    client=client,
                    method=method,
                    reads=tuple(uses.reads),
                    tests=tuple(uses.tests),
                )
            )

    def paginations(self, call: ts.Node, scope: ts.Node) -> list[ts.Node]:
        """The ``.paginate(...)`` calls of a paginator: chained, or on the name it is bound to."""
        out: list[ts.Node] = []
        owners = [call]
        parent = call.parent
        if parent is not None and parent.type == "assignment":
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                owners = [
                    i
                    for i in self.index.within(T.text(left), parent.end_byte, scope.end_byte)
                    if not _rebinds(i)
                ]
        for owner in owners:
            attribute = owner.parent
            if attribute is None or attribute.type != "attribute":
                continue
            if T.text(attribute.child_by_field_name("attribute")) != "paginate":
                continue
            grand = attribute.parent
            if grand is not None and grand.type == "call":
                out.append(grand)
        return out

    def follow(
        self,
        node: ts.Node,
        prefix: tuple[str, ...],
        scope: ts.Node,
        depth: int,
        out: _Uses,
        root: str,
    ) -> None:
        """Reads made on the value of ``node``; aliases and loop variables are followed."""
        top, path, _ = PYTHON.climb(node)
        while _sliced(top):  # ``rows[1:]`` is still the list of rows
            assert top.parent is not None
            top, more, _ = PYTHON.climb(top.parent)
            path = [*path, *more]
        if path and reads.is_call_target(top, PYTHON):
            path = path[:-1]
        if path and reads.is_written(top):
            return
        full = (*prefix, *path)
        if path:
            conditions = reads.guard_texts(top, scope)
            guarded = reads.guarded_segments(root, path, conditions, PYTHON)
            out.reads.append(
                Read(
                    full,
                    T.line_of(top),
                    T.squash(top),
                    in_condition=reads.in_condition(top, scope),
                    guarded=len(prefix) + guarded if guarded else 0,
                )
            )
        parent = top.parent
        if parent is None or depth >= _MAX_ALIAS_DEPTH:
            return
        if parent.type == "comparison_operator" and full:
            default = _get_default(top)
            # "" tests that the field is empty or absent, not which value an enum has.
            values = tuple(v for v in self.compared(parent, top) if v not in (default, ""))
            if values:
                out.tests.append(LiteralTest(full, values, T.line_of(parent), T.squash(parent)))
        if parent.type == "assignment" and parent.child_by_field_name("right") == top:
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                self.uses(T.text(left), parent.end_byte, scope.end_byte, scope, full, depth, out)
        elif parent.type == "for_statement" and parent.child_by_field_name("right") == top:
            left = parent.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                items = (*full, "*")
                self.uses(T.text(left), left.end_byte, parent.end_byte, scope, items, depth, out)
        elif parent.type == "for_in_clause" and parent.child_by_field_name("right") == top:
            left = parent.child_by_field_name("left")
            around = parent.parent
            if left is not None and left.type == "identifier" and around is not None:
                items = (*full, "*")
                name = T.text(left)
                for ident in self.index.within(name, around.start_byte, around.end_byte):
                    if ident != left:
                        self.follow(ident, items, scope, depth + 1, out, name)

    def uses(
        self,
        name: str,
        start: int,
        end: int,
        scope: ts.Node,
        prefix: tuple[str, ...],
        depth: int,
        out: _Uses,
    ) -> None:
        for ident in self.index.within(name, start, end):
            if reads.shadowed(ident, scope, PYTHON):
                continue  # a comprehension or lambda that binds the same name
            if _rebinds(ident):
                break
            if reads.enclosing_scope(ident, PYTHON) != scope:
                continue  # a nested function's own name, or a value it captured later
            self.follow(ident, prefix, scope, depth + 1, out, name)

    def compared(self, comparison: ts.Node, operand: ts.Node) -> tuple[str, ...]:
        """The string literals a field is compared with (``==``, ``!=``, ``in``, ``not in``)."""
        operators = comparison.children_by_field_name("operators")
        operands = [c for c in comparison.named_children if c not in operators]
        if len(operators) != 1 or len(operands) != 2:
            return ()
        op = " ".join(T.text(operators[0]).split())
        other = operands[1] if operands[0] == operand else operands[0]
        if op in _EQUALITY:
            text = ir.py_string(other)
            return (text,) if text is not None else ()
        if op in _MEMBERSHIP and operands[0] == operand:
            return _strings(other, self.constants) or ()
        return ()

    # --- mocked responses ------------------------------------------------------------------

    def scan_stubbers(self, idents: list[ts.Node]) -> None:
        for ident in idents:
            call = ident.parent
            if call is not None and call.type == "attribute":
                call = (
                    call.parent
                    if T.text(call.child_by_field_name("attribute")) == ("Stubber")
                    else None
                )
            if call is None or call.type != "call":
                continue
            args = call.child_by_field_name("arguments")
            first = args.named_children[0] if args is not None and args.named_children else None
            found = self.resolve(first) if first is not None else None
            if found is None:
                continue
            scope = reads.enclosing_scope(call, PYTHON)
            name = _bound_name(call)
            if name is None or call.parent is None:
                continue
            bound_end = call.parent.end_byte  # after ``as s`` / the assignment
            for use in self.index.within(name, bound_end, scope.end_byte):
                if _rebinds(use):
                    break
                attribute = use.parent
                if (
                    attribute is None
                    or attribute.type != "attribute"
                    or T.text(attribute.child_by_field_name("attribute")) != "add_response"
                    or attribute.parent is None
                    or attribute.parent.type != "call"
                ):
                    continue
                response = ir.from_py(attribute.parent)
                assert isinstance(response, ir.Call)
                method = response.args[0] if response.args else None
                if not isinstance(method, ir.Lit) or not isinstance(method.value, str):
                    continue
                body = (
                    response.args[1]
                    if len(response.args) > 1
                    else dict(response.kwargs).get("service_response")
                )
                value = self.literal(body, attribute.parent, scope)
                if value is not None:
                    self.mock("stubber", found, method.value, value, T.line_of(attribute.parent))

    def scan_patches(self, patches: list[ts.Node]) -> None:
        patched: list[tuple[str, ts.Node, str]] = []  # (mock name, scope, client name)
        for node in patches:
            call = ir.from_py(node)
            if not isinstance(call, ir.Call):
                continue
            scope = reads.enclosing_scope(node, PYTHON)
            kwargs = dict(call.kwargs)
            func = ir.dotted(call.func)
            args = node.child_by_field_name("arguments")
            handled = False
            if func.endswith("patch.object") and len(call.args) >= 2:
                owner_node = args.named_children[0] if args is not None else None
                attr = call.args[1]
                found = self.resolve(owner_node) if owner_node is not None else None
                if found is not None and isinstance(attr, ir.Lit) and isinstance(attr.value, str):
                    self.slot_mocks(kwargs, found, attr.value, node, scope)
                    handled = True
            target = self.patch_target(call, node)
            if target is None:
                continue
            ref, _, method = target.rpartition(".")
            if ref and not handled:
                self.slot_mocks(kwargs, ("", ref), method, node, scope)
            for name, where in _mock_names(node):
                patched.append((name, where, target))
        self.scan_slots(patched)

    def patch_target(self, call: ir.Call, node: ts.Node) -> str | None:
        """``patch("a.b.c")`` -> ``a.b.c``; ``patch.object(mod, "c")`` -> ``<mod>.c``."""
        first = call.args[0] if call.args else None
        if isinstance(first, ir.Lit) and isinstance(first.value, str):
            return first.value
        args = node.child_by_field_name("arguments")
        if not ir.dotted(call.func).endswith("patch.object") or len(call.args) < 2:
            return None
        owner = self.resolve(args.named_children[0]) if args is not None else None
        attr = call.args[1]
        if owner is None or not isinstance(attr, ir.Lit) or not isinstance(attr.value, str):
            return None
        return f"{owner[1]}.{attr.value}"

    def slot_mocks(
        self,
        kwargs: dict[str | None, ir.Expr],
        found: tuple[str, str],
        method: str,
        node: ts.Node,
        scope: ts.Node,
    ) -> None:
        for slot in sorted(_MOCK_SLOTS):
            value = kwargs.get(slot)
            if value is not None:
                self.slot_value(slot, value, found, method, node, scope)

    def slot_value(
        self,
        slot: str,
        value: ir.Expr,
        found: tuple[str, str],
        method: str,
        at: ts.Node,
        scope: ts.Node,
    ) -> None:
        """``return_value`` is one response; ``side_effect`` a list of responses in turn."""
        literal = self.literal(value, at, scope)
        if literal is None:
            return
        if slot == "side_effect":
            if isinstance(literal, ir.ArrLit):
                for item in literal.items:
                    if isinstance(item, ir.ObjLit):
                        self.mock(slot, found, method, item, item.line)
            return
        if isinstance(literal, ir.ObjLit):
            self.mock(slot, found, method, literal, literal.line)

    def scan_slots(self, patched: list[tuple[str, ts.Node, str]]) -> None:
        """``m.op.return_value = {...}`` where ``m`` is a client or a patch of one."""
        for node in self.bindings:
            left_node = node.child_by_field_name("left")
            slot = left_node.child_by_field_name("attribute") if left_node is not None else None
            if slot is None or T.text(slot) not in _MOCK_SLOTS:
                continue
            left = ir.from_py(left_node)
            if not isinstance(left, ir.Attr) or left.name not in _MOCK_SLOTS:
                continue
            op = left.obj
            if not isinstance(op, ir.Attr):
                continue
            holder = left_node.child_by_field_name("object") if left_node is not None else None
            owner_node = holder.child_by_field_name("object") if holder is not None else None
            if owner_node is None:
                continue
            found: tuple[str, str] | None = None
            if isinstance(op.obj, ir.Name):
                for name, where, target in patched:
                    inside = where.start_byte <= node.start_byte < where.end_byte
                    if name == op.obj.id and inside:
                        found = ("", target)
            if found is None:
                found = self.resolve(owner_node)
            if found is None:
                continue
            scope = reads.enclosing_scope(node, PYTHON)
            right = ir.from_py(node.child_by_field_name("right"))
            self.slot_value(left.name, right, found, op.name, node, scope)

    def literal(self, expr: ir.Expr | None, at: ts.Node, scope: ts.Node) -> ir.Expr | None:
        """A dict/list literal, or the one a local name was last bound to before ``at``."""
        if isinstance(expr, (ir.ObjLit, ir.ArrLit)):
            return expr
        if not isinstance(expr, ir.Name):
            return None
        found: ir.Expr | None = None
        for node in self.bindings:
            if node.start_byte >= at.start_byte:
                break
            left = node.child_by_field_name("left")
            if left is None or left.type != "identifier" or T.text(left) != expr.id:
                continue
            if reads.enclosing_scope(node, PYTHON) == scope:
                found = ir.from_py(node.child_by_field_name("right"))
        return found if isinstance(found, (ir.ObjLit, ir.ArrLit)) else None

    def mock(
        self, kind: str, found: tuple[str, str], method: str, value: ir.Expr, line: int
    ) -> None:
        entries: list[SdkEntry] = []
        _entries(value, (), entries)
        self.facts.append(
            SdkMock(
                file=self.path,
                line=line,
                symbol=self.path,
                kind=kind,
                service=found[0],
                client=found[1],
                method=method,
                entries=tuple(entries),
            )
        )


def _strings(node: ts.Node, constants: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The strings of ``("A", "B")`` / ``{"A"}`` / ``frozenset({...})`` / a constant's name."""
    if node.type == "identifier":
        return constants.get(T.text(node))
    if node.type == "parenthesized_expression" and node.named_children:
        return _strings(node.named_children[0], constants)
    if node.type == "call":
        args = node.child_by_field_name("arguments")
        inner = args.named_children if args is not None else []
        func = T.text(node.child_by_field_name("function"))
        return _strings(inner[0], constants) if func in _COLLECTIONS and len(inner) == 1 else None
    if node.type not in ("tuple", "list", "set"):
        return None
    items = [ir.py_string(c) for c in node.named_children if c.type != "comment"]
    if not items or any(i is None for i in items):
        return None
    return tuple(i for i in items if i is not None)


def _get_default(node: ts.Node) -> str | None:
    """The string default of ``d.get("k", "x")``: comparing with it tests for absence, not
    for a value of the field."""
    if node.type != "call":
        return None
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args is not None else ())]
    return ir.py_string(values[1]) if len(values) == 2 else None


def _rebinds(ident: ts.Node) -> bool:
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


def _sliced(node: ts.Node) -> bool:
    parent = node.parent
    if parent is None or parent.type != "subscript":
        return False
    index = parent.child_by_field_name("subscript")
    return (
        parent.child_by_field_name("value") == node and index is not None and index.type == "slice"
    )


def _first_string(call: ts.Node) -> str | None:
    args = call.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    return ir.py_string(first) if first is not None else None


def _pages_into(pages: _Uses, uses: _Uses) -> None:
    """Reads on a paginator's pages (``for page in p.paginate()``) are reads on one response."""
    for read in pages.reads:
        if read.path[:1] == ("*",) and len(read.path) > 1:
            uses.reads.append(
                Read(
                    read.path[1:],
                    read.line,
                    read.text,
                    in_condition=read.in_condition,
                    guarded=max(read.guarded - 1, 0),
                )
            )
    for test in pages.tests:
        if test.path[:1] == ("*",) and len(test.path) > 1:
            uses.tests.append(LiteralTest(test.path[1:], test.values, test.line, test.text))


def _bound_name(call: ts.Node) -> str | None:
    """The name ``with Stubber(c) as s`` / ``s = Stubber(c)`` binds."""
    parent = call.parent
    if parent is None:
        return None
    if parent.type == "as_pattern":
        alias = parent.child_by_field_name("alias")
        return T.text(alias).strip() if alias is not None else None
    if parent.type == "assignment" and parent.child_by_field_name("right") == call:
        left = parent.child_by_field_name("left")
        return T.text(left) if left is not None and left.type == "identifier" else None
    return None


def _entries(value: ir.Expr, prefix: tuple[str, ...], out: list[SdkEntry]) -> None:
    if isinstance(value, ir.ObjLit):
        for key, inner in value.entries:
            if key is None:
                continue
            out.append(SdkEntry((*prefix, key), inner.line or value.line, _text(inner)))
            _entries(inner, (*prefix, key), out)
    elif isinstance(value, ir.ArrLit):
        for item in value.items:
            out.append(SdkEntry((*prefix, "*"), item.line or value.line, _text(item)))
            _entries(item, (*prefix, "*"), out)


def _text(value: ir.Expr) -> str | None:
    return value.value if isinstance(value, ir.Lit) and isinstance(value.value, str) else None


def extract_aws_sdk(source: SourceFile) -> tuple[Fact, ...]:
    """SDK clients, operation calls with their reads, and mocked responses of one file."""
    if not any(marker in source.data for marker in _MARKERS):
        return ()
    caps = source.captures("contract_code", "python")
    idents = caps.get("ident", [])
    state = _File(
        path=source.path,
        model=source.model(PythonModel),
        idents=idents,
        bindings=caps.get("binding", []),
    )
    state.scan_bindings()
    if state.clients or state.members:
        state.scan_calls(idents)
    if b"Stubber" in source.data:
        state.scan_stubbers([i for i in idents if i.text == b"Stubber"])
    state.scan_patches(caps.get("patch", []))
    return tuple(sorted(state.facts, key=lambda f: (f.line, type(f).__name__, repr(f))))


register("python", (".py",), extract_aws_sdk)
