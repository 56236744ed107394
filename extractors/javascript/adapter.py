"""JavaScript/TypeScript's ``CodeSyntax``: the node types and read semantics the shared
readers use.

A member read of an absent field gives ``undefined`` (no error), ``?.`` guards what follows
it, destructuring patterns read fields, and an arrow function's body may be an expression.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.adapter import CodeSyntax
from .model import JsModel

_JS_PASS = {"non_null_expression", "parenthesized_expression", "as_expression"}


def _climb(node: ts.Node) -> tuple[ts.Node, list[str], int]:
    """Walk up a member/subscript chain: (outermost node, path, segments an ``?.`` covers)."""
    path: list[str] = []
    guarded = 0
    current = node
    while current.parent is not None:
        parent = current.parent
        if parent.type in _JS_PASS:
            current = parent
            continue
        if parent.type == "member_expression" and parent.child_by_field_name("object") == current:
            if parent.child_by_field_name("optional_chain") is not None and path:
                guarded = len(path)
            path.append(T.text(parent.child_by_field_name("property")))
            current = parent
            continue
        if (
            parent.type == "subscript_expression"
            and parent.child_by_field_name("object") == current
        ):
            index = parent.child_by_field_name("index")
            if index is not None and index.type == "string":
                if parent.child_by_field_name("optional_chain") is not None and path:
                    guarded = len(path)
                path.append(ir.js_string(index))
                current = parent
                continue
            if index is not None and index.type == "number":
                path.append(T.text(index))
                current = parent
                continue
        break
    return current, path, guarded


def _no_get_call(node: ts.Node) -> list[ts.Node] | None:
    """JavaScript has no dict ``.get``: a ``Map``'s is a call like any other."""
    return None


def _never_caught(node: ts.Node, scope: ts.Node) -> bool:
    """A missing field is ``undefined``, never an exception a ``catch`` could be meant for."""
    return False


def _no_as_binding(ident: ts.Node) -> bool:
    """``as`` is a type cast in TypeScript, not a binding."""
    return False


def _chain_object(node: ts.Node) -> ts.Node | None:
    """``r`` of ``r.a`` / ``r["a"]``."""
    if node.type in ("member_expression", "subscript_expression"):
        return node.child_by_field_name("object")
    return None


def _computed_key(node: ts.Node) -> bool:
    """``r[key]``: a subscript by anything but a string or number literal."""
    if node.type != "subscript_expression":
        return False
    index = node.child_by_field_name("index")
    return index is None or index.type not in ("string", "number")


def _merge_call(expr: ir.Expr) -> tuple[ir.Expr, list[ir.Expr]] | None:
    """``Object.assign(owner, a, b)``: (owner, [a, b])."""
    if isinstance(expr, ir.Call) and ir.dotted(expr.func) == "Object.assign" and expr.args:
        return expr.args[0], list(expr.args[1:])
    return None


def _spellings(root: str, path: list[str]) -> set[str]:
    """``o.a.b``."""
    return {root + "".join(f".{p}" for p in path)}


JAVASCRIPT = CodeSyntax(
    name="javascript",
    functions=frozenset(
        {
            "function_declaration",
            "function_expression",
            "arrow_function",
            "method_definition",
            "generator_function_declaration",
        }
    ),
    classes=frozenset({"class_declaration"}),
    call="call_expression",
    patterns=True,
    expression_bodies=True,
    absent_raises=False,
    climb=_climb,
    get_call=_no_get_call,
    caught=_never_caught,
    as_binds=_no_as_binding,
    spellings=_spellings,
    member_truth_checks=True,
    lower=ir.from_js,
    keyword_options=False,
    bare_constructors=False,
    query_folder="javascript",
    declarator="variable_declarator",
    assignments=frozenset({"assignment_expression"}),
    model=JsModel,
    chain_object=_chain_object,
    computed_key=_computed_key,
    merge_call=_merge_call,
)
