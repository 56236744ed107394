"""Names bound to a test function through a choice: ``const maybe = cond ? it.skip : it``,
or declared as a wrapper that hands its title and body on to one.

A test file may declare its tests through a local name whose value is one of several
spellings of a test function, picked by a condition (a ternary, ``a || b``, ``a ?? b``,
``cond && it.skip || it``), through a name bound to such a name, or by calling the choice in
place (``(cond ? it.skip : it)('x', fn)``), or through a local function whose whole body
hands its title and body on to a test function (``function cartTest(name, fn) {
test.skip(name, fn); }``: each call of ``cartTest`` declares a test). This module reads
those choices as the list of spellings the name may stand for (``["it.skip", "it"]``),
each starting from a name the caller knows as a test function; the readers decide what a
spelling means.
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..common.treesitter import text

# Passes over the file's declarations: a name bound to a name bound to a choice, and so on.
_MAX_HOPS = 4


def _unparen(node: ts.Node) -> ts.Node:
    while node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) != 1:
            return node
        node = inner[0]
    return node


def spelled(node: ts.Node | None) -> str | None:
    """``it.skip`` for a chain of names (``it.skip``, ``test``); None for anything else."""
    if node is None:
        return None
    node = _unparen(node)
    if node.type == "identifier":
        return text(node)
    if node.type == "member_expression":
        head = spelled(node.child_by_field_name("object"))
        prop = node.child_by_field_name("property")
        return f"{head}.{text(prop)}" if head and prop is not None else None
    return None


def branches(node: ts.Node | None) -> list[ts.Node] | None:
    """The expressions a value may evaluate to: both arms of ``c ? a : b``, both sides of
    ``a || b`` and ``a ?? b``, the right side of ``c && a`` (its left is the condition);
    None when one of them is not a chain of names."""
    if node is None:
        return None
    node = _unparen(node)
    if node.type == "ternary_expression":
        one = branches(node.child_by_field_name("consequence"))
        other = branches(node.child_by_field_name("alternative"))
        return one + other if one is not None and other is not None else None
    if node.type == "binary_expression":
        operator = text(node.child_by_field_name("operator"))
        right = branches(node.child_by_field_name("right"))
        if operator == "&&":
            return right
        if operator in ("||", "??"):
            left = branches(node.child_by_field_name("left"))
            return left + right if left is not None and right is not None else None
        return None
    return [node] if spelled(node) is not None else None


def expand(
    value: ts.Node | None, known: Callable[[str], bool], aliases: dict[str, tuple[str, ...]]
) -> tuple[str, ...] | None:
    """The spellings ``value`` may stand for, each from a name ``known`` takes for a test
    function, with names of ``aliases`` replaced by what they stand for; None when some
    branch is not a test function (``cond ? it : noop``)."""
    found = branches(value)
    if not found:
        return None
    out: list[str] = []
    for branch in found:
        written = spelled(branch) or ""
        root, dot, rest = written.partition(".")
        if root in aliases:
            out += [f"{a}{dot}{rest}" for a in aliases[root]]
        elif known(root):
            out.append(written)
        else:
            return None
    return tuple(dict.fromkeys(out))


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


def choice_aliases(root: ts.Node, known: Callable[[str], bool]) -> dict[str, tuple[str, ...]]:
    """Local names bound (``const``/``let``/``var``) to a test function, to a choice between
    test functions, or to such a name: each with the spellings it may stand for (a name
    bound more than once, with its first value). A name ``known`` already takes for a test
    function keeps its meaning."""
    declared: dict[str, list[ts.Node]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.named_children))
        if node.type != "variable_declarator":
            continue
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is not None and name.type == "identifier" and value is not None:
            declared.setdefault(text(name), []).append(value)
    for name, (_, callee) in wrapper_functions(root).items():
        declared.setdefault(name, []).insert(0, callee)
    aliases: dict[str, tuple[str, ...]] = {}
    for _ in range(_MAX_HOPS):
        grew = False
        for name, values in declared.items():
            if name in aliases or known(name):
                continue
            found = expand(values[0], known, aliases)
            if found is not None:
                aliases[name] = found
                grew = True
        if not grew:
            break
    return aliases
