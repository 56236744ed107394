"""Contract facts of JavaScript/TypeScript code: producers, consumers, imports, jest mocks.

Producers are functions with ``return`` statements (``export const handler =
async (event) => {...}``, ``export function f``, ``exports.handler = ...``); the
returned shape follows locals built step by step (``result.details = {...}``,
``Object.assign``). Consumers are values bound from a call of an imported or
local function, or from an HTTP request (``fetch`` + ``.json()``, ``axios``),
with the fields later code reads on them.
"""

from __future__ import annotations

import re
from dataclasses import replace

import tree_sitter as ts

from ralph_validate.extractors import treesitter as T
from ralph_validate.extractors.contract_facts import Consumer, Mock, Producer, Shape, obj, union
from ralph_validate.extractors.contracts import ir, reads
from ralph_validate.extractors.contracts.code_shapes import Env, shape_of
from ralph_validate.extractors.contracts.shapes import assign, spread_into
from ralph_validate.extractors.dispatch import SourceFile, register
from ralph_validate.extractors.facts import Fact

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


def _strip(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type in (
        "await_expression",
        "parenthesized_expression",
        "as_expression",
        "non_null_expression",
        "satisfies_expression",
    ):
        node = node.named_children[0] if node.named_children else None
    return node


def read_imports(nodes: list[ts.Node]) -> Imports:
    """Local names bound by ``import`` statements."""
    out: Imports = {}
    for node in nodes:
        source = node.child_by_field_name("source")
        if source is None:
            continue
        module = ir.js_string(source)
        for clause in node.named_children:
            if clause.type != "import_clause":
                continue
            for part in clause.named_children:
                if part.type == "identifier":
                    out[T.text(part)] = (module, "default")
                elif part.type == "namespace_import":
                    names = [c for c in part.named_children if c.type == "identifier"]
                    if names:
                        out[T.text(names[0])] = (module, "*")
                elif part.type == "named_imports":
                    for spec in part.named_children:
                        if spec.type != "import_specifier":
                            continue
                        name = spec.child_by_field_name("name")
                        alias = spec.child_by_field_name("alias")
                        out[T.text(alias or name)] = (module, T.text(name))
    return out


def _exports(nodes: list[ts.Node], root: ts.Node) -> dict[str, str]:
    """local name -> exported name, for ``export { a as b }`` and ``module.exports = {...}``."""
    out: dict[str, str] = {}
    for node in nodes:
        for clause in node.named_children:
            if clause.type == "export_clause":
                for spec in clause.named_children:
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias")
                    out[T.text(name)] = T.text(alias or name)
    for stmt in root.named_children:
        expr = stmt.named_children[0] if stmt.type == "expression_statement" else None
        if expr is None or expr.type != "assignment_expression":
            continue
        left = T.text(expr.child_by_field_name("left"))
        right = expr.child_by_field_name("right")
        if left == "module.exports" and right is not None and right.type == "object":
            for entry in right.named_children:
                if entry.type == "shorthand_property_identifier":
                    out[T.text(entry)] = T.text(entry)
                elif entry.type == "pair":
                    value = entry.child_by_field_name("value")
                    key = ir.js_key(entry.child_by_field_name("key"))
                    if value is not None and value.type == "identifier" and key:
                        out[T.text(value)] = key
    return out


def _target(expr: ir.Expr) -> tuple[str, tuple[str, ...]] | None:
    """(root name, field path) of an assignment target ``r.details.passed``."""
    path: list[str] = []
    while isinstance(expr, ir.Attr):
        path.append(expr.name)
        expr = expr.obj
    if isinstance(expr, ir.Name) and path:
        return expr.id, tuple(reversed(path))
    return None


def _walk(node: ts.Node, env: Env, returns: list[Shape]) -> None:
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
            _statement(ir.from_js(child.named_children[0]), child.named_children[0], env)
            continue
        if kind == "return_statement":
            value = child.named_children[0] if child.named_children else None
            if value is not None:
                returns.append(shape_of(ir.from_js(value), env))
            continue
        _walk(child, env, returns)


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
    if not returns:
        return None
    return union(returns, T.line_of(function))


def _producers(path: str, caps: dict[str, list[ts.Node]], exports: dict[str, str]) -> list[Fact]:
    facts: list[Fact] = []
    for node in caps.get("function", []):
        name = T.text(node.child_by_field_name("name"))
        exported = (node.parent is not None and node.parent.type == "export_statement") or (
            name in exports
        )
        facts += _producer(path, node, name, exported, exports)
    for node in caps.get("function.declarator", []):
        name = T.text(node.child_by_field_name("name"))
        value = node.child_by_field_name("value")
        decl = node.parent
        exported = (
            decl is not None and decl.parent is not None and decl.parent.type == "export_statement"
        ) or name in exports
        if value is not None and decl is not None and decl.parent is not None:
            facts += _producer(path, value, name, exported, exports, line=T.line_of(node))
    for target in caps.get("function.export", []):
        text = T.text(target)
        match = re.fullmatch(r"(?:module\.)?exports\.(\w+)", text)
        assignment = target.parent
        value = assignment.child_by_field_name("right") if assignment is not None else None
        if match and value is not None:
            facts += _producer(path, value, match.group(1), True, {}, line=T.line_of(target))
    return facts


def _producer(
    path: str,
    function: ts.Node,
    name: str,
    exported: bool,
    exports: dict[str, str],
    line: int = 0,
) -> list[Fact]:
    shape = function_shape(function)
    if shape is None:
        return []
    at = line or T.line_of(function)
    names = {name}
    if name in exports:
        names.add(exports[name])
    return [
        Producer(file=path, line=at, symbol=f"{path}::{n}", name=n, shape=shape, exported=exported)
        for n in sorted(names)
    ]


def url_of(node: ts.Node | None) -> str | None:
    """A URL pattern from a string, template or ``+`` concatenation; ``{}`` where it varies."""
    node = _strip(node)
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


def _method(options: ts.Node | None) -> str:
    options = _strip(options)
    if options is None or options.type != "object":
        return "GET"
    for pair in options.named_children:
        if pair.type == "pair" and ir.js_key(pair.child_by_field_name("key")) == "method":
            value = _strip(pair.child_by_field_name("value"))
            if value is not None and value.type == "string":
                return ir.js_string(value).upper()
    return "GET"


def _call_parts(node: ts.Node | None) -> tuple[str, list[ts.Node]] | None:
    node = _strip(node)
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
    if url is None:
        return None
    return url, _method(parts[1][1] if len(parts[1]) > 1 else None)


def _http_body(
    node: ts.Node | None, responses: dict[str, tuple[str, str]]
) -> tuple[str, str] | None:
    """(url, method) when ``node`` evaluates to a parsed JSON body of a known request."""
    node = _strip(node)
    parts = _call_parts(node)
    if parts is None or node is None:
        return None
    callee = _strip(node.child_by_field_name("function"))
    if callee is None or callee.type != "member_expression":
        return None
    method = T.text(callee.child_by_field_name("property"))
    receiver = _strip(callee.child_by_field_name("object"))
    if method == "json":
        if receiver is not None and receiver.type == "identifier":
            return responses.get(T.text(receiver))
        return _fetch_request(receiver)
    if method == "then" and parts[1] and "json()" in T.text(parts[1][0]):
        return _fetch_request(receiver)
    return None


def _consumers(
    path: str, caps: dict[str, list[ts.Node]], imports: Imports, local: set[str]
) -> list[Fact]:
    facts: list[Fact] = []
    index = reads.Identifiers(caps.get("ident", []))
    responses: dict[str, tuple[str, str]] = {}
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
        elif parts is not None and _AXIOS.match(parts[0]) and parts[1]:
            url = url_of(parts[1][0])
            if url is None:
                continue
            verb = parts[0].rsplit(".", 1)[-1] if "." in parts[0] else "get"
            source, target, method, strip = "http", url, verb.upper(), "data"
        elif parts is not None and parts[0]:
            head = parts[0].split(".", 1)[0]
            if head in imports:
                module, first = imports[head]
                imported = parts[0].split(".", 1)[1] if first == "*" and "." in parts[0] else first
                if first == "*" and "." not in parts[0]:
                    continue
            elif parts[0] not in local:
                continue
            source, target = "call", parts[0]
        else:
            continue
        scope = reads.enclosing_scope(node, python=False)
        if name.type == "identifier":
            uses = reads.uses_of(
                T.text(name), scope, node.end_byte, index, python=False, strip=strip
            )
        elif name.type == "object_pattern" and strip and _shorthand(name, strip):
            uses = reads.uses_of(strip, scope, node.end_byte, index, python=False)
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
                symbol=_symbol(path, scope),
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


def _symbol(path: str, scope: ts.Node) -> str:
    name = scope.child_by_field_name("name")
    if name is None and scope.parent is not None and scope.parent.type == "variable_declarator":
        name = scope.parent.child_by_field_name("name")
    return f"{path}::{T.text(name)}" if name is not None else ""


def _mocks(path: str, caps: dict[str, list[ts.Node]], imports: Imports) -> list[Fact]:
    facts: list[Fact] = []
    for node in caps.get("mock", []):
        callee = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if callee is None or args is None or not args.named_children:
            continue
        receiver = _strip(callee.child_by_field_name("object"))
        target = _mocked_name(receiver, imports)
        if target is None:
            continue
        shape = shape_of(ir.from_js(args.named_children[0]), {})
        facts.append(
            Mock(
                file=path,
                line=T.line_of(node),
                symbol=path,
                kind="jest.mock",
                target=target,
                shape=shape,
            )
        )
    return facts


def _mocked_name(receiver: ts.Node | None, imports: Imports) -> str | None:
    """``<module>#<name>`` of the imported function a mock call configures."""
    if receiver is None:
        return None
    if receiver.type == "call_expression":
        parts = _call_parts(receiver)
        if parts is None:
            return None
        if parts[0].endswith(".mocked") and parts[1]:
            return _mocked_name(_strip(parts[1][0]), imports)
        if parts[0].endswith(".spyOn") and len(parts[1]) >= 2:
            owner = _strip(parts[1][0])
            method = _strip(parts[1][1])
            if owner is not None and method is not None and method.type == "string":
                entry = imports.get(T.text(owner))
                if entry is not None and entry[1] == "*":
                    return f"{entry[0]}#{ir.js_string(method)}"
        return None
    dotted = ir.dotted(ir.from_js(receiver))
    head = dotted.split(".", 1)[0]
    if head not in imports:
        return None
    module, first = imports[head]
    if first == "*" and "." in dotted:
        return f"{module}#{dotted.split('.', 1)[1]}"
    return f"{module}#{first}" if first != "*" else None


def extract_ts_contracts(source: SourceFile) -> tuple[Fact, ...]:
    """Producers, consumers and jest mocks of one JS/TS/TSX file."""
    if source.path.lower().endswith((".d.ts", ".d.mts", ".d.cts")):
        return ()
    root = source.tree.root_node
    caps = T.captures(T.query(source.language, "contract_code", "javascript"), root)
    imports = read_imports(caps.get("import", []))
    exports = _exports(caps.get("export", []), root)
    local = {T.text(n.child_by_field_name("name")) for n in caps.get("function", [])}
    local |= {T.text(n.child_by_field_name("name")) for n in caps.get("function.declarator", [])}
    facts = _producers(source.path, caps, exports)
    facts += _consumers(source.path, caps, imports, local)
    facts += _mocks(source.path, caps, imports)
    return tuple(sorted(facts, key=lambda f: (f.line, type(f).__name__, f.symbol)))


register("javascript", (".js", ".mjs", ".cjs", ".jsx"), extract_ts_contracts)
register("typescript", (".ts", ".mts", ".cts"), extract_ts_contracts)
register("tsx", (".tsx",), extract_ts_contracts)
