"""Shapes of TypeScript ``interface`` / ``type`` declarations of one file.

A function whose body builds no literal but declares its result
(``async function f(): Promise<Order>``) produces what ``Order`` declares. A type
declared in the same file is read here; an imported one is named
(``./types#Order``) and each file's declarations are ``Record`` facts, so the
validator can look it up across files. Anything a declaration does not pin down
(a type from elsewhere inside it, a generic, a mapped type) is unknown, so a read
that depends on it is never reported missing.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..facts import symbol_id
from ..facts.contracts import ARRAY, OBJECT, Record, Shape, ShapeField, obj, scalar, union, unknown

_SCALAR_TYPES = {"predefined_type", "literal_type", "template_literal_type"}
_WRAPPERS = {"Promise", "PromiseLike", "Readonly", "Awaited"}
_ARRAYS = {"Array", "ReadonlyArray"}
_DEPTH = 8


class Declarations:
    """The ``interface``/``type`` declarations of a file, by name."""

    def __init__(self, root: ts.Node) -> None:
        self._decls: dict[str, list[ts.Node]] = {}
        for node in root.named_children:
            inner = node
            if node.type == "export_statement":
                found = node.child_by_field_name("declaration")
                if found is None:
                    continue
                inner = found
            if inner.type in ("interface_declaration", "type_alias_declaration"):
                name = T.text(inner.child_by_field_name("name"))
                self._decls.setdefault(name, []).append(inner)

    def __bool__(self) -> bool:
        return bool(self._decls)

    def returned(self, function: ts.Node) -> tuple[Shape, str] | None:
        """The declared result of a function (``Promise<T>`` unwrapped) and the type as
        written, or None when the annotation names nothing declared here."""
        annotation = function.child_by_field_name("return_type")
        if annotation is None or not annotation.named_children:
            return None
        shape = self.shape(annotation.named_children[0], set(), 0)
        options = shape.options if shape.kind == "union" else (shape,)
        if not any(o.kind in (OBJECT, ARRAY) for o in options):
            return None
        return shape, T.squash(annotation.named_children[0])

    def imported(self, function: ts.Node, imports: dict[str, tuple[str, str]]) -> str:
        """``<module>#<name>`` of an imported type a function's result is declared as
        (``Promise<Order>`` with ``import type { Order } from './types'``), or ""."""
        annotation = function.child_by_field_name("return_type")
        node = annotation.named_children[0] if annotation and annotation.named_children else None
        while node is not None and node.type == "generic_type":
            args = node.child_by_field_name("type_arguments")
            if T.text(node.child_by_field_name("name")) not in _WRAPPERS or args is None:
                return ""
            node = args.named_children[0] if args.named_children else None
        if node is None or node.type != "type_identifier" or T.text(node) in self._decls:
            return ""
        found = imports.get(T.text(node))
        return f"{found[0]}#{found[1]}" if found is not None and found[1] != "*" else ""

    def records(self, path: str) -> list[Record]:
        """Every declared object type of the file, for results declared in other files."""
        out: list[Record] = []
        for name, decls in sorted(self._decls.items()):
            shape = self.named(name, set(), 0)
            if shape.kind == OBJECT:
                line = T.line_of(decls[0])
                out.append(
                    Record(
                        file=path, line=line, symbol=symbol_id(path, name), name=name, shape=shape
                    )
                )
        return out

    def named(self, name: str, seen: set[str], depth: int) -> Shape:
        """The shape a declared name stands for; unknown when not declared or recursive."""
        decls = self._decls.get(name)
        if not decls or name in seen or depth > _DEPTH:
            return unknown()
        seen = seen | {name}
        if any(d.child_by_field_name("type_parameters") is not None for d in decls):
            return unknown()
        if len(decls) > 1 and any(d.type != "interface_declaration" for d in decls):
            return unknown()
        if decls[0].type == "type_alias_declaration":
            return self.shape(decls[0].child_by_field_name("value"), seen, depth + 1)
        fields: dict[str, ShapeField] = {}
        opened = False
        for decl in decls:  # interfaces with one name merge
            for clause in decl.named_children:
                if clause.type == "extends_type_clause":
                    for base in clause.named_children:
                        base_shape = self.shape(base, seen, depth + 1)
                        if base_shape.kind == OBJECT:
                            fields.update({f.name: f for f in base_shape.fields})
                            opened = opened or base_shape.open
                        else:
                            opened = True
            body = decl.child_by_field_name("body")
            if body is not None:
                more = self._members(body, seen, depth)
                fields.update({f.name: f for f in more.fields})
                opened = opened or more.open
        return obj(fields, open=opened, line=T.line_of(decls[0]))

    def _members(self, body: ts.Node, seen: set[str], depth: int) -> Shape:
        fields: dict[str, ShapeField] = {}
        opened = False
        for member in body.named_children:
            if member.type in ("property_signature", "method_signature"):
                key = ir.js_key(member.child_by_field_name("name"))
                if key is None:
                    opened = True
                    continue
                annotation = member.child_by_field_name("type")
                value = unknown(T.line_of(member))
                if member.type == "property_signature" and annotation is not None:
                    inner = annotation.named_children[0] if annotation.named_children else None
                    value = self.shape(inner, seen, depth + 1)
                optional = any(c.type == "?" for c in member.children)
                fields[key] = ShapeField(key, value, T.line_of(member), optional=optional)
            elif member.type in ("index_signature", "call_signature", "construct_signature"):
                opened = True
        return obj(fields, open=opened, line=T.line_of(body))

    def shape(self, node: ts.Node | None, seen: set[str], depth: int) -> Shape:
        """The shape of a type expression."""
        if node is None or depth > _DEPTH:
            return unknown()
        line = T.line_of(node)
        kind = node.type
        if kind in _SCALAR_TYPES:
            return unknown(line) if T.text(node) in ("any", "unknown", "object") else scalar(line)
        if kind in ("object_type", "interface_body"):
            return self._members(node, seen, depth)
        if kind == "parenthesized_type":
            return self.shape(node.named_children[0] if node.named_children else None, seen, depth)
        if kind == "array_type":
            items = self.shape(node.named_children[0], seen, depth + 1)
            return Shape(ARRAY, items=items, line=line)
        if kind == "union_type":
            return union([self.shape(c, seen, depth + 1) for c in node.named_children], line)
        if kind == "intersection_type":
            parts = [self.shape(c, seen, depth + 1) for c in node.named_children]
            if not all(p.kind == OBJECT for p in parts):
                return unknown(line)
            fields = {f.name: f for p in parts for f in p.fields}
            return obj(fields, open=any(p.open for p in parts), line=line)
        if kind == "type_identifier":
            return self.named(T.text(node), seen, depth)
        if kind == "generic_type":
            name = T.text(node.child_by_field_name("name"))
            args = node.child_by_field_name("type_arguments")
            first = args.named_children[0] if args is not None and args.named_children else None
            if name in _WRAPPERS:
                return self.shape(first, seen, depth + 1)
            if name in _ARRAYS:
                return Shape(ARRAY, items=self.shape(first, seen, depth + 1), line=line)
        return unknown(line)
