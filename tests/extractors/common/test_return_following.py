"""One walk follows a function body to the union of what it returns in every language: locals
built field by field, a local a call may fill or a callback writes into left open, nested
functions not entered, and a route handler's bodies sent through its response parameter."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common import treesitter as T
from ralph_validate.extractors.common.returns import function_shape, route_bodies
from ralph_validate.extractors.common.syntaxes import syntax_of
from ralph_validate.extractors.facts.contracts import Shape


def _function(language: str, source: str):
    tree = T.parse(language, source.encode())
    syntax = syntax_of(language)
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in syntax.functions:
            return node, syntax
        stack.extend(reversed(node.named_children))
    raise AssertionError("no function")


def _shape(language: str, source: str) -> Shape | None:
    function, syntax = _function(language, source)
    return function_shape(function, syntax)


def _fields(shape: Shape | None) -> tuple[list[str], bool]:
    assert shape is not None and shape.kind == "object", shape
    return sorted(f.name for f in shape.fields), shape.open


PY_BUILT = """
def summary(items):
    result = {"count": len(items)}
    result["details"] = {"passed": True}
    def inner():
        return {"ignored": 1}
    return result
"""
JS_BUILT = """
function summary(items) {
  const result = { count: items.length };
  result.details = { passed: true };
  const inner = () => ({ ignored: 1 });
  return result;
}
"""
TS_BUILT = """
export const summary = (items: Item[]): Summary => {
  let result = { count: items.length } as Summary;
  Object.assign(result, { details: { passed: true } });
  return result;
};
"""


@pytest.mark.parametrize(
    ("language", "source"),
    [("python", PY_BUILT), ("javascript", JS_BUILT), ("typescript", TS_BUILT)],
)
def test_a_local_built_field_by_field_is_the_returned_object(language: str, source: str) -> None:
    assert _fields(_shape(language, source)) == (["count", "details"], False)


def test_a_python_dict_handed_to_a_function_that_may_fill_it_stays_open() -> None:
    filled = "def f():\n    out = {'a': 1}\n    fill(out)\n    return out\n"
    logged = (
        "def f():\n    out = {'a': 1}\n    logger.info(out)\n    print(len(out))\n    return out\n"
    )
    mutated = "def f():\n    out = {'a': 1}\n    out.setdefault('b', [])\n    return out\n"
    assert _fields(_shape("python", filled)) == (["a"], True)
    assert _fields(_shape("python", logged)) == (["a"], False)
    assert _fields(_shape("python", mutated)) == (["a"], True)


def test_a_js_object_a_callback_writes_into_stays_open_where_it_is_written() -> None:
    source = """
function index(items) {
  const out = { byId: {}, total: 0 };
  items.forEach((i) => { out.byId[i.id] = i; });
  return out;
}
"""
    shape = _shape("javascript", source)
    assert _fields(shape) == (["byId", "total"], False)
    assert shape is not None
    by_id = shape.field("byId")
    assert by_id is not None and by_id.shape.open


def test_an_arrow_function_body_expression_is_what_it_returns() -> None:
    assert _fields(_shape("javascript", "const f = (x) => ({ id: x, ok: true });")) == (
        ["id", "ok"],
        False,
    )


def test_a_function_without_a_returned_value_has_no_shape() -> None:
    assert _shape("python", "def f(out):\n    out['a'] = 1\n    return\n") is None
    assert _shape("javascript", "function f(out) { out.a = 1; }") is None


EXPRESS = """
function show(req, res) {
  const order = { id: req.params.id };
  if (!order.id) return res.status(404).json({ error: 'missing' });
  res.json(order);
}
"""


def test_a_route_handler_sends_its_bodies_through_its_response_parameter() -> None:
    function, syntax = _function("javascript", EXPRESS)
    bodies = route_bodies(function, frozenset({"res"}), syntax)
    assert [_fields(b) for b in bodies] == [(["error"], False), (["id"], False)]


def test_a_response_handed_to_other_code_adds_a_body_nobody_can_see() -> None:
    source = "function show(req, res) {\n  res.json({ id: 1 });\n  audit(res);\n}\n"
    function, syntax = _function("javascript", source)
    kinds = [b.kind for b in route_bodies(function, frozenset({"res"}), syntax)]
    assert kinds == ["object", "unknown"]


def test_python_has_no_response_parameters_to_send_through() -> None:
    function, syntax = _function("python", "def show(request, res):\n    return {'id': 1}\n")
    assert route_bodies(function, frozenset({"res"}), syntax) == []
