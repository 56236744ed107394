"""Whether a field read copes with an absent field: the conditions it runs under, existence
checks that cover it (``"k" in d``, ``o?.k``, ``if (o.k)``), and reads that tolerate absence
(``d.get("k", x)``, ``?? x``, a truth test, a ``try`` that catches ``KeyError``)."""

from __future__ import annotations

import re

import tree_sitter as ts

from . import treesitter as T
from .adapter import CodeSyntax

_CONDITIONAL = {
    "if_statement",
    "while_statement",
    "ternary_expression",
    "do_statement",
    "elif_clause",
    "conditional_expression",
    "assert_statement",
}

# Uses of a bare name that keep the value local: truth tests and bare statements. A
# comparison (``r == expected``), an ``or``/``??`` default, a ternary branch or a
# formatted string reads the whole value, so those count as escapes.
_LOCAL_USES = {
    "unary_expression",
    "if_statement",
    "while_statement",
    "expression_statement",
    "not_operator",
    "assert_statement",
    "elif_clause",
}


def _condition(node: ts.Node) -> ts.Node | None:
    """The test of an if/while/ternary; Python's ``a if test else b`` has no field name."""
    if node.type == "conditional_expression":
        parts = node.named_children
        return parts[1] if len(parts) >= 2 else None
    return node.child_by_field_name("condition")


def in_condition(node: ts.Node, stop: ts.Node) -> bool:
    """True when ``node`` is part of a test (if/while/ternary/assert) below ``stop``."""
    current = node
    while current.parent is not None and current != stop:
        parent = current.parent
        if parent.type in _CONDITIONAL:
            cond = _condition(parent)
            if cond is not None and cond.start_byte <= current.start_byte < cond.end_byte:
                return True
            if parent.type == "assert_statement":
                return True
        current = parent
    return False


def guard_texts(node: ts.Node, stop: ts.Node) -> list[str]:
    """Conditions that must hold for ``node`` to run: enclosing ifs (in their body) and the
    left operands of ``&&`` / ``and`` the node is on the right of."""
    texts: list[str] = []
    current = node
    while current.parent is not None and current != stop:
        parent = current.parent
        if parent.type in ("if_statement", "ternary_expression", "conditional_expression"):
            cond = _condition(parent)
            if cond is not None and not (cond.start_byte <= current.start_byte < cond.end_byte):
                texts.append(T.text(cond))
        if parent.type in ("binary_expression", "boolean_operator"):
            op = T.text(parent.child_by_field_name("operator"))
            left = parent.child_by_field_name("left")
            if op in ("&&", "and") and left is not None and left.end_byte <= current.start_byte:
                texts.append(T.text(left))
        if parent.type in _BLOCKS:
            texts.extend(_early_exits(parent, current))
        current = parent
    return texts


_BLOCKS = {"block", "statement_block", "module", "program"}

_EXITS = {
    "return_statement",
    "raise_statement",
    "throw_statement",
    "continue_statement",
    "break_statement",
}


def _early_exits(block: ts.Node, current: ts.Node) -> list[str]:
    """Conditions of earlier ``if`` statements of the block that leave it (``if (o.k ===
    undefined) return 0;``): what follows runs only when they were false."""
    out: list[str] = []
    for sibling in block.named_children:
        if sibling.start_byte >= current.start_byte:
            break
        if sibling.type != "if_statement" or sibling.child_by_field_name("alternative"):
            continue
        body = sibling.child_by_field_name("consequence")
        last = body
        while last is not None and last.type in ("block", "statement_block"):
            last = last.named_children[-1] if last.named_children else None
        if last is not None and last.type in _EXITS:
            cond = _condition(sibling)
            if cond is not None:
                out.append(T.text(cond))
    return out


TRUTH = "truth"
DEFAULT = "default"


def tolerance(top: ts.Node, scope: ts.Node, syntax: CodeSyntax, chained: int = 0) -> str:
    """How the read itself copes with an absent field: ``DEFAULT`` for ``d.get("k",
    default)``, a comparison with None/undefined/null, a ``??`` / ``||`` / ``or`` default,
    (Python) a ``try`` that catches ``KeyError``, and, outside a condition, ``d.get("k")``
    (None when absent) or an optional chain (``chained`` segments passed ``?.``:
    ``o.k?.x`` is undefined when ``k`` is absent) unless compared; ``TRUTH`` for a truth test (``if
    d.get("k")``, ``if (o.k)``); "" when it does not. Inside a condition a ``.get("k")`` or
    a ``?.`` of a field that is never written decides a branch that can never be taken."""
    args = syntax.get_call(top)
    if args is not None and len(args) >= 2:
        return DEFAULT  # .get("k", default)
    parent = top.parent
    while parent is not None and parent.type in ("parenthesized_expression", "await_expression"):
        top, parent = parent, parent.parent
    if parent is None:
        return ""
    absent_ok = not syntax.absent_raises or syntax.get_call(top) is not None
    if parent.type in ("binary_expression", "boolean_operator"):
        op = T.text(parent.child_by_field_name("operator"))
        left = parent.child_by_field_name("left")
        if op in ("??", "||", "or") and left == top and absent_ok:
            return DEFAULT
    if parent.type in ("comparison_operator", "binary_expression") and local_use(top, parent):
        return DEFAULT if absent_ok or parent.type == "binary_expression" else ""
    conditional = in_condition(top, scope)
    if absent_ok and conditional and _truth_tested(top):
        return TRUTH
    if not conditional and not _compared(parent) and (chained or args is not None):
        return DEFAULT
    return DEFAULT if syntax.caught(top, scope) else ""


_COMPARISONS = {"==", "===", "!=", "!==", "<", "<=", ">", ">="}


def _compared(parent: ts.Node) -> bool:
    """True when the value is an operand of a comparison (``d.get("k") == "PAID"``): one of a
    field that is never written can never hold."""
    if parent.type == "comparison_operator":
        return True
    operator = parent.child_by_field_name("operator")
    return parent.type == "binary_expression" and T.text(operator) in _COMPARISONS


def _truth_tested(node: ts.Node) -> bool:
    """True when the value is used only for its truth: the whole condition, a ``not``/``!``
    operand, or an operand of ``and``/``or``/``&&``/``||`` inside a condition."""
    parent = node.parent
    while parent is not None and parent.type in (
        "parenthesized_expression",
        "not_operator",
        "unary_expression",
        "boolean_operator",
    ):
        if (
            parent.type == "unary_expression"
            and T.text(parent.child_by_field_name("operator")) != "!"
        ):
            return False
        node, parent = parent, parent.parent
    if parent is not None and parent.type == "binary_expression":
        if T.text(parent.child_by_field_name("operator")) in ("&&", "||"):
            return _truth_tested(parent)
        return False
    return parent is not None and parent.type in _CONDITIONAL and _condition_is(parent, node)


def _condition_is(statement: ts.Node, node: ts.Node) -> bool:
    """True when ``node`` is the whole test of ``statement`` (parentheses aside)."""
    if statement.type == "assert_statement":
        return True
    span = (node.start_byte, node.end_byte)
    cond = _condition(statement)
    while (
        cond is not None
        and cond.type == "parenthesized_expression"
        and (cond.start_byte, cond.end_byte) != span
        and cond.named_children
    ):
        cond = cond.named_children[0]
    return cond is not None and (cond.start_byte, cond.end_byte) == span


def guarded_segments(root: str, path: list[str], conditions: list[str], syntax: CodeSyntax) -> int:
    """How many leading segments of ``path`` an existence check in ``conditions`` covers."""
    covered = 0
    if not conditions:
        return 0
    joined = "\n".join(conditions)
    for k, segment in enumerate(path):
        prefixes = {re.escape(spelled) for spelled in syntax.spellings(root, path[:k])}
        seg = re.escape(segment)
        alternatives = []
        for pre in prefixes:
            alternatives += [
                rf"""['"]{seg}['"]\s+in\s+{pre}\b""",
                rf"""\bhasattr\(\s*{pre}\s*,\s*['"]{seg}['"]""",
                rf"""{pre}\.get\(\s*['"]{seg}['"]\s*\)\s+is\s+not\s+None""",
                rf"""{pre}\??\.{seg}\s*!==?\s*(undefined|null)""",
                rf"""{pre}\.hasOwnProperty\(\s*['"]{seg}['"]""",
                rf"""Object\.hasOwn\(\s*{pre}\s*,\s*['"]{seg}['"]""",
                # A truth test of the field itself: ``if o.get("k"):``, ``if (o.k)``.
                rf"""{pre}\.get\(\s*['"]{seg}['"]\s*[,)]""",
            ]
            if syntax.member_truth_checks:
                alternatives.append(rf"""{pre}\??\.{seg}(?![\w$])""")
        if any(re.search(a, joined) for a in alternatives):
            covered = k + 1
    return covered


_NOTHING = {b"None", b"null", b"undefined"}


def local_use(node: ts.Node, parent: ts.Node) -> bool:
    """True when a bare use of the value reads none of its fields: a truth test, a
    membership test (``"k" in d``), a comparison with None/null/undefined."""
    if parent.type in _LOCAL_USES:
        return True
    if parent.type not in ("comparison_operator", "binary_expression"):
        return False
    operators = {w for c in parent.children if not c.is_named for w in (c.text or b"").split()}
    if b"in" in operators and parent.children[-1] == node:
        return True  # ``"k" in d``, ``"k" not in d``
    others = [c for c in parent.named_children if c != node]
    return bool(others) and all(
        c.text in _NOTHING or c.type in ("none", "null", "undefined") for c in others
    )
