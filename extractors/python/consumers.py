"""Python consumers: values bound from calls of imported or local functions, methods of
instances, or ``requests``/``httpx`` responses (``.json()``), with the fields later read."""

from __future__ import annotations

import re

import tree_sitter as ts

from ..common import ir, reads
from ..common import treesitter as T
from ..facts import Fact
from ..facts.contracts import Consumer
from .adapter import PYTHON
from .model import PythonModel

_HTTP_CLIENTS = {"requests", "httpx", "session", "client", "self.session", "self.client"}

_HTTP_VERBS = {"get", "post", "put", "patch", "delete", "head", "request"}


def _http_call(expr: ir.Expr) -> tuple[str, str] | None:
    """(url, method) of ``requests.get(url)``-like calls."""
    if not isinstance(expr, ir.Call) or not isinstance(expr.func, ir.Attr) or not expr.args:
        return None
    verb = expr.func.name
    if verb not in _HTTP_VERBS or ir.dotted(expr.func.obj) not in _HTTP_CLIENTS:
        return None
    url = _url(expr.args[1] if verb == "request" and len(expr.args) > 1 else expr.args[0])
    if url is None:
        return None
    method = verb.upper()
    if verb == "request" and isinstance(expr.args[0], ir.Lit):
        method = str(expr.args[0].value).upper()
    return url, method


def _url(expr: ir.Expr) -> str | None:
    if isinstance(expr, ir.Lit) and isinstance(expr.value, str):
        text = expr.value
    elif isinstance(expr, ir.Template):
        text = "".join("{}" if p is None else p for p in expr.parts)
    else:
        return None
    text = re.sub(r"^[a-zA-Z][\w+.-]*://[^/]+", "", text).split("?", 1)[0]
    return text if "/" in text else None


def _strip_await(node: ts.Node | None) -> ts.Node | None:
    while node is not None and node.type in ("await", "parenthesized_expression"):
        node = node.named_children[0] if node.named_children else None
    return node


def consumers(model: PythonModel, caps: dict[str, list[ts.Node]], local: set[str]) -> list[Fact]:
    """A Consumer per value bound from a call the file can name, with the reads made on it.
    A value bound at module level to a public name escapes: its readers are the importers."""
    path = model.path
    facts: list[Fact] = []
    responses: dict[str, tuple[str, str]] = {}
    index = reads.Identifiers(caps.get("ident", []))
    instances = _instances(model, caps.get("binding", []), local)
    for node in caps.get("binding", []):
        name = node.child_by_field_name("left")
        value = _strip_await(node.child_by_field_name("right"))
        if name is None or value is None or name.type != "identifier" or value.type != "call":
            continue
        expr = ir.from_py(value)
        assert isinstance(expr, ir.Call)
        request = _http_call(expr)
        if request is not None:
            responses[T.text(name)] = request
            continue
        source, target, qualified, method = "", "", "", ""
        instance: str | None = None
        callee = expr.func
        if isinstance(callee, ir.Attr) and callee.name == "json" and not expr.args:
            inner = callee.obj
            body = responses.get(inner.id) if isinstance(inner, ir.Name) else _http_call(inner)
            if body is None:
                continue
            source, target, method = "http", body[0], body[1]
        else:
            dotted = ir.dotted(callee)
            if not dotted:
                continue
            head, _, rest = dotted.partition(".")
            instance = _instance_of(instances, head, node) if rest and "." not in rest else None
            if instance is not None:
                # ``client = Client(); client.get(...)``: the method of the class.
                module, _, cls = instance.rpartition(".")
                qualified = f"{module}.{cls}.{rest}"
            elif model.imported_at(head, node):  # not a parameter or local of that name
                qualified = model.resolve(dotted)
            elif dotted in local:
                qualified = f"{model.module}.{dotted}"
            else:
                continue
            source, target = "call", dotted
        scope = reads.enclosing_scope(node, PYTHON)
        uses = reads.uses_of(T.text(name), scope, node.end_byte, index, syntax=PYTHON)
        if scope.parent is None and not T.text(name).startswith("_"):
            # A public module attribute: any importer may read the value.
            uses = reads.Uses(uses.reads, escapes=True)
        module, _, imported = qualified.rpartition(".")
        if instance is not None and source == "call":
            module, imported = instance.rpartition(".")[0], f"{instance.rpartition('.')[2]}.{rest}"
        facts.append(
            Consumer(
                file=path,
                line=T.line_of(node),
                symbol=model.symbol(scope),
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


def _instances(
    model: PythonModel, bindings: list[ts.Node], local: set[str]
) -> dict[tuple[int, str], list[tuple[int, str]]]:
    """``name = Class(...)`` per (scope, name): where it is bound and the qualified class.
    A callee counts as a class when its name is capitalised (PEP 8) and it is imported or
    has methods in this file."""
    classes = {q.rsplit(".", 1)[0] for q in local if "." in q}
    out: dict[tuple[int, str], list[tuple[int, str]]] = {}
    for node in bindings:
        left = node.child_by_field_name("left")
        if left is None or left.type != "identifier":
            continue
        scope = reads.enclosing_scope(node, PYTHON)
        right = _strip_await(node.child_by_field_name("right"))
        qualified = ""
        if right is not None and right.type == "call":
            callee = ir.dotted(ir.from_py(right.child_by_field_name("function")))
            last = callee.rsplit(".", 1)[-1]
            if last[:1].isupper():
                if model.imported_at(callee.partition(".")[0], right):
                    qualified = model.resolve(callee)
                elif callee in classes:
                    qualified = f"{model.module}.{callee}"
        out.setdefault((scope.id, T.text(left)), []).append((node.start_byte, qualified))
    return out


def _instance_of(
    instances: dict[tuple[int, str], list[tuple[int, str]]], name: str, at: ts.Node
) -> str | None:
    """The class ``name`` holds an instance of where ``at`` uses it: the last binding before
    it in the same function, else a module-level one that is never rebound."""
    scope = reads.enclosing_scope(at, PYTHON)
    steps = sorted(instances.get((scope.id, name), []))
    before = [q for start, q in steps if start < at.start_byte]
    if before:
        return before[-1] or None
    if steps or scope.type == "module":
        return None
    root = scope
    while root.parent is not None:
        root = root.parent
    module_steps = {q for _, q in instances.get((root.id, name), [])}
    if len(module_steps) != 1:
        return None
    return module_steps.pop() or None
