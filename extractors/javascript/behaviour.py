"""JavaScript/TypeScript behaviour facts: runtime patches and equality hooks (runner probes
are ``probes``, state flips ``state``), and the function and return helpers the readers
share.

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
from ..facts.impl import EqualityOverride, OverrideReturn, RuntimePatch
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
    found.extend(_patch_calls(source, caps))
    return found


_SPIES = ("jest.spyOn", "vi.spyOn", "sinon.stub", "sinon.replace", "Object.defineProperty")
_FAKE_CLOCKS = ("useFakeTimers", "setSystemTime", "advanceTimersByTime", "mockImplementation")


def _patch_calls(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """``jest.spyOn(Date, 'now')``, ``Object.defineProperty(Date, 'now', ...)``,
    ``vi.useFakeTimers()``: the target replaced, or the faking call when it names none."""
    found: list[Fact] = []
    for node in caps.get("call", []):
        function = T.squash(node.child_by_field_name("function"))
        args = node.child_by_field_name("arguments")
        values = [a for a in (args.named_children if args else []) if a.type != "comment"]
        target = ""
        if function in _SPIES and len(values) >= 2:
            name = js_literal(values[1])
            if name is not None and name.startswith("s:"):
                target = f"{T.squash(values[0])}.{name[2:]}"
        elif function.split(".", 1)[0] in ("jest", "vi", "sinon") and function.endswith(
            _FAKE_CLOCKS
        ):
            target = function
        if target:
            found.append(
                RuntimePatch(
                    file=source.path,
                    line=T.line_of(node),
                    symbol=symbol_at(source, node),
                    target=target,
                    keeps_original=False,
                )
            )
    return found


# Equality hooks and the parameter that holds the object they compare with.
_COMPARING = frozenset({"equals", "isEqual", "asymmetricMatch"})


def _constant_data(node: ts.Node | None) -> bool:
    """An object or array literal of literals only (``{ lines: [4, 6], total: 10 }``)."""
    while node is not None and node.type in WRAPPERS and node.named_children:
        node = node.named_children[0]
    if node is None:
        return False
    if js_literal(node) is not None:
        return True
    if node.type == "array":
        return all(_constant_data(c) for c in node.named_children if c.type != "comment")
    if node.type == "object":
        pairs = [c for c in node.named_children if c.type != "comment"]
        return all(
            p.type == "pair" and _constant_data(p.child_by_field_name("value")) for p in pairs
        )
    return False


def _first_parameter(fn: ts.Node) -> str | None:
    """The name of a function's first parameter; "" when it has none, None when unnamed."""
    params = fn.child_by_field_name("parameters")
    first = params.named_children[0] if params is not None and params.named_children else None
    if first is None:
        first = fn.child_by_field_name("parameter")
    if first is None:
        return ""
    if first.type in ("required_parameter", "optional_parameter"):
        first = first.child_by_field_name("pattern")
    return T.text(first) if first is not None and first.type == "identifier" else None


def _ignores_other(fn: ts.Node, name: str, body: ts.Node | None) -> bool:
    """An equality hook whose body never reads the object it is compared with."""
    if name not in _COMPARING or body is None:
        return False
    other = _first_parameter(fn)
    if other is None or mentions(body, "arguments", NAMES):
        return False
    return not other or not mentions(body, other, NAMES)


def _return_word(value: ts.Node | None) -> OverrideReturn:
    literal = js_literal(value)
    if literal is None and _constant_data(value):
        return "literal"
    if literal in ("b:true", "b:false"):
        return "true" if literal == "b:true" else "false"
    if literal == "none" or value is None:
        return "none"
    return "literal" if literal is not None else "other"


def equality_overrides(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Comparison hooks of classes and objects, with what each return gives."""
    found: list[Fact] = []
    for fn in caps.get("function", []):
        name = function_name(fn)
        if name not in _HOOKS:
            continue
        body = fn.child_by_field_name("body")
        returns: tuple[OverrideReturn, ...]
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
                ignores_other=_ignores_other(fn, name, body),
            )
        )
    return found
