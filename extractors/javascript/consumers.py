"""JS/TS consumers: values bound from a call of an imported or local function, or from an
HTTP request (``fetch`` + ``.json()``, ``axios``), with the fields later code reads on them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import tree_sitter as ts

from ..common import ir, reads
from ..common import treesitter as T
from ..facts import Fact
from ..facts.contracts import Consumer
from . import strings as js_strings
from .adapter import JAVASCRIPT
from .exports import Exports
from .model import Imports, call_parts, strip, symbol
from .patterns import keys
from .routes import imported_name

_FETCH = {"fetch", "window.fetch", "globalThis.fetch", "self.fetch"}

_AXIOS = re.compile(r"^axios(\.(get|post|put|patch|delete|request|head))?$")

_SCHEME_HOST = re.compile(r"^[a-zA-Z][\w+.-]*://[^/]+")

_CLIENT_VERBS = {"get", "post", "put", "patch", "delete", "head"}


def url_of(node: ts.Node | None) -> str | None:
    """A URL pattern from a string, template or ``+`` concatenation; ``{}`` where it varies."""
    node = strip(node)
    if node is None:
        return None
    if node.type == "string":
        text = js_strings.string_text(node)
    elif node.type == "template_string":
        text = "".join("{}" if p is None else p for p in js_strings.template_pieces(node))
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
                return js_strings.string_text(value).upper()
            return None
        if entry.type == "shorthand_property_identifier" and T.text(entry) == "method":
            return None
    return "GET"


def _fetch_request(node: ts.Node | None) -> tuple[str, str] | None:
    """(url, method) when ``node`` is ``fetch(url, opts)``."""
    parts = call_parts(node)
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
    parts = call_parts(node)
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


def consumers(
    path: str,
    caps: dict[str, list[ts.Node]],
    imports: Imports,
    local: set[str],
    instances: bool,
    is_import: Callable[[str, ts.Node], bool],
    exports: Exports,
) -> list[Fact]:
    """A Consumer per value bound from a call the file can name, with the reads made on it.
    ``is_import`` (the model's) tells whether a name read at a node is the imported one.
    A value bound to a name the module exports escapes: its readers are the importers."""
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
        parts = call_parts(value)
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
            if head in imports and is_import(head, value):
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
        if name.type == "identifier" and _exported(node, T.text(name), exports):
            uses = reads.Uses(uses.reads, escapes=True)
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


def _exported(binding: ts.Node, name: str, exports: Exports) -> bool:
    """True when a module-level binding's name is exported: ``export const x = f()``, or the
    name in ``export { x }``, ``export default x``, ``module.exports = { x }``."""
    declaration = binding.parent
    if declaration is None or declaration.parent is None:
        return False
    if declaration.parent.type == "export_statement":
        return True
    return declaration.parent.type == "program" and bool(exports.get(name))


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
        parts = call_parts(node.child_by_field_name("value"))
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
                    text = _SCHEME_HOST.sub("", js_strings.string_text(value))
                base = "{}" if text is None else text.rstrip("/")
        out[T.text(name)] = base
    return out


def _shorthand(pattern: ts.Node, name: str) -> bool:
    """True when ``{name}`` appears as a plain shorthand in a destructuring pattern."""
    return any(key == name == b.local and b.default is None for key, b in keys(pattern))


def _strip_pattern(uses: reads.Uses, strip: str) -> reads.Uses:
    kept = [
        replace(
            r,
            path=r.path[1:],
            guarded=max(r.guarded - 1, 0),
            checked=None if r.checked is None else max(r.checked - 1, 0),
        )
        for r in uses.reads
        if r.path[:1] == (strip,) and len(r.path) > 1
    ]
    return reads.Uses(kept, uses.escapes)
