"""What a JS/TS expression a test hands a double evaluates to, followed through the file.

``mockResolvedValue(ORDER)`` (a constant), ``ORDERS[which]`` (a table indexed by a key we
cannot read: every value of it), ``buildOrder({ id: 'o2' })`` (a function of the file,
inlined with its arguments bound to its parameters), ``x as Order`` / ``x satisfies T``,
and data files: ``require('./fixtures/order.json')``, ``import order from
'./order.json'``, ``JSON.parse(fs.readFileSync(path.join(__dirname, 'order.json')))``
(``Document`` names the file, repo-relative, for the validator to read).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.code_shapes import Env, shape_of
from ..common.double_values import Document, Value, as_shape, member
from ..common.parameters import bind_arguments
from ..facts.contracts import ARRAY, OBJECT, UNION, Shape, unknown
from . import strings as js_strings
from .functions import parameters
from .model import Imports

_DEPTH = 16  # steps through names, calls and path parts
_DATA = (".json",)
_JOINS = {"join", "resolve", "normalize"}
_READS = {"readFileSync", "readFile"}
_TRANSPARENT = {
    "await_expression",
    "parenthesized_expression",
    "as_expression",
    "non_null_expression",
    "satisfies_expression",
    "type_assertion",
}
_FUNCTIONS = {"arrow_function", "function_expression", "function", "function_declaration"}

Inline = Callable[[ts.Node, Env], Shape | None]  # a function's result, its parameters known


def strip(node: ts.Node | None) -> ts.Node | None:
    """``node`` without parentheses, ``await`` and type assertions around it."""
    while node is not None and node.type in _TRANSPARENT:
        inner = [c for c in node.named_children if c.type != "type_annotation"]
        if not inner:
            return None
        node = inner[-1] if node.type == "type_assertion" else inner[0]
    return node


def _args(call: ts.Node) -> list[ts.Node]:
    args = call.child_by_field_name("arguments")
    return [a for a in (args.named_children if args is not None else []) if a.type != "comment"]


class JsValues:
    """Evaluates expressions of one file through its single bindings and functions."""

    def __init__(
        self,
        path: str,
        imports: Imports,
        names: dict[str, ts.Node],
        functions: dict[str, ts.Node],
        inline: Inline,
    ) -> None:
        self.path = path
        self.imports = imports
        self.names = names  # a name bound once and never changed -> its value
        self.functions = functions  # a function of the file by name
        self.inline = inline
        self._named: dict[str, Value] = {}  # each name evaluated once (a cycle: unknown)

    def of(self, node: ts.Node | None, depth: int = 0) -> Value:
        """The value ``node`` evaluates to."""
        node = strip(node)
        if node is None or depth > _DEPTH:
            return unknown()
        line = T.line_of(node)
        if node.type == "identifier":
            return self._name(T.text(node), line, depth)
        if node.type == "subscript_expression":
            index = strip(node.child_by_field_name("index"))
            key = None
            if index is not None and index.type == "string":
                key = js_strings.string_text(index)
            elif index is not None and index.type == "number":
                key = T.text(index)
            return member(self.of(node.child_by_field_name("object"), depth + 1), key, line)
        if node.type == "member_expression":
            prop = T.text(node.child_by_field_name("property"))
            return member(self.of(node.child_by_field_name("object"), depth + 1), prop, line)
        if node.type == "call_expression":
            return self._call(node, depth)
        env: Env = {}
        for ident in _free_names(node):
            found = self.of(ident, depth + 1)
            if isinstance(found, Shape) and found.kind in (OBJECT, ARRAY, UNION):
                env[T.text(ident)] = found
        return shape_of(ir.from_js(node), env)

    def _name(self, name: str, line: int, depth: int) -> Value:
        imported = self.imports.get(name)
        if imported is not None:
            module, exported = imported
            path = self._relative(module)
            if path is None:
                return unknown(line)
            at = () if exported in ("*", "default") else (exported,)
            return Document(path, at)
        if name in self.names:
            if name not in self._named:
                self._named[name] = unknown(line)
                self._named[name] = self.of(self.names[name], depth + 1)
            return self._named[name]
        return unknown(line)

    def _relative(self, spec: str) -> str | None:
        """The repo-relative data file a relative module specifier names."""
        if not spec.startswith(".") or not spec.lower().endswith(_DATA):
            return None
        return _inside(posixpath.join(posixpath.dirname(self.path), spec))

    def _call(self, node: ts.Node, depth: int) -> Value:
        line = T.line_of(node)
        callee = ir.dotted(ir.from_js(node.child_by_field_name("function")))
        args = _args(node)
        if callee == "require" and args and args[0].type == "string":
            path = self._relative(js_strings.string_text(args[0]))
            return Document(path) if path is not None else unknown(line)
        if callee == "JSON.parse" and args:
            path = self._read(args[0], depth + 1)
            return Document(path) if path is not None else unknown(line)
        function = self.functions.get(callee)
        if function is not None:
            found = self.inline(function, self._parameters(function, args, depth))
            return found if found is not None else unknown(line)
        return shape_of(ir.from_js(node), {})

    def _parameters(self, function: ts.Node, args: list[ts.Node], depth: int) -> Env:
        """The call's arguments bound to ``function``'s parameter names; a parameter the call
        leaves out or hands ``undefined`` takes its default."""
        env: Env = {}
        absent = frozenset(i for i, a in enumerate(args) if isinstance(ir.from_js(a), ir.Undefined))
        for given in bind_arguments(parameters(function), args, {}, absent):
            name = given.parameter.name
            if given.given and given.value is not None and name:
                env[name] = as_shape(self.of(given.value, depth + 1))
            elif not given.given and given.parameter.default is not None and name:
                env[name] = as_shape(self.of(given.parameter.default, depth + 1))
        return env

    # --- data files ------------------------------------------------------------------
    def _read(self, node: ts.Node | None, depth: int) -> str | None:
        """The file a text comes from: ``fs.readFileSync(p, 'utf8')``, ``.toString()`` of
        it, a name bound to either."""
        node = strip(node)
        if node is None or depth > _DEPTH:
            return None
        if node.type == "identifier" and T.text(node) in self.names:
            return self._read(self.names[T.text(node)], depth + 1)
        if node.type != "call_expression":
            return None
        callee = ir.dotted(ir.from_js(node.child_by_field_name("function")))
        args = _args(node)
        last = callee.rsplit(".", 1)[-1]
        if last in _READS and args:
            return self.path_of(args[0], depth + 1)
        function = node.child_by_field_name("function")
        if last == "toString" and function is not None and function.type == "member_expression":
            return self._read(function.child_by_field_name("object"), depth + 1)
        return None

    def path_of(self, node: ts.Node | None, depth: int = 0) -> str | None:
        """The repo-relative path an expression builds: string literals, ``__dirname``,
        ``path.join``/``resolve``, ``+``; None when it leaves the repository or is not
        known."""
        found = self._path(node, depth)
        return _inside(found) if found is not None else None

    def _path(self, node: ts.Node | None, depth: int) -> str | None:
        node = strip(node)
        if node is None or depth > _DEPTH:
            return None
        if node.type in ("string", "template_string"):
            return js_strings.decoded_string(node)
        if node.type == "identifier":
            name = T.text(node)
            if name == "__dirname":
                return posixpath.dirname(self.path)
            if name == "__filename":
                return self.path
            return self._path(self.names[name], depth + 1) if name in self.names else None
        if node.type == "binary_expression" and T.text(node.child_by_field_name("operator")) == "+":
            left = self._path(node.child_by_field_name("left"), depth + 1)
            right = self._path(node.child_by_field_name("right"), depth + 1)
            return left + right if left is not None and right is not None else None
        if node.type != "call_expression":
            return None
        callee = ir.dotted(ir.from_js(node.child_by_field_name("function")))
        if callee.rsplit(".", 1)[-1] not in _JOINS:
            return None
        parts = [self._path(a, depth + 1) for a in _args(node)]
        if not parts or any(p is None for p in parts):
            return None
        return posixpath.join(*[p for p in parts if p is not None])


def _inside(path: str) -> str | None:
    normal = posixpath.normpath(path) if path else "."
    return None if normal.startswith(("..", "/")) else normal


def _free_names(node: ts.Node) -> list[ts.Node]:
    """Identifiers an expression reads as values (shorthand properties included)."""
    out: list[ts.Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in _FUNCTIONS:
            continue
        if current.type in ("identifier", "shorthand_property_identifier"):
            out.append(current)
            continue
        stack.extend(current.named_children)
    return out
