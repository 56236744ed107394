"""Where a JS/TS test file places doubles, and which imported functions its tests call.

Two facts, no judgement: a ``Double`` per ``jest.mock``/``vi.mock`` (one per name its
factory replaces, ``<module>#*`` for an automock), per ``jest.spyOn``/``vi.spyOn`` (it
replaces the implementation only when it is told what to return, on the spy's chain or
later through the name it is bound to) and per ``mod.f = jest.fn(...)``; an
``ImportedCall`` per call of an imported function in a test (``total(x)``,
``pricing.total(x)``) with whether its result reaches an assertion.
Modules are named as the file's folder resolves them, extension and ``/index`` dropped, so
``'../src/pricing'`` and ``'../src/pricing.ts'`` name one module.
"""

from __future__ import annotations

import posixpath
import re

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.languages import SCRIPT_LANGUAGES, extensions
from ..facts import Fact
from ..facts.integrity import Double, ImportedCall
from . import strings as js_strings
from .context import JsFile
from .model import JsModel, strip

_FRAMEWORKS = ("jest", "vi")
_MODULE_MOCKS = ("mock", "doMock", "unstable_mockModule")
_REPLACING = re.compile(r"^mock(Return|Resolved|Rejected)Value(Once)?$|^mockImplementation(Once)?$")
_MOCK_API = re.compile(r"^(mock[A-Z]\w*|getMockName|getMockImplementation)$")
_FUNCTIONS = {"arrow_function", "function_expression", "function"}
_EXTENSIONS = extensions(*SCRIPT_LANGUAGES)
_VALUE_WRAPPERS = {"await_expression", "member_expression", "parenthesized_expression"}


def module_id(test_path: str, spec: str) -> str:
    """A module specifier as a module name: relative ones resolved against the test's folder,
    without extension or a trailing ``/index``; a package name as it is."""
    if not spec.startswith("."):
        return spec
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(test_path), spec))
    for extension in _EXTENSIONS:
        if joined.endswith(extension):
            joined = joined[: -len(extension)]
            break
    if joined.endswith("/index"):
        joined = joined[: -len("/index")]
    return joined


def _args(call: ts.Node) -> list[ts.Node]:
    args = call.child_by_field_name("arguments")
    return [a for a in (args.named_children if args is not None else []) if a.type != "comment"]


def _framework_call(call: ts.Node, methods: tuple[str, ...]) -> str:
    """``jest.mock`` / ``vi.spyOn`` when the call is one of ``methods``, else ""."""
    name = ir.dotted(ir.from_js(call.child_by_field_name("function")))
    root, _, method = name.partition(".")
    return name if root in _FRAMEWORKS and method in methods else ""


class _Reader:
    """The doubles and imported calls of one JS/TS test file."""

    def __init__(self, f: JsFile, model: JsModel) -> None:
        self.f = f
        self.model = model
        self.end = f.root.end_point[0] + 1
        self.calls = f.markers.get("call", [])

    def _module(self, spec: str) -> str:
        return module_id(self.f.path, spec)

    def _double(
        self, line: int, symbol: str, how: str, target: str, replaces: bool, until: int
    ) -> Double:
        return Double(
            file=self.f.path,
            line=line,
            symbol=symbol,
            how=how,
            target=target,
            replaces=replaces,
            until=until,
        )

    def _scope(self, node: ts.Node) -> tuple[str, int]:
        """(symbol, last line) of the test or suite around ``node``; the file at top level."""
        owner = self.f.test_index.innermost(node.start_byte)
        if owner is not None and owner.callback is not None:
            return owner.symbol, owner.callback.end_point[0] + 1
        inside = [
            s
            for s in self.f.suites
            if s.callback is not None
            and s.callback.start_byte <= node.start_byte < s.callback.end_byte
        ]
        if inside:
            suite = max(inside, key=lambda s: s.callback.start_byte)  # type: ignore[union-attr]
            return suite.symbol, suite.callback.end_point[0] + 1  # type: ignore[union-attr]
        return self.f.path, self.end

    # --- module mocks --------------------------------------------------------------------
    def module_mock(self, call: ts.Node, how: str) -> list[Fact]:
        args = _args(call)
        spec = strip(args[0]) if args else None
        if spec is None or spec.type != "string":
            return []
        module = self._module(js_strings.string_text(spec))
        line = T.line_of(call)
        factory = strip(args[1]) if len(args) > 1 else None
        names = _factory_names(factory) if factory is not None else None
        if names is None:
            return [self._double(line, self.f.path, how, f"{module}#*", True, self.end)]
        return [
            self._double(line, self.f.path, how, f"{module}#{name}", True, self.end)
            for name in names
        ]

    # --- spies ---------------------------------------------------------------------------
    def spy(self, call: ts.Node, how: str) -> list[Fact]:
        args = _args(call)
        if len(args) < 2:
            return []
        owner, method = strip(args[0]), strip(args[1])
        if owner is None or method is None or method.type != "string":
            return []
        target = self._member_target(owner, js_strings.string_text(method))
        if target is None:
            return []
        symbol, until = self._scope(call)
        replaces = _configured_on_chain(call) or self._configured_later(call, until)
        return [self._double(T.line_of(call), symbol, how, target, replaces, until)]

    def assigned(self, call: ts.Node, how: str) -> list[Fact]:
        """``pricing.total = jest.fn(() => 42)``: a member of an imported module replaced."""
        top = call
        while top.parent is not None and top.parent.type == "parenthesized_expression":
            top = top.parent
        parent = top.parent
        if parent is None or parent.type != "assignment_expression":
            return []
        left = parent.child_by_field_name("left")
        if (
            left is None
            or left.type != "member_expression"
            or parent.child_by_field_name("right") != top
        ):
            return []
        owner = strip(left.child_by_field_name("object"))
        prop = left.child_by_field_name("property")
        if owner is None or owner.type != "identifier" or prop is None:
            return []
        target = self._member_target(owner, T.text(prop))
        if target is None:
            return []
        symbol, until = self._scope(call)
        return [self._double(T.line_of(call), symbol, f"{how} assigned", target, True, until)]

    def _configured_later(self, call: ts.Node, until: int) -> bool:
        """The spy is bound to a name later told what to return (``spy.mockReturnValue(1)``)."""
        top = call
        while top.parent is not None and top.parent.type in ("parenthesized_expression",):
            top = top.parent
        parent = top.parent
        if parent is None or parent.type not in ("variable_declarator", "assignment_expression"):
            return False
        name_node = parent.child_by_field_name("name") or parent.child_by_field_name("left")
        if name_node is None or name_node.type != "identifier":
            return False
        name = T.text(name_node)
        for other in self.calls:
            callee = other.child_by_field_name("function")
            if callee is None or callee.type != "member_expression":
                continue
            receiver = strip(callee.child_by_field_name("object"))
            if receiver is None or T.text(receiver) != name:
                continue
            method = T.text(callee.child_by_field_name("property"))
            later = call.end_byte <= other.start_byte and T.line_of(other) <= until
            if _REPLACING.match(method) and later:
                return True
        return False

    # --- names ---------------------------------------------------------------------------
    def _member_target(self, owner: ts.Node, member: str) -> str | None:
        """``mod#member`` for ``owner.member`` when ``owner`` is an imported module object
        where it is read (not a parameter or local that shadows one)."""
        bound = self.model.binding_at(T.text(owner), owner) if owner.type == "identifier" else None
        if bound is None:
            return None
        spec, name = bound
        module = self._module(spec)
        if name in ("*", "default", ""):
            return f"{module}#{member}"
        return f"{module}#{name}.{member}"

    def call_target(self, callee: ts.Node) -> str | None:
        """``mod#name`` of a call of an imported function, else None."""
        if callee.type == "identifier":
            bound = self.model.binding_at(T.text(callee), callee)
            if bound is None:
                return None
            return f"{self._module(bound[0])}#{bound[1] or 'default'}"
        if callee.type == "member_expression":
            owner = strip(callee.child_by_field_name("object"))
            prop = callee.child_by_field_name("property")
            if owner is None or owner.type != "identifier" or prop is None:
                return None
            if _MOCK_API.match(T.text(prop)):
                return None  # ``(fn as jest.Mock).mockReturnValue(1)`` configures a double
            return self._member_target(owner, T.text(prop))
        return None

    def imported_calls(self) -> list[Fact]:
        """Calls of imported functions inside tests."""
        out: list[Fact] = []
        for call in self.calls:
            owner = self.f.test_index.innermost(call.start_byte)
            callee = call.child_by_field_name("function")
            if owner is None or callee is None:
                continue
            target = self.call_target(callee)
            if target is None:
                continue
            out.append(
                ImportedCall(
                    file=self.f.path,
                    line=T.line_of(call),
                    symbol=owner.symbol,
                    target=target,
                    text=T.squash(call),
                    asserted=self._asserted(call, owner.symbol),
                )
            )
        return out

    def _asserted(self, call: ts.Node, symbol: str) -> bool:
        """Inside an assertion of the test, or bound to a name a later one of them reads."""
        spans = [
            (site.start.start_byte, site.end.end_byte, site.end)
            for site, owner in self.f.assertions
            if owner is not None and owner.symbol == symbol
        ]
        if any(start <= call.start_byte and call.end_byte <= end for start, end, _ in spans):
            return True
        top = call
        while top.parent is not None and top.parent.type in _VALUE_WRAPPERS:
            if top.parent.type == "member_expression" and top.parent.child(0) != top:
                break
            top = top.parent
        parent = top.parent
        if parent is None or parent.type not in ("variable_declarator", "assignment_expression"):
            return False
        name_node = parent.child_by_field_name("name") or parent.child_by_field_name("left")
        if name_node is None or name_node.type != "identifier":
            return False
        name = T.text(name_node)
        return any(start > parent.end_byte and _names(node, name) for start, _, node in spans)


def _names(node: ts.Node, name: str) -> bool:
    """True when an identifier ``name`` occurs in ``node``."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier" and T.text(current) == name:
            return True
        stack.extend(current.children)
    return False


def _configured_on_chain(call: ts.Node) -> bool:
    """``jest.spyOn(m, 'f').mockReturnValue(1)``: the spy's own chain replaces the code."""
    current = call
    while current.parent is not None and current.parent.type == "member_expression":
        member = current.parent
        grand = member.parent
        if grand is None or grand.type != "call_expression":
            return False
        if _REPLACING.match(T.text(member.child_by_field_name("property"))):
            return True
        current = grand
    return False


def _factory_names(factory: ts.Node) -> list[str] | None:
    """Names a module factory replaces: the keys of the object it returns; None when the
    object cannot be read (every export is then taken as replaced)."""
    if factory.type not in _FUNCTIONS:
        return None
    body = strip(factory.child_by_field_name("body"))
    objects: list[ts.Node] = []
    if body is not None and body.type == "object":
        objects.append(body)
    elif body is not None and body.type == "statement_block":
        for statement in body.named_children:
            if statement.type == "return_statement" and statement.named_children:
                value = strip(statement.named_children[0])
                if value is not None and value.type == "object":
                    objects.append(value)
    if not objects:
        return None
    names: set[str] = set()
    for obj in objects:
        for entry in obj.named_children:
            if entry.type == "pair":
                key = ir.js_key(entry.child_by_field_name("key"))
                if key:
                    names.add(key)
            elif entry.type in ("shorthand_property_identifier", "method_definition"):
                key_node = entry.child_by_field_name("name") or entry
                names.add(T.text(key_node))
    return sorted(names)


def double_sites(f: JsFile, model: JsModel) -> list[Fact]:
    """Doubles and imported calls of a JS/TS test file."""
    reader = _Reader(f, model)
    out: list[Fact] = []
    for call in reader.calls:
        how = _framework_call(call, _MODULE_MOCKS)
        if how:
            out += reader.module_mock(call, how)
            continue
        how = _framework_call(call, ("spyOn",))
        if how:
            out += reader.spy(call, how)
            continue
        how = _framework_call(call, ("fn",))
        if how:
            out += reader.assigned(call, how)
    out += reader.imported_calls()
    return out
