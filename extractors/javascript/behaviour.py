"""JavaScript/TypeScript behaviour facts: runtime patches, equality hooks, state flips
(runner probes are ``probes``), and the function and return helpers the readers share.

Imported names are resolved through the file's semantic model (``import assert from
'node:assert'`` makes ``assert.equal = ...`` a patch of ``node:assert.equal``); the
readers record, the ``impl`` rules judge.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.walk import enclosing, inside, mentions
from ..facts import Fact
from ..facts.impl import EqualityOverride, RuntimePatch, StateFlip
from .model import JsModel

FUNCTIONS = frozenset(
    {
        "function_declaration",
        "function_expression",
        "arrow_function",
        "method_definition",
        "generator_function_declaration",
    }
)
NESTED = FUNCTIONS | {"class_declaration", "class"}
NAMES = frozenset({"identifier", "shorthand_property_identifier"})
_HOOKS = frozenset(
    {"equals", "isEqual", "asymmetricMatch", "valueOf", "toJSON", "[Symbol.toPrimitive]"}
)
WRAPPERS = frozenset({"parenthesized_expression", "as_expression", "non_null_expression"})


def function_name(fn: ts.Node) -> str:
    """A function's name: its own, or the variable, property or field it is bound to."""
    name = fn.child_by_field_name("name")
    if name is not None:
        return T.text(name)
    parent = fn.parent
    while parent is not None and parent.type in WRAPPERS:
        parent = parent.parent
    if parent is not None and parent.type in (
        "variable_declarator",
        "pair",
        "public_field_definition",
    ):
        key = parent.child_by_field_name("name") or parent.child_by_field_name("key")
        return T.text(key)
    return ""


def symbol_at(source: SourceFile, node: ts.Node) -> str:
    """``path::name`` of the innermost named function around ``node``."""
    current = enclosing(node, FUNCTIONS)
    while current is not None:
        name = function_name(current)
        if name:
            return f"{source.path}::{name}"
        current = enclosing(current, FUNCTIONS)
    return ""


def returned_value(node: ts.Node) -> ts.Node | None:
    """The value of a ``return`` statement, or None for a bare ``return``."""
    values = [c for c in node.named_children if c.type != "comment"]
    return values[0] if values else None


def value_returns(block: ts.Node | None) -> list[ts.Node]:
    """``return <value>`` statements inside ``block``, nested functions excluded."""
    if block is None:
        return []
    own = [block] if block.type == "return_statement" else []
    return [
        n
        for n in [*own, *inside(block, NESTED)]
        if n.type == "return_statement" and returned_value(n) is not None
    ]


def declared_names(caps: dict[str, list[ts.Node]], model: JsModel) -> set[str]:
    """Names the file declares: variables, functions, classes, parameters and imports."""
    names = {i.local for i in model.imports}
    for node in caps.get("declarator", []):
        names |= {T.text(n) for n in [node.child_by_field_name("name")] if n is not None}
        pattern = node.child_by_field_name("name")
        if pattern is not None and pattern.type != "identifier":
            names |= {T.text(n) for n in inside(pattern, frozenset()) if n.type in NAMES}
    for node in [*caps.get("function", []), *caps.get("class", [])]:
        name = node.child_by_field_name("name")
        if name is not None:
            names.add(T.text(name))
        params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        if params is not None:
            names |= {T.text(n) for n in [params, *inside(params, frozenset())] if n.type in NAMES}
    return names


def runtime_patches(
    source: SourceFile, model: JsModel, caps: dict[str, list[ts.Node]], declared: set[str]
) -> list[Fact]:
    """Assignments to a global or a property of a global or import (``Date.now = f``)."""
    found: list[Fact] = []
    bound = {i.local: i.module for i in model.imports}
    for node in caps.get("assignment", []):
        left = node.child_by_field_name("left")
        if left is None or left.type not in ("member_expression", "identifier"):
            continue
        written = T.squash(left)
        head = written.split(".", 1)[0]
        if head == "this" or (head in declared and head not in bound):
            continue
        target = written if head not in bound else bound[head] + written[len(head) :]
        right = node.child_by_field_name("right")
        keeps = right is not None and any(
            T.squash(c) == written for c in [right, *inside(right, NESTED)] if c.type == left.type
        )
        found.append(
            RuntimePatch(
                file=source.path,
                line=T.line_of(node),
                symbol=symbol_at(source, node),
                target=target,
                keeps_original=keeps,
            )
        )
    return found


def _return_word(value: ts.Node | None) -> str:
    literal = js_literal(value)
    if literal in ("b:true", "b:false"):
        return literal[2:]
    return "none" if literal == "none" or value is None else "other"


def equality_overrides(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Comparison hooks of classes and objects, with what each return gives."""
    found: list[Fact] = []
    for fn in caps.get("function", []):
        name = function_name(fn)
        if name not in _HOOKS:
            continue
        body = fn.child_by_field_name("body")
        if body is not None and body.type != "statement_block":
            returns = (_return_word(body),)
        else:
            returns = tuple(_return_word(returned_value(r)) for r in value_returns(body))
        owner = enclosing(fn, frozenset({"class_declaration", "class"}))
        owner_name = owner.child_by_field_name("name") if owner is not None else None
        found.append(
            EqualityOverride(
                file=source.path,
                line=T.line_of(fn),
                symbol=symbol_at(source, body or fn) or f"{source.path}::{name}",
                method=name,
                owner=T.text(owner_name),
                returns=returns,
            )
        )
    return found


def _outer_writes(fn: ts.Node, body: ts.Node) -> dict[str, list[str]]:
    """Names the function rebinds but does not declare, with how each write rebinds."""
    own = list(inside(body, NESTED))
    local = {
        T.text(n.child_by_field_name("name"))
        for n in own
        if n.type == "variable_declarator" and n.child_by_field_name("name") is not None
    }
    params = fn.child_by_field_name("parameters") or fn.child_by_field_name("parameter")
    if params is not None:
        local |= {T.text(n) for n in [params, *inside(params, frozenset())] if n.type in NAMES}
    writes: dict[str, list[str]] = {}
    for n in own:
        if n.type == "update_expression":
            target, kind = n.child_by_field_name("argument"), "augment"
        elif n.type == "augmented_assignment_expression":
            target, kind = n.child_by_field_name("left"), "augment"
        elif n.type == "assignment_expression":
            target, right = n.child_by_field_name("left"), n.child_by_field_name("right")
            kind = "literal" if js_literal(right) is not None else "other"
            if (
                right is not None
                and right.type == "unary_expression"
                and T.text(right).startswith("!")
            ):
                kind = (
                    "negate"
                    if target is not None and mentions(right, T.text(target), NAMES)
                    else kind
                )
        else:
            continue
        if target is not None and target.type == "identifier" and T.text(target) not in local:
            writes.setdefault(T.text(target), []).append(kind)
    return writes


def module_names(caps: dict[str, list[ts.Node]]) -> set[str]:
    """Names declared by module-level ``let``/``var``/``const`` statements."""
    names: set[str] = set()
    for node in caps.get("declarator", []):
        statement = node.parent
        if statement is not None and statement.type in (
            "lexical_declaration",
            "variable_declaration",
        ):
            outer = statement.parent
            if outer is not None and outer.type == "export_statement":
                outer = outer.parent
            name = node.child_by_field_name("name")
            if outer is not None and outer.type == "program" and name is not None:
                names.add(T.text(name))
    return names


def state_flips(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Functions that rebind a module-level name and return a value under a condition on it
    (a variable of an enclosing function often lives no longer than one call of it)."""
    found: list[Fact] = []
    module = module_names(caps)
    for fn in caps.get("function", []):
        body = fn.child_by_field_name("body")
        if body is None or body.type != "statement_block":
            continue
        writes = _outer_writes(fn, body)
        for name, kinds in sorted((n, k) for n, k in writes.items() if n in module):
            write = "other" if "other" in kinds else sorted(kinds)[0]
            for node in inside(body, NESTED):
                values: list[ts.Node] = []
                ret: ts.Node | None = None
                if node.type == "if_statement" and mentions(
                    node.child_by_field_name("condition"), name, NAMES
                ):
                    returns = value_returns(node.child_by_field_name("consequence"))
                    ret = returns[0] if returns else None
                    values = [v for v in [returned_value(ret)] if v is not None] if ret else []
                elif node.type == "return_statement":
                    value = returned_value(node)
                    if (
                        value is not None
                        and value.type == "ternary_expression"
                        and mentions(value.child_by_field_name("condition"), name, NAMES)
                    ):
                        ret = node
                        values = [
                            v
                            for v in (
                                value.child_by_field_name("consequence"),
                                value.child_by_field_name("alternative"),
                            )
                            if v is not None
                        ]
                if ret is None:
                    continue
                found.append(
                    StateFlip(
                        file=source.path,
                        line=T.line_of(node),
                        symbol=symbol_at(source, body),
                        name=name,
                        write=write,
                        returned=T.squash(returned_value(ret)),
                        returns_state=any(mentions(v, name, NAMES) for v in values),
                        literal_return=bool(values)
                        and all(js_literal(v) is not None for v in values),
                    )
                )
    return found
