"""Contract facts of Python code: producers, HTTP routes, consumers, doubles, records, aliases.

Producers are functions with ``return`` statements; the returned shape follows
dicts built step by step (``result["details"] = {...}``, ``result.update(...)``,
``dict(a=1, **x)``); a function whose returns show no fields but whose annotation names a
class (``-> Order``) carries that class's qualified name for the validator to join with
the class's ``Record`` (``records``). FastAPI/Flask route decorators make a producer
an HTTP route; a FastAPI route also names the model it serialises through
(``response_model=``, or its ``-> Order``), whose JSON the validator puts in its place.
Consumers are values bound from calls of imported or local functions, or from
``requests``/``httpx`` responses (``.json()``). Test doubles are read by
``doubles``. Import aliases and relative imports are resolved by the file's semantic
model (``model``), so facts carry qualified names; module-level imports are also kept as
``PyAlias`` facts so that the validator can follow re-exports across files.
"""

from __future__ import annotations

import re
from dataclasses import replace

import tree_sitter as ts

from ..common import ir, reads
from ..common import treesitter as T
from ..common.code_shapes import Env, shape_of
from ..common.dispatch import SourceFile, register
from ..common.routes import normalise_route
from ..common.shapes import assign, spread_into
from ..facts import Fact
from ..facts.contracts import (
    ARRAY,
    OBJECT,
    UNION,
    Consumer,
    Producer,
    PyAlias,
    Shape,
    obj,
    union,
    unknown,
)
from .adapter import PYTHON
from .doubles import Doubles
from .model import PythonModel, qualname
from .records import annotated_class, functional_records, records
from .wire import model_type

_NESTED = {"function_definition", "class_definition", "decorated_definition", "lambda"}
_HTTP_CLIENTS = {"requests", "httpx", "session", "client", "self.session", "self.client"}
_HTTP_VERBS = {"get", "post", "put", "patch", "delete", "head", "request"}
_ROUTE_VERBS = {"get", "post", "put", "patch", "delete", "head", "options"}


def _target(expr: ir.Expr) -> tuple[str, tuple[str, ...]] | None:
    path: list[str] = []
    while isinstance(expr, ir.Attr):
        path.append(expr.name)
        expr = expr.obj
    if isinstance(expr, ir.Name) and path:
        return expr.id, tuple(reversed(path))
    return None


def _walk(node: ts.Node, env: Env, returns: list[Shape], needed: set[str]) -> None:
    for child in node.named_children:
        kind = child.type
        if kind in _NESTED:
            continue
        if kind == "return_statement":
            value = child.named_children[0] if child.named_children else None
            if value is not None:
                returns.append(shape_of(ir.from_py(value), env))
            continue
        if kind == "expression_statement" and child.named_children:
            statement = child.named_children[0]
            _open_mutated(statement, env)
            if _root_name(statement) in needed:
                _statement(statement, env)
            continue
        _walk(child, env, returns, needed)


# Methods that add keys to a dict in ways a literal cannot show, and callees known not to
# change their arguments.
_MUTATORS = frozenset({"setdefault", "pop", "popitem", "clear", "__setitem__"})
_READ_ONLY_CALLEES = frozenset(
    {
        "print",
        "len",
        "str",
        "repr",
        "bool",
        "isinstance",
        "sorted",
        "list",
        "tuple",
        "set",
        "dict",
        "id",
        "type",
        "hash",
        "json.dumps",
        "copy.deepcopy",
        "copy.copy",
    }
)


def _open_mutated(statement: ts.Node, env: Env) -> None:
    """A dict changed by a method (``out.setdefault(k, [])``) or handed to a function that
    may fill it (``fill(out)``) holds keys we cannot list: its shape becomes open."""
    stack = [statement]
    while stack:
        node = stack.pop()
        if node.type in _NESTED or node.type == "lambda":
            continue
        stack.extend(node.named_children)
        if node.type != "call":
            continue
        function = node.child_by_field_name("function")
        if function is None:
            continue
        if function.type == "attribute":
            owner = function.child_by_field_name("object")
            method = function.child_by_field_name("attribute")
            if (
                owner is not None
                and owner.type == "identifier"
                and method is not None
                and T.text(method) in _MUTATORS
            ):
                _open_name(T.text(owner), env)
        callee = T.text(function)
        if callee in _READ_ONLY_CALLEES or callee.split(".", 1)[0] in ("log", "logger", "logging"):
            continue
        arguments = node.child_by_field_name("arguments")
        for argument in arguments.named_children if arguments is not None else ():
            if argument.type == "identifier":
                _open_name(T.text(argument), env)


def _open_name(name: str, env: Env) -> None:
    shape = env.get(name)
    if shape is not None and shape.kind == OBJECT and not shape.open:
        env[name] = replace(shape, open=True)


def _root_name(node: ts.Node | None) -> str:
    """The local name an assignment writes to (``r`` of ``r["a"]["b"] = v``) or a method call
    is made on (``r`` of ``r.update(...)``); "" for anything else."""
    if node is None:
        return ""
    if node.type == "assignment":
        node = node.child_by_field_name("left")
    elif node.type == "call":
        node = node.child_by_field_name("function")
    while node is not None and node.type in ("subscript", "attribute"):
        node = node.child_by_field_name("value" if node.type == "subscript" else "object")
    return T.text(node) if node is not None and node.type == "identifier" else ""


def _names(node: ts.Node) -> set[str]:
    out: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier":
            out.add(T.text(current))
        elif current.type not in _NESTED:
            stack.extend(current.named_children)
    return out


def _needed(body: ts.Node) -> tuple[set[str], bool]:
    """Local names whose value may flow into a ``return`` (only those are followed), and
    whether the body returns a value at all."""
    returned: set[str] = set()
    writes: list[tuple[str, ts.Node]] = []
    has_return = False
    stack = [body]
    while stack:
        node = stack.pop()
        if node.type in _NESTED:
            continue
        if node.type == "return_statement":
            if node.named_children:
                has_return = True
                returned |= _names(node)
            continue
        if node.type == "assignment":
            right = node.child_by_field_name("right")
            if right is not None:
                writes.append((_root_name(node), right))
            continue
        stack.extend(node.named_children)
    for _ in range(3):
        before = len(returned)
        for root, right in writes:
            if root in returned:
                returned |= _names(right)
        if len(returned) == before:
            break
    return returned, has_return


def _open_root(left: ts.Node | None, env: Env) -> None:
    """``d[key] = v`` with a computed key: ``d`` is a map whose keys we cannot list."""
    while left is not None and left.type in ("subscript", "attribute"):
        inner = left.child_by_field_name("value" if left.type == "subscript" else "object")
        if left.type == "subscript" and inner is not None:
            index = left.child_by_field_name("subscript")
            if index is None or ir.py_string(index) is None:
                root = inner
                while root is not None and root.type in ("subscript", "attribute"):
                    field_name = "value" if root.type == "subscript" else "object"
                    root = root.child_by_field_name(field_name)
                if root is not None and root.type == "identifier" and T.text(root) in env:
                    shape = env[T.text(root)]
                    if shape.kind == OBJECT:
                        env[T.text(root)] = replace(shape, open=True)
                return
        left = inner


def _statement(node: ts.Node, env: Env) -> None:
    if node.type == "assignment":
        _open_root(node.child_by_field_name("left"), env)
        left = ir.from_py(node.child_by_field_name("left"))
        right = node.child_by_field_name("right")
        if right is None:
            return
        value = shape_of(ir.from_py(right), env)
        if isinstance(left, ir.Name):
            env[left.id] = value
            return
        target = _target(left)
        if target is not None and target[0] in env:
            env[target[0]] = assign(env[target[0]], target[1], value, T.line_of(node))
        return
    expr = ir.from_py(node)
    if isinstance(expr, ir.Call) and isinstance(expr.func, ir.Attr) and expr.func.name == "update":
        owner = expr.func.obj
        if isinstance(owner, ir.Name) and owner.id in env:
            base = env[owner.id]
            fields = {f.name: f for f in base.fields} if base.kind == OBJECT else {}
            opened = base.kind != OBJECT or base.open
            for arg in expr.args:
                opened = spread_into(fields, shape_of(arg, env)) or opened
            extra = ir.ObjLit(expr.line, expr.kwargs)
            opened = spread_into(fields, shape_of(extra, env)) or opened
            env[owner.id] = obj(fields, open=opened, line=base.line)


def function_shape(function: ts.Node) -> Shape | None:
    """The union of what a function returns, or None without a ``return`` of a value."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    needed, has_return = _needed(body)
    if not has_return:
        return None
    returns: list[Shape] = []
    _walk(body, {}, returns, needed)
    if not returns:
        return None
    return union(returns, T.line_of(function))


def _prefixes(root: ts.Node) -> dict[str, str]:
    """Router/blueprint variable -> URL prefix (``APIRouter(prefix=...)``, ``url_prefix=``)."""
    out: dict[str, str] = {}
    for stmt in root.named_children:
        node = stmt.named_children[0] if stmt.type == "expression_statement" else None
        if node is None or node.type != "assignment":
            continue
        value = ir.from_py(node.child_by_field_name("right"))
        left = ir.from_py(node.child_by_field_name("left"))
        if isinstance(value, ir.Call) and isinstance(left, ir.Name):
            kw = dict(value.kwargs)
            prefix = kw.get("prefix") or kw.get("url_prefix")
            if isinstance(prefix, ir.Lit) and isinstance(prefix.value, str):
                out[left.id] = prefix.value
    return out


def _route(function: ts.Node, prefixes: dict[str, str]) -> str:
    parent = function.parent
    if parent is None or parent.type != "decorated_definition":
        return ""
    for decorator in parent.named_children:
        if decorator.type != "decorator" or not decorator.named_children:
            continue
        call = ir.from_py(decorator.named_children[0])
        if not isinstance(call, ir.Call) or not isinstance(call.func, ir.Attr) or not call.args:
            continue
        first = call.args[0]
        if not isinstance(first, ir.Lit) or not isinstance(first.value, str):
            continue
        verb = call.func.name
        owner = ir.dotted(call.func.obj)
        prefix = prefixes.get(owner, "")
        if verb in _ROUTE_VERBS:
            return f"{verb.upper()} {normalise_route(prefix + first.value)}"
        if verb == "route":
            methods = dict(call.kwargs).get("methods")
            method = "GET"
            if isinstance(methods, ir.ArrLit) and methods.items:
                head = methods.items[0]
                if isinstance(head, ir.Lit) and isinstance(head.value, str):
                    method = head.value.upper()
            return f"{method} {normalise_route(prefix + first.value)}"
    return ""


def _route_call(function: ts.Node) -> ts.Node | None:
    """The call of a function's route decorator (``@router.get("/x", ...)``), or None."""
    parent = function.parent
    if parent is None or parent.type != "decorated_definition":
        return None
    for decorator in parent.named_children:
        call = decorator.named_children[0] if decorator.named_children else None
        if decorator.type != "decorator" or call is None or call.type != "call":
            continue
        callee = call.child_by_field_name("function")
        method = callee.child_by_field_name("attribute") if callee is not None else None
        verb = T.text(method) if method is not None else ""
        if callee is not None and callee.type == "attribute" and verb in _ROUTE_VERBS | {"route"}:
            return call
    return None


_PARTIAL = (
    "response_model_exclude_none",
    "response_model_exclude_unset",
    "response_model_exclude_defaults",
)


Response = tuple[str, bool, bool, bool]  # model, by alias, a list of them, fields may be left out
_NO_MODEL: Response = ("", True, False, False)


def _response(model: PythonModel, function: ts.Node) -> Response | None:
    """How a FastAPI route serialises its result: through ``response_model=`` or, without
    one, the class its return annotation names. No model: ``_NO_MODEL``; None when the body
    sent cannot be known (``response_model_include=``, a model that is no class)."""
    call = _route_call(function)
    if call is None:
        return _NO_MODEL
    options: dict[str, ts.Node] = {}
    arguments = call.child_by_field_name("arguments")
    for argument in arguments.named_children if arguments is not None else ():
        value = argument.child_by_field_name("value")
        if argument.type == "keyword_argument" and value is not None:
            options[T.text(argument.child_by_field_name("name"))] = value
    declared = options.get("response_model")
    fastapi = any(q.split(".", 1)[0] == "fastapi" for q in model.qualified.values())
    if declared is not None and declared.type == "none":
        return _NO_MODEL  # FastAPI sends the value as returned
    if declared is None:
        annotation = function.child_by_field_name("return_type")
        if not fastapi or annotation is None or T.text(annotation).endswith("Response"):
            return _NO_MODEL
        target = model_type(T.text(annotation))
        if target is None:
            return _NO_MODEL
    else:
        target = model_type(T.text(declared))
        if target is None or "response_model_include" in options:
            return None
        if "response_model_exclude" in options:
            return None
    by_alias = options.get("response_model_by_alias")
    if by_alias is not None and T.text(by_alias) not in ("True", "False"):
        return None
    name, many = target
    imported = name.partition(".")[0] in model.qualified
    return (
        model.resolve(name) if imported else f"{model.module}.{name}",
        by_alias is None or T.text(by_alias) == "True",
        many,
        any(k in options and T.text(options[k]) != "False" for k in _PARTIAL),
    )


def _declared(model: PythonModel, function: ts.Node, shape: Shape) -> str:
    """The qualified class a function's return annotation names, when its returns show no
    fields of their own (``return Order(...)``)."""
    options = shape.options if shape.kind == UNION else (shape,)
    if any(o.kind in (OBJECT, ARRAY) for o in options):
        return ""
    parent = function.parent
    decorated = parent is not None and parent.type == "decorated_definition"
    if decorated and "response_model" in T.text(parent):
        return ""  # the route serialises another class than the one it returns
    name = annotated_class(function)
    if not name:
        return ""
    if name.partition(".")[0] in model.qualified:
        return model.resolve(name)
    return f"{model.module}.{name}"


def _aliases(model: PythonModel) -> list[Fact]:
    """The names module-level imports bind (``from .client import fetch``): a consumer that
    imports ``fetch`` from this module reaches ``client.fetch`` through them."""
    lines = {bound.local: bound.line for bound in model.imports if bound.top_level}
    return [
        PyAlias(
            file=model.path,
            line=lines[name],
            symbol=model.path,
            name=name,
            qualified=model.qualified[name],
        )
        for name in sorted(lines)
        if name in model.qualified and not model.qualified[name].startswith("__future__")
    ]


def _producers(model: PythonModel, root: ts.Node, functions: list[ts.Node]) -> list[Fact]:
    path, imports = model.path, model.qualified
    prefixes = _prefixes(root)
    facts: list[Fact] = []
    for function in functions:
        shape = function_shape(function)
        if shape is None:
            continue
        name = qualname(function)
        declared = _declared(model, function, shape) if "." not in name else ""
        response = _response(model, function)
        if response is None:
            shape, response = unknown(T.line_of(function)), _NO_MODEL
        delegates: tuple[tuple[str, str], ...] = ()
        options = shape.options if shape.kind == "union" else (shape,)
        if not declared and not any(o.kind in ("object", "array") for o in options):
            called = reads.returned_calls(function, PYTHON) or []
            delegates = tuple(
                tuple(imports[n].rpartition(".")[::2]) if n in imports else ("", n)
                for n in called
                if n != name
            )
        facts.append(
            Producer(
                file=path,
                line=T.line_of(function),
                symbol=f"{path}::{name}",
                name=name,
                shape=shape,
                route=_route(function, prefixes),
                exported=not name.split(".")[-1].startswith("_"),
                declared=declared,
                delegates=delegates,
                response_model=response[0],
                response_by_alias=response[1],
                response_many=response[2],
                response_partial=response[3],
            )
        )
    return facts


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


def _consumers(model: PythonModel, caps: dict[str, list[ts.Node]], local: set[str]) -> list[Fact]:
    path, imports = model.path, model.qualified
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
            elif head in imports:
                qualified = imports[head] + (f".{rest}" if rest else "")
            elif dotted in local:
                qualified = f"{model.module}.{dotted}"
            else:
                continue
            source, target = "call", dotted
        scope = reads.enclosing_scope(node, PYTHON)
        uses = reads.uses_of(T.text(name), scope, node.end_byte, index, syntax=PYTHON)
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
                if callee.partition(".")[0] in model.qualified:
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


def extract_py_contracts(source: SourceFile) -> tuple[Fact, ...]:
    """Producers, routes, consumers and mocks of one Python file."""
    root = source.tree.root_node
    caps = source.captures("contract_code", "python")
    model = source.model(PythonModel)
    functions = caps.get("function", [])
    local = {qualname(f) for f in functions}
    facts = _producers(model, root, functions)
    facts += _consumers(model, caps, local)
    facts += Doubles(source.path, caps, model.qualified, function_shape).facts()
    facts += records(source.path, caps.get("class", []), model.qualified)
    facts += functional_records(source.path, caps.get("binding", []))
    facts += _aliases(model)
    return tuple(sorted(facts, key=lambda f: (f.line, type(f).__name__, f.symbol)))


register("python", (".py",), extract_py_contracts)
