"""Python test doubles: what they stand in for and what a call of them returns.

Placing a double: ``patch``/``mock.patch``/``mocker.patch("a.b.f")`` (decorator, ``with``,
assigned), ``patch.object(mod, "f")``, ``monkeypatch.setattr("a.b.f", fake)`` and
``monkeypatch.setattr(mod, "f", fake)``. What a call returns: ``return_value=``,
``side_effect=[{...}, {...}]`` (one per call: their union), ``side_effect=fn`` / ``new=fn`` /
a lambda (what ``fn`` returns), ``MagicMock(return_value=...)`` bound to a name and passed
in, and ``m.return_value = ...`` / ``m.side_effect = ...`` set later on the mock. Names are
followed inside the file only; a double whose result cannot be read gives no fact (no
shape beats a guessed one).
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..common import ir, reads
from ..common import treesitter as T
from ..common.code_shapes import shape_of
from ..facts import Fact
from ..facts.contracts import ARRAY, OBJECT, Mock, Shape, union, unknown
from . import strings as py_strings
from .adapter import PYTHON
from .double_values import Document, Value, Values, call_arguments
from .model import PythonModel

_DOUBLES = {
    "Mock",
    "MagicMock",
    "AsyncMock",
    "NonCallableMock",
    "NonCallableMagicMock",
    "create_autospec",
}
_SETTINGS = ("return_value", "side_effect")
_DEPTH = 4

Result = tuple[Value, int]  # a shape (or a data file) a call may return, and its line


def _contains(scope: ts.Node, node: ts.Node) -> bool:
    return scope.start_byte <= node.start_byte < scope.end_byte


def _plain(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    return node


def injects(call: ts.Node) -> bool:
    """True when a ``patch(...)`` creates the mock itself (no ``new``): only then does a
    decorator pass it to the test as a parameter."""
    positional, keywords = call_arguments(call)
    func = T.text(call.child_by_field_name("function"))
    room = 3 if func.endswith(".object") else 2
    return "new" not in keywords and len(positional) < room


class Doubles:
    """The doubles of one file, with the file's local bindings to follow names through."""

    def __init__(
        self,
        path: str,
        caps: dict[str, list[ts.Node]],
        model: PythonModel,
        returns: Callable[..., Shape | None],
    ) -> None:
        self.path = path
        self.caps = caps
        self.model = model
        self.returns = returns  # the shape a function definition returns (``env=``: inlined)
        self.assignments = caps.get("binding", [])
        self.defs: dict[str, list[ts.Node]] = {}
        for function in caps.get("function", []):
            name = T.text(function.child_by_field_name("name"))
            self.defs.setdefault(name, []).append(function)
        self.values = Values(
            path, model.resolve_at, self._binding, lambda function, env: returns(function, env=env)
        )

    # --- facts -----------------------------------------------------------------------
    def facts(self) -> list[Fact]:
        """One ``Mock`` per double and per way it is told what to return."""
        out: list[Fact] = []
        for node in self.caps.get("patch", []):
            out += self._patch(node)
        for node in self.caps.get("setattr", []):
            out += self._setattr(node)
        return out

    def _patch(self, node: ts.Node) -> list[Fact]:
        call = ir.from_py(node)
        if not isinstance(call, ir.Call):
            return []
        target = self._target(call, node)
        if target is None:
            return []
        positional, keywords = call_arguments(node)
        room = 3 if ir.dotted(call.func).endswith(".object") else 2
        if "new_callable" in keywords:
            return []
        new = keywords.get("new") or (positional[room - 1] if len(positional) >= room else None)
        if new is not None:
            results = self.call_result(new, node)
        else:
            results = self._configured(keywords, node)
            for name, scope in _mock_names(node):
                results += self._settings(name, scope, node, 0)
        return self._mocks(target, results)

    def _setattr(self, node: ts.Node) -> list[Fact]:
        positional, _ = call_arguments(node)
        if len(positional) == 2:
            target = (
                py_strings.string_text(positional[0]) if positional[0].type == "string" else None
            )
        elif len(positional) == 3:
            target = self._owner_target(
                ir.from_py(positional[0]), ir.from_py(positional[1]), node
            )
        else:
            return []
        if not target or "." not in target:
            return []
        return self._mocks(target, self.call_result(positional[-1], node))

    def _mocks(self, target: str, results: list[Result]) -> list[Fact]:
        """A fact per result that has fields: a double returning ``None`` or a number makes
        a test that reads fields of it crash by itself, it cannot hide a drift."""
        out: list[Fact] = []
        for value, line in results:
            if isinstance(value, Document):
                shape, document, at = unknown(line), value.path, value.at
            elif any(o.kind in (OBJECT, ARRAY) for o in (value.options or (value,))):
                shape, document, at = value, "", ()
            else:
                continue
            out.append(
                Mock(
                    file=self.path,
                    line=line,
                    symbol=self.path,
                    kind="mock.patch",
                    target=target,
                    shape=shape,
                    document=document,
                    document_at=at,
                )
            )
        return out

    # --- targets ---------------------------------------------------------------------
    def _target(self, call: ir.Call, at: ts.Node) -> str | None:
        if ir.dotted(call.func).endswith("patch.object"):
            return self._owner_target(*call.args[:2], at) if len(call.args) >= 2 else None
        first = call.args[0] if call.args else None
        if isinstance(first, ir.Lit) and isinstance(first.value, str) and first.value:
            return first.value
        return None

    def _owner_target(self, owner_expr: ir.Expr, attr: ir.Expr, at: ts.Node) -> str | None:
        """``patch.object(mod, "f")`` -> ``pkg.mod.f`` when ``mod`` read at ``at`` is an
        imported name (not a parameter or local that shadows one)."""
        owner = ir.dotted(owner_expr)
        if not self.model.imported_at(owner.partition(".")[0], at) or not isinstance(
            attr, ir.Lit
        ):
            return None
        if not isinstance(attr.value, str) or not attr.value:
            return None
        return f"{self.model.resolve_at(owner, at)}.{attr.value}"

    # --- what a call returns ---------------------------------------------------------
    def call_result(self, node: ts.Node | None, at: ts.Node, depth: int = 0) -> list[Result]:
        """The shapes a call of the replacement ``node`` may return; [] when not known."""
        node = _plain(node)
        if node is None or depth > _DEPTH:
            return []
        if node.type == "lambda":
            body = ir.from_py(node.child_by_field_name("body"))
            return [(shape_of(body, {}), body.line)]
        if node.type == "function_definition":
            shape = self.returns(node)
            return [(shape, shape.line)] if shape is not None else []
        if node.type == "call":
            func = ir.dotted(ir.from_py(node.child_by_field_name("function")))
            if func.rsplit(".", 1)[-1] not in _DOUBLES:
                return []
            return self._configured(call_arguments(node)[1], at, depth + 1)
        if node.type == "identifier":
            name = T.text(node)
            bound = self._binding(name, at)
            if bound is None:
                return []
            out = self.call_result(bound, at, depth + 1)
            if bound.type != "function_definition":
                scope = reads.enclosing_scope(bound, PYTHON)
                out += self._settings(name, scope, at, depth + 1)
            return out
        return []

    def _configured(
        self, keywords: dict[str, ts.Node], at: ts.Node, depth: int = 0
    ) -> list[Result]:
        """What ``return_value=`` / ``side_effect=`` given to a mock make it return."""
        if "side_effect" in keywords:
            return self._side_effect(keywords["side_effect"], at, depth)
        if "return_value" in keywords:
            value = keywords["return_value"]
            return [(self.values.of(value), T.line_of(value))]
        return []

    def _side_effect(self, node: ts.Node, at: ts.Node, depth: int) -> list[Result]:
        """A list gives one result per call (their union); a callable gives what it returns;
        an exception class (or anything else) gives nothing."""
        node = _plain(node)
        if node is None:
            return []
        if node.type in ("list", "tuple"):
            values = [self.values.of(c) for c in node.named_children if c.type != "comment"]
            line = T.line_of(node)
            shapes = [v for v in values if isinstance(v, Shape)]
            out: list[Result] = [(v, line) for v in values if isinstance(v, Document)]
            return ([(union(shapes, line), line)] if shapes else []) + out
        return self.call_result(node, at, depth + 1)

    def _settings(self, name: str, scope: ts.Node, at: ts.Node, depth: int) -> list[Result]:
        """``name.return_value = ...`` / ``name.side_effect = ...`` inside ``scope``."""
        out: list[Result] = []
        for assignment in self.assignments:
            if not _contains(scope, assignment):
                continue
            left = _plain(assignment.child_by_field_name("left"))
            if left is None or left.type != "attribute":
                continue
            owner = left.child_by_field_name("object")
            setting = T.text(left.child_by_field_name("attribute"))
            if T.text(owner) != name or setting not in _SETTINGS:
                continue
            right = assignment.child_by_field_name("right")
            if right is None:
                continue
            out += self._configured({setting: right}, at, depth)
        return out

    def _binding(self, name: str, at: ts.Node) -> ts.Node | None:
        """What ``name`` is bound to where ``at`` uses it: the innermost scope's function
        definition or its last assignment before ``at``."""
        best: tuple[int, int] | None = None
        found: ts.Node | None = None
        for function in self.defs.get(name, []):
            scope = reads.enclosing_scope(function, PYTHON)
            # A module-level function exists by the time a test runs, wherever it is written.
            before = scope.type == "module" or function.start_byte < at.start_byte
            if _contains(scope, at) and before:
                key = (scope.start_byte, function.start_byte)
                if best is None or key > best:
                    best, found = key, function
        for assignment in self.assignments:
            left = assignment.child_by_field_name("left")
            if left is None or left.type != "identifier" or T.text(left) != name:
                continue
            scope = reads.enclosing_scope(assignment, PYTHON)
            if _contains(scope, at) and assignment.start_byte < at.start_byte:
                key = (scope.start_byte, assignment.start_byte)
                if best is None or key > best:
                    best, found = key, assignment.child_by_field_name("right")
        return found


def _mock_names(node: ts.Node) -> list[tuple[str, ts.Node]]:
    """(name, scope) a patch call's mock is bound to: ``with ... as m``, ``m = patch(...)``
    or the parameter a ``@patch`` decorator injects."""
    parent = node.parent
    if parent is None:
        return []
    if parent.type == "as_pattern":
        alias = parent.child_by_field_name("alias")
        body = parent.parent.parent.parent if parent.parent and parent.parent.parent else None
        if alias is not None and body is not None:
            return [(T.text(alias).strip(), body)]
    if parent.type == "assignment" and parent.child_by_field_name("right") == node:
        scope = reads.enclosing_scope(node, PYTHON)
        return [(T.text(parent.child_by_field_name("left")), scope)]
    if parent.type == "decorator" and parent.parent is not None:
        decorated = parent.parent
        function = decorated.child_by_field_name("definition")
        if function is None or function.type != "function_definition":
            return []
        patches = [
            d
            for d in decorated.named_children
            if d.type == "decorator"
            and d.named_children
            and d.named_children[0].type == "call"
            and T.text(d.named_children[0].child_by_field_name("function")).endswith(
                ("patch", "patch.object")
            )
            and injects(d.named_children[0])
        ]
        params = [
            T.text(p)
            for p in function.child_by_field_name("parameters").named_children
            if p.type == "identifier" and T.text(p) not in ("self", "cls")
        ]
        order = list(reversed(patches))
        if parent in order and order.index(parent) < len(params):
            return [(params[order.index(parent)], function)]
    return []
