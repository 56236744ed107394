"""Express, Hono and Fastify route handlers as HTTP producers.

``app.get('/api/orders/:id', (req, res) => res.json({...}))``, ``router.post(...)``
with ``res.status(201).json(...)`` / ``res.send(...)``, Hono's
``app.get('/x', (c) => c.json({...}))`` and a Fastify handler's returned literal
produce the body they send under the route ``GET /api/orders/{}``. A router gets
the prefix it is mounted under in the same file (``app.use('/api', router)``,
``app.route('/api', sub)``, ``new Hono().basePath('/api')``); a router another
module mounts is named by its export (``mount``) and a ``JsMount`` fact gives the
prefix, so the validator can name its routes. A handler imported from another
module is named too (``declared``: what it sends). A handler that hands its
response object to other code sends a body we cannot see (unknown).
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.routes import normalise_route
from ..facts import Fact, symbol_id
from ..facts.contracts import RESPONSE, JsMount, Producer, Shape, union, unknown
from . import strings as js_strings
from .model import Imports

# handler function, names of its response objects -> the bodies it sends ([] for none seen)
BodyShapes = Callable[[ts.Node, frozenset[str]], list[Shape]]

_FUNCTIONS = {"arrow_function", "function_expression", "function", "function_declaration"}
_ROUTERS = {"Router", "express.Router"}
_MOUNTS = {"use", "route"}
_DEPTH = 6


def _strip(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type in (
        "parenthesized_expression",
        "as_expression",
        "satisfies_expression",
        "non_null_expression",
    ):
        node = node.named_children[0] if node.named_children else None
    return node


def _args(call: ts.Node) -> list[ts.Node]:
    args = call.child_by_field_name("arguments")
    return [a for a in (args.named_children if args is not None else []) if a.type != "comment"]


def params_of(function: ts.Node) -> list[str]:
    """The parameter names of a function ("" for a destructured one)."""
    params = function.child_by_field_name("parameters")
    if params is None:
        single = function.child_by_field_name("parameter")
        return [T.text(single)] if single is not None else []
    out = []
    for param in params.named_children:
        pattern = param.child_by_field_name("pattern") if param.type != "identifier" else param
        out.append(T.text(pattern) if pattern is not None and pattern.type == "identifier" else "")
    return out


class _Apps:
    """What the file says about its app and router objects: routers, mounts, base paths."""

    def __init__(self, bindings: list[ts.Node], mounts: list[ts.Node], imports: Imports) -> None:
        self.routers: set[str] = set()
        self.inline_exports: set[str] = set()  # export const router = Router()
        self.foreign: list[tuple[ts.Node, str, str, str, str]] = []  # mounts of imported routers
        self.base: dict[str, str] = {}
        self.mounted: dict[str, list[tuple[str, str]]] = {}  # router -> [(parent, prefix)]
        for node in bindings:
            name = node.child_by_field_name("name")
            value = _strip(node.child_by_field_name("value"))
            if name is None or name.type != "identifier" or value is None:
                continue
            created = ir.from_js(value)
            statement = node.parent.parent if node.parent is not None else None
            if statement is not None and statement.type == "export_statement":
                self.inline_exports.add(T.text(name))
            if isinstance(created, ir.Call) and (
                ir.dotted(created.func) in _ROUTERS
                or (isinstance(created.func, ir.Attr) and created.func.name == "Router")
            ):
                self.routers.add(T.text(name))
            if isinstance(created, ir.Call) and isinstance(created.func, ir.Attr):
                first = created.args[0] if created.args else None
                if (
                    created.func.name == "basePath"
                    and isinstance(first, ir.Lit)
                    and isinstance(first.value, str)
                ):
                    self.base[T.text(name)] = first.value
        for call in mounts:
            callee = ir.from_js(call.child_by_field_name("function"))
            args = _args(call)
            if not isinstance(callee, ir.Attr) or callee.name not in _MOUNTS or len(args) < 2:
                continue
            prefix = ir.from_js(args[0])
            child = _strip(args[-1])
            parent = ir.dotted(callee.obj)
            source = _imported(child, imports)
            if isinstance(prefix, ir.Lit) and isinstance(prefix.value, str) and source and parent:
                self.foreign.append((call, parent, prefix.value, *source))
                continue
            if (
                isinstance(prefix, ir.Lit)
                and isinstance(prefix.value, str)
                and child is not None
                and child.type == "identifier"
                and parent
            ):
                self.mounted.setdefault(T.text(child), []).append((parent, prefix.value))

    def prefix(self, owner: str, depth: int = 0) -> str | None:
        """The URL prefix of an app/router's routes; None when it cannot be named here."""
        if depth > _DEPTH:
            return None
        mounts = self.mounted.get(owner, [])
        if len(mounts) > 1:
            return None
        own = self.base.get(owner, "")
        if mounts:
            parent, prefix = mounts[0]
            above = self.prefix(parent, depth + 1)
            return None if above is None else above + prefix.rstrip("/") + own
        if owner in self.routers:
            return None
        return own


def _imported(node: ts.Node | None, imports: Imports) -> tuple[str, str] | None:
    """(module, name) of a router that comes from another module: an imported name or an
    inline ``require('./routes')``; a required module object is its ``default``."""
    if node is None:
        return None
    if node.type == "identifier" and T.text(node) in imports:
        module, name = imports[T.text(node)]
        return module, "default" if name == "*" else name
    call = ir.from_js(node)
    if isinstance(call, ir.Call) and ir.dotted(call.func) == "require" and len(call.args) == 1:
        spec = call.args[0]
        if isinstance(spec, ir.Lit) and isinstance(spec.value, str):
            return spec.value, "default"
    return None


def _test_file(path: str) -> bool:
    parts = path.split("/")
    return any(p in ("test", "tests", "__tests__", "spec", "__mocks__") for p in parts[:-1]) or any(
        f".{kind}." in parts[-1] for kind in ("test", "spec")
    )


def imported_name(first: str, rest: str) -> str:
    """The name ``x.rest`` reaches in the module ``x`` is imported from (``first`` is the
    imported name): ``ns.f`` of ``import * as ns`` or ``require`` is ``f``; a required module
    used itself is its ``default``; ``api.f`` of a default import is ``default.f``."""
    if first == "*":
        return rest or "default"
    return f"{first}.{rest}" if rest else first


def _handler(
    call: ts.Node, functions: dict[str, ts.Node], imports: Imports
) -> ts.Node | str | None:
    """The handler function of a route, or ``<module>#<name>`` of an imported one."""
    args = _args(call)
    last = _strip(args[-1]) if len(args) >= 2 else None
    if last is None:
        return None
    if last.type == "identifier" and T.text(last) in functions:
        return functions[T.text(last)]
    if last.type in ("identifier", "member_expression"):
        head, dot, rest = ir.dotted(ir.from_js(last)).partition(".")
        if head in imports and "." not in rest:
            module, first = imports[head]
            return f"{module}#{imported_name(first, rest if dot else '')}"
        return None
    return last if last.type in _FUNCTIONS else None


def extract_routes(
    path: str,
    caps: dict[str, list[ts.Node]],
    functions: dict[str, ts.Node],
    bodies: BodyShapes,
    imports: Imports,
    exports: dict[str, set[str]],
) -> list[Fact]:
    """A producer per route whose handler sends a body, and the prefixes imported routers
    are mounted under. Routes a test declares are a stub server standing in for the real
    one, not the contract itself."""
    if _test_file(path):
        return []
    apps = _Apps(caps.get("binding", []), caps.get("mount", []), imports)
    facts: list[Fact] = []
    for call, parent, prefix, module, imported in apps.foreign:
        above = apps.prefix(parent)
        if above is not None:
            facts.append(
                JsMount(
                    file=path,
                    line=T.line_of(call),
                    symbol=symbol_id(path, f"{above}{prefix}"),
                    prefix=above.rstrip("/") + prefix,
                    module=module,
                    imported=imported,
                )
            )
    for call in caps.get("route", []):
        callee = call.child_by_field_name("function")
        if callee is None:
            continue
        verb = T.text(callee.child_by_field_name("property"))
        owner = ir.dotted(ir.from_js(callee.child_by_field_name("object")))
        first = _strip(_args(call)[0]) if _args(call) else None
        handler = _handler(call, functions, imports)
        if not owner or first is None or first.type != "string" or handler is None:
            continue
        route_path = js_strings.string_text(first)
        if not route_path.startswith("/"):
            continue
        # A router nobody mounts here serves its routes under a prefix another module gives.
        mount = _export_name(owner, exports, apps) if owner not in apps.mounted else ""
        prefix = apps.prefix(owner)
        route = normalise_route((prefix or "").rstrip("/") + route_path)
        served = prefix is not None and any(s and s != "{}" for s in route.split("/"))
        if not served and not mount:
            continue
        declared = ""
        if isinstance(handler, str):
            # Sent by a handler of another module: the validator takes its response.
            shape, declared = unknown(T.line_of(call)), handler + RESPONSE
        else:
            shapes = bodies(handler, frozenset(p for p in params_of(handler) if p))
            if not shapes:
                continue
            shape = union(shapes, T.line_of(handler))
        name = f"{verb.upper()} {route}"
        facts.append(
            Producer(
                file=path,
                line=T.line_of(call),
                symbol=symbol_id(path, name),
                name=name,
                shape=shape,
                route=name if served else "",
                exported=True,
                declared=declared,
                mount=mount,
            )
        )
    return facts


def _export_name(owner: str, exports: dict[str, set[str]], apps: _Apps) -> str:
    """The name another module imports a router/app by ("default" first), or ""."""
    names = set(exports.get(owner, set()))
    if owner in apps.inline_exports:
        names.add(owner)
    names = {n for n in names if "." not in n}
    if not names:
        return ""
    return "default" if "default" in names else sorted(names)[0]
