"""What a JS/TS module exports under which name, and what it re-exports from others.

``export { a as b }``, ``export default a``, ``module.exports = {...}``, ``exports.b = a``;
``export { f } from './m'`` and exported imports become ``JsReexport`` facts.
"""

from __future__ import annotations

import re

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..facts import Fact, symbol_id
from ..facts.contracts import JsReexport
from . import strings as js_strings
from .model import Imports, strip

Exports = dict[str, set[str]]  # local name -> the names it is exported under


def _object_exports(value: ts.Node, prefix: str, out: Exports) -> None:
    """``{ a, b: c }`` exported as a whole: ``a`` is ``<prefix>a``, ``c`` is ``<prefix>b``."""
    for entry in value.named_children:
        if entry.type == "shorthand_property_identifier":
            out.setdefault(T.text(entry), set()).add(prefix + T.text(entry))
        elif entry.type == "pair":
            inner = strip(entry.child_by_field_name("value"))
            key = ir.js_key(entry.child_by_field_name("key"))
            if inner is not None and inner.type == "identifier" and key:
                out.setdefault(T.text(inner), set()).add(prefix + key)


def exports_of(nodes: list[ts.Node], root: ts.Node) -> Exports:
    """local name -> exported names, for ``export { a as b }``, ``export default a``,
    ``export default { a }``, ``module.exports = a`` / ``{...}``, ``exports.b = a``."""
    out: Exports = {}
    for node in nodes:
        for clause in node.named_children:
            if clause.type == "export_clause" and node.child_by_field_name("source") is None:
                for spec in clause.named_children:
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias")
                    out.setdefault(T.text(name), set()).add(T.text(alias or name))
        value = strip(node.child_by_field_name("value"))
        if value is not None and value.type == "identifier":
            out.setdefault(T.text(value), set()).add("default")
        elif value is not None and value.type == "object":
            _object_exports(value, "default.", out)
    for stmt in root.named_children:
        expr = stmt.named_children[0] if stmt.type == "expression_statement" else None
        if expr is None or expr.type != "assignment_expression":
            continue
        left = T.text(expr.child_by_field_name("left"))
        right = strip(expr.child_by_field_name("right"))
        member = re.fullmatch(r"(?:module\.)?exports\.(\w+)", left)
        if right is None:
            continue
        if left == "module.exports" and right.type == "object":
            _object_exports(right, "", out)
            _object_exports(right, "default.", out)
        elif left == "module.exports" and right.type == "identifier":
            out.setdefault(T.text(right), set()).add("default")
        elif member and right.type == "identifier":
            out.setdefault(T.text(right), set()).update({member.group(1)})
    return out


def reexports(path: str, nodes: list[ts.Node], imports: Imports, exports: Exports) -> list[Fact]:
    """Names exported from another module: ``export {f} from``, ``export * from``, and
    exports of imported names."""
    facts: list[Fact] = []
    for node in nodes:
        source = node.child_by_field_name("source")
        if source is None:
            continue
        module = js_strings.string_text(source)
        kinds = ("export_clause", "namespace_export")
        clauses = [c for c in node.named_children if c.type in kinds]
        if not clauses:
            facts.append(_reexport(path, node, "*", module, "*"))
        for clause in clauses:
            if clause.type == "namespace_export":  # export * as ns from './x'
                names = [c for c in clause.named_children if c.type == "identifier"]
                if names:
                    facts.append(_reexport(path, clause, T.text(names[0]), module, "*"))
                continue
            for spec in clause.named_children:
                name = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias")
                facts.append(_reexport(path, spec, T.text(alias or name), module, T.text(name)))
    for local, names in sorted(exports.items()):
        if local not in imports:
            continue
        module, imported = imports[local]
        for name in sorted(names):
            facts.append(_reexport(path, None, name, module, imported))
    return facts


def _reexport(path: str, node: ts.Node | None, name: str, module: str, imported: str) -> Fact:
    line = T.line_of(node) if node is not None else 1
    return JsReexport(
        file=path,
        line=line,
        symbol=symbol_id(path, name),
        name=name,
        module=module,
        imported=imported,
    )
