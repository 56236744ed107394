"""Python's ``CodeSyntax``: the node types and read semantics the shared readers use.

A subscript of an absent key raises, ``d.get("k")`` does not, a ``try`` that catches
``KeyError`` makes a read tolerant, and ``with … as name`` rebinds a name.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.adapter import CodeSyntax
from .model import PythonModel

_TOLERANT_EXCEPTIONS = ("KeyError", "LookupError", "AttributeError", "Exception")


_AS_PATTERN = "as_pattern"  # with_item / except_clause: ``... as name`` binds ``alias``


def _climb(node: ts.Node) -> tuple[ts.Node, list[str], int]:
    """Walk up an attribute/subscript/``.get("k")`` chain: (outermost node, path, 0)."""
    path: list[str] = []
    current = node
    while current.parent is not None:
        parent = current.parent
        if parent.type == "parenthesized_expression":
            current = parent
            continue
        if parent.type == "attribute" and parent.child_by_field_name("object") == current:
            attr = T.text(parent.child_by_field_name("attribute"))
            grand = parent.parent
            if (
                attr == "get"
                and grand is not None
                and grand.type == "call"
                and grand.child_by_field_name("function") == parent
            ):
                args = grand.child_by_field_name("arguments")
                first = args.named_children[0] if args is not None and args.named_children else None
                key = ir.py_string(first) if first is not None else None
                if key is None:
                    break
                path.append(key)
                current = grand
                continue
            path.append(attr)
            current = parent
            continue
        if parent.type == "subscript" and parent.child_by_field_name("value") == current:
            index = parent.child_by_field_name("subscript")
            key = ir.py_string(index) if index is not None else None
            if key is None and index is not None and index.type == "integer":
                key = T.text(index)
            if key is None:
                break
            path.append(key)
            current = parent
            continue
        break
    return current, path, 0


def _get_call(node: ts.Node) -> list[ts.Node] | None:
    """The arguments of ``x.get(...)`` when ``node`` is that call, else None."""
    if node.type != "call":
        return None
    function = node.child_by_field_name("function")
    if function is None or function.type != "attribute":
        return None
    if T.text(function.child_by_field_name("attribute")) != "get":
        return None
    args = node.child_by_field_name("arguments")
    return list(args.named_children) if args is not None else []


def _caught(node: ts.Node, scope: ts.Node) -> bool:
    """True when ``node`` runs in a ``try`` body whose handler catches a missing key."""
    current = node
    while current.parent is not None and current != scope:
        parent = current.parent
        if parent.type == "try_statement" and parent.child_by_field_name("body") == current:
            for clause in parent.named_children:
                if clause.type == "except_clause" and (
                    not clause.named_children
                    or any(name in T.text(clause) for name in _TOLERANT_EXCEPTIONS)
                ):
                    return True
        current = parent
    return False


def _as_binds(ident: ts.Node) -> bool:
    """True for the ``name`` of ``with x as name`` / ``except E as name``."""
    parent = ident.parent
    if parent is not None and parent.type == "as_pattern_target":
        parent = parent.parent
    return parent is not None and parent.type == _AS_PATTERN and ident.parent != parent.child(0)


def _chain_object(node: ts.Node) -> ts.Node | None:
    """``r`` of ``r.a`` / ``r["a"]``."""
    if node.type == "subscript":
        return node.child_by_field_name("value")
    if node.type == "attribute":
        return node.child_by_field_name("object")
    return None


def _computed_key(node: ts.Node) -> bool:
    """``r[key]``, ``r[0]``: any subscript but a constant string."""
    if node.type != "subscript":
        return False
    index = node.child_by_field_name("subscript")
    return index is None or ir.py_string(index) is None


def _merge_call(expr: ir.Expr) -> tuple[ir.Expr, list[ir.Expr]] | None:
    """``owner.update(a, k=v)``: (owner, [a, {k: v}])."""
    if isinstance(expr, ir.Call) and isinstance(expr.func, ir.Attr) and expr.func.name == "update":
        return expr.func.obj, [*expr.args, ir.ObjLit(expr.line, expr.kwargs)]
    return None


def _spellings(root: str, path: list[str]) -> set[str]:
    """``o.a`` (``o["a-b"]`` for a key that is no name), ``o["a"]`` and ``o['a']``."""
    return {
        root + "".join(f'["{p}"]' if not p.isidentifier() else f".{p}" for p in path),
        root + "".join(f'["{p}"]' for p in path),
        root + "".join(f"['{p}']" for p in path),
    }


PYTHON = CodeSyntax(
    name="python",
    functions=frozenset({"function_definition", "lambda"}),
    classes=frozenset({"class_definition"}),
    call="call",
    patterns=False,
    expression_bodies=False,
    absent_raises=True,
    climb=_climb,
    get_call=_get_call,
    caught=_caught,
    as_binds=_as_binds,
    spellings=_spellings,
    member_truth_checks=False,
    lower=ir.from_py,
    keyword_options=True,
    bare_constructors=True,
    query_folder="python",
    declarator="",
    assignments=frozenset({"assignment"}),
    model=PythonModel,
    chain_object=_chain_object,
    computed_key=_computed_key,
    merge_call=_merge_call,
)
