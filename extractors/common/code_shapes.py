"""The shape of an expression (``ir``) given the shapes of the local names bound so far."""

from __future__ import annotations

from ..facts.contracts import ARRAY, OBJECT, SCALAR, Shape, ShapeField, obj, scalar, union, unknown
from . import ir
from .shapes import spread_into

# Opaque expressions whose value is a plain number/string/boolean. Python's ``a + b`` may be
# a list and ``a or b`` / JS ``a || b`` is one of the operands: those stay unknown.
_SCALAR_KINDS = {
    "binary_expression",
    "unary_expression",
    "update_expression",
    "comparison_operator",
    "not_operator",
    "unary_operator",
    "integer",
    "float",
    "regex",
}
# Calls that hand their (first / ``content=``) argument through as the response body.
_PASS_THROUGH = {
    "jsonify",
    "JSONResponse",
    "ORJSONResponse",
    "UJSONResponse",
    "Response.json",
    "NextResponse.json",
    "json",
    "send",
    "make_response",
}
_COPIES = {"dict", "Object.assign", "copy.copy", "copy.deepcopy", "structuredClone", "deepcopy"}

Env = dict[str, Shape]


def shape_of(expr: ir.Expr, env: Env) -> Shape:
    """The shape ``expr`` evaluates to; unknown where code decides at run time."""
    line = expr.line
    if isinstance(expr, ir.ObjLit):
        fields: dict[str, ShapeField] = {}
        opened = expr.open
        for key, value in expr.entries:
            if key is None:
                opened = spread_into(fields, shape_of(value, env)) or opened
            else:
                fields[key] = ShapeField(key, shape_of(value, env), value.line or line)
        return obj(fields, open=opened, line=line)
    if isinstance(expr, ir.ArrLit):
        items = [shape_of(i, env) for i in expr.items]
        return Shape(ARRAY, items=union(items, line) if items else unknown(line), line=line)
    if isinstance(expr, ir.Lit) and isinstance(expr.value, str):
        return Shape(SCALAR, line=line, values=(expr.value,))
    if isinstance(expr, (ir.Lit, ir.Template)):
        return scalar(line)
    if isinstance(expr, ir.Name):
        return env.get(expr.id, unknown(line))
    if isinstance(expr, ir.Attr):
        base = shape_of(expr.obj, env)
        found = base.field(expr.name) if base.kind == OBJECT else None
        return found.shape if found is not None else unknown(line)
    if isinstance(expr, ir.Call):
        return _call_shape(expr, env)
    if isinstance(expr, ir.Opaque) and expr.kind in _SCALAR_KINDS:
        return scalar(line)
    return unknown(line)


def _call_shape(expr: ir.Call, env: Env) -> Shape:
    name = ir.dotted(expr.func)
    last = name.rsplit(".", 1)[-1]
    line = expr.line
    if name in _COPIES or last in ("dict",):
        fields: dict[str, ShapeField] = {}
        opened = False
        for arg in expr.args:
            opened = spread_into(fields, shape_of(arg, env)) or opened
        for key, value in expr.kwargs:
            if key is None:
                opened = spread_into(fields, shape_of(value, env)) or opened
            else:
                fields[key] = ShapeField(key, shape_of(value, env), value.line or line)
        return obj(fields, open=opened, line=line)
    if (
        name in _PASS_THROUGH
        or last in ("jsonify", "JSONResponse", "json")
        or name.endswith(".json")
    ):
        content = dict(expr.kwargs).get("content")
        if content is not None:
            return shape_of(content, env)
        if expr.args:
            return shape_of(expr.args[0], env)
        if expr.kwargs and last == "jsonify":
            return shape_of(ir.ObjLit(line, expr.kwargs), env)
    return unknown(line)
