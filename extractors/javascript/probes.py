"""JavaScript/TypeScript runner probes and environment writes: what tells production code
that tests run.

A probe is ``typeof <global>``, a read or presence test (``in``, ``Reflect.has``,
``Object.hasOwn``, ``hasOwnProperty``) of the environment (``process.env``,
``import.meta.env``, ``env`` imported from ``node:process``) or of the global object
(``globalThis``, ``global``, ``window``) by a constant name, either object reached directly
or through a name bound to it, or a search of ``process.argv``; its fact says which
functions' returned values it decides, directly or through a constant or helper function
that carries it. Environment writes (``process.env.X = ...``, ``vi.stubEnv``) tell which
variables the tests set.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.walk import enclosing, inside, is_within
from ..facts import Fact
from ..facts.impl import EnvWrite, RunnerProbe
from .behaviour import FUNCTIONS, WRAPPERS, function_name, returned_value, symbol_at, value_returns
from .model import JsModel, strip
from .probe_keys import bound_names, listed_object, searched_strings

# Where the value read from a probe stops being part of one condition.
_STATEMENT = frozenset({"statement_block", "program", "expression_statement", *FUNCTIONS})
_PROCESS = ("process", "node:process")
# Names of the global object, when the file does not bind them itself.
_GLOBAL_OBJECTS = frozenset({"globalThis", "global", "window"})
_PRESENCE_CALLS = frozenset({"Reflect.has", "Reflect.get", "Object.hasOwn"})
# Where a value stops flowing into the name or return that carries it.
_CARRIER_STOPS = frozenset(
    {"statement_block", "program", "if_statement", "function_declaration", "method_definition"}
)


def _unwrap_up(node: ts.Node) -> ts.Node | None:
    parent = node.parent
    while parent is not None and parent.type in WRAPPERS:
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


def _probe(
    source: SourceFile, node: ts.Node, kind: str, name: str, anchor: ts.Node | None = None
) -> RunnerProbe:
    """The probe at ``node``; what it decides is what ``anchor`` (the array method call or
    loop its key comes from) decides, when it has one."""
    deciding = _deciding(anchor if anchor is not None else node)
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


class _Objects:
    """Which expressions stand for the environment or the global object: the objects
    themselves, or a name bound once to one of them (``const env = process.env``)."""

    def __init__(self, model: JsModel, caps: dict[str, list[ts.Node]]) -> None:
        self._model = model
        self._aliases: dict[str, list[tuple[ts.Node, str]]] = {}
        for node in caps.get("declarator", []):
            name = node.child_by_field_name("name")
            value = strip(node.child_by_field_name("value"))
            kind = self._direct(value) if value is not None else ""
            if name is not None and name.type == "identifier" and kind:
                self._aliases.setdefault(T.text(name), []).append((name, kind))
        for node in caps.get("assignment", []):  # a name assigned again is no alias
            left = node.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                self._aliases.pop(T.text(left), None)

    def _direct(self, node: ts.Node) -> str:
        if _is_env(self._model, node):
            return "env"
        text = T.text(node)
        if node.type == "identifier" and text in _GLOBAL_OBJECTS:
            return "global" if self._model.scopes.lookup(text, node) is None else ""
        return ""

    def kind(self, node: ts.Node | None) -> str:
        """ "env", "global", or "" for anything else."""
        node = strip(node)
        if node is None:
            return ""
        direct = self._direct(node)
        if direct or node.type != "identifier":
            return direct
        text, scopes = T.text(node), self._model.scopes
        for name, kind in self._aliases.get(text, []):
            scope = scopes.lookup(text, name)
            once = scope is not None and scope.times.get(text) == 1
            if once and scopes.lookup(text, node) is scope:
                return kind
        return ""


def _presence(model: JsModel, objects: _Objects, node: ts.Node) -> tuple[str, ts.Node] | None:
    """(kind, name) of ``Reflect.has(o, k)``, ``Object.hasOwn(o, k)``, ``o.hasOwnProperty(k)``
    or ``Object.prototype.hasOwnProperty.call(o, k)`` on the environment or global object."""
    function = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    values = [a for a in args.named_children if a.type != "comment"] if args is not None else []
    callee = T.squash(function) if function is not None else ""
    if callee in _PRESENCE_CALLS or callee.endswith(".hasOwnProperty.call"):
        target, key = (values[0], values[1]) if len(values) >= 2 else (None, None)
    elif callee.endswith(".hasOwnProperty") and function is not None and values:
        target, key = function.child_by_field_name("object"), values[0]
    else:
        return None
    kind = objects.kind(target)
    return (kind, key) if kind and key is not None else None


def _keys(model: JsModel, node: ts.Node | None) -> list[tuple[str, ts.Node | None]]:
    """(name, anchor) for each name a key stands for: a constant (no anchor), or each string
    of the array a callback or loop variable runs over (a callback's at its array call)."""
    value = model.string_value(node)
    if value is not None:
        return [(value, None)]
    names, anchor = bound_names(model, node)
    return [(name, anchor) for name in names]


def runner_probes(source: SourceFile, model: JsModel, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """``typeof X``, reads and presence tests of the environment or global object by a
    constant name, and searches of ``process.argv``."""
    found: list[Fact] = []
    objects = _Objects(model, caps)
    for node in caps.get("unary", []):
        argument = node.child_by_field_name("argument")
        operator = T.text(node.child_by_field_name("operator"))
        if operator == "typeof" and argument is not None and argument.type == "identifier":
            found.append(_probe(source, node, "global", T.text(argument)))
    for node in caps.get("member", []):
        kind = objects.kind(node.child_by_field_name("object"))
        name = T.text(node.child_by_field_name("property"))
        called = node.parent is not None and node.parent.type == "call_expression"
        if kind and not (called and node.parent.child_by_field_name("function") == node):
            found.append(_probe(source, node, kind, name))
        elif T.squash(node) == "import.meta.vitest":
            found.append(_probe(source, node, "global", "vitest"))
    for node in caps.get("subscript", []):
        kind = objects.kind(node.child_by_field_name("object"))
        if kind:
            keys = _keys(model, node.child_by_field_name("index"))
            found.extend(_probe(source, node, kind, key, at) for key, at in keys)
    for node in caps.get("binary", []):
        kind = objects.kind(node.child_by_field_name("right"))
        if T.text(node.child_by_field_name("operator")) == "in" and kind:
            keys = _keys(model, node.child_by_field_name("left"))
            found.extend(_probe(source, node, kind, key, at) for key, at in keys)
    for node in caps.get("call", []):
        presence = _presence(model, objects, node)
        if presence is not None:
            keys = _keys(model, presence[1])
            found.extend(_probe(source, node, presence[0], key, at) for key, at in keys)
            continue
        listed = listed_object(node)
        kind = objects.kind(listed) if listed is not None else ""
        if kind:  # Object.keys(process.env).some((k) => k.startsWith('JEST_'))
            found.extend(_probe(source, node, kind, key) for key in searched_strings(model, node))
            continue
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
    found.extend(_destructured(source, objects, caps))
    return found


def _destructured(
    source: SourceFile, objects: _Objects, caps: dict[str, list[ts.Node]]
) -> list[Fact]:
    """``const { NODE_ENV: mode } = process.env`` (or of a name bound to the environment or
    the global object): each key read, decided through its uses."""
    found: list[Fact] = []
    for node in caps.get("declarator", []):
        pattern = node.child_by_field_name("name")
        if pattern is None or pattern.type != "object_pattern":
            continue
        kind = objects.kind(node.child_by_field_name("value"))
        if not kind:
            continue
        fn = enclosing(node, FUNCTIONS)
        scope = fn if fn is not None else _root(node)
        for part in pattern.named_children:
            if part.type == "shorthand_property_identifier_pattern":
                key = local = T.text(part)
            elif part.type == "pair_pattern":
                key = T.text(part.child_by_field_name("key")).strip("'\"")
                local = T.text(part.child_by_field_name("value"))
            else:
                continue
            uses = _uses(scope, local, False)
            deciding = [f for u in uses for f in _deciding(u)]
            value = next((v for u in uses if (v := _compared_value(u))), "")
            found.append(
                RunnerProbe(
                    file=source.path,
                    line=T.line_of(part),
                    symbol=symbol_at(source, node),
                    source=kind,
                    name=key,
                    value=value,
                    returns=bool(deciding),
                    deciding=tuple(
                        sorted({function_name(f) or "an anonymous function" for f in deciding})
                    ),
                    arguments=any(_takes_arguments(f) for f in deciding),
                    mixed=any(_mixes_literals(f) for f in deciding),
                )
            )
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
