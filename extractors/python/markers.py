"""Placeholder markers of Python code: stub bodies, comments that are code, literal bindings."""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..common import treesitter as T
from ..facts.integrity import CommentCode, LiteralKind, StubKind
from .assertions import number_value
from .check_calls import CheckCall, check_call
from .strings import literal_string

_BIG_EXPRESSIONS = {
    "sys.maxsize",
    "math.inf",
    "float('inf')",
    'float("inf")',
    "numpy.inf",
    "np.inf",
    "float('Infinity')",
}


def docstring(body: ts.Node | None) -> str:
    """The body's docstring, whitespace collapsed; "" without one."""
    if body is None or not body.named_children:
        return ""
    first = body.named_children[0]
    if (
        first.type == "expression_statement"
        and first.named_children
        and (first.named_children[0].type == "string")
    ):
        return " ".join((literal_string(first.named_children[0]) or "").split())
    return ""


def stub_kind(body: ts.Node | None) -> tuple[StubKind, str] | None:
    """(kind, message) when a body does nothing real, else None."""
    if body is None:
        return None
    statements = [c for c in body.named_children if c.type != "comment"]
    has_doc = bool(statements) and docstring(body) != ""
    if has_doc:
        statements = statements[1:]
    if not statements:
        return ("docstring-only", "") if has_doc else None
    if len(statements) != 1:
        return None
    only = statements[0]
    if only.type == "pass_statement":
        return "pass", ""
    if only.type == "expression_statement" and T.text(only) == "...":
        return "ellipsis", ""
    if only.type == "raise_statement":
        raised = only.named_children[0] if only.named_children else None
        target = (
            raised.child_by_field_name("function")
            if raised is not None and raised.type == "call"
            else raised
        )
        if target is not None and T.text(target).rsplit(".", 1)[-1] == "NotImplementedError":
            args = raised.child_by_field_name("arguments") if raised.type == "call" else None
            message = T.squash(args.named_children[0]) if args and args.named_children else ""
            return "not-implemented", message
    if only.type == "return_statement":
        value = only.named_children[0] if only.named_children else None
        if value is None or value.type == "none":
            return "return-null", ""
    return None


def under_type_checking(node: ts.Node) -> bool:
    """True inside ``if TYPE_CHECKING:``: definitions there exist for type checkers only."""
    current = node.parent
    while current is not None:
        if current.type == "if_statement":
            condition = T.text(current.child_by_field_name("condition"))
            if condition.rsplit(".", 1)[-1] == "TYPE_CHECKING":
                return True
        current = current.parent
    return False


def binding_value(node: ts.Node) -> tuple[LiteralKind, float | None] | None:
    """(literal kind, number) of a value worth a Binding fact, else None."""
    kind = node.type
    text = T.squash(node)
    if kind in ("integer", "float") or (
        kind == "unary_operator"
        and node.named_child_count == 1
        and node.named_children[0].type in ("integer", "float")
    ):
        number = number_value(text)
        if number is None:
            return None
        return "number", number
    if kind == "binary_operator" and T.text(node.child_by_field_name("operator")) == "**":
        # 10**9, 2**31 - 1 is written as a subtraction and stays an expression
        base, power = node.child_by_field_name("left"), node.child_by_field_name("right")
        if base is not None and power is not None and {base.type, power.type} == {"integer"}:
            b, p = number_value(T.text(base)), number_value(T.text(power))
            if b is not None and p is not None and 0 <= p <= 64:
                return "number", float(b**p)
    if kind == "string" and not any(c.type == "interpolation" for c in node.children):
        return "string", None
    if kind in ("true", "false"):
        return "bool", None
    if kind == "none":
        return "none", None
    if text in _BIG_EXPRESSIONS or text.replace(" ", "") in _BIG_EXPRESSIONS:
        return "expression", None
    return None


def code_of(text: str, resolve: Callable[[str], str] = lambda name: name) -> CommentCode:
    """What statement a comment's text parses as: "assert", "check" (a call or ``with``
    header the one check vocabulary, ``check_calls.py``, counts), "call", or "" for prose.
    ``resolve`` qualifies a dotted name through the file's imports."""
    root = T.parse("python", text.encode("utf-8")).root_node
    if root.has_error and text.rstrip().endswith(":"):  # a block header alone
        root = T.parse("python", f"{text}\n    pass\n".encode()).root_node
    if root.has_error or root.named_child_count != 1:
        return ""
    statement = root.named_children[0]
    if statement.type == "assert_statement":
        return "assert"
    calls: list[ts.Node] = []
    if statement.type == "expression_statement" and statement.named_children:
        value = statement.named_children[0]
        value = value.named_children[0] if value.type == "await" and value.named_children else value
        if value.type != "call":
            return ""
        # every call of the expression, as in live code (``assert_that(x).is_equal_to(3)``)
        calls = [n for n in T.walk(value) if n.type == "call"]
        return "check" if any(_check(c, resolve) is not None for c in calls) else "call"
    if statement.type == "with_statement":
        clause = next((c for c in statement.named_children if c.type == "with_clause"), None)
        items = clause.named_children if clause is not None else []
        calls = [i.named_children[0] for i in items if i.named_children]
        calls = [c.named_children[0] if c.type == "as_pattern" else c for c in calls]
        found = [_check(c, resolve) for c in calls if c.type == "call"]
        return "check" if any(f is not None and f.context for f in found) else ""
    return ""


def _check(call: ts.Node, resolve: Callable[[str], str]) -> CheckCall | None:
    func = call.child_by_field_name("function")
    if func is None:
        return None
    receiver = func.child_by_field_name("object")
    on_self = receiver is not None and T.text(receiver) in ("self", "cls")
    return check_call(resolve(T.squash(func)), on_self=on_self)
