"""Assertions, skips, exception handlers and returns of one Python function body.

Test bodies are small: they are read node by node (nested functions, lambdas and classes
left out) to place each assertion, and to say whether it is conditional or inside a handler.
"""

from __future__ import annotations

from typing import get_args

import tree_sitter as ts

from ..common import treesitter as T
from ..common.env_conditions import skip_env, skip_platform
from ..common.literals import literal_kind, py_literal, py_number_text
from ..facts import Fact
from ..facts.integrity import (
    Assertion,
    CompareOperator,
    Handler,
    HandlerBody,
    Operand,
    Return,
    Skip,
    SkipScope,
)
from . import strings as py_strings
from .check_calls import DEPRECATION_WARNINGS, check_call
from .conditions import lower_condition
from .file_context import PyFile, resolve
from .strings import decoded_string

_CONDITIONAL = {
    "if_statement",
    "for_statement",
    "while_statement",
    "match_statement",
    "conditional_expression",
    "boolean_operator",
    "elif_clause",
    "else_clause",
    "case_clause",
    "list_comprehension",
    "generator_expression",
}
# The operators of a comparison as written, each token once: ``not in``, ``is not``.
_OPERATORS: dict[str, CompareOperator] = {op: op for op in get_args(CompareOperator) if op}
_NESTED_SCOPES = {"function_definition", "lambda", "class_definition"}
_HANDLER_PARTS = {"except_clause", "finally_clause", "except_group_clause"}
_SKIP_CALLS = {"pytest.skip": "pytest.skip()", "pytest.xfail": "pytest.xfail()"}


def operand(node: ts.Node) -> Operand:
    """An assertion operand: its text, and which literal it is when it is one (by the one
    normal-form reader, ``common.literals``: ``(3)`` and ``-(3)`` are numbers, ``3j`` none)."""
    text = T.squash(node)
    inner = node
    while inner.type == "parenthesized_expression" and inner.named_child_count == 1:
        inner = inner.named_children[0]
    normal = py_literal(inner)
    literal = literal_kind(normal)
    if (
        literal is None
        and inner.type in ("list", "dictionary", "tuple", "set")
        and all(operand(c).literal for c in _elements(inner))
    ):
        literal = "collection"
    function = node.child_by_field_name("function") if node.type == "call" else None
    size = function is not None and T.text(function) == "len"
    # the content as written: empty exactly when the value is (bytes included)
    value = py_strings.string_text(inner) if literal == "string" else None
    return Operand(
        text=text,
        literal=literal,
        value=(text if literal == "collection" else normal) if literal else None,
        size=size,
        nonempty=bool(value) if value is not None else None,
    )


def _elements(collection: ts.Node) -> list[ts.Node]:
    """The values a collection display holds: a dict's keys and values, others' items."""
    out: list[ts.Node] = []
    for child in collection.named_children:
        if child.type == "pair":
            out += [n for f in ("key", "value") if (n := child.child_by_field_name(f)) is not None]
        elif child.type != "comment":
            out.append(child)
    return out


def number_value(text: str) -> float | None:
    """The value of a Python number literal (``0o400``, ``1_000``, ``-2.5e3``, ``0xFF``), or
    None for what is not a real number (``3j``)."""
    return py_number_text(text)


def _always_iterates(loop: ts.Node) -> bool:
    """A ``for`` over a non-empty literal collection or ``range`` of literals runs its body."""
    if loop.type != "for_statement":
        return False
    right = loop.child_by_field_name("right")
    if right is not None and right.type == "identifier":
        right = _module_constant(loop, T.text(right))
    if right is None:
        return False
    if right.type in ("list", "tuple", "set", "dictionary"):
        return right.named_child_count > 0
    if right.type == "call" and T.text(right.child_by_field_name("function")) == "range":
        args = right.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else [])]
        if values and all(operand(a).literal == "number" for a in values):
            parsed = [number_value(T.squash(a)) for a in values]
            numbers = [n for n in parsed if n is not None]
            if len(numbers) != len(parsed):  # complex or otherwise not a plain number
                return False
            start, stop = (0.0, numbers[0]) if len(numbers) == 1 else (numbers[0], numbers[1])
            step = numbers[2] if len(numbers) > 2 else 1.0
            return (stop - start) * step > 0
    return False


def _module_constant(node: ts.Node, name: str) -> ts.Node | None:
    """The value a module-level name is bound to, when the module binds it exactly once (an
    assignment to the name alone, annotated or not)."""
    module = node
    while module.parent is not None:
        module = module.parent
    values: list[ts.Node | None] = []
    for statement in module.named_children:
        if statement.type != "expression_statement":
            continue
        for assignment in statement.named_children:
            if assignment.type not in ("assignment", "augmented_assignment"):
                continue
            left = assignment.child_by_field_name("left")
            if left is not None and left.type == "identifier" and T.text(left) == name:
                plain = assignment.type == "assignment"
                values.append(assignment.child_by_field_name("right") if plain else None)
            elif left is not None and name in (T.text(c) for c in left.named_children):
                values.append(None)
    return values[0] if len(values) == 1 else None


def conditional_and_handler(node: ts.Node, stop: ts.Node) -> tuple[bool, bool]:
    """Whether ``node`` runs only on a branch, and whether inside an exception handler."""
    conditional = in_handler = False
    current = node.parent
    while current is not None and current != stop:
        if current.type in _CONDITIONAL and not _always_iterates(current):
            conditional = True
        if current.type in _HANDLER_PARTS:
            in_handler = True
        current = current.parent
    return conditional, in_handler


def walk_own(body: ts.Node) -> list[ts.Node]:
    """Every node of a function body except those inside nested functions, lambdas, classes."""
    found: list[ts.Node] = []
    stack = list(reversed(body.children))
    while stack:
        node = stack.pop()
        found.append(node)
        if node.type in _NESTED_SCOPES:
            continue
        stack.extend(reversed(node.children))
    return found


def _guard(node: ts.Node, stop: ts.Node) -> ts.Node | None:
    """The condition of the ``if`` whose body holds ``node`` when that is its only condition."""
    current = node
    found: ts.Node | None = None
    while current.parent is not None and current != stop:
        parent = current.parent
        if parent.type == "if_statement" and parent.child_by_field_name("consequence") == current:
            if found is not None:
                return None
            found = parent.child_by_field_name("condition")
        elif parent.type in _CONDITIONAL:
            return None
        current = parent
    return found


def _call_assertion(f: PyFile, call: ts.Node, symbol: str, stop: ts.Node) -> Assertion | None:
    func = call.child_by_field_name("function")
    args = call.child_by_field_name("arguments")
    name = resolve(f, func)
    positional = [a for a in (args.named_children if args else []) if a.type != "keyword_argument"]
    keywords = {
        T.text(a.child_by_field_name("name")): a
        for a in (args.named_children if args else [])
        if a.type == "keyword_argument"
    }
    receiver = func.child_by_field_name("object") if func is not None else None
    on_self = receiver is not None and T.text(receiver) in ("self", "cls")
    found = check_call(name, on_self=on_self)
    if found is None:
        return None
    exception_types: tuple[str, ...] = ()
    has_match = False
    if found.style == "unittest" and found.expects_exception:
        exception_types = tuple(resolve(f, a) for a in positional[:1])
        has_match = found.method.endswith("Regex")
    elif name == "pytest.deprecated_call":
        exception_types = DEPRECATION_WARNINGS
    elif found.style == "raises":
        first = positional[:1]
        if first and first[0].type == "tuple":
            exception_types = tuple(resolve(f, c) for c in first[0].named_children)
        else:
            exception_types = tuple(resolve(f, a) for a in first)
        has_match = "match" in keywords
    conditional, in_handler = conditional_and_handler(call, stop)
    return Assertion(
        file=f.source.path,
        line=T.line_of(call),
        symbol=symbol,
        style=found.style,
        method=found.method,
        operands=tuple(operand(a) for a in positional),
        conditional=conditional,
        in_handler=in_handler,
        text=T.squash(call),
        exception_types=exception_types,
        has_match=has_match,
    )


def _assert_statement(f: PyFile, node: ts.Node, symbol: str, stop: ts.Node) -> Assertion:
    expr = node.named_children[0] if node.named_children else node
    negated = False
    if expr.type == "not_operator":
        negated = True
        expr = expr.child_by_field_name("argument") or expr
    operator: CompareOperator = ""
    operands: tuple[Operand, ...]
    if expr.type == "comparison_operator" and expr.named_child_count == 2:
        operator = _OPERATORS[
            " ".join(
                T.text(c) for c in expr.children if not c.is_named and T.text(c) not in ("(", ")")
            )
        ]
        operands = tuple(operand(c) for c in expr.named_children)
    elif expr.type == "tuple":
        # ``assert (x == y, "msg")`` asserts a tuple display, whatever its items are.
        text = T.squash(expr)
        operands = (Operand(text=text, literal="collection", value=text),)
    else:
        operands = (operand(expr),)
    conditional, in_handler = conditional_and_handler(node, stop)
    return Assertion(
        file=f.source.path,
        line=T.line_of(node),
        symbol=symbol,
        style="assert",
        method="assert",
        operator=operator,
        operands=operands,
        negated=negated,
        conditional=conditional,
        in_handler=in_handler,
        text=T.squash(node),
    )


def _handler_body(block: ts.Node | None, assertions_inside: bool) -> HandlerBody:
    statements = [c for c in (block.named_children if block else []) if c.type != "comment"]
    if not statements:
        return "empty"
    if any(n.type == "raise_statement" for n in walk_own(block)):  # type: ignore[arg-type]
        return "reraise"
    if all(s.type == "pass_statement" or T.text(s) == "..." for s in statements):
        return "pass"
    if assertions_inside:
        return "asserts"
    if len(statements) == 1 and statements[0].type == "return_statement":
        return "return"
    return "other"


def body_facts(f: PyFile, body: ts.Node, symbol: str, in_test: bool) -> list[Fact]:
    """Assertions, skips, handlers and returns of one function body (not nested scopes)."""
    facts: list[Fact] = []
    nodes = walk_own(body)
    assertions: list[Assertion] = []
    for node in nodes:
        if node.type == "assert_statement":
            assertions.append(_assert_statement(f, node, symbol, body))
        elif node.type == "call":
            found = _call_assertion(f, node, symbol, body)
            if found is not None:
                assertions.append(found)
            elif in_test:
                name = resolve(f, node.child_by_field_name("function"))
                how = _SKIP_CALLS.get(name) or ("skipTest" if name == "self.skipTest" else None)
                if name == "pytest.importorskip":  # skips only where the module is missing
                    facts.append(importorskip_fact(f, node, symbol, "test"))
                elif how is not None:
                    conditional, _ = conditional_and_handler(node, body)
                    guard = _guard(node, body) if conditional else None
                    read = lower_condition(guard)
                    env, where = skip_env(read) if guard is not None else ((), "")
                    platforms, on = skip_platform(read) if guard is not None else ((), "")
                    facts.append(
                        Skip(
                            file=f.source.path,
                            line=T.line_of(node),
                            symbol=symbol,
                            how=how,
                            conditional=conditional,
                            env=env,
                            skipped_where=where,
                            platforms=platforms,
                            platform_skipped=on,
                        )
                    )
    facts.extend(assertions)
    lines_with_asserts = [(a.line, a) for a in assertions]
    for node in nodes:
        if node.type == "try_statement":
            try_body = node.child_by_field_name("body")
            try_lines = (
                (try_body.start_point[0] + 1, try_body.end_point[0] + 1) if try_body else (0, 0)
            )
            try_asserts = any(
                try_lines[0] <= line <= try_lines[1] for line, _ in lines_with_asserts
            )
            for clause in node.named_children:
                if clause.type not in ("except_clause", "except_group_clause"):
                    continue
                value = clause.child_by_field_name("value")
                if value is not None and value.type == "as_pattern":
                    value = value.named_children[0]
                caught: tuple[str, ...] = ()
                if value is not None:
                    parts = value.named_children if value.type == "tuple" else [value]
                    caught = tuple(resolve(f, p) for p in parts)
                block = next((c for c in clause.named_children if c.type == "block"), None)
                start = clause.start_point[0] + 1
                end = clause.end_point[0] + 1
                inside = any(start <= line <= end for line, _ in lines_with_asserts)
                facts.append(
                    Handler(
                        file=f.source.path,
                        line=start,
                        symbol=symbol,
                        caught=caught,
                        body=_handler_body(block, inside),
                        in_test=in_test,
                        try_has_assertions=try_asserts,
                    )
                )
        elif node.type == "return_statement" and in_test:
            conditional, in_handler = conditional_and_handler(node, body)
            end_line = node.end_point[0] + 1
            after = sum(1 for line, _ in lines_with_asserts if line > end_line)
            facts.append(
                Return(
                    file=f.source.path,
                    line=T.line_of(node),
                    symbol=symbol,
                    conditional=conditional or in_handler,
                    assertions_after=after,
                )
            )
    return facts


def importorskip_fact(f: PyFile, call: ts.Node, symbol: str, scope: SkipScope) -> Skip:
    """``pytest.importorskip("pkg")``: the test is skipped where ``pkg`` cannot be imported."""
    args = call.child_by_field_name("arguments")
    module = ""
    for a in args.named_children if args is not None else []:
        if a.type == "keyword_argument" and T.text(a.child_by_field_name("name")) == "modname":
            a = a.child_by_field_name("value")
        elif a.type == "keyword_argument":
            continue
        value = decoded_string(a)
        module = value if value is not None else ""
        break
    return Skip(
        file=f.source.path,
        line=T.line_of(call),
        symbol=symbol,
        how="pytest.importorskip()",
        conditional=True,
        scope=scope,
        requires=(module,) if module else (),
    )
