"""JavaScript/TypeScript behaviour facts: runtime patches and equality hooks (runner probes
are ``probes``, state flips ``state``; what a function and a return look like is the
adapter's, ``adapter.py``).

Imported names are resolved through the file's semantic model (``import assert from
'node:assert'`` makes ``assert.equal = ...`` a patch of ``node:assert.equal``); the
readers record, the ``impl`` rules judge.
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import patches
from ..common import treesitter as T
from ..common.bodies import return_word, returned_values
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.type_agreement import agreeing_types
from ..common.walk import enclosing, inside, mentions
from ..facts import Fact, symbol_id
from ..facts.impl import EqualityOverride, OverrideReturn
from .adapter import BEHAVIOUR, NAMES, WRAPPERS, function_name, symbol_at
from .model import JsModel, strip

_HOOKS = frozenset(
    {"equals", "isEqual", "asymmetricMatch", "valueOf", "toJSON", "[Symbol.toPrimitive]"}
)


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
    """Assignments to a global or a property of a global or import (``Date.now = f``), and
    spying or fake-clock calls (``common/patches.py``)."""
    bound = {i.local: i.module for i in model.imports}

    def written(left: ts.Node) -> str:
        if left.type not in ("member_expression", "identifier"):
            return ""
        text = T.squash(left)
        head = text.split(".", 1)[0]
        if head == "this" or (head in declared and head not in bound):
            return ""
        return text if head not in bound else bound[head] + text[len(head) :]

    return patches.runtime_patches(source, caps, BEHAVIOUR, written, _call_target)


_SPIES = ("jest.spyOn", "vi.spyOn", "sinon.stub", "sinon.replace", "Object.defineProperty")
_FAKE_CLOCKS = ("useFakeTimers", "setSystemTime", "advanceTimersByTime", "mockImplementation")
# The matchers Jest's and Vitest's ``expect`` has built in: ``expect.extend`` with one of these
# names replaces it for every test of the run.
_BUILT_IN_MATCHERS = frozenset(
    """toBe toEqual toStrictEqual toBeCloseTo toBeDefined toBeUndefined toBeNull toBeNaN
    toBeTruthy toBeFalsy toBeGreaterThan toBeGreaterThanOrEqual toBeLessThan
    toBeLessThanOrEqual toBeInstanceOf toBeTypeOf toBeOneOf toContain toContainEqual
    toHaveLength toHaveProperty toMatch toMatchObject toMatchSnapshot toMatchInlineSnapshot
    toThrow toThrowError toThrowErrorMatchingSnapshot toThrowErrorMatchingInlineSnapshot
    toHaveBeenCalled toHaveBeenCalledTimes toHaveBeenCalledWith toHaveBeenLastCalledWith
    toHaveBeenNthCalledWith toHaveReturned toHaveReturnedTimes toHaveReturnedWith
    toHaveLastReturnedWith toHaveNthReturnedWith toBeCalled toBeCalledTimes toBeCalledWith
    lastCalledWith nthCalledWith toReturn toReturnTimes toReturnWith toSatisfy
    toHaveResolved toHaveRejected resolves rejects not""".split()
)


def _extended_matchers(argument: ts.Node) -> list[str]:
    """The matcher names an ``expect.extend({...})`` object defines."""
    argument = strip(argument)
    if argument is None or argument.type != "object":
        return []
    names = []
    for member in argument.named_children:
        if member.type == "shorthand_property_identifier":
            names.append(T.text(member))
        elif member.type in ("pair", "method_definition"):
            key = member.child_by_field_name("key") or member.child_by_field_name("name")
            literal = js_literal(key) if key is not None else None
            names.append(literal[2:] if literal and literal.startswith("s:") else T.text(key))
    return names


def _call_target(node: ts.Node) -> str:
    """``jest.spyOn(Date, 'now')``, ``Object.defineProperty(Date, 'now', ...)``,
    ``expect.extend({ toBe })``, ``vi.useFakeTimers()``: the target replaced, or the faking
    call when it names none."""
    function = T.squash(node.child_by_field_name("function"))
    args = node.child_by_field_name("arguments")
    values = [a for a in (args.named_children if args else []) if a.type != "comment"]
    if function in _SPIES and len(values) >= 2:
        name = js_literal(values[1])
        if name is not None and name.startswith("s:"):
            return f"{T.squash(values[0])}.{name[2:]}"
    elif function.split(".", 1)[0] in ("jest", "vi", "sinon") and function.endswith(_FAKE_CLOCKS):
        return function
    elif function == "expect.extend" and values:
        replaced = [n for n in _extended_matchers(values[0]) if n in _BUILT_IN_MATCHERS]
        if replaced:
            return f"expect.{replaced[0]}"
    return ""


# Equality hooks: their first parameter holds the object they compare with.
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


def _return_word(value: ts.Node | None) -> OverrideReturn:
    """``return_word``, with an object or array of literals read as a ``literal`` too."""
    if js_literal(value) is None and _constant_data(value):
        return "literal"
    return return_word(value, BEHAVIOUR)


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


def type_tests(node: ts.Node | None, other: str) -> list[str]:
    """The types ``node`` is true for on a type test of ``other`` alone, itself or as a
    disjunct: ``typeof other === 'number'`` (``number``), ``other instanceof Date``."""
    node = strip(node)
    if node is None or node.type != "binary_expression":
        return []
    operator = T.text(node.child_by_field_name("operator"))
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if operator == "||":
        return type_tests(left, other) + type_tests(right, other)
    if operator == "instanceof" and T.text(strip(left)) == other and right is not None:
        return [T.text(right)]
    if operator not in ("==", "==="):
        return []
    for operand, named in ((strip(left), right), (strip(right), left)):
        if operand is None or operand.type != "unary_expression":
            continue
        literal = js_literal(named)
        typeof = T.text(operand.child_by_field_name("operator")) == "typeof"
        tested = T.text(operand.child_by_field_name("argument")) == other
        if typeof and tested and literal is not None and literal.startswith("s:"):
            return [literal[2:]]
    return []


def _ignores_other(fn: ts.Node, name: str, body: ts.Node | None) -> bool:
    """An equality hook whose body never reads the object it is compared with."""
    if name not in _COMPARING or body is None:
        return False
    other = _first_parameter(fn)
    if other is None or mentions(body, "arguments", NAMES):
        return False
    return not other or not mentions(body, other, NAMES)


def equality_overrides(source: SourceFile, caps: dict[str, list[ts.Node]]) -> list[Fact]:
    """Comparison hooks of classes and objects, with what each return gives."""
    found: list[Fact] = []
    for fn in caps.get("function", []):
        name = function_name(fn)
        if name not in _HOOKS:
            continue
        body = fn.child_by_field_name("body")
        returns = tuple(_return_word(v) for v in returned_values(fn, BEHAVIOUR))
        owner = enclosing(fn, frozenset({"class_declaration", "class"}))
        owner_name = owner.child_by_field_name("name") if owner is not None else None
        found.append(
            EqualityOverride(
                file=source.path,
                line=T.line_of(fn),
                symbol=symbol_at(source.path, body or fn) or symbol_id(source.path, name),
                method=name,
                owner=T.text(owner_name),
                returns=returns,
                ignores_other=_ignores_other(fn, name, body),
                agrees_with_types=agreeing_types(
                    fn, _first_parameter(fn) or "", BEHAVIOUR, type_tests
                ),
            )
        )
    return found
