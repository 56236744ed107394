"""Responses tests hand in instead of AWS: ``Stubber(c).add_response``, ``patch.object(c,
"op", return_value=...)``, ``m.op.return_value = ...`` / ``side_effect = [...]``."""

from __future__ import annotations

import tree_sitter as ts

from ...common import ir, reads
from ...common import treesitter as T
from ...facts.contracts import SdkEntry, SdkMock, SdkMockKind
from ..adapter import PYTHON
from .clients import SdkFile, rebinds

_MOCK_SLOTS: frozenset[SdkMockKind] = frozenset({"return_value", "side_effect"})


class MockedResponses:
    """The ``SdkMock`` facts of one file, targets resolved through its client bindings."""

    def __init__(self, file: SdkFile) -> None:
        self.file = file

    def scan_stubbers(self, idents: list[ts.Node]) -> None:
        """``Stubber(client).add_response("op", {...})``: one mocked response each."""
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
            found = self.file.resolve(first) if first is not None else None
            if found is None:
                continue
            scope = reads.enclosing_scope(call, PYTHON)
            name = _bound_name(call)
            if name is None or call.parent is None:
                continue
            bound_end = call.parent.end_byte  # after ``as s`` / the assignment
            for use in self.file.index.within(name, bound_end, scope.end_byte):
                if rebinds(use):
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
        """``patch``/``patch.object`` of a client or its operation, with their slots."""
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
                found = self.file.resolve(owner_node) if owner_node is not None else None
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
        owner = self.file.resolve(args.named_children[0]) if args is not None else None
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
        slot: SdkMockKind,
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
        for node in self.file.bindings:
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
                found = self.file.resolve(owner_node)
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
        for node in self.file.bindings:
            if node.start_byte >= at.start_byte:
                break
            left = node.child_by_field_name("left")
            if left is None or left.type != "identifier" or T.text(left) != expr.id:
                continue
            if reads.enclosing_scope(node, PYTHON) == scope:
                found = ir.from_py(node.child_by_field_name("right"))
        return found if isinstance(found, (ir.ObjLit, ir.ArrLit)) else None

    def mock(
        self, kind: SdkMockKind, found: tuple[str, str], method: str, value: ir.Expr, line: int
    ) -> None:
        entries: list[SdkEntry] = []
        _entries(value, (), entries)
        self.file.facts.append(
            SdkMock(
                file=self.file.path,
                line=line,
                symbol=self.file.path,
                kind=kind,
                service=found[0],
                client=found[1],
                method=method,
                entries=tuple(entries),
            )
        )


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
