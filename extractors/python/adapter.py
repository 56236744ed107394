"""Python's ``CodeSyntax``: the node types and read semantics the shared readers use.

A subscript of an absent key raises, ``d.get("k")`` does not, a ``try`` that catches
``KeyError`` makes a read tolerant, and ``with … as name`` rebinds a name.
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
    ReturnSyntax,
)
from ..common.literals import py_literal
from ..common.walk import enclosing
from . import strings as py_strings
from .answer_keys import case_pairs, condition_pairs, table_entries, tuple_key
from .domains import parameter_domain, produced, table_domain
from .model import PythonModel, base_nodes, definition_symbol
from .model import parameters as model_parameters

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
                key = py_strings.string_text(first) if first is not None else None
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
            key = py_strings.string_text(index) if index is not None else None
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
    return index is None or py_strings.string_text(index) is None


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


# Node types a walk of one function body does not enter.
NESTED = frozenset({"function_definition", "lambda", "class_definition"})
NAMES = frozenset({"identifier"})
FUNCTIONS = frozenset({"function_definition"})


def symbol_at(path: str, node: ts.Node) -> str:
    """``path::qualname`` of the innermost function around ``node``, "" at module level."""
    fn = enclosing(node, FUNCTIONS)
    return definition_symbol(path, fn) if fn is not None else ""


def _function_name(fn: ts.Node) -> str:
    """A ``def``'s name; "" for a ``lambda``."""
    return T.text(fn.child_by_field_name("name"))


def _answer_group(path: str, fn: ts.Node) -> tuple[str, str]:
    """A function's qualified name is unique in its file: it is symbol and group both."""
    symbol = definition_symbol(path, fn)
    return symbol, symbol


def _table_name(node: ts.Node) -> str:
    """``TABLE`` of ``TABLE = {...}``."""
    parent = node.parent
    if parent is not None and parent.type == "assignment":
        left = parent.child_by_field_name("left")
        if left is not None and left.type == "identifier":
            return T.text(left)
    return ""


def _parameters(fn: ts.Node) -> list[str]:
    """The names of a function's parameters, ``self`` and ``cls`` aside."""
    params = fn.child_by_field_name("parameters")
    names: list[str] = []
    for p in params.named_children if params is not None else []:
        if p.type == "identifier":
            names.append(T.text(p))
        else:
            named = p.child_by_field_name("name")
            first = named or next((c for c in p.named_children if c.type == "identifier"), None)
            if first is not None and first.type == "identifier":
                names.append(T.text(first))
    return [n for n in names if n not in ("self", "cls")]


def _takes_arguments(fn: ts.Node) -> bool:
    """Any parameter but ``self``/``cls`` (a ``*`` separator counts)."""
    params = fn.child_by_field_name("parameters")
    names = (
        [T.text(p).split(":")[0].split("=")[0].strip() for p in params.named_children]
        if params
        else []
    )
    return any(n not in ("self", "cls") for n in names)


def _conditional(node: ts.Node | None) -> Conditional | None:
    """``consequence if condition else alternative``."""
    if node is None or node.type != "conditional_expression" or len(node.named_children) != 3:
        return None
    consequence, condition, alternative = node.named_children
    return condition, consequence, alternative


def _binds(ident: ts.Node) -> bool:
    """The ``x`` of ``x = ...``."""
    parent = ident.parent
    return (
        parent is not None
        and parent.type == "assignment"
        and parent.child_by_field_name("left") == ident
    )


def _compared_operands(node: ts.Node) -> list[ts.Node | None]:
    """The other operands of the ``==``/``!=`` comparison ``node`` is an operand of."""
    parent = node.parent
    if parent is None or parent.type != "comparison_operator":
        return []
    operators = {T.text(c) for c in parent.children if not c.is_named}
    if not operators & {"==", "!="}:
        return []
    return [other for other in parent.named_children if other.id != node.id]


def _inert(expression: ts.Node) -> bool:
    """``...`` or a string standing as a statement (a docstring)."""
    return expression.type == "ellipsis" or (
        expression.type == "string" and py_literal(expression) is not None
    )


# Constructors whose call makes a fresh value (``dict()``, ``list(items)``); a type given
# to one (``defaultdict(list)``) is as constant as a literal.
_CONSTRUCTORS = frozenset(
    {"dict", "list", "set", "tuple", "frozenset", "str", "int", "float", "bool", "bytes"}
    | {"OrderedDict", "defaultdict", "Counter", "deque"}
)


def _constructed(value: ts.Node) -> tuple[list[ts.Node], bool] | None:
    """The arguments of ``dict(...)``, ``list(...)``, ... (type names left out); each of
    them copies what it is given."""
    if value.type != "call":
        return None
    if T.squash(value.child_by_field_name("function")).rsplit(".", 1)[-1] not in _CONSTRUCTORS:
        return None
    args = value.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    return [a for a in values if T.text(a) not in _CONSTRUCTORS], True


def _to_stderr(call: ts.Node, resolve: Callable[[str], str]) -> bool:
    """``print(..., file=sys.stderr)``."""
    args = call.child_by_field_name("arguments")
    return any(
        a.type == "keyword_argument"
        and T.text(a.child_by_field_name("name")) == "file"
        and resolve(T.squash(a.child_by_field_name("value"))) == "sys.stderr"
        for a in (args.named_children if args is not None else [])
    )


ANSWERS = AnswerSyntax(
    answer_group=_answer_group,
    condition_pairs=condition_pairs,
    case=case_pairs,
    table="dict",
    tables=("dict", "call"),
    entries=table_entries,
    table_key=py_literal,
    tuple_key=tuple_key,
    table_name=_table_name,
    parameters=_parameters,
    domain=parameter_domain,
    table_domain=table_domain,
    produced=produced,
)


PROBES = ProbeSyntax(
    branches=frozenset({"if_statement", "elif_clause"}),
    elif_clause="elif_clause",
    conditional=_conditional,
    statement_stops=frozenset(
        {"block", "module", "expression_statement", "function_definition", "class_definition"}
    ),
    carrier_stops=frozenset(
        {
            "block",
            "module",
            "function_definition",
            "class_definition",
            "if_statement",
            "elif_clause",
        }
    ),
    returning_functions=frozenset(),
    takes_arguments=_takes_arguments,
    compared_operands=_compared_operands,
)


HANDLERS = HandlerSyntax(
    constant_collections=frozenset({"list", "dictionary", "tuple", "set"}),
    constant_pair_fields=("key", "value"),
    value_calls=frozenset({"call"}),
    references=frozenset({"identifier", "attribute"}),
    empty_statements=frozenset({"pass_statement"}),
    inert=_inert,
    log_calls=(("print", "log:print"), ("warnings.warn", "log:warning")),
    constructed=_constructed,
    spreads=frozenset({"dictionary_splat", "list_splat"}),
    to_stderr=_to_stderr,
)


BEHAVIOUR = BehaviourSyntax(
    functions=FUNCTIONS,
    nested=NESTED,
    names=NAMES,
    blocks=frozenset({"block"}),
    wrappers=frozenset({"parenthesized_expression"}),
    lambdas=frozenset({"lambda"}),
    call="call",
    literal=py_literal,
    strip=lambda node: node,
    function_name=_function_name,
    anonymous="lambda",
    symbol_at=symbol_at,
    binding="assignment",
    binding_fields=("left", "right"),
    binds=_binds,
    updates=frozenset({"assignment", "augmented_assignment"}),
    answers=ANSWERS,
    probes=PROBES,
    handlers=HANDLERS,
)


def _method(callee: ts.Node) -> tuple[ts.Node, str] | None:
    """(``owner``, ``name``) of ``owner.name``."""
    owner = callee.child_by_field_name("object") if callee.type == "attribute" else None
    method = callee.child_by_field_name("attribute") if owner is not None else None
    return (owner, T.text(method)) if owner is not None and method is not None else None


def _chain_key(node: ts.Node) -> str:
    """``a`` of ``o.a`` and ``o["a"]``; "" for ``o[key]``."""
    if node.type == "attribute":
        return T.text(node.child_by_field_name("attribute"))
    index = node.child_by_field_name("subscript")
    return (py_strings.string_text(index) or "") if index is not None else ""


def _merge_target(call: ts.Node) -> ts.Node | None:
    """``owner`` of ``owner.update(...)``."""
    found = _method(call.child_by_field_name("function") or call)
    return found[0] if found is not None and found[1] == "update" else None


RETURNS = ReturnSyntax(
    nested=frozenset({"function_definition", "class_definition", "decorated_definition"})
    | {"lambda"},
    names=NAMES,
    statement="expression_statement",
    return_statement="return_statement",
    declarations=frozenset(),
    writes=frozenset({"assignment", "augmented_assignment"}),
    # Methods that add keys to a dict in ways a literal cannot show.
    mutators=frozenset({"setdefault", "pop", "popitem", "clear", "__setitem__"}),
    fills_arguments=True,
    read_only_callees=frozenset(
        {"print", "len", "str", "repr", "bool", "isinstance", "sorted", "list", "tuple"}
        | {"set", "dict", "id", "type", "hash", "json.dumps", "copy.deepcopy", "copy.copy"}
    ),
    loggers=frozenset({"log", "logger", "logging"}),
    needed_only=True,
    callbacks_fill=False,
    method=_method,
    chain_key=_chain_key,
    merge_target=_merge_target,
    responses=None,
)


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
    parameters=model_parameters,
    class_base=lambda cls: next(iter(base_nodes(cls)), None),
    merge_call=_merge_call,
    behaviour=BEHAVIOUR,
    returns=RETURNS,
)
