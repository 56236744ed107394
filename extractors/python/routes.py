"""HTTP routes of FastAPI/Flask handlers and the model a FastAPI route serialises through.

``@router.get("/x")`` / ``@bp.route("/x", methods=[...])`` with the router's prefix; the
model is ``response_model=`` or, without one, the class the return annotation names.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.routes import normalise_route
from ..facts.contracts import ARRAY, OBJECT, UNION, Shape
from .model import PythonModel, decorator_parts, decorators
from .records import annotated_class
from .wire import model_type

_ROUTE_VERBS = {"get", "post", "put", "patch", "delete", "head", "options"}

_PARTIAL = (
    "response_model_exclude_none",
    "response_model_exclude_unset",
    "response_model_exclude_defaults",
)

Response = tuple[str, bool, bool, bool]  # model, by alias, a list of them, fields may be left out

NO_MODEL: Response = ("", True, False, False)


def route_prefixes(root: ts.Node) -> dict[str, str]:
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


def route_of(function: ts.Node, prefixes: dict[str, str]) -> str:
    """``GET /api/orders/{}`` of a function's route decorator, "" when it has none."""
    for decorator in decorators(function):
        call = ir.from_py(decorator_parts(decorator)[1])
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
    for decorator in decorators(function):
        callee, call = decorator_parts(decorator)
        if call is None:
            continue
        method = callee.child_by_field_name("attribute") if callee is not None else None
        verb = T.text(method) if method is not None else ""
        if callee is not None and callee.type == "attribute" and verb in _ROUTE_VERBS | {"route"}:
            return call
    return None


def response_of(model: PythonModel, function: ts.Node) -> Response | None:
    """How a FastAPI route serialises its result: through ``response_model=`` or, without
    one, the class its return annotation names. No model: ``NO_MODEL``; None when the body
    sent cannot be known (``response_model_include=``, a model that is no class)."""
    call = _route_call(function)
    if call is None:
        return NO_MODEL
    options: dict[str, ts.Node] = {}
    arguments = call.child_by_field_name("arguments")
    for argument in arguments.named_children if arguments is not None else ():
        value = argument.child_by_field_name("value")
        if argument.type == "keyword_argument" and value is not None:
            options[T.text(argument.child_by_field_name("name"))] = value
    declared = options.get("response_model")
    fastapi = any(q.split(".", 1)[0] == "fastapi" for q in model.qualified.values())
    if declared is not None and declared.type == "none":
        return NO_MODEL  # FastAPI sends the value as returned
    if declared is None:
        annotation = function.child_by_field_name("return_type")
        if not fastapi or annotation is None or T.text(annotation).endswith("Response"):
            return NO_MODEL
        target = model_type(T.text(annotation))
        if target is None:
            return NO_MODEL
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
    # the class is named where the route is declared: there a local may shadow an import
    imported = model.imported_at(name.partition(".")[0], call)
    return (
        model.resolve_at(name, call) if imported else f"{model.module}.{name}",
        by_alias is None or T.text(by_alias) == "True",
        many,
        any(k in options and T.text(options[k]) != "False" for k in _PARTIAL),
    )


def declared_class(model: PythonModel, function: ts.Node, shape: Shape) -> str:
    """The qualified class a function's return annotation names, when its returns show no
    fields of their own (``return Order(...)``)."""
    options = shape.options if shape.kind == UNION else (shape,)
    if any(o.kind in (OBJECT, ARRAY) for o in options):
        return ""
    if any("response_model" in T.text(d) for d in decorators(function)):
        return ""  # the route serialises another class than the one it returns
    name = annotated_class(function)
    if not name:
        return ""
    # an annotation is read in the scope around the function, not among its parameters
    if model.imported_at(name.partition(".")[0], function.parent or function):
        return model.resolve_at(name, function.parent or function)
    return f"{model.module}.{name}"
