"""Jest and Vitest test doubles of imported functions, with the shape they return.

Every spelling names its target as ``<module specifier>#<exported name>``:
``(fn as jest.Mock).mockResolvedValue(v)``, ``jest.mocked(fn)`` / ``vi.mocked(fn)``,
``jest.spyOn(mod, "fn")`` / ``vi.spyOn``, a local alias of any of these
(``const m = jest.mocked(fn)``), and the entries of a module factory
(``jest.mock(path, () => ({ fn: jest.fn(() => v) }))`` / ``vi.mock``). The value is
the argument of ``mockResolvedValue``/``mockReturnValue`` (``Promise.resolve(v)``
unwrapped) or what a ``mockImplementation`` / ``jest.fn(impl)`` function returns.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.double_values import Document, Value
from ..facts import Fact
from ..facts.contracts import Mock, Shape, unknown
from . import strings as js_strings
from .double_values import JsValues
from .model import Imports
from .routes import imported_name

FunctionShape = Callable[..., Shape | None]  # ``env=``: the shapes of its parameters

_VALUE = re.compile(r"^mock(Resolved|Return)Value(Once)?$")
_IMPLEMENTATION = re.compile(r"^mockImplementation(Once)?$")
_FRAMEWORKS = ("jest", "vi")
_MODULE_MOCKS = ("mock", "doMock", "unstable_mockModule")
_FUNCTIONS = {"arrow_function", "function_expression", "function"}
_TRANSPARENT = {
    "await_expression",
    "parenthesized_expression",
    "as_expression",
    "non_null_expression",
    "satisfies_expression",
    "type_assertion",
}

# The import a name read at a node stands for: (module, exported name), or None.
BindingAt = Callable[[str, ts.Node], tuple[str, str] | None]


def _strip(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type in _TRANSPARENT:
        inner = [c for c in node.named_children if c.type not in ("type_annotation",)]
        if not inner:
            return None
        node = inner[-1] if node.type == "type_assertion" else inner[0]
    return node


def _args(call: ts.Node) -> list[ts.Node]:
    args = call.child_by_field_name("arguments")
    return [a for a in (args.named_children if args is not None else []) if a.type != "comment"]


def _callee(call: ts.Node) -> str:
    return ir.dotted(ir.from_js(call.child_by_field_name("function")))


def _is_framework(name: str, method: str) -> bool:
    return any(name == f"{f}.{method}" for f in _FRAMEWORKS)


class _Reader:
    """Mocks of one file; ``function_shape`` gives what a function literal returns."""

    def __init__(
        self,
        path: str,
        imports: Imports,
        bindings: list[ts.Node],
        idents: list[ts.Node],
        function_shape: FunctionShape,
        declared: list[ts.Node],
        binding_at: BindingAt,
    ) -> None:
        self.path = path
        self.imports = imports
        self.binding_at = binding_at
        self.function_shape = function_shape
        counts: dict[str, int] = {}
        for node in bindings:
            name = node.child_by_field_name("name")
            if name is not None and name.type == "identifier":
                counts[T.text(name)] = counts.get(T.text(name), 0) + 1
        self.aliases: dict[str, ts.Node] = {}
        functions: dict[str, ts.Node] = {}
        changed = _changed(idents)
        for node in bindings:
            name = node.child_by_field_name("name")
            value = _strip(node.child_by_field_name("value"))
            if name is None or value is None or counts.get(T.text(name)) != 1:
                continue
            if T.text(name) in changed:
                continue
            self.aliases[T.text(name)] = value
            if value.type in _FUNCTIONS:
                functions[T.text(name)] = value
        for node in declared:
            name = node.child_by_field_name("name")
            if name is not None and counts.get(T.text(name)) is None:
                functions.setdefault(T.text(name), node)
        self.values = JsValues(
            path, imports, self.aliases, functions, lambda f, env: function_shape(f, env=env)
        )

    def value_shape(self, method: str, arg: ts.Node | None) -> Value | None:
        """What a configuring call makes the double return."""
        arg = _strip(arg)
        if arg is None:
            return None
        if _IMPLEMENTATION.match(method):
            return self.function_shape(arg) if arg.type in _FUNCTIONS else None
        resolved = (
            method.startswith("mockReturnValue")
            and arg.type == "call_expression"
            and _callee(arg) == "Promise.resolve"
        )
        if resolved:
            arg = _strip(_args(arg)[0]) if _args(arg) else None
            if arg is None:
                return None
        return self.values.of(arg)

    def target(self, receiver: ts.Node | None, depth: int = 0) -> str | None:
        """``<module>#<name>`` of the imported function a double stands in for."""
        receiver = _strip(receiver)
        if receiver is None or depth > 4:
            return None
        if receiver.type == "call_expression":
            name, args = _callee(receiver), _args(receiver)
            if _is_framework(name, "mocked") and args:
                return self.target(args[0], depth + 1)
            if _is_framework(name, "spyOn") and len(args) >= 2:
                owner, method = _strip(args[0]), _strip(args[1])
                if owner is None or method is None or method.type != "string":
                    return None
                entry = self.binding_at(T.text(owner), owner)
                if entry is not None:
                    return f"{entry[0]}#{imported_name(entry[1], js_strings.string_text(method))}"
            return None
        dotted = ir.dotted(ir.from_js(receiver))
        head, _, rest = dotted.partition(".")
        entry = self.binding_at(head, receiver) if head else None
        if entry is not None:
            module, first = entry
            if "." in rest or (first == "*" and not rest):
                return None
            return f"{module}#{imported_name(first, rest)}"
        if not rest and head in self.aliases:
            return self.target(self.aliases[head], depth + 1)
        return None

    def configured(self, call: ts.Node) -> list[Fact]:
        """``<double>.mockResolvedValue(v)`` and its siblings."""
        callee = call.child_by_field_name("function")
        args = _args(call)
        if callee is None or callee.type != "member_expression" or not args:
            return []
        method = T.text(callee.child_by_field_name("property"))
        target = self.target(callee.child_by_field_name("object"))
        shape = self.value_shape(method, args[0]) if target is not None else None
        if target is None or shape is None or not _has_fields(shape):
            return []
        return [self._mock(target, shape, T.line_of(call))]

    def factory(self, call: ts.Node) -> list[Fact]:
        """The entries of ``jest.mock(path, () => ({ fn: jest.fn(...) }))``."""
        name, args = _callee(call), _args(call)
        if not any(_is_framework(name, m) for m in _MODULE_MOCKS) or len(args) < 2:
            return []
        spec, factory = _strip(args[0]), _strip(args[1])
        if spec is None or spec.type != "string" or factory is None:
            return []
        if factory.type not in _FUNCTIONS:
            return []
        facts: list[Fact] = []
        for module_object in _returned_objects(factory):
            facts += self._entries(js_strings.string_text(spec), module_object, "")
        return facts

    def _entries(self, spec: str, module_object: ts.Node, prefix: str) -> list[Fact]:
        """Doubles of a factory's object; a nested object stands for an exported object
        (``default: { getOrder: jest.fn(...) }`` doubles ``default.getOrder``)."""
        facts: list[Fact] = []
        for pair in module_object.named_children:
            if pair.type != "pair":
                continue
            key = ir.js_key(pair.child_by_field_name("key"))
            value = _strip(pair.child_by_field_name("value"))
            if key is None or value is None:
                continue
            if value.type == "object" and not prefix:
                facts += self._entries(spec, value, f"{key}.")
                continue
            for shape, line in self._double(value):
                if _has_fields(shape):
                    facts.append(self._mock(f"{spec}#{prefix}{key}", shape, line))
        return facts

    def _double(self, value: ts.Node) -> list[tuple[Value, int]]:
        """The values a factory entry returns: ``jest.fn(impl)``, ``jest.fn().mockX(v)``
        chains, or a plain function."""
        out: list[tuple[Value, int]] = []
        node = _strip(value)
        if node is not None and node.type in _FUNCTIONS:
            shape = self.function_shape(node)
            return [(shape, T.line_of(node))] if shape is not None else []
        while node is not None and node.type == "call_expression":
            callee = node.child_by_field_name("function")
            args = _args(node)
            name = _callee(node)
            if _is_framework(name, "fn"):
                impl = _strip(args[0]) if args else None
                if impl is not None and impl.type in _FUNCTIONS:
                    shape = self.function_shape(impl)
                    if shape is not None:
                        out.append((shape, T.line_of(impl)))
                break
            if callee is None or callee.type != "member_expression":
                break
            method = T.text(callee.child_by_field_name("property"))
            if (_VALUE.match(method) or _IMPLEMENTATION.match(method)) and args:
                shape = self.value_shape(method, args[0])
                if shape is not None:
                    out.append((shape, T.line_of(node)))
            node = _strip(callee.child_by_field_name("object"))
        return sorted(out, key=lambda item: item[1])

    def _mock(self, target: str, value: Value, line: int) -> Mock:
        document = value if isinstance(value, Document) else Document("")
        return Mock(
            file=self.path,
            line=line,
            symbol=self.path,
            kind="jest.mock",
            target=target,
            shape=value if isinstance(value, Shape) else unknown(line),
            document=document.path,
            document_at=document.at,
        )


def _has_fields(shape: Value) -> bool:
    """True for a double that returns a value with fields (an object or array literal, or
    a data file, read by the validator). A ``null``/``undefined``/scalar one drives
    another path of the code under test, and one whose value we cannot read says nothing
    about the fields."""
    if isinstance(shape, Document):
        return True
    options = shape.options if shape.kind == "union" else (shape,)
    return any(o.kind in ("object", "array") for o in options)


def _changed(idents: list[ts.Node]) -> set[str]:
    """Names whose value is changed after it is bound (``fake.extra = 1``, ``fake = {...}``,
    ``Object.assign(fake, ...)``): their literal is not what a double returns."""
    out: set[str] = set()
    for ident in idents:
        top = ident
        while top.parent is not None and top.parent.type in (
            "member_expression",
            "subscript_expression",
        ):
            if top.parent.child_by_field_name("object") != top:
                break
            top = top.parent
        parent = top.parent
        if parent is None:
            continue
        if parent.type in ("assignment_expression", "augmented_assignment_expression"):
            if parent.child_by_field_name("left") == top:
                out.add(T.text(ident))
        elif parent.type == "arguments" and top == ident and parent.named_children[:1] == [ident]:
            call = parent.parent
            if call is not None and _callee(call) == "Object.assign":
                out.add(T.text(ident))
    return out


def _returned_objects(function: ts.Node) -> list[ts.Node]:
    """Object literals a factory function returns (its body, or its ``return`` statements)."""
    body = _strip(function.child_by_field_name("body"))
    if body is None:
        return []
    if body.type == "object":
        return [body]
    if body.type != "statement_block":
        return []
    out: list[ts.Node] = []
    for statement in body.named_children:
        if statement.type == "return_statement" and statement.named_children:
            value = _strip(statement.named_children[0])
            if value is not None and value.type == "object":
                out.append(value)
    return out


def extract_mocks(
    path: str,
    caps: dict[str, list[ts.Node]],
    imports: Imports,
    function_shape: FunctionShape,
    binding_at: BindingAt,
) -> list[Fact]:
    """Every Jest/Vitest double of a file that configures a return value; ``binding_at``
    tells the import a name stands for where it is read (``JsModel.binding_at``)."""
    if not caps.get("mock") and not caps.get("mock.module"):
        return []
    reader = _Reader(
        path,
        imports,
        caps.get("binding", []),
        caps.get("ident", []),
        function_shape,
        caps.get("function", []),
        binding_at,
    )
    facts: list[Fact] = []
    for call in caps.get("mock", []):
        facts += reader.configured(call)
    for call in caps.get("mock.module", []):
        facts += reader.factory(call)
    return facts
