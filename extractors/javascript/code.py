"""Contract facts of JavaScript/TypeScript code: producers, consumers, imports, re-exports.

Producers are functions with ``return`` statements (``export const handler =
async (event) => {...}``, ``export function f``, ``export default``,
``exports.handler = ...``, ``module.exports = {f}``); the returned shape (``returns``)
follows locals built step by step, or, without a literal, the ``interface``/``type`` the
result is declared as (``interfaces``). Express/Hono routes are producers too
(``routes``), and so is what an exported route handler sends. Consumers are in
``consumers``, exports and re-exports in ``exports``, Jest/Vitest doubles in ``doubles``.
"""

from __future__ import annotations

import re

import tree_sitter as ts

from ..common import reads
from ..common import treesitter as T
from ..common.code_shapes import Env
from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..common.returns import function_shape, route_bodies
from ..facts import Fact, symbol_id
from ..facts.contracts import RESPONSE, Producer, Shape, union
from .adapter import JAVASCRIPT
from .consumers import consumers
from .doubles import extract_mocks
from .exports import Exports, exports_of, reexports
from .interfaces import Declarations
from .model import Imports, JsModel, strip
from .routes import extract_routes, params_of


def _function_names(caps: dict[str, list[ts.Node]]) -> dict[str, ts.Node]:
    """Local function name -> its function node."""
    out: dict[str, ts.Node] = {}
    for node in caps.get("function", []):
        out.setdefault(T.text(node.child_by_field_name("name")), node)
    for node in caps.get("function.declarator", []):
        value = node.child_by_field_name("value")
        if value is not None:
            out.setdefault(T.text(node.child_by_field_name("name")), value)
    return out


def _default_export(node: ts.Node | None) -> bool:
    """True for the ``export default ...`` statement."""
    return (
        node is not None
        and node.type == "export_statement"
        and any(c.type == "default" for c in node.children)
    )


def _producers(
    path: str,
    caps: dict[str, list[ts.Node]],
    exports: Exports,
    decls: Declarations,
    imports: Imports,
) -> list[Fact]:
    facts: list[Fact] = []
    for node in caps.get("function", []):
        name = T.text(node.child_by_field_name("name"))
        names = {name, *exports.get(name, set())}
        if _default_export(node.parent):
            names.add("default")
        exported = (node.parent is not None and node.parent.type == "export_statement") or bool(
            exports.get(name)
        )
        facts += _producer(path, node, names, exported, decls, imports)
    for node in caps.get("function.declarator", []):
        name = T.text(node.child_by_field_name("name"))
        value = node.child_by_field_name("value")
        decl = node.parent
        names = {name, *exports.get(name, set())}
        exported = (
            decl is not None and decl.parent is not None and decl.parent.type == "export_statement"
        ) or bool(exports.get(name))
        if value is not None and decl is not None and decl.parent is not None:
            facts += _producer(path, value, names, exported, decls, imports, line=T.line_of(node))
    for target in caps.get("function.export", []):
        text = T.text(target)
        match = re.fullmatch(r"(?:module\.)?exports\.(\w+)", text)
        assignment = target.parent
        value = assignment.child_by_field_name("right") if assignment is not None else None
        if value is not None and (match or text == "module.exports"):
            names = {match.group(1)} if match else {"default"}
            facts += _producer(path, value, names, True, decls, imports, line=T.line_of(target))
    for value in caps.get("export.default", []):
        value = strip(value)
        if value is not None and value.type in ("arrow_function", "function_expression"):
            facts += _producer(path, value, {"default"}, True, decls, imports)
    return facts


def _producer(
    path: str,
    function: ts.Node,
    names: set[str],
    exported: bool,
    decls: Declarations,
    imports: Imports,
    line: int = 0,
) -> list[Fact]:
    shape = function_shape(function, JAVASCRIPT)
    options = () if shape is None else shape.options if shape.kind == "union" else (shape,)
    declared = ""
    if not any(o.kind in ("object", "array") for o in options):
        # No literal to read the fields from: the declared result type stands for it, read
        # here when this file declares it, else named for the validator to look up.
        found = decls.returned(function) if decls else None
        if found is not None:
            shape, declared = found
        else:
            declared = decls.imported(function, imports)
    at = line or T.line_of(function)
    delegates: tuple[tuple[str, str], ...] = ()
    if not declared and not any(o.kind in ("object", "array") for o in options):
        called = reads.returned_calls(function, JAVASCRIPT) or []
        delegates = tuple(imports.get(n, ("", n)) for n in called if n not in names)
    facts: list[Fact] = []
    if shape is not None:
        facts += [
            Producer(
                file=path,
                line=at,
                symbol=symbol_id(path, n),
                name=n,
                shape=shape,
                exported=exported,
                declared=declared,
                delegates=delegates,
            )
            for n in sorted(names)
        ]
    sent = _handler_response(function) if exported and not declared else []
    if sent and not any(o.kind in ("object", "array") for o in options):
        # A route handler another module registers (``router.get('/x', orders.show)``):
        # what it sends, under a name no call can reach.
        facts += [
            Producer(
                file=path,
                line=at,
                symbol=symbol_id(path, f"{n}{RESPONSE}"),
                name=f"{n}{RESPONSE}",
                shape=union(sent, at),
                exported=True,
            )
            for n in sorted(names)
        ]
    return facts


def _handler_response(function: ts.Node) -> list[Shape]:
    """The bodies a function sends through a response parameter (Express ``res``, Hono
    ``c``), when it looks like a route handler at all."""
    text = function.text or b""
    if b".json(" not in text and b".send(" not in text:
        return []
    params = frozenset(p for p in params_of(function) if p)
    return route_bodies(function, params, JAVASCRIPT) if params else []


def _function_shape(function: ts.Node, env: Env | None = None) -> Shape | None:
    return function_shape(function, JAVASCRIPT, env)


def _route_bodies(function: ts.Node, sinks: frozenset[str]) -> list[Shape]:
    return route_bodies(function, sinks, JAVASCRIPT)


def extract_ts_contracts(source: SourceFile) -> tuple[Fact, ...]:
    """Producers, routes, re-exports, consumers and test doubles of one JS/TS/TSX file."""
    if source.path.lower().endswith((".d.ts", ".d.mts", ".d.cts")):
        return ()
    root = source.tree.root_node
    caps = T.captures(T.query(source.language, "contract_code", "javascript"), root)
    model = source.model(JsModel)
    imports = model.bindings()
    exports = exports_of(caps.get("export", []), root)
    functions = _function_names(caps)
    decls = Declarations(root)
    facts = _producers(source.path, caps, exports, decls, imports)
    facts += decls.records(source.path)
    facts += extract_routes(source.path, caps, functions, _route_bodies, imports, exports)
    facts += reexports(source.path, caps.get("export", []), imports, exports)
    instances = b"axios.create" in source.data
    facts += consumers(
        source.path, caps, imports, set(functions), instances, model.is_import, exports
    )
    facts += extract_mocks(source.path, caps, imports, _function_shape, model.binding_at)
    return tuple(sorted(facts, key=lambda f: (f.line, type(f).__name__, f.symbol)))


register("javascript", extensions("javascript"), extract_ts_contracts)
register("typescript", extensions("typescript"), extract_ts_contracts)
register("tsx", extensions("tsx"), extract_ts_contracts)
