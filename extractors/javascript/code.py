"""Contract facts of JavaScript/TypeScript code: producers, consumers, imports, re-exports.

Producers are functions with ``return`` statements (``export const handler =
async (event) => {...}``, ``export function f``, ``export default``,
``exports.handler = ...``, ``module.exports = {f}``); the returned shape follows
locals built step by step (``result.details = {...}``, ``Object.assign``), or,
without a literal, the ``interface``/``type`` the result is declared as
(``interfaces``). Express/Hono routes are producers too (``routes``), and so is
what an exported route handler sends (for routes another module registers).
Consumers are values bound from a call of an imported (``import``/``require``)
or local function, or from an HTTP request (``fetch`` + ``.json()``, ``axios``),
with the fields later code reads on them. Jest/Vitest doubles are in ``doubles``.
"""

from __future__ import annotations

import re
from dataclasses import replace

import tree_sitter as ts

from ..common import ir, reads
from ..common import treesitter as T
from ..common.code_shapes import Env, shape_of
from ..common.dispatch import SourceFile, register
from ..common.shapes import assign, spread_into
from ..facts import Fact
from ..facts.contracts import Consumer, JsReexport, Producer, Shape, obj, scalar, union, unknown
from .adapter import JAVASCRIPT
from .doubles import extract_mocks
from .interfaces import Declarations
from .model import JsModel, strip, symbol
from .routes import RESPONSE, extract_routes, imported_name, params_of

_FUNCTIONS = {
    "function_declaration",
    "function_expression",
    "arrow_function",
    "method_definition",
    "generator_function_declaration",
    "class_declaration",
    "class",
}
_FETCH = {"fetch", "window.fetch", "globalThis.fetch", "self.fetch"}
_AXIOS = re.compile(r"^axios(\.(get|post|put|patch|delete|request|head))?$")
_SCHEME_HOST = re.compile(r"^[a-zA-Z][\w+.-]*://[^/]+")

Imports = dict[str, tuple[str, str]]  # local name -> (module specifier, imported name)


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


def _exports(nodes: list[ts.Node], root: ts.Node) -> Exports:
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


def _reexports(path: str, nodes: list[ts.Node], imports: Imports, exports: Exports) -> list[Fact]:
    """Names exported from another module: ``export {f} from``, ``export * from``, and
    exports of imported names."""
    facts: list[Fact] = []
    for node in nodes:
        source = node.child_by_field_name("source")
        if source is None:
            continue
        module = ir.js_string(source)
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
        file=path, line=line, symbol=f"{path}::{name}", name=name, module=module, imported=imported
    )


def _target(expr: ir.Expr) -> tuple[str, tuple[str, ...]] | None:
    """(root name, field path) of an assignment target ``r.details.passed``."""
    path: list[str] = []
    while isinstance(expr, ir.Attr):
        path.append(expr.name)
        expr = expr.obj
    if isinstance(expr, ir.Name) and path:
        return expr.id, tuple(reversed(path))
    return None


# Response methods of Express (``res``) and Hono (``c``): what the body becomes.
_SEND_BODY = {"json", "send", "jsonp"}
_SEND_NOTHING = {"sendStatus", "end", "redirect", "text", "html", "body", "notFound"}
_SEND_UNKNOWN = {"render", "sendFile", "download", "stream", "streamText", "streamSSE"}


def _sent(node: ts.Node | None, sinks: frozenset[str], env: Env) -> Shape | None:
    """The body a response call sends (``res.status(201).json(x)``, ``c.json(x)``, Fastify's
    ``reply.code(400).send(x)``), or None when ``node`` is not one."""
    node = strip(node)
    if not sinks or node is None or node.type != "call_expression":
        return None
    callee = strip(node.child_by_field_name("function"))
    if callee is None or callee.type != "member_expression":
        return None
    method = T.text(callee.child_by_field_name("property"))
    owner = strip(callee.child_by_field_name("object"))
    if owner is not None and owner.type == "call_expression":
        inner = strip(owner.child_by_field_name("function"))
        if (
            inner is not None
            and inner.type == "member_expression"
            and T.text(inner.child_by_field_name("property")) in ("status", "code")
        ):
            owner = strip(inner.child_by_field_name("object"))
    if owner is None or owner.type != "identifier" or T.text(owner) not in sinks:
        return None
    line = T.line_of(node)
    if method in _SEND_BODY:
        args = _call_parts(node)
        first = args[1][0] if args is not None and args[1] else None
        return shape_of(ir.from_js(first), env) if first is not None else scalar(line)
    if method in _SEND_NOTHING:
        return scalar(line)
    if method in _SEND_UNKNOWN:
        return unknown(line)
    return None


def _walk(
    node: ts.Node,
    env: Env,
    returns: list[Shape],
    sinks: frozenset[str] = frozenset(),
    caught: list[int] | None = None,
    later: Writes | None = None,
) -> None:
    for child in node.named_children:
        kind = child.type
        if kind in _FUNCTIONS:
            continue
        if kind in ("lexical_declaration", "variable_declaration"):
            for decl in child.named_children:
                name = (
                    decl.child_by_field_name("name") if decl.type == "variable_declarator" else None
                )
                value = decl.child_by_field_name("value") if name is not None else None
                if name is not None and name.type == "identifier" and value is not None:
                    env[T.text(name)] = shape_of(ir.from_js(value), env)
            continue
        if kind == "expression_statement" and child.named_children:
            if later and sinks:
                _reopen(env, later)
            sent = _sent(child.named_children[0], sinks, env)
            if sent is not None:
                returns.append(sent)
                if caught is not None:
                    caught.append(1)
                continue
            _statement(ir.from_js(child.named_children[0]), child.named_children[0], env)
            continue
        if kind == "return_statement":
            value = child.named_children[0] if child.named_children else None
            if later:
                _reopen(env, later)
            sent = _sent(value, sinks, env)
            if sent is not None:
                returns.append(sent)
                if caught is not None:
                    caught.append(1)
            elif value is not None and not sinks:
                returns.append(shape_of(ir.from_js(value), env))
            elif value is not None and not _passes_on(value, sinks):
                # Fastify sends what a handler returns: a literal is the body; anything
                # else (another call's result) may be a body we cannot see.
                shape = shape_of(ir.from_js(value), env)
                literal = shape.kind in ("object", "array") and strip(value) is not None
                returns.append(shape if literal else unknown(T.line_of(value)))
            continue
        _walk(child, env, returns, sinks, caught, later)


def _passes_on(value: ts.Node, sinks: frozenset[str]) -> bool:
    """``return next(err)``: a route handler handing over to the next one (another
    parameter); the body sent then is not this handler's contract."""
    parts = _call_parts(value)
    return parts is not None and "." not in parts[0] and parts[0] not in sinks and bool(parts[0])


def _open_root(left: ts.Node | None, env: Env) -> None:
    """``obj[key] = v`` with a computed key: ``obj`` is a map whose keys we cannot list."""
    computed = False
    while left is not None and left.type in ("subscript_expression", "member_expression"):
        if left.type == "subscript_expression":
            index = left.child_by_field_name("index")
            computed = computed or index is None or index.type not in ("string", "number")
        left = left.child_by_field_name("object")
    if computed and left is not None and left.type == "identifier" and T.text(left) in env:
        shape = env[T.text(left)]
        if shape.kind == "object":
            env[T.text(left)] = replace(shape, open=True)


def _statement(expr: ir.Expr, node: ts.Node, env: Env) -> None:
    if node.type == "assignment_expression":
        _open_root(node.child_by_field_name("left"), env)
        left = ir.from_js(node.child_by_field_name("left"))
        value = shape_of(ir.from_js(node.child_by_field_name("right")), env)
        if isinstance(left, ir.Name):
            env[left.id] = value
            return
        target = _target(left)
        if target is not None and target[0] in env:
            root, path = target
            env[root] = assign(env[root], path, value, T.line_of(node))
        return
    if isinstance(expr, ir.Call) and ir.dotted(expr.func) == "Object.assign" and expr.args:
        first = expr.args[0]
        if isinstance(first, ir.Name) and first.id in env:
            base = env[first.id]
            fields = {f.name: f for f in base.fields} if base.kind == "object" else {}
            opened = base.kind != "object" or base.open
            for extra in expr.args[1:]:
                opened = spread_into(fields, shape_of(extra, env)) or opened
            env[first.id] = obj(fields, open=opened, line=base.line)


def function_shape(function: ts.Node) -> Shape | None:
    """The union of what a function returns, or None when it has no ``return`` with a value."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    env: Env = {}
    returns: list[Shape] = []
    if body.type != "statement_block":
        returns.append(shape_of(ir.from_js(body), env))
    else:
        _walk(body, env, returns)
        later = _callback_writes(body) if any(r.kind != "unknown" for r in returns) else {}
        if later:
            returns = []
            _walk(body, {}, returns, later=later)
    if not returns:
        return None
    return union(returns, T.line_of(function))


Writes = dict[str, list[tuple[str, ...]]]  # local -> objects inside it a callback writes into


def _callback_writes(body: ts.Node) -> Writes:
    """Objects that callbacks defined in ``body`` write into (``items.forEach(i => {
    out.byId[i.id] = i })``): when they run is not known, so those objects stay open."""
    out: Writes = {}
    stack = [(child, False) for child in body.named_children]
    while stack:
        node, nested = stack.pop()
        nested = nested or node.type in _FUNCTIONS
        target: ts.Node | None = None
        whole = False
        if nested and node.type in ("assignment_expression", "augmented_assignment_expression"):
            target = node.child_by_field_name("left")
        elif nested and node.type == "call_expression":
            parts = _call_parts(node)
            if parts is not None and parts[0] == "Object.assign" and parts[1]:
                target, whole = parts[1][0], True
        if target is not None:
            found = _container(target, whole)
            if found is not None:
                out.setdefault(found[0], []).append(found[1])
        stack.extend((child, nested) for child in node.named_children)
    return out


def _container(target: ts.Node, whole: bool) -> tuple[str, tuple[str, ...]] | None:
    """(local, path of the object written into) for ``local.a.b[key] = v`` -> ("local",
    ("a", "b")); ``whole`` for a target that is itself the object (``Object.assign(t, ...)``)."""
    path: list[str] = []
    node = strip(target)
    while node is not None and node.type in ("member_expression", "subscript_expression"):
        if node.type == "member_expression":
            path.append(T.text(node.child_by_field_name("property")))
        else:
            index = node.child_by_field_name("index")
            path.append(ir.js_string(index) if index is not None and index.type == "string" else "")
        node = strip(node.child_by_field_name("object"))
    if node is None or node.type != "identifier":
        return None
    path.reverse()
    if not whole:
        if not path:
            return None
        path = path[:-1]
    if "" in path:
        path = path[: path.index("")]
    return T.text(node), tuple(path)


def _reopen(env: Env, later: Writes) -> None:
    for name, paths in later.items():
        if name in env:
            for path in paths:
                env[name] = _open_at(env[name], path)


def _open_at(shape: Shape, path: tuple[str, ...]) -> Shape:
    """``shape`` with the object at ``path`` marked open (more fields may come)."""
    if shape.kind == "union":
        return replace(shape, options=tuple(_open_at(o, path) for o in shape.options))
    if shape.kind != "object":
        return shape
    if not path:
        return replace(shape, open=True)
    found = shape.field(path[0])
    if found is None:
        return shape
    fields = {f.name: f for f in shape.fields}
    fields[path[0]] = replace(found, shape=_open_at(found.shape, path[1:]))
    return replace(obj(fields, open=shape.open, line=shape.line), origin=shape.origin, at=shape.at)


def route_bodies(function: ts.Node, sinks: frozenset[str]) -> list[Shape]:
    """The bodies a route handler sends through its response parameters ``sinks``. A
    response call we do not follow (in a callback, inside an expression) or a response
    object handed to other code adds an unknown body."""
    body = function.child_by_field_name("body")
    if body is None or not sinks:
        return []
    env: Env = {}
    returns: list[Shape] = []
    caught: list[int] = []
    if body.type != "statement_block":
        sent = _sent(body, sinks, env)
        returns.append(sent if sent is not None else unknown(T.line_of(body)))
        caught.append(1)
    else:
        _walk(body, env, returns, sinks, caught, _callback_writes(body))
    if not returns:
        return []
    sends, bare = _response_uses(body, sinks)
    if sends != len(caught) or bare:
        returns.append(unknown(T.line_of(function)))
    return returns


def _response_uses(body: ts.Node, sinks: frozenset[str]) -> tuple[int, bool]:
    """(response calls anywhere in ``body``, whether an object that sends responses is also
    used bare: passed to other code, stored, returned)."""
    sends = 0
    owners: set[str] = set()
    loose: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            for name in sinks:
                if _sent(node, frozenset({name}), {}) is not None:
                    sends += 1
                    owners.add(name)
        if node.type == "identifier" and T.text(node) in sinks:
            parent = node.parent
            member = (
                parent is not None
                and parent.type in ("member_expression", "call_expression")
                and parent.child_by_field_name(
                    "object" if parent.type != "call_expression" else "function"
                )
                == node
            )
            if not member:
                loose.add(T.text(node))
        stack.extend(node.named_children)
    return sends, bool(owners & loose)


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
    shape = function_shape(function)
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
                symbol=f"{path}::{n}",
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
                symbol=f"{path}::{n}{RESPONSE}",
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
    return route_bodies(function, params) if params else []


def url_of(node: ts.Node | None) -> str | None:
    """A URL pattern from a string, template or ``+`` concatenation; ``{}`` where it varies."""
    node = strip(node)
    if node is None:
        return None
    if node.type == "string":
        text = ir.js_string(node)
    elif node.type == "template_string":
        parts = []
        for child in node.named_children:
            if child.type == "string_fragment":
                parts.append(T.text(child))
            elif child.type == "template_substitution":
                parts.append("{}")
        text = "".join(parts)
    elif node.type == "binary_expression" and T.text(node.child_by_field_name("operator")) == "+":
        left = url_of(node.child_by_field_name("left")) or "{}"
        right = url_of(node.child_by_field_name("right")) or "{}"
        text = left + right
    else:
        return None
    text = _SCHEME_HOST.sub("", text).split("?", 1)[0].split("#", 1)[0]
    return text if "/" in text else None


def _method(options: ts.Node | None) -> str | None:
    """The method of ``fetch(url, options)``: GET without options, None when the options
    are not a literal we can read (the request may be of any method)."""
    options = strip(options)
    if options is None:
        return "GET"
    if options.type != "object":
        return None
    for entry in options.named_children:
        if entry.type == "spread_element":
            return None
        if entry.type == "pair" and ir.js_key(entry.child_by_field_name("key")) == "method":
            value = strip(entry.child_by_field_name("value"))
            if value is not None and value.type == "string":
                return ir.js_string(value).upper()
            return None
        if entry.type == "shorthand_property_identifier" and T.text(entry) == "method":
            return None
    return "GET"


def _call_parts(node: ts.Node | None) -> tuple[str, list[ts.Node]] | None:
    node = strip(node)
    if node is None or node.type != "call_expression":
        return None
    callee = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    items = [a for a in (args.named_children if args is not None else []) if a.type != "comment"]
    return ir.dotted(ir.from_js(callee)), items


def _fetch_request(node: ts.Node | None) -> tuple[str, str] | None:
    """(url, method) when ``node`` is ``fetch(url, opts)``."""
    parts = _call_parts(node)
    if parts is None or parts[0] not in _FETCH or not parts[1]:
        return None
    url = url_of(parts[1][0])
    method = _method(parts[1][1] if len(parts[1]) > 1 else None)
    if url is None or method is None:
        return None
    return url, method


def _http_body(
    node: ts.Node | None, responses: dict[str, tuple[str, str]]
) -> tuple[str, str] | None:
    """(url, method) when ``node`` evaluates to a parsed JSON body of a known request."""
    node = strip(node)
    parts = _call_parts(node)
    if parts is None or node is None:
        return None
    callee = strip(node.child_by_field_name("function"))
    if callee is None or callee.type != "member_expression":
        return None
    method = T.text(callee.child_by_field_name("property"))
    receiver = strip(callee.child_by_field_name("object"))
    if method == "json":
        if receiver is not None and receiver.type == "identifier":
            return responses.get(T.text(receiver))
        return _fetch_request(receiver)
    if method == "then" and parts[1] and "json()" in T.text(parts[1][0]):
        return _fetch_request(receiver)
    return None


def _consumers(
    path: str,
    caps: dict[str, list[ts.Node]],
    imports: Imports,
    local: set[str],
    instances: bool = False,
) -> list[Fact]:
    facts: list[Fact] = []
    index = reads.Identifiers(caps.get("ident", []))
    responses: dict[str, tuple[str, str]] = {}
    clients = _axios_clients(caps.get("binding", [])) if instances else {}
    for node in caps.get("binding", []):
        name = node.child_by_field_name("name")
        value = node.child_by_field_name("value")
        if name is None or value is None:
            continue
        request = _fetch_request(value)
        if request is not None and name.type == "identifier":
            responses[T.text(name)] = request
            continue
        source, target, module, imported, method, strip = "", "", "", "", "", ""
        body = _http_body(value, responses)
        parts = _call_parts(value)
        if body is not None:
            source, target, method = "http", body[0], body[1]
        elif parts is not None and parts[1] and _axios_call(parts[0], clients):
            url = url_of(parts[1][0])
            if url is None:
                continue
            verb = parts[0].rsplit(".", 1)[-1] if "." in parts[0] else "get"
            base = clients.get(parts[0].split(".", 1)[0], "")
            target = base + url if base else url
            source, method, strip = "http", verb.upper(), "data"
        elif parts is not None and parts[0]:
            head, dot, rest = parts[0].partition(".")
            if head in imports:
                module, first = imports[head]
                imported = imported_name(first, rest if dot else "")
            elif parts[0] not in local:
                continue
            source, target = "call", parts[0]
        else:
            continue
        scope = reads.enclosing_scope(node, JAVASCRIPT)
        if name.type == "identifier":
            uses = reads.uses_of(
                T.text(name), scope, node.end_byte, index, syntax=JAVASCRIPT, strip=strip
            )
        elif name.type == "object_pattern" and strip and _shorthand(name, strip):
            uses = reads.uses_of(strip, scope, node.end_byte, index, syntax=JAVASCRIPT)
        elif name.type == "object_pattern":
            uses = reads.destructured(name)
            if strip:
                uses = _strip_pattern(uses, strip)
        else:
            continue
        facts.append(
            Consumer(
                file=path,
                line=T.line_of(node),
                symbol=symbol(path, scope),
                source=source,
                target=target,
                module=module,
                imported=imported,
                method=method,
                reads=tuple(uses.reads),
                escapes=uses.escapes,
            )
        )
    return facts


_CLIENT_VERBS = {"get", "post", "put", "patch", "delete", "head"}


def _axios_call(callee: str, clients: dict[str, str]) -> bool:
    """``axios.get`` / ``axios(...)``, or a verb of an ``axios.create(...)`` instance."""
    head, _, verb = callee.partition(".")
    return bool(_AXIOS.match(callee)) or (head in clients and verb in _CLIENT_VERBS)


def _axios_clients(bindings: list[ts.Node]) -> dict[str, str]:
    """``const api = axios.create({ baseURL: '/api' })``: instance name -> the path its
    base URL puts in front ("" without one, "{}" when it is not a literal)."""
    out: dict[str, str] = {}
    for node in bindings:
        name = node.child_by_field_name("name")
        parts = _call_parts(node.child_by_field_name("value"))
        if name is None or name.type != "identifier" or parts is None:
            continue
        if parts[0] != "axios.create":
            continue
        base = ""
        config = strip(parts[1][0]) if parts[1] else None
        for pair in config.named_children if config is not None and config.type == "object" else []:
            if pair.type == "pair" and ir.js_key(pair.child_by_field_name("key")) == "baseURL":
                value = strip(pair.child_by_field_name("value"))
                text = url_of(value) if value is not None else None
                if text is None and value is not None and value.type == "string":
                    text = _SCHEME_HOST.sub("", ir.js_string(value))
                base = "{}" if text is None else text.rstrip("/")
        out[T.text(name)] = base
    return out


def _shorthand(pattern: ts.Node, name: str) -> bool:
    """True when ``{name}`` appears as a plain shorthand in a destructuring pattern."""
    return any(
        c.type == "shorthand_property_identifier_pattern" and T.text(c) == name
        for c in pattern.named_children
    )


def _strip_pattern(uses: reads.Uses, strip: str) -> reads.Uses:
    kept = [
        r.__class__(r.path[1:], r.line, r.text, r.in_condition, max(r.guarded - 1, 0))
        for r in uses.reads
        if r.path[:1] == (strip,) and len(r.path) > 1
    ]
    return reads.Uses(kept, uses.escapes)


def extract_ts_contracts(source: SourceFile) -> tuple[Fact, ...]:
    """Producers, routes, re-exports, consumers and test doubles of one JS/TS/TSX file."""
    if source.path.lower().endswith((".d.ts", ".d.mts", ".d.cts")):
        return ()
    root = source.tree.root_node
    caps = T.captures(T.query(source.language, "contract_code", "javascript"), root)
    imports = source.model(JsModel).bindings()
    exports = _exports(caps.get("export", []), root)
    functions = _function_names(caps)
    decls = Declarations(root)
    facts = _producers(source.path, caps, exports, decls, imports)
    facts += decls.records(source.path)
    facts += extract_routes(source.path, caps, functions, route_bodies, imports, exports)
    facts += _reexports(source.path, caps.get("export", []), imports, exports)
    instances = b"axios.create" in source.data
    facts += _consumers(source.path, caps, imports, set(functions), instances)
    facts += extract_mocks(source.path, caps, imports, function_shape)
    return tuple(sorted(facts, key=lambda f: (f.line, type(f).__name__, f.symbol)))


register("javascript", (".js", ".mjs", ".cjs", ".jsx"), extract_ts_contracts)
register("typescript", (".ts", ".mts", ".cts"), extract_ts_contracts)
register("tsx", (".tsx",), extract_ts_contracts)
