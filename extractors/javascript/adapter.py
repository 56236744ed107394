"""JavaScript/TypeScript's ``CodeSyntax``: the node types and read semantics the shared
readers use.

A member read of an absent field gives ``undefined`` (no error), ``?.`` guards what follows
it, destructuring patterns read fields, and an arrow function's body may be an expression.
"""

from __future__ import annotations

from collections.abc import Callable

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.adapter import (
    AnswerSyntax,
    BehaviourSyntax,
    CodeSyntax,
    Conditional,
    HandlerSyntax,
    ProbeSyntax,
    ResponseSyntax,
    ReturnSyntax,
)
from ..common.literals import js_literal
from ..common.walk import inside
from . import strings as js_strings
from .answer_keys import case_pairs, condition_pairs, table_entries
from .classes import extends_value
from .domains import parameter_domain, produced, table_domain
from .functions import parameters as function_parameters
from .model import JsModel, call_parts, strip
from .responses import passes_on, response_uses, sent
from .symbols import WRAPPERS, enclosing_scope_symbol, own_name

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
                path.append(js_strings.string_text(index))
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


FUNCTIONS = frozenset(
    {
        "function_declaration",
        "function_expression",
        "arrow_function",
        "method_definition",
        "generator_function_declaration",
    }
)
# Node types a walk of one function body does not enter.
NESTED = FUNCTIONS | {"class_declaration", "class"}
NAMES = frozenset({"identifier", "shorthand_property_identifier"})


def function_name(fn: ts.Node) -> str:
    """A function's bare name: its own, or the variable, property or field it (or, called in
    place, its call) is bound to (``javascript/symbols.py``)."""
    return own_name(fn)


def symbol_at(path: str, node: ts.Node) -> str:
    """``path::name`` of the innermost named function or class around ``node``."""
    return enclosing_scope_symbol(path, node)


def _answer_group(path: str, fn: ts.Node) -> tuple[str, str]:
    """Several callbacks may share a name: the group also carries the function's line."""
    symbol = symbol_at(path, fn.child_by_field_name("body") or fn)
    return symbol, f"{symbol}@{T.line_of(fn)}"


def _table_key(node: ts.Node | None) -> str | None:
    """A bare property name is its string: ``{ a: 1 }`` has the key ``"a"``."""
    if node is None:
        return None
    if node.type in ("property_identifier", "identifier"):
        return f"s:{T.text(node)}"
    return js_literal(node)


def _no_tuple_key(node: ts.Node | None) -> list[str] | None:
    """An object key is one name or literal, never a combination."""
    return None


def _table_name(node: ts.Node) -> str:
    """``TABLE`` of ``const TABLE = {...}`` (through ``as``/``satisfies``)."""
    parent = node.parent
    while parent is not None and parent.type in ("as_expression", "satisfies_expression"):
        parent = parent.parent
    name = parent.child_by_field_name("name") if parent is not None else None
    return T.text(name) if parent is not None and parent.type == "variable_declarator" else ""


def _parameter_list(fn: ts.Node) -> ts.Node | None:
    return fn.child_by_field_name("parameters") or fn.child_by_field_name("parameter")


def _parameters(fn: ts.Node) -> list[str]:
    """Every identifier in the parameter list (defaults and patterns included)."""
    params = _parameter_list(fn)
    if params is None:
        return []
    return [T.text(n) for n in [params, *inside(params, frozenset())] if n.type == "identifier"]


def _takes_arguments(fn: ts.Node) -> bool:
    params = _parameter_list(fn)
    return params is not None and (params.type == "identifier" or bool(params.named_children))


def _conditional(node: ts.Node | None) -> Conditional | None:
    """``condition ? consequence : alternative``."""
    if node is None or node.type != "ternary_expression":
        return None
    fields = ("condition", "consequence", "alternative")
    condition, consequence, alternative = (node.child_by_field_name(f) for f in fields)
    return condition, consequence, alternative


def _binds(ident: ts.Node) -> bool:
    """A name of a declarator (``const x = ...``) is no read."""
    return ident.parent is not None and ident.parent.type == "variable_declarator"


def _compared_operands(node: ts.Node) -> list[ts.Node | None]:
    """Both operands of the ``==``/``===``/``!=``/``!==`` comparison around ``node``."""
    parent = node.parent
    while parent is not None and parent.type in WRAPPERS:
        parent = parent.parent
    if parent is None or parent.type != "binary_expression":
        return []
    if T.text(parent.child_by_field_name("operator")) not in ("==", "===", "!=", "!=="):
        return []
    return [parent.child_by_field_name("left"), parent.child_by_field_name("right")]


# Constructors whose ``new`` makes a fresh value copying its arguments, and calls that
# make a constant from constant arguments (``Promise.resolve([])`` in a ``.catch``
# callback is a resolved default).
_CONSTRUCTORS = frozenset({"Map", "Set", "Array", "Object", "WeakMap", "WeakSet", "String"})
_CONSTANT_CALLS = frozenset(
    {"Object.create", "Array.of", "Promise.resolve", "Object.freeze", "String", "Number"}
)


def _constructed(value: ts.Node) -> tuple[list[ts.Node], bool] | None:
    """The arguments of ``new Map(...)`` (a copy) or ``Promise.resolve(...)`` (no copy)."""
    if value.type not in ("new_expression", "call_expression"):
        return None
    new = value.type == "new_expression"
    callee = T.squash(value.child_by_field_name("constructor" if new else "function"))
    if callee not in (_CONSTRUCTORS if new else _CONSTANT_CALLS):
        return None
    args = value.child_by_field_name("arguments")
    return [a for a in (args.named_children if args else []) if a.type != "comment"], new


def _no_stderr(call: ts.Node, resolve: Callable[[str], str]) -> bool:
    """Every JS logging call names its level (``console.error``): none is unlevelled."""
    return False


ANSWERS = AnswerSyntax(
    answer_group=_answer_group,
    condition_pairs=condition_pairs,
    case=case_pairs,
    table="object",
    tables=("object", "new", "call"),
    entries=table_entries,
    table_key=_table_key,
    tuple_key=_no_tuple_key,
    table_name=_table_name,
    parameters=_parameters,
    domain=parameter_domain,
    table_domain=table_domain,
    produced=produced,
)


PROBES = ProbeSyntax(
    branches=frozenset({"if_statement"}),
    elif_clause="",
    conditional=_conditional,
    statement_stops=frozenset({"statement_block", "program", "expression_statement", *FUNCTIONS}),
    carrier_stops=frozenset(
        {"statement_block", "program", "if_statement", "function_declaration", "method_definition"}
    ),
    returning_functions=frozenset({"arrow_function"}),
    takes_arguments=_takes_arguments,
    compared_operands=_compared_operands,
)


HANDLERS = HandlerSyntax(
    constant_collections=frozenset({"array", "object"}),
    constant_pair_fields=("value",),
    value_calls=frozenset({"call_expression", "new_expression"}),
    references=frozenset({"identifier", "member_expression"}),
    empty_statements=frozenset({"empty_statement"}),
    inert=lambda expression: False,
    log_calls=(),
    constructed=_constructed,
    spreads=frozenset({"spread_element"}),
    to_stderr=_no_stderr,
)


BEHAVIOUR = BehaviourSyntax(
    functions=FUNCTIONS,
    nested=NESTED,
    names=NAMES,
    blocks=frozenset({"statement_block"}),
    wrappers=WRAPPERS,
    lambdas=frozenset({"arrow_function"}),
    call="call_expression",
    literal=js_literal,
    strip=strip,
    function_name=function_name,
    anonymous="an anonymous function",
    symbol_at=symbol_at,
    binding="variable_declarator",
    binding_fields=("name", "value"),
    binds=_binds,
    updates=frozenset({"assignment_expression"}),
    answers=ANSWERS,
    probes=PROBES,
    handlers=HANDLERS,
)


def _method(callee: ts.Node) -> tuple[ts.Node, str] | None:
    """(``owner``, ``name``) of ``owner.name``."""
    owner = callee.child_by_field_name("object") if callee.type == "member_expression" else None
    method = callee.child_by_field_name("property") if owner is not None else None
    return (owner, T.text(method)) if owner is not None and method is not None else None


def _chain_key(node: ts.Node) -> str:
    """``a`` of ``o.a`` and ``o["a"]``; "" for ``o[key]``."""
    if node.type == "member_expression":
        return T.text(node.child_by_field_name("property"))
    index = node.child_by_field_name("index")
    return js_strings.string_text(index) if index is not None and index.type == "string" else ""


def _merge_target(call: ts.Node) -> ts.Node | None:
    """``t`` of ``Object.assign(t, ...)``."""
    parts = call_parts(call)
    return parts[1][0] if parts is not None and parts[0] == "Object.assign" and parts[1] else None


RETURNS = ReturnSyntax(
    nested=NESTED,
    names=frozenset({"identifier"}),
    statement="expression_statement",
    return_statement="return_statement",
    declarations=frozenset({"lexical_declaration", "variable_declaration"}),
    writes=frozenset({"assignment_expression", "augmented_assignment_expression"}),
    mutators=frozenset(),
    fills_arguments=False,
    read_only_callees=frozenset(),
    loggers=frozenset(),
    needed_only=False,
    callbacks_fill=True,
    method=_method,
    chain_key=_chain_key,
    merge_target=_merge_target,
    responses=ResponseSyntax(sent=sent, passes_on=passes_on, uses=response_uses),
)


JAVASCRIPT = CodeSyntax(
    name="javascript",
    functions=FUNCTIONS,
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
    parameters=function_parameters,
    class_base=extends_value,
    merge_call=_merge_call,
    behaviour=BEHAVIOUR,
    returns=RETURNS,
)
