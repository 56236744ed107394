"""Local functions declared as wrappers that hand their title and body on to a test
function: ``function cartTest(name, fn) { test.skip(name, fn); }`` (each call of
``cartTest`` declares a test, the call inside it declares none). The imports read each
wrapper as a name for the test function it calls (``imports.py``); which calls then declare
tests is the declaration walk's (``test_walk.py``).
"""

from __future__ import annotations

import tree_sitter as ts

from ..common.treesitter import text


def _unparen(node: ts.Node) -> ts.Node:
    while node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) != 1:
            return node
        node = inner[0]
    return node


_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function"})


def _parameter_names(function: ts.Node) -> list[str]:
    """The function's parameter names in order ("" for a pattern or a rest parameter)."""
    params = function.child_by_field_name("parameters")
    names = []
    for param in params.named_children if params is not None else []:
        if param.type in ("required_parameter", "optional_parameter"):
            param = param.child_by_field_name("pattern") or param
        if param.type != "comment":
            names.append(text(param) if param.type == "identifier" else "")
    return names


def _wrapped_call(function: ts.Node) -> ts.Node | None:
    """The callee of the one call a function's whole body makes, when that call only hands
    on the function's parameters, its title first (``(name, fn) => test.skip(name, fn)``);
    else None. A call that adds a callback of its own is no wrapper."""
    params = _parameter_names(function)
    if len(params) < 2 or not params[0]:
        return None
    body = function.child_by_field_name("body")
    if body is not None and body.type == "statement_block":
        statements = [c for c in body.named_children if c.type != "comment"]
        if len(statements) != 1 or statements[0].type not in (
            "expression_statement",
            "return_statement",
        ):
            return None
        inner = [c for c in statements[0].named_children if c.type != "comment"]
        body = inner[0] if len(inner) == 1 else None
    call = _unparen(body) if body is not None else None
    if call is None or call.type != "call_expression":
        return None
    args = call.child_by_field_name("arguments")
    passed = [a for a in (args.named_children if args is not None else []) if a.type != "comment"]
    if len(passed) < 2 or text(passed[0]) != params[0]:
        return None
    if any(a.type != "identifier" or text(a) not in params for a in passed):
        return None
    return call.child_by_field_name("function")


def wrapper_functions(root: ts.Node) -> dict[str, tuple[ts.Node, ts.Node]]:
    """Local functions (declared, or bound to a ``const``) whose whole body is one call that
    passes the title parameter on: name -> (the function, the callee it calls)."""
    found: dict[str, tuple[ts.Node, ts.Node]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.named_children))
        function, name = None, None
        if node.type == "function_declaration":
            function, name = node, node.child_by_field_name("name")
        elif node.type == "variable_declarator":
            value = node.child_by_field_name("value")
            if value is not None and _unparen(value).type in _FUNCTIONS:
                function, name = _unparen(value), node.child_by_field_name("name")
        if function is None or name is None or name.type != "identifier":
            continue
        callee = _wrapped_call(function)
        if callee is not None and text(name) not in found:
            found[text(name)] = (function, callee)
    return found
