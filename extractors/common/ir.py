"""A small expression tree shared by the TypeScript/JavaScript and Python readers.

CDK code and result-building code look alike in both languages (``new X(this,
'Id', {...})`` / ``X(self, "Id", **kw)``; ``{a: 1}`` / ``{"a": 1}``), so both
are lowered to these nodes and interpreted once (``infra/cdk``, ``code_shapes.py``).
Anything the tree does not model is ``Opaque``: its value is unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import tree_sitter as ts

from ..javascript import strings as js_strings
from ..python import strings as py_strings
from . import treesitter as T
from .literals import js_literal, number_of, py_literal


@dataclass(frozen=True)
class Expr:
    """Base of every node; ``line`` is 1-based."""

    line: int


@dataclass(frozen=True)
class Lit(Expr):
    """A string, number, boolean or null literal."""

    value: object


@dataclass(frozen=True)
class Undefined(Lit):
    """JavaScript's ``undefined`` (``void 0``): read as a null literal everywhere, except
    as an argument, which passes no value (the parameter's default applies)."""


@dataclass(frozen=True)
class Template(Expr):
    """A template/f-string; ``parts`` are literal text, None where a value is interpolated."""

    parts: tuple[str | None, ...]
    values: tuple[Expr, ...] = ()  # the interpolated expressions, in order


@dataclass(frozen=True)
class Name(Expr):
    """An identifier (``this``/``self`` included)."""

    id: str


@dataclass(frozen=True)
class Attr(Expr):
    """``obj.name`` (``obj?.name``: ``optional``); also ``obj["name"]`` with a literal key."""

    obj: Expr
    name: str
    optional: bool = False


@dataclass(frozen=True)
class Call(Expr):
    """A call or ``new``; Python keyword arguments are in ``kwargs``, ``**x`` under key None."""

    func: Expr
    args: tuple[Expr, ...]
    kwargs: tuple[tuple[str | None, Expr], ...] = ()
    new: bool = False


@dataclass(frozen=True)
class ObjLit(Expr):
    """An object/dict literal; a spread entry has key None. ``lines`` holds each entry's line."""

    entries: tuple[tuple[str | None, Expr], ...]
    open: bool = False  # a computed key we could not read


@dataclass(frozen=True)
class ArrLit(Expr):
    """An array/list literal."""

    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Opaque(Expr):
    """Anything else (arithmetic, lambdas, comprehensions...): a value with unknown fields.
    A ``+`` keeps its operands (string building: ``dir + '/x'``)."""

    kind: str
    operands: tuple[Expr, ...] = ()
    at: int = -1  # a function expression's start byte (``xs.forEach(x => ...)``)


def dotted(expr: Expr) -> str:
    """``a.b.c`` for a chain of names and attributes, else ""."""
    if isinstance(expr, Name):
        return expr.id
    if isinstance(expr, Attr):
        inner = dotted(expr.obj)
        return f"{inner}.{expr.name}" if inner else ""
    return ""


_JS_TRANSPARENT = {
    "parenthesized_expression",
    "as_expression",
    "satisfies_expression",
    "non_null_expression",
    "type_assertion",
    "await_expression",
}


def from_js(node: ts.Node | None) -> Expr:
    """Lower a JS/TS expression node."""
    if node is None:
        return Opaque(0, "none")
    line = T.line_of(node)
    kind = node.type
    if kind in _JS_TRANSPARENT:
        inner = [c for c in node.named_children if c.type not in ("type_annotation",)]
        if kind in ("as_expression", "satisfies_expression"):
            inner = inner[:1]
        return (
            from_js(inner[-1] if kind == "type_assertion" else inner[0])
            if inner
            else Opaque(line, kind)
        )
    if kind == "string":
        return Lit(line, js_strings.string_text(node))
    if kind == "template_string":
        values = tuple(
            from_js(c.named_children[0])
            for c in node.named_children
            if c.type == "template_substitution" and c.named_children
        )
        return Template(line, tuple(js_strings.template_pieces(node)), values)
    if kind == "binary_expression":
        operator = T.text(node.child_by_field_name("operator"))
        if operator == "+":
            return Opaque(line, kind, _operands(node, from_js))
        return Opaque(line, "logical" if operator in ("||", "&&", "??") else kind)
    if kind == "number" or (
        kind == "unary_expression" and T.text(node.child_by_field_name("operator")) in ("-", "+")
    ):
        number = number_of(js_literal(node))
        if number is not None:
            return Lit(line, number)
        if kind == "number":
            return Lit(line, T.text(node))
    if kind in ("true", "false"):
        return Lit(line, kind == "true")
    if kind == "null":
        return Lit(line, None)
    if kind == "undefined" or (kind == "identifier" and T.text(node) == "undefined"):
        return Undefined(line, None)
    if kind == "unary_expression" and T.text(node.child_by_field_name("operator")) == "void":
        return Undefined(line, None)
    if kind in ("identifier", "this", "super", "shorthand_property_identifier"):
        return Name(line, T.text(node))
    if kind == "member_expression":
        prop = node.child_by_field_name("property")
        optional = node.child_by_field_name("optional_chain") is not None
        return Attr(line, from_js(node.child_by_field_name("object")), T.text(prop), optional)
    if kind == "subscript_expression":
        index = node.child_by_field_name("index")
        obj = from_js(node.child_by_field_name("object"))
        optional = node.child_by_field_name("optional_chain") is not None
        if index is not None and index.type == "string":
            return Attr(line, obj, js_strings.string_text(index), optional)
        if index is not None and index.type == "number":
            return Attr(line, obj, T.text(index), optional)
        return Opaque(line, kind)
    if kind in ("call_expression", "new_expression"):
        func = node.child_by_field_name("function") or node.child_by_field_name("constructor")
        args_node = node.child_by_field_name("arguments")
        args: list[Expr] = []
        if args_node is not None:
            if args_node.type == "template_string":
                args.append(from_js(args_node))
            else:
                args = [from_js(a) for a in args_node.named_children if a.type != "comment"]
        return Call(line, from_js(func), tuple(args), new=kind == "new_expression")
    if kind == "object":
        entries: list[tuple[str | None, Expr]] = []
        opened = False
        for child in node.named_children:
            if child.type == "pair":
                key = js_key(child.child_by_field_name("key"))
                if key is None:
                    opened = True
                    continue
                entries.append((key, from_js(child.child_by_field_name("value"))))
            elif child.type == "shorthand_property_identifier":
                entries.append((T.text(child), Name(T.line_of(child), T.text(child))))
            elif child.type == "spread_element":
                inner = child.named_children[0] if child.named_children else None
                entries.append((None, from_js(inner)))
            elif child.type == "method_definition":
                key = js_key(child.child_by_field_name("name"))
                if key is not None:
                    entries.append((key, Opaque(T.line_of(child), "function")))
        return ObjLit(line, tuple(entries), opened)
    if kind == "array":
        return ArrLit(line, tuple(from_js(c) for c in node.named_children if c.type != "comment"))
    if kind in ("arrow_function", "function_expression"):
        return Opaque(line, kind, at=node.start_byte)
    return Opaque(line, kind)


def js_key(node: ts.Node | None) -> str | None:
    """The literal name of an object key, or None when it is computed."""
    if node is None:
        return None
    if node.type in ("property_identifier", "identifier", "shorthand_property_identifier"):
        return T.text(node)
    if node.type == "string":
        return js_strings.string_text(node)
    if node.type == "number":
        return T.text(node)
    return None


_PY_TRANSPARENT = {"parenthesized_expression", "await"}


def from_py(node: ts.Node | None) -> Expr:
    """Lower a Python expression node."""
    if node is None:
        return Opaque(0, "none")
    line = T.line_of(node)
    kind = node.type
    if kind in _PY_TRANSPARENT:
        inner = node.named_children
        return from_py(inner[0]) if inner else Opaque(line, kind)
    if kind in ("string", "concatenated_string"):
        value = py_strings.string_text(node)
        if value is not None:
            return Lit(line, value)
        values = tuple(
            from_py(c.named_children[0])
            for c in node.named_children
            if c.type == "interpolation" and c.named_children
        )
        return Template(line, tuple(py_strings.template_pieces(node)), values)
    if kind in ("integer", "float", "unary_operator"):
        number = number_of(py_literal(node))
        if number is not None:
            return Lit(line, number)
        if kind != "unary_operator":  # a complex number stays as written
            return Lit(line, T.text(node))
    if kind in ("true", "false"):
        return Lit(line, kind == "true")
    if kind == "none":
        return Lit(line, None)
    if kind == "identifier":
        return Name(line, T.text(node))
    if kind == "attribute":
        return Attr(
            line,
            from_py(node.child_by_field_name("object")),
            T.text(node.child_by_field_name("attribute")),
        )
    if kind == "subscript":
        value = from_py(node.child_by_field_name("value"))
        index = node.child_by_field_name("subscript")
        key = py_strings.string_text(index) if index is not None else None
        if key is not None:
            return Attr(line, value, key)
        if index is not None and index.type == "integer":
            return Attr(line, value, T.text(index))
        return Opaque(line, kind)
    if kind == "call":
        args_node = node.child_by_field_name("arguments")
        args: list[Expr] = []
        kwargs: list[tuple[str | None, Expr]] = []
        if args_node is not None:
            for arg in args_node.named_children:
                if arg.type == "keyword_argument":
                    name = T.text(arg.child_by_field_name("name"))
                    kwargs.append((name, from_py(arg.child_by_field_name("value"))))
                elif arg.type == "dictionary_splat":
                    inner = arg.named_children[0] if arg.named_children else None
                    kwargs.append((None, from_py(inner)))
                elif arg.type != "comment":
                    args.append(from_py(arg))
        return Call(line, from_py(node.child_by_field_name("function")), tuple(args), tuple(kwargs))
    if kind == "dictionary":
        entries: list[tuple[str | None, Expr]] = []
        opened = False
        for child in node.named_children:
            if child.type == "pair":
                key_node = child.child_by_field_name("key")
                key = py_strings.string_text(key_node) if key_node is not None else None
                if key is None:
                    opened = True
                    continue
                entries.append((key, from_py(child.child_by_field_name("value"))))
            elif child.type == "dictionary_splat":
                inner = child.named_children[0] if child.named_children else None
                entries.append((None, from_py(inner)))
        return ObjLit(line, tuple(entries), opened)
    if kind in ("list", "tuple"):
        return ArrLit(line, tuple(from_py(c) for c in node.named_children if c.type != "comment"))
    if kind == "binary_operator" and T.text(node.child_by_field_name("operator")) == "/":
        # pathlib: Path(__file__).parent / "lambda"
        left = from_py(node.child_by_field_name("left"))
        right = from_py(node.child_by_field_name("right"))
        return Call(line, Name(line, "__truediv__"), (left, right))
    if kind == "binary_operator" and T.text(node.child_by_field_name("operator")) == "+":
        return Opaque(line, kind, _operands(node, from_py))
    return Opaque(line, kind)


def _operands(node: ts.Node, lower: Callable[[ts.Node | None], Expr]) -> tuple[Expr, ...]:
    """The two sides of a ``+``."""
    return (lower(node.child_by_field_name("left")), lower(node.child_by_field_name("right")))


def camel(name: str) -> str:
    """``result_path`` -> ``resultPath`` (Python CDK keywords and methods map to the TS names)."""
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)
