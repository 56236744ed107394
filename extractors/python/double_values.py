"""What a Python expression a test hands a double evaluates to, followed through the file.

``return_value=ORDER`` (a module constant), ``order`` (a local bound earlier),
``ORDERS[which]`` (a table indexed by a key we cannot read: every value of it),
``build_order(id="o2")`` (a function of the file, inlined with its arguments bound to its
parameters, ``**overrides`` included) and ``json.load(open(os.path.join(HERE,
"fixtures", "order.json")))`` (a data file: ``Document`` names it, repo-relative, for the
validator to read). Names are followed inside the file only.
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
from ..facts.contracts import ARRAY, OBJECT, UNION, Shape, ShapeField, obj, unknown
from . import strings as py_strings
from .model import parameters

_DEPTH = 16  # steps through names, calls and path parts
_JSON_LOADS = {"json.load", "json.loads"}
_PATH_TYPES = {"Path", "PurePath", "PosixPath", "pathlib.Path", "pathlib.PurePath"}
_SAME_PATH = {"resolve", "absolute", "expanduser", "abspath", "realpath", "normpath"}


Binding = Callable[[str, ts.Node], ts.Node | None]  # what a name is bound to where used
Inline = Callable[[ts.Node, Env], Shape | None]  # a function's result, its parameters known
# A dotted name read at a node, qualified through the imports unless a local shadows its head.
ResolveAt = Callable[[str, ts.Node], str]


def _plain(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type in ("parenthesized_expression", "await"):
        node = node.named_children[0] if node.named_children else None
    return node


class Values:
    """Evaluates expressions of one file (``path``) through its bindings and functions."""

    def __init__(self, path: str, resolve_at: ResolveAt, binding: Binding, inline: Inline):
        self.path = path
        self.resolve_at = resolve_at
        self.binding = binding
        self.inline = inline
        self._bound: dict[int, Value] = {}  # each binding evaluated once (a cycle: unknown)

    def of(self, node: ts.Node | None, depth: int = 0) -> Value:
        """The value ``node`` evaluates to where it is written."""
        node = _plain(node)
        if node is None or depth > _DEPTH:
            return unknown()
        line = T.line_of(node)
        if node.type == "identifier":
            bound = self.binding(T.text(node), node)
            if bound is None or bound.type == "function_definition":
                return unknown(line)
            if bound.id not in self._bound:
                self._bound[bound.id] = unknown(line)
                self._bound[bound.id] = self.of(bound, depth + 1)
            return self._bound[bound.id]
        if node.type == "subscript":
            index = _plain(node.child_by_field_name("subscript"))
            key = py_strings.string_text(index) if index is not None else None
            if key is None and index is not None and index.type == "integer":
                key = T.text(index)
            return member(self.of(node.child_by_field_name("value"), depth + 1), key, line)
        if node.type == "call":
            return self._call(node, depth)
        env: Env = {}
        for ident in _free_names(node):
            found = self.of(ident, depth + 1)
            if isinstance(found, Shape) and found.kind in (OBJECT, ARRAY, UNION):
                env[T.text(ident)] = found
        return shape_of(ir.from_py(node), env)

    def _qualified(self, func: ts.Node | None) -> str:
        if func is None:
            return ""
        return self.resolve_at(ir.dotted(ir.from_py(func)), func)

    def _call(self, node: ts.Node, depth: int) -> Value:
        line = T.line_of(node)
        func = node.child_by_field_name("function")
        args = call_arguments(node)
        if self._qualified(func) in _JSON_LOADS and args[0]:
            path = self._opened(args[0][0], depth + 1)
            return Document(path) if path is not None else unknown(line)
        if func is not None and func.type == "identifier":
            bound = self.binding(T.text(func), node)
            if bound is not None and bound.type == "function_definition":
                shape = self.inline(bound, self._parameters(bound, args, depth))
                return shape if shape is not None else unknown(line)
        return shape_of(ir.from_py(node), {})

    def _parameters(
        self, function: ts.Node, args: tuple[list[ts.Node], dict[str, ts.Node]], depth: int
    ) -> Env:
        """The call's arguments bound to ``function``'s parameters (``**kw`` takes the
        keywords no parameter names, as an object with exactly those fields; a parameter
        the call leaves out takes its default)."""
        positional, keywords = args
        env: Env = {}
        for given in bind_arguments(parameters(function), positional, keywords):
            name = given.parameter.name
            if given.keywords is not None:
                fields = {
                    k: ShapeField(k, as_shape(self.of(v, depth + 1)), T.line_of(v))
                    for k, v in given.keywords.items()
                }
                env[name] = obj(fields, line=T.line_of(given.parameter.target))
            elif given.given and given.value is not None and name:
                env[name] = as_shape(self.of(given.value, depth + 1))
            elif not given.given and given.parameter.default is not None and name:
                env[name] = as_shape(self.of(given.parameter.default, depth + 1))
        return env

    # --- data files ------------------------------------------------------------------
    def _opened(self, node: ts.Node, depth: int) -> str | None:
        """The file an open file object or a text read from one comes from: ``open(p)``,
        ``p.open()``, ``open(p).read()``, ``Path(p).read_text()``, a ``with ... as f``."""
        node = _plain(node)
        if node is None or depth > _DEPTH:
            return None
        if node.type == "identifier":
            source = _with_source(node) or self.binding(T.text(node), node)
            return self._opened(source, depth + 1) if source is not None else None
        if node.type != "call":
            return None
        func = node.child_by_field_name("function")
        positional, _ = call_arguments(node)
        if func is not None and func.type == "identifier" and T.text(func) == "open":
            return self.path_of(positional[0], depth + 1) if positional else None
        if func is not None and func.type == "attribute":
            method = T.text(func.child_by_field_name("attribute"))
            owner = func.child_by_field_name("object")
            if method in ("read", "readlines"):
                return self._opened(owner, depth + 1)
            if method in ("open", "read_text", "read_bytes"):
                return self.path_of(owner, depth + 1)
        return None

    def path_of(self, node: ts.Node | None, depth: int = 0) -> str | None:
        """The repo-relative path an expression builds: string literals, ``__file__``,
        ``os.path.join``/``dirname``, ``Path(...)``, ``/``, ``.parent``, names bound to
        these; None when it leaves the repository or is not known."""
        found = self._path(node, depth)
        if found is None:
            return None
        normal = posixpath.normpath(found) if found else "."
        return None if normal.startswith(("..", "/")) else normal

    def _path(self, node: ts.Node | None, depth: int) -> str | None:
        node = _plain(node)
        if node is None or depth > _DEPTH:
            return None
        if node.type == "string":
            return py_strings.string_text(node)
        if node.type == "identifier":
            if T.text(node) == "__file__":
                return self.path
            bound = self.binding(T.text(node), node)
            return self._path(bound, depth + 1) if bound is not None else None
        if node.type == "binary_operator" and T.text(node.child_by_field_name("operator")) == "/":
            left = self._path(node.child_by_field_name("left"), depth + 1)
            right = self._path(node.child_by_field_name("right"), depth + 1)
            return posixpath.join(left, right) if left is not None and right is not None else None
        if node.type == "attribute" and T.text(node.child_by_field_name("attribute")) == "parent":
            inner = self._path(node.child_by_field_name("object"), depth + 1)
            return posixpath.dirname(posixpath.normpath(inner)) if inner is not None else None
        if node.type != "call":
            return None
        func = node.child_by_field_name("function")
        name = ir.dotted(ir.from_py(func))
        last = name.rsplit(".", 1)[-1]
        if func is not None and func.type == "attribute":  # ``Path(p).resolve()``
            last = T.text(func.child_by_field_name("attribute"))
        positional, _ = call_arguments(node)
        parts = [self._path(p, depth + 1) for p in positional]
        if any(p is None for p in parts):
            return None
        strings = [p for p in parts if p is not None]
        if last in ("join", "joinpath") or name in _PATH_TYPES:
            base: list[str] = []
            if last == "joinpath" and func is not None and func.type == "attribute":
                owner = self._path(func.child_by_field_name("object"), depth + 1)
                if owner is None:
                    return None
                base = [owner]
            joined = [*base, *strings]
            return posixpath.join(*joined) if joined else None
        if last == "dirname" and len(strings) == 1:
            return posixpath.dirname(posixpath.normpath(strings[0]))
        if last in _SAME_PATH:
            if len(strings) == 1:
                return strings[0]
            if not strings and func is not None and func.type == "attribute":
                return self._path(func.child_by_field_name("object"), depth + 1)
        return None


def call_arguments(call: ts.Node) -> tuple[list[ts.Node], dict[str, ts.Node]]:
    """Positional argument nodes and keyword argument value nodes of a call."""
    args = call.child_by_field_name("arguments")
    positional: list[ts.Node] = []
    keywords: dict[str, ts.Node] = {}
    for arg in args.named_children if args is not None else []:
        if arg.type == "keyword_argument":
            value = arg.child_by_field_name("value")
            if value is not None:
                keywords[T.text(arg.child_by_field_name("name"))] = value
        elif arg.type not in ("comment", "list_splat", "dictionary_splat"):
            positional.append(arg)
    return positional, keywords


def _free_names(node: ts.Node) -> list[ts.Node]:
    """Identifiers an expression reads as values (not attribute names or keyword names)."""
    out: list[ts.Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in ("lambda", "list_comprehension", "dictionary_comprehension"):
            continue
        if current.type == "identifier":
            parent = current.parent
            field = {"attribute": "attribute", "keyword_argument": "name"}.get(
                parent.type if parent is not None else ""
            )
            if parent is None or field is None or parent.child_by_field_name(field) != current:
                out.append(current)
            continue
        stack.extend(current.named_children)
    return out


def _with_source(name: ts.Node) -> ts.Node | None:
    """``open(p)`` of the ``with open(p) as f:`` whose body uses ``f`` at ``name``."""
    current = name.parent
    while current is not None:
        if current.type == "with_statement":
            for item in _with_items(current):
                value = item.child_by_field_name("value")
                if value is not None and value.type == "as_pattern":
                    alias = value.child_by_field_name("alias")
                    if alias is not None and T.text(alias).strip() == T.text(name):
                        return value.named_children[0] if value.named_children else None
        current = current.parent
    return None


def _with_items(statement: ts.Node) -> list[ts.Node]:
    out: list[ts.Node] = []
    for child in statement.named_children:
        if child.type == "with_clause":
            out += [i for i in child.named_children if i.type == "with_item"]
    return out
