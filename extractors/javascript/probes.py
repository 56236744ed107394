"""JavaScript/TypeScript runner probes and environment writes: what tells production code
that tests run.

A probe is ``typeof <global>``, a read or presence test (``in``, ``Reflect.has``,
``Object.hasOwn``, ``hasOwnProperty``) of the environment (``process.env``,
``import.meta.env``, ``env`` imported from ``node:process``) or of the global object
(``globalThis``, ``global``, ``window``) by a constant name, either object reached directly
or through a name bound to it, or a search of ``process.argv``; its fact says which
functions' returned values it decides, directly or through a constant or helper function
that carries it (``common/probes.py``; this module says which reads are probes).
Environment writes (``process.env.X = ...``, ``vi.stubEnv``) tell which variables the tests
set.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import treesitter as T
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.probes import compared_value, root, runner_probe, uses
from ..common.walk import enclosing, inside
from ..facts import Fact
from ..facts.impl import EnvWrite, RunnerProbe
from .adapter import BEHAVIOUR, FUNCTIONS, symbol_at
from .model import JsModel, strip
from .patterns import keys
from .probe_keys import bound_names, listed_object, searched_strings

_PROCESS = ("process", "node:process")
# Names of the global object, when the file does not bind them itself.
_GLOBAL_OBJECTS = frozenset({"globalThis", "global", "window"})
_PRESENCE_CALLS = frozenset({"Reflect.has", "Reflect.get", "Object.hasOwn"})


def _probe(
    source: SourceFile, node: ts.Node, kind: str, name: str, anchor: ts.Node | None = None
) -> RunnerProbe:
    """The probe at ``node``; what it decides is what ``anchor`` (the array method call or
    loop its key comes from) decides, when it has one."""
    decided_by = [anchor if anchor is not None else node]
    value = compared_value(node, BEHAVIOUR)
    return runner_probe(source, node, kind, name, decided_by, BEHAVIOUR, value)


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
        scope = fn if fn is not None else root(node)
        for key, bound in keys(pattern):
            reads = uses(scope, bound.local, False, BEHAVIOUR)
            value = next((v for u in reads if (v := compared_value(u, BEHAVIOUR))), "")
            part = bound.name  # the pattern's entry that binds it: the probe's line
            while part.parent is not None and part.parent != pattern:
                part = part.parent
            found.append(
                runner_probe(source, part, kind, key, reads, BEHAVIOUR, value, symbol_node=node)
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
        EnvWrite(file=source.path, line=T.line_of(n), symbol=symbol_at(source.path, n), name=name)
        for n, name in names
    ]
