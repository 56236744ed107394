"""JavaScript/TypeScript behaviour facts: runner probes, runtime patches, equality hooks,
state flips.

Imported names are resolved through the file's semantic model (``import { env } from
'node:process'`` makes ``env.VITEST`` an environment read); the readers record, the
``impl`` rules judge.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.walk import enclosing, inside, is_within, mentions
from ..facts import Fact
from ..facts.impl import EnvWrite, EqualityOverride, RunnerProbe, RuntimePatch, StateFlip
from .model import JsModel, strip

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
_STATEMENT = frozenset({"statement_block", "program", "expression_statement", *FUNCTIONS})
_PROCESS = ("process", "node:process")
# Where a value stops flowing into the name or return that carries it.
_CARRIER_STOPS = frozenset(
    {"statement_block", "program", "if_statement", "function_declaration", "method_definition"}
)
_HOOKS = frozenset(
    {"equals", "isEqual", "asymmetricMatch", "valueOf", "toJSON", "[Symbol.toPrimitive]"}
)
_WRAPPERS = frozenset({"parenthesized_expression", "as_expression", "non_null_expression"})


def function_name(fn: ts.Node) -> str:
    """A function's name: its own, or the variable, property or field it is bound to."""
    name = fn.child_by_field_name("name")
    if name is not None:
        return T.text(name)
    parent = fn.parent
    while parent is not None and parent.type in _WRAPPERS:
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


def _unwrap_up(node: ts.Node) -> ts.Node | None:
    parent = node.parent
    while parent is not None and parent.type in _WRAPPERS:
        parent = parent.parent
    return parent


def _decided(node: ts.Node) -> ts.Node | None:
    """The function whose returned value the condition ``node`` sits in decides, if any."""
    child, current = node, node.parent
    while current is not None and current.type not in _STATEMENT:
        if current.type == "if_statement":
            condition = current.child_by_field_name("condition")
            if condition is not None and is_within(child, condition) and value_returns(current):
                return enclosing(current, FUNCTIONS)
            return None
        if current.type == "ternary_expression":
            if not is_within(child, current.child_by_field_name("condition")):
                return None
            outer = _unwrap_up(current)
            if outer is not None and outer.type == "arrow_function":
                return outer
            if outer is not None and outer.type == "return_statement":
                return enclosing(outer, FUNCTIONS)
            return None
        child, current = current, current.parent
    return None


def _uses(scope: ts.Node, name: str, call: bool) -> list[ts.Node]:
    """Reads of ``name`` in ``scope`` (calls of it when ``call``), declarations aside."""
    found: list[ts.Node] = []
    for n in inside(scope, frozenset()):
        if call and n.type == "call_expression":
            callee = T.squash(n.child_by_field_name("function"))
            if callee == name or callee.endswith("." + name):
                found.append(n)
        elif not call and n.type == "identifier" and T.text(n) == name:
            parent = n.parent
            if parent is None or parent.type != "variable_declarator":
                found.append(n)
    return found


def _root(node: ts.Node) -> ts.Node:
    while node.parent is not None:
        node = node.parent
    return node


def _deciding(node: ts.Node, depth: int = 2) -> list[ts.Node]:
    """The functions whose returned value ``node``'s value decides: in a condition, or
    carried there through a name it is bound to or a function that returns it."""
    direct = _decided(node)
    found = [direct] if direct is not None else []
    if depth == 0:
        return found
    current = node.parent
    while current is not None and current.type not in _CARRIER_STOPS:
        if current.type == "variable_declarator":
            name = current.child_by_field_name("name")
            value = current.child_by_field_name("value")
            if value is not None and value.type in FUNCTIONS:
                break  # the probe is inside a function bound to the name
            if name is None or name.type != "identifier":
                return found
            fn = enclosing(current, FUNCTIONS)
            scope = fn if fn is not None else _root(current)
            uses = _uses(scope, T.text(name), False)
            return found + [f for u in uses for f in _deciding(u, depth - 1)]
        if current.type in ("return_statement", "arrow_function"):
            fn = current if current.type == "arrow_function" else enclosing(current, FUNCTIONS)
            name = function_name(fn) if fn is not None else ""
            uses = _uses(_root(current), name, True) if name else []
            return found + [f for u in uses for f in _deciding(u, depth - 1)]
        current = current.parent
    return found


def _takes_arguments(fn: ts.Node) -> bool:
    params = fn.child_by_field_name("parameters") or fn.child_by_field_name("parameter")
    return params is not None and (params.type == "identifier" or bool(params.named_children))


def _mixes_literals(fn: ts.Node) -> bool:
    """Whether ``fn`` returns a literal on one path and a computed value on another."""
    body = fn.child_by_field_name("body")
    if body is not None and body.type != "statement_block":
        values: list[ts.Node | None] = [body]
    else:
        values = [returned_value(r) for r in value_returns(body)]
    arms: list[ts.Node | None] = []
    for value in values:
        value = strip(value)
        if value is not None and value.type == "ternary_expression":
            arms.extend(
                [value.child_by_field_name("consequence"), value.child_by_field_name("alternative")]
            )
        else:
            arms.append(value)
    literal = {js_literal(a) is not None for a in arms if a is not None}
    return literal == {True, False}


def _compared_value(node: ts.Node) -> str:
    parent = _unwrap_up(node)
    if parent is None or parent.type != "binary_expression":
        return ""
    if T.text(parent.child_by_field_name("operator")) not in ("==", "===", "!=", "!=="):
        return ""
    for side in ("left", "right"):
        literal = js_literal(parent.child_by_field_name(side))
        if literal is not None and literal.startswith("s:"):
            return literal[2:]
    return ""


def _probe(source: SourceFile, node: ts.Node, kind: str, name: str) -> RunnerProbe:
    deciding = _deciding(node)
    return RunnerProbe(
        file=source.path,
        line=T.line_of(node),
        symbol=symbol_at(source, node),
        source=kind,
        name=name,
        value=_compared_value(node),
        returns=bool(deciding),
        deciding=tuple(sorted({function_name(f) or "an anonymous function" for f in deciding})),
        arguments=any(_takes_arguments(f) for f in deciding),
        mixed=any(_mixes_literals(f) for f in deciding),
    )


def _is_env(model: JsModel, node: ts.Node | None) -> bool:
    """``process.env``, ``import.meta.env``, or ``env`` imported from ``node:process``."""
    if node is None:
        return False
    text = T.squash(node)
    if text in ("process.env", "import.meta.env", "globalThis.process.env", "global.process.env"):
        return True
    bound = {i.local: (i.module, i.name) for i in model.imports}
    if node.type == "identifier":
        return bound.get(text, ("", ""))[0] in _PROCESS and bound[text][1] == "env"
    head, _, rest = text.partition(".")
    return rest == "env" and bound.get(head, ("", ""))[0] in _PROCESS


def runner_probes(source: SourceFile, model: JsModel, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """``typeof X``, environment reads by a literal name, and searches of ``process.argv``."""
    found: list[Fact] = []
    for node in caps.get("unary", []):
        argument = node.child_by_field_name("argument")
        operator = T.text(node.child_by_field_name("operator"))
        if operator == "typeof" and argument is not None and argument.type == "identifier":
            found.append(_probe(source, node, "global", T.text(argument)))
    for node in caps.get("member", []):
        obj = node.child_by_field_name("object")
        name = T.text(node.child_by_field_name("property"))
        if _is_env(model, obj):
            found.append(_probe(source, node, "env", name))
        elif T.squash(node) == "import.meta.vitest":
            found.append(_probe(source, node, "global", "vitest"))
    for node in caps.get("subscript", []):
        literal = js_literal(node.child_by_field_name("index"))
        if (
            literal is not None
            and literal.startswith("s:")
            and _is_env(model, node.child_by_field_name("object"))
        ):
            found.append(_probe(source, node, "env", literal[2:]))
    for node in caps.get("call", []):
        function = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if function is None or function.type != "member_expression" or args is None:
            continue
        obj = function.child_by_field_name("object")
        if obj is None or "process.argv" not in T.squash(obj):
            continue
        # The string searched for: the argument, or inside a callback (``a.includes('x')``).
        strings = [js_literal(n) for n in inside(args, frozenset()) if n.type == "string"]
        needle = next((s[2:] for s in strings if s is not None), None)
        if needle is not None:
            found.append(_probe(source, node, "argv", needle))
    return found


def env_writes(source: SourceFile, model: JsModel, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Environment variables the file sets: ``process.env.X = ...``, ``vi.stubEnv('X', ...)``."""
    names: list[tuple[ts.Node, str]] = []
    for node in caps.get("assignment", []):
        left = node.child_by_field_name("left")
        if left is None or not _is_env(model, left.child_by_field_name("object")):
            continue
        if left.type == "member_expression":
            names.append((node, T.text(left.child_by_field_name("property"))))
        elif left.type == "subscript_expression":
            key = js_literal(left.child_by_field_name("index"))
            if key is not None and key.startswith("s:"):
                names.append((node, key[2:]))
    for node in caps.get("call", []):
        function = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        if function is None or args is None or not args.named_children:
            continue
        key = js_literal(args.named_children[0])
        if T.squash(function).endswith(".stubEnv") and key is not None and key.startswith("s:"):
            names.append((node, key[2:]))
    return [
        EnvWrite(file=source.path, line=T.line_of(n), symbol=symbol_at(source, n), name=name)
        for n, name in names
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
