"""TS/JS tests (``describe``/``it``/``test``) and their assertions, read with tree-sitter."""

from __future__ import annotations

import codecs
import re
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import final

import tree_sitter_javascript
import tree_sitter_typescript
from tree_sitter import Language, Node, Parser

from .canonical import Check, hashable, place
from .model import Assertion, Expected, Kind, MapValue, ParsedTestFile, TestCase, Tolerance


def _names(*lines: str) -> frozenset[str]:
    """A set of names written as space-separated lines."""
    return frozenset(" ".join(lines).split())


_DESCRIBE = frozenset({"describe", "context", "suite", "fdescribe", "xdescribe"})
_TEST = frozenset({"it", "test", "specify", "fit", "xit", "xtest"})
_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function"})
_ASSERT_SOURCES = frozenset({"assert", "node:assert", "assert/strict", "node:assert/strict"})
_EXPECT_SOURCES = frozenset(
    {"chai", "vitest", "@jest/globals", "expect", "bun:test", "mocha", "node:test"}
)
# chai's language chains carry no meaning of their own.
_CHAINS = _names(
    "to be been is that which and has have with at of same but does still also own",
    "nested ordered any all itself deep",
)
_ORDER = {
    "toBeGreaterThan": ">",
    "toBeGreaterThanOrEqual": ">=",
    "toBeLessThan": "<",
    "toBeLessThanOrEqual": "<=",
    "above": ">",
    "gt": ">",
    "greaterThan": ">",
    "least": ">=",
    "gte": ">=",
    "greaterThanOrEqual": ">=",
    "below": "<",
    "lt": "<",
    "lessThan": "<",
    "most": "<=",
    "lte": "<=",
    "lessThanOrEqual": "<=",
    "isAbove": ">",
    "isAtLeast": ">=",
    "isBelow": "<",
    "isAtMost": "<=",
}
_BINARY_ORDER = {"<": "<", "<=": "<=", ">": ">", ">=": ">="}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
_NEGATE_ORDER = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
_EQUAL = _names(
    "toBe toEqual toStrictEqual equal equals eq eql eqls strictEqual deepEqual",
    "deepStrictEqual sameMembers sameDeepMembers",
)
_NOT_EQUAL = frozenset("notEqual notStrictEqual notDeepEqual notDeepStrictEqual".split())
_CALLED_WITH = _names(
    "toHaveBeenCalledWith toBeCalledWith toHaveBeenLastCalledWith lastCalledWith",
    "toHaveBeenNthCalledWith nthCalledWith calledWith calledWithExactly calledWithMatch",
    "toHaveReturnedWith",
)
_CALLED_ONCE_WITH = frozenset("calledOnceWith calledOnceWithExactly".split())
_CALLED = frozenset("toHaveBeenCalled toBeCalled called toHaveReturned".split())
_CALLED_TIMES = frozenset("toHaveBeenCalledTimes toBeCalledTimes callCount".split())
_CALLED_N = {"toHaveBeenCalledOnce": 1, "calledOnce": 1, "calledTwice": 2, "calledThrice": 3}
_SNAPSHOT = _names(
    "toMatchSnapshot toMatchInlineSnapshot toThrowErrorMatchingSnapshot",
    "toThrowErrorMatchingInlineSnapshot toMatchFileSnapshot",
)
_THROW = frozenset("toThrow toThrowError throw throws Throw rejects rejectedWith".split())
_INCLUDE = frozenset("toContain toContainEqual include includes contain contains".split())
_NOT_INCLUDE = frozenset({"notInclude", "notIncludes"})
_PARTIAL = _names(
    "toMatchObject deepInclude nestedInclude ownInclude", "deepNestedInclude containSubset"
)
_PROPERTY = frozenset("toHaveProperty property propertyVal deepPropertyVal nestedProperty".split())
_KEYS = frozenset("keys key hasAllKeys hasAnyKeys containsAllKeys".split())
_TYPE = frozenset("toBeInstanceOf instanceof instanceOf a an typeOf".split())
_MATCH = frozenset("toMatch match matches string".split())
_APPROX = frozenset("toBeCloseTo closeTo approximately".split())


@cache
def _parser(language: str) -> Parser:
    if language == "typescript":
        grammar = tree_sitter_typescript.language_typescript()
    elif language == "tsx":
        grammar = tree_sitter_typescript.language_tsx()
    else:
        grammar = tree_sitter_javascript.language()
    return Parser(Language(grammar))


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "replace")


def _line(node: Node) -> int:
    return node.start_point[0] + 1


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "b": "\b", "f": "\f", "v": "\v"}


def _string_value(node: Node) -> str | None:
    """The value of a string literal, or of a template literal with no substitution."""
    if node.type not in ("string", "template_string"):
        return None
    parts: list[str] = []
    for child in node.named_children:
        if child.type == "template_substitution":
            return None
        if child.type == "escape_sequence":
            raw = _text(child)[1:]
            if raw in _ESCAPES:
                parts.append(_ESCAPES[raw])
            elif raw[:1] in "xu":
                parts.append(codecs.decode("\\" + raw, "unicode_escape"))
            else:
                parts.append(raw)
        elif child.type == "string_fragment":
            parts.append(_text(child))
    return "".join(parts)


def _name(node: Node) -> str:
    """A test or suite title: a string's value, a template's raw text, else the code."""
    value = _string_value(node)
    if value is not None:
        return value
    if node.type == "template_string":
        return _text(node)[1:-1]
    return " ".join(_text(node).split())


@final
class _Reader:
    """Turns one test's statements into normalized checks."""

    def __init__(self, roles: dict[str, str], renames: dict[str, str]) -> None:
        self.roles: dict[str, str] = roles
        self.renames: dict[str, str] = renames

    # -- canonical text and literal values -------------------------------------------------

    def canon(self, node: Node) -> str:
        """Formatting-free text: strings double-quoted, test-local names numbered."""
        tokens: list[str] = []
        self._tokens(node, tokens)
        out = ""
        for token in tokens:
            if out and re.match(r"[\w$]", token) and re.search(r"[\w$]$", out):
                out += " "
            out += token
        return out

    def _tokens(self, node: Node, out: list[str]) -> None:
        if node.type == "comment":
            return
        if node.type in ("string", "template_string"):
            value = _string_value(node)
            out.append(_quote(value) if value is not None else _text(node))
            return
        if node.type in ("identifier", "shorthand_property_identifier"):
            out.append(self.renames.get(_text(node), _text(node)))
            return
        if node.child_count == 0 or node.type in ("number", "regex"):
            if node.type == "," or (node.type == ";" and node.parent is not None):
                following = node.next_sibling
                if following is not None and following.type in (")", "]", "}"):
                    return
            out.append(_text(node))
            return
        if node.type == "parenthesized_expression" and node.named_child_count == 1:
            inner = node.named_children[0]
            if inner.type in ("identifier", "member_expression", "call_expression", "number"):
                self._tokens(inner, out)
                return
        for child in node.children:
            self._tokens(child, out)

    def literal(self, node: Node) -> tuple[bool, object]:
        """(True, value) when the node is a literal; (False, None) otherwise."""
        kind = node.type
        if kind == "number":
            raw = _text(node).replace("_", "")
            try:
                return True, int(raw, 0) if re.fullmatch(
                    r"0[xob]?[\da-f]+|\d+", raw, re.I
                ) else float(raw)
            except ValueError:
                return False, None
        if kind in ("string", "template_string"):
            value = _string_value(node)
            return value is not None, value
        if kind in ("true", "false"):
            return True, kind == "true"
        if kind in ("null", "undefined"):
            return True, None
        if kind == "unary_expression" and node.child_count == 2:
            operator, argument = node.children
            found, value = self.literal(argument)
            if found and isinstance(value, int | float) and _text(operator) in ("-", "+"):
                return True, -value if _text(operator) == "-" else value
            return False, None
        if kind == "array":
            items: list[object] = []
            for child in node.named_children:
                found, value = self.literal(child)
                if not found:
                    return False, None
                items.append(value)
            return True, tuple(items)
        if kind == "object":
            pairs: list[tuple[object, object]] = []
            for child in node.named_children:
                if child.type != "pair":
                    return False, None
                key = child.child_by_field_name("key")
                value_node = child.child_by_field_name("value")
                if key is None or value_node is None:
                    return False, None
                if key.type == "property_identifier":
                    key_value: object = _text(key)
                else:
                    found, key_value = self.literal(key)
                    if not found:
                        return False, None
                found, value = self.literal(value_node)
                if not found:
                    return False, None
                pairs.append((key_value, value))
            return True, MapValue(tuple(pairs))
        return False, None

    def expected(self, node: Node) -> Expected:
        """The expected side of a check, with its value when it is a literal."""
        found, value = self.literal(node)
        return Expected(self.canon(node), hashable(value) if found else None, found)

    def is_literal(self, node: Node) -> bool:
        return self.literal(node)[0]

    # -- conditions (assert(x), assert.ok(x)) --------------------------------------------------

    def condition(self, node: Node, negated: bool = False) -> list[Check]:
        """The checks a boolean expression makes when asserted (``&&`` splits in two)."""
        node = _unparen(node)
        if node.type == "binary_expression":
            left = node.child_by_field_name("left")
            right = node.child_by_field_name("right")
            operator = node.child_by_field_name("operator")
            op = _text(operator) if operator is not None else ""
            if left is not None and right is not None:
                if op == "&&" and not negated:
                    return self.condition(left) + self.condition(right)
                if op in ("===", "==", "!==", "!="):
                    return [self.equal(left, right, negated ^ op.startswith("!"))]
                if op in _BINARY_ORDER:
                    return [self.order(left, _BINARY_ORDER[op], right, negated)]
                if op == "instanceof":
                    types = Expected(self.canon(right))
                    return [Check(Kind.TYPE_CHECK, self.canon(left), types, negated=negated)]
                if op == "in":
                    return [self.membership(left, right, negated)]
        if node.type == "unary_expression" and _text(node.children[0]) == "!":
            return self.condition(node.children[1], not negated)
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            args = _arguments(node)
            if (
                function is not None
                and function.type == "member_expression"
                and _property(function) == "includes"
                and len(args) == 1
            ):
                container = function.child_by_field_name("object")
                if container is not None:
                    return [self.membership(args[0], container, negated)]
        return [Check(Kind.TRUTHINESS, self.canon(node), negated=negated)]

    def equal(self, subject: Node, expected: Node, negated: bool) -> Check:
        """An equality with the literal side as expected (asymmetric matchers read too)."""
        if self.is_literal(subject) and not self.is_literal(expected):
            subject, expected = expected, subject
        value = self.expected(expected)
        asymmetric = self._asymmetric(subject, expected, negated)
        if asymmetric is not None:
            return asymmetric
        if value.is_literal and value.value is None:
            return Check(Kind.NONE_CHECK, self.canon(subject), value, negated=negated)
        length = _length_of(subject)
        if length is not None:
            return Check(Kind.LENGTH, self.canon(length), value, "==", negated=negated)
        typed = _typeof(subject)
        if typed is not None:
            return Check(Kind.TYPE_CHECK, self.canon(typed), value, negated=negated)
        return Check(Kind.EQUALITY, self.canon(subject), value, negated=negated)

    def _asymmetric(self, subject: Node, expected: Node, negated: bool) -> Check | None:
        """``expect.objectContaining(...)`` and friends used as the expected value."""
        if expected.type != "call_expression":
            return None
        function = expected.child_by_field_name("function")
        if function is None or function.type != "member_expression":
            return None
        owner = function.child_by_field_name("object")
        if owner is None or self.roles.get(_text(owner)) != "expect":
            return None
        name = _property(function)
        args = _arguments(expected)
        target = self.canon(subject)
        inner = self.expected(args[0]) if args else Expected("")
        if name == "objectContaining":
            return Check(Kind.PARTIAL, target, inner, negated=negated)
        if name == "arrayContaining":
            return Check(Kind.MEMBERSHIP, target, inner, negated=negated)
        if name in ("stringContaining", "stringMatching"):
            return Check(Kind.SUBSTRING, target, inner, negated=negated)
        if name == "any":
            return Check(Kind.TYPE_CHECK, target, inner, negated=negated)
        if name == "anything":
            undefined = Expected("undefined", None, True)
            return Check(Kind.NONE_CHECK, target, undefined, negated=not negated)
        return None

    def membership(self, item: Node, container: Node, negated: bool) -> Check:
        """``container`` holds ``item``; a literal container makes ``item`` the subject."""
        if container.type == "array" and not self.is_literal(item):
            return Check(
                Kind.MEMBERSHIP, self.canon(item), self.expected(container), negated=negated
            )
        value = self.expected(item)
        kind = Kind.SUBSTRING if isinstance(value.value, str) else Kind.MEMBERSHIP
        return Check(kind, self.canon(container), value, negated=negated)

    def order(self, left: Node, op: str, right: Node, negated: bool) -> Check:
        """An ordering check, subject on the left, negation folded into the operator."""
        if negated:
            op = _NEGATE_ORDER[op]
        if self.is_literal(left) and not self.is_literal(right):
            left, right, op = right, left, _FLIP[op]
        length = _length_of(left)
        if length is not None:
            return Check(Kind.LENGTH, self.canon(length), self.expected(right), op)
        return Check(Kind.COMPARISON, self.canon(left), self.expected(right), op)

    def raises(self, subject: Node, args: list[Node]) -> Check:
        """An expected throw or rejection: error class and/or message pattern."""
        types: list[str] = []
        match: str | None = None
        for arg in args:
            value = _string_value(arg)
            if value is not None:
                match = value
            elif arg.type == "regex":
                pattern = arg.child_by_field_name("pattern")
                match = _text(pattern) if pattern is not None else _text(arg)
            elif arg.type in ("identifier", "member_expression"):
                types.append(_text(arg))
            elif arg.type == "new_expression":
                constructor = arg.child_by_field_name("constructor")
                if constructor is not None:
                    types.append(_text(constructor))
                inner = arg.child_by_field_name("arguments")
                message = inner.named_children[0] if inner and inner.named_children else None
                if message is not None and _string_value(message) is not None:
                    match = _string_value(message)
            elif arg.type not in _FUNCTIONS:
                match = self.canon(arg)
        return Check(Kind.RAISES, self.canon(subject), exceptions=tuple(sorted(types)), match=match)

    def each_table(self, call: Node) -> list[tuple[Node, Check]]:
        """Each ``test.each([...])`` row as a check: inputs the subject, last value the
        expected one (editing a row's expected value edits the test's expectation)."""
        each = call.child_by_field_name("function")
        if each is None or each.type != "call_expression":
            return []
        member = each.child_by_field_name("function")
        table = _arguments(each)
        if member is None or member.type != "member_expression" or _property(member) != "each":
            return []
        if not table or table[0].type != "array":
            return []
        rows: list[tuple[Node, Check]] = []
        for row in table[0].named_children:
            if row.type == "array":
                values = [v for v in row.named_children if v.type != "comment"]
            elif row.type == "object":
                values = [p for p in row.named_children if p.type == "pair"]
            else:
                values = [row]
            if not values:
                continue
            last = values[-1]
            if last.type == "pair":
                last = last.child_by_field_name("value") or last
            inputs = ", ".join(self.canon(v) for v in values[:-1])
            rows.append((row, Check(Kind.EQUALITY, f"each: {inputs}", self.expected(last))))
        return rows

    # -- matchers and assert.* ------------------------------------------------------------------

    def matcher(self, subject: Node, word: str, args: list[Node], flags: set[str]) -> list[Check]:
        """One ``expect``/``should`` matcher (jest or chai) on ``subject``."""
        neg = "not" in flags
        target = self.canon(subject)
        if "rejects" in flags and word in ("toThrow", "toThrowError", "toBeInstanceOf"):
            return [self.raises(subject, args)]
        if word in _EQUAL and args:
            return [self.equal(subject, args[0], neg)]
        if word in ("true", "false", "isTrue", "isFalse", "NaN", "isNaN"):
            literal = word.removeprefix("is").lower()
            value: object = {"true": True, "false": False}.get(literal, "NaN")
            expected = Expected("NaN" if value == "NaN" else literal, value, True)
            return [Check(Kind.EQUALITY, target, expected, negated=neg)]
        if word in ("toBeNull", "null", "isNull", "isNotNull"):
            none = Expected("null", None, True)
            return [Check(Kind.NONE_CHECK, target, none, negated=neg ^ (word == "isNotNull"))]
        if word in ("toBeUndefined", "undefined", "isUndefined", "toBeDefined", "isDefined"):
            undefined = Expected("undefined", None, True)
            defined = word in ("toBeDefined", "isDefined")
            return [Check(Kind.NONE_CHECK, target, undefined, negated=neg ^ defined)]
        if word in ("exist", "exists", "notExists", "toBeDefinedAndNotNull"):
            nothing = Expected("null", None, True)
            return [Check(Kind.NONE_CHECK, target, nothing, negated=neg ^ (word != "notExists"))]
        if word in ("toBeTruthy", "ok", "isOk", "toBeFalsy", "notOk", "isNotOk", "toSatisfy"):
            falsy = word in ("toBeFalsy", "notOk", "isNotOk")
            return [Check(Kind.TRUTHINESS, target, negated=neg ^ falsy)]
        if word in ("empty", "isEmpty", "isNotEmpty"):
            zero = Expected("0", 0, True)
            if word == "isNotEmpty" or neg:
                return [Check(Kind.LENGTH, target, zero, ">")]
            return [Check(Kind.LENGTH, target, zero, "==")]
        if word in _INCLUDE | _NOT_INCLUDE and args:
            if "deep" in flags and args[0].type == "object":
                return [Check(Kind.PARTIAL, target, self.expected(args[0]), negated=neg)]
            return [self.membership(args[0], subject, neg ^ (word in _NOT_INCLUDE))]
        if word == "oneOf" and args:
            return [Check(Kind.MEMBERSHIP, target, self.expected(args[0]), negated=neg)]
        if word in _PARTIAL and args:
            return [Check(Kind.PARTIAL, target, self.expected(args[0]), negated=neg)]
        if word in _PROPERTY and args:
            shown = ", ".join(self.canon(a) for a in args)
            return [Check(Kind.PARTIAL, target, Expected(f"property({shown})"), negated=neg)]
        if word in _KEYS and args:
            shown = ", ".join(self.canon(a) for a in args)
            return [Check(Kind.PARTIAL, target, Expected(f"keys({shown})"), negated=neg)]
        if word in ("toHaveLength", "lengthOf", "length") and args:
            return [Check(Kind.LENGTH, target, self.expected(args[0]), "==", negated=neg)]
        if word in _ORDER and args:
            return [self.order(subject, _ORDER[word], args[0], neg)]
        if word in _APPROX and args:
            if word == "toBeCloseTo":
                digits = self.literal(args[1])[1] if len(args) > 1 else 2
                places = digits if isinstance(digits, int | float) else 2
                tolerance = Tolerance(abs=10.0**-places / 2)
            else:
                delta = self.literal(args[1])[1] if len(args) > 1 else 0.0
                tolerance = Tolerance(abs=float(delta) if isinstance(delta, int | float) else 0.0)
            check = Check(Kind.APPROX, target, self.expected(args[0]), tolerance=tolerance)
            return [replace(check, negated=neg)]
        if word in _TYPE and args:
            return [Check(Kind.TYPE_CHECK, target, self.expected(args[0]), negated=neg)]
        if word in _MATCH and args:
            return [Check(Kind.SUBSTRING, target, self.expected(args[0]), negated=neg)]
        if word in _THROW:
            return [replace(self.raises(subject, args), negated=neg)]
        if word in _CALLED_WITH | _CALLED_ONCE_WITH:
            shown = Expected("(" + ", ".join(self.canon(a) for a in args) + ")")
            checks = [Check(Kind.CALLED_WITH, target, shown, negated=neg)]
            if word in _CALLED_ONCE_WITH:
                checks.append(Check(Kind.CALLED_TIMES, target, Expected("1", 1, True), "=="))
            return checks
        if word in _CALLED:
            return [Check(Kind.CALLED, target, negated=neg)]
        if word in _CALLED_N:
            count = _CALLED_N[word]
            return [Check(Kind.CALLED_TIMES, target, Expected(str(count), count, True), "==")]
        if word in _CALLED_TIMES and args:
            times = self.expected(args[0])
            return [Check(Kind.CALLED_TIMES, target, times, "==", negated=neg)]
        if word in _SNAPSHOT:
            shown = Expected(", ".join(self.canon(a) for a in args))
            return [Check(Kind.SNAPSHOT, target, shown, negated=neg)]
        return [self._custom(target, word, args, neg)]

    def _custom(self, target: str, word: str, args: list[Node], negated: bool) -> Check:
        """A matcher from a plugin (``toBeInTheDocument``, ``toHaveTextContent('x')``): an
        equality on ``subject.matcher`` when it takes arguments, else a truthiness check."""
        subject = f"{target}.{word}"
        if not args:
            return Check(Kind.TRUTHINESS, subject, negated=negated)
        if len(args) == 1:
            return Check(Kind.EQUALITY, subject, self.expected(args[0]), negated=negated)
        shown = Expected("(" + ", ".join(self.canon(a) for a in args) + ")")
        return Check(Kind.EQUALITY, subject, shown, negated=negated)

    def assert_call(self, method: str | None, args: list[Node]) -> list[Check]:
        """``assert(x)`` / ``assert.<method>(...)`` from node:assert or chai."""
        if method in (None, "ok", "isOk", "assert"):
            return self.condition(args[0]) if args else []
        if method in ("notOk", "isNotOk"):
            return self.condition(args[0], True) if args else []
        if method == "fail":
            return [Check(Kind.FAIL, "")]
        if method in _NOT_EQUAL and len(args) > 1:
            return [self.equal(args[0], args[1], True)]
        if method in ("throws", "rejects", "throw") and args:
            return [self.raises(args[0], args[1:])]
        if method in ("doesNotThrow", "doesNotReject"):
            return []
        if method in ("typeOf", "notTypeOf") and len(args) > 1:
            neg = method.startswith("not")
            kind = Expected(self.canon(args[1]))
            return [Check(Kind.TYPE_CHECK, self.canon(args[0]), kind, negated=neg)]
        negative = {"notInstanceOf": "instanceOf", "notMatch": "match", "doesNotMatch": "match"}
        if method in negative and len(args) > 1:
            positive = self.matcher(args[0], negative[method], args[1:], set())
            return [replace(c, negated=True) for c in positive]
        if not args:
            return []
        return self.matcher(args[0], method, args[1:], set())


def _unparen(node: Node) -> Node:
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    return node


def _arguments(call: Node) -> list[Node]:
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    return [a for a in args.named_children if a.type != "comment"]


def _property(member: Node) -> str:
    prop = member.child_by_field_name("property")
    return _text(prop) if prop is not None else ""


def _length_of(node: Node) -> Node | None:
    """``x`` of ``x.length``."""
    node = _unparen(node)
    if node.type == "member_expression" and _property(node) == "length":
        return node.child_by_field_name("object")
    return None


def _typeof(node: Node) -> Node | None:
    """``x`` of ``typeof x``."""
    node = _unparen(node)
    if node.type == "unary_expression" and _text(node.children[0]) == "typeof":
        return node.children[1]
    return None


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _chain(node: Node) -> tuple[Node, list[tuple[str, list[Node] | None]]]:
    """A call/member chain as its root and its steps: (property, None) or ("()", args)."""
    steps: list[tuple[str, list[Node] | None]] = []
    while True:
        node = _unparen(node)
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            if function is None:
                break
            steps.append(("()", _arguments(node)))
            node = function
        elif node.type == "member_expression":
            name = _property(node)
            owner = node.child_by_field_name("object")
            if owner is None:
                break
            steps.append((name, None))
            if name == "should":
                return owner, list(reversed(steps))
            node = owner
        else:
            break
    return node, list(reversed(steps))


def _words(steps: list[tuple[str, list[Node] | None]]) -> Iterator[tuple[str, list[Node] | None]]:
    """Chai/jest words with their call arguments (None for a property assertion)."""
    index = 0
    while index < len(steps):
        name, _ = steps[index]
        if index + 1 < len(steps) and steps[index + 1][0] == "()":
            yield name, steps[index + 1][1]
            index += 2
        else:
            yield name, None
            index += 1


@final
class _Statements:
    """Collects the checks of one test body (or of a commented-out snippet)."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader
        self.found: list[tuple[Node, Check]] = []
        self.comments: list[Node] = []

    def walk(self, node: Node) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type == "comment":
                self.comments.append(current)
            elif current.type in ("expression_statement", "return_statement"):
                expression = next((c for c in current.named_children if c.type != "comment"), None)
                if expression is not None:
                    self.found += [(current, c) for c in self.expression(expression)]
            stack.extend(reversed(current.children))

    def expression(self, node: Node) -> list[Check]:
        node = _unparen(node)
        if node.type == "await_expression" and node.named_child_count:
            node = _unparen(node.named_children[0])
        root, steps = _chain(node)
        if not steps:
            return []
        role = self.reader.roles.get(_text(root)) if root.type == "identifier" else None
        if steps[0][0] == "should":
            return self._matchers(root, steps[1:])
        if role == "should" and len(steps) > 1 and steps[1][1] is not None and steps[1][1]:
            subject = steps[1][1][0]
            return self._matchers(subject, [(steps[0][0], None), *steps[2:]])
        if role == "expect":
            if steps[0][0] == "soft":
                steps = steps[1:]
            if steps and steps[0][0] == "()" and steps[0][1]:
                return self._matchers(steps[0][1][0], steps[1:])
            return []
        if role == "assert":
            return self._assert(steps)
        return []

    def _assert(self, steps: list[tuple[str, list[Node] | None]]) -> list[Check]:
        if steps[0][0] == "()":
            return self.reader.assert_call(None, steps[0][1] or [])
        names = [n for n, _ in steps if n not in ("()", "strict")]
        if not names or steps[-1][0] != "()":
            return []
        return self.reader.assert_call(names[-1], steps[-1][1] or [])

    def _matchers(self, subject: Node, steps: list[tuple[str, list[Node] | None]]) -> list[Check]:
        flags: set[str] = set()
        checks: list[Check] = []
        for word, args in _words(steps):
            if word == "not":
                flags ^= {"not"}
            elif word in ("resolves", "rejects", "deep", "eventually"):
                flags.add(word)
            elif word in _CHAINS:
                continue
            else:
                checks += self.reader.matcher(subject, word, args or [], set(flags))
        return checks


def _roles(root: Node) -> dict[str, str]:
    """Local names of ``expect``, ``assert`` and ``should`` through imports and requires."""
    roles = {"expect": "expect", "assert": "assert", "should": "should"}
    roles.update(dict.fromkeys(_DESCRIBE, "suite"))
    roles.update(dict.fromkeys(_TEST, "test"))
    for statement in root.named_children:
        if statement.type == "import_statement":
            source = statement.child_by_field_name("source")
            module = _string_value(source) if source is not None else None
            clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
            if module is None or clause is None:
                continue
            _import_roles(module, clause, roles)
        elif statement.type in ("lexical_declaration", "variable_declaration"):
            for declarator in statement.named_children:
                _require_roles(declarator, roles)
    return roles


def _role(exported: str) -> str | None:
    """What a test library's export does: expect, assert, should, suite or test."""
    if exported in ("expect", "assert", "should"):
        return exported
    if exported in _DESCRIBE:
        return "suite"
    return "test" if exported in _TEST else None


def _import_roles(module: str, clause: Node, roles: dict[str, str]) -> None:
    for part in clause.named_children:
        if part.type in ("identifier", "namespace_import") and module in _ASSERT_SOURCES:
            local = part if part.type == "identifier" else part.named_children[-1]
            roles[_text(local)] = "assert"
        elif part.type == "identifier" and module == "node:test":
            roles[_text(part)] = "test"
        elif part.type == "named_imports":
            for spec in part.named_children:
                name = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias") or name
                if name is None or alias is None:
                    continue
                imported = _text(name)
                if module in _ASSERT_SOURCES and imported in ("strict", "ok", "assert"):
                    roles[_text(alias)] = "assert"
                elif module in _EXPECT_SOURCES and _role(imported):
                    roles[_text(alias)] = _role(imported) or ""


def _require_roles(declarator: Node, roles: dict[str, str]) -> None:
    name = declarator.child_by_field_name("name")
    value = declarator.child_by_field_name("value")
    if name is None or value is None:
        return
    target = value
    while target.type == "member_expression":
        owner = target.child_by_field_name("object")
        if owner is None:
            return
        target = owner
    if target.type != "call_expression" or _text(target.children[0]) != "require":
        return
    args = _arguments(target)
    module = _string_value(args[0]) if args else None
    if module in _ASSERT_SOURCES and name.type == "identifier":
        roles[_text(name)] = "assert"
    elif module in _EXPECT_SOURCES:
        if name.type == "identifier" and value.type == "member_expression":
            role = _role(_property(value))
            if role:
                roles[_text(name)] = role
        elif name.type == "object_pattern":
            for part in name.named_children:
                key, alias = part, part
                if part.type == "pair_pattern":
                    key = part.child_by_field_name("key") or part
                    alias = part.child_by_field_name("value") or part
                role = _role(_text(key))
                if role and alias.type in ("identifier", "shorthand_property_identifier_pattern"):
                    roles[_text(alias)] = role


def _bindings(body: Node) -> list[str]:
    """Names a test body declares, in the order it declares them."""
    names: list[str] = []

    def bind(pattern: Node) -> None:
        if pattern.type in ("identifier", "shorthand_property_identifier_pattern"):
            if _text(pattern) not in names:
                names.append(_text(pattern))
            return
        if pattern.type == "pair_pattern":
            value = pattern.child_by_field_name("value")
            if value is not None:
                bind(value)
            return
        for child in pattern.named_children:
            if child.type not in ("property_identifier", "comment"):
                bind(child)

    stack = [body]
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            name = node.child_by_field_name("name")
            if name is not None:
                bind(name)
        elif node.type == "catch_clause":
            parameter = node.child_by_field_name("parameter")
            if parameter is not None:
                bind(parameter)
        elif node.type in ("for_in_statement",):
            left = node.child_by_field_name("left")
            if left is not None:
                bind(left)
        stack.extend(reversed(node.children))
    return names


def _test_calls(node: Node, prefix: str, roles: dict[str, str]) -> Iterator[tuple[str, Node, Node]]:
    """(qualified name, call, callback body) for every test, suites joined by `` > ``."""
    stack: list[tuple[Node, str]] = [(node, prefix)]
    while stack:
        current, scope = stack.pop()
        found = _suite_or_test(current, roles)
        if found is not None:
            role, title, callback = found
            name = f"{scope}{title}"
            if role == "test":
                body = callback.child_by_field_name("body") if callback else None
                if body is not None:
                    yield name, current, body
                continue
            if callback is not None:
                stack.append((callback, name + " > "))
            continue
        stack.extend((c, scope) for c in reversed(current.children))


def _suite_or_test(node: Node, roles: dict[str, str]) -> tuple[str, str, Node | None] | None:
    if node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    while function is not None and function.type in ("call_expression", "member_expression"):
        inner = function.child_by_field_name(
            "function" if function.type == "call_expression" else "object"
        )
        function = inner
    if function is None or function.type != "identifier":
        return None
    role = roles.get(_text(function))
    args = _arguments(node)
    if role not in ("suite", "test") or not args:
        return None
    callback = next((a for a in reversed(args) if a.type in _FUNCTIONS), None)
    return role, _name(args[0]), callback


def _comment_text(comment: Node) -> str:
    raw = _text(comment)
    if raw.startswith("//"):
        return raw[2:]
    lines = raw[2:-2].splitlines()
    return "\n".join(re.sub(r"^\s*\* ?", "", line) for line in lines)


def _comment_blocks(comments: list[Node]) -> Iterator[tuple[int, str]]:
    """Runs of comment lines as (first line, text), then each comment alone."""
    runs: list[list[Node]] = []
    for comment in comments:
        if runs and runs[-1][-1].end_point[0] + 1 == comment.start_point[0]:
            runs[-1].append(comment)
        else:
            runs.append([comment])
    for run in runs:
        if len(run) > 1:
            yield _line(run[0]), textwrap.dedent("\n".join(_comment_text(c) for c in run))
        for comment in run:
            yield _line(comment), _comment_text(comment).strip()


def _commented(
    language: str, roles: dict[str, str], renames: dict[str, str], comments: list[Node]
) -> Iterator[Assertion]:
    """Assertions written inside comments: a comment that parses as test code."""
    seen: set[int] = set()
    for line, text in _comment_blocks(comments):
        if line in seen or not text.strip():
            continue
        tree = _parser(language).parse(text.encode("utf-8"))
        if tree.root_node.has_error:
            continue
        statements = _Statements(_Reader(roles, renames))
        statements.walk(tree.root_node)
        for node, check in statements.found:
            at = line + node.start_point[0]
            seen.add(at)
            yield replace(place(check, at, _text(node)), commented=True)


def parse_js(path: str, source: str, language: str) -> ParsedTestFile:
    """The tests of one TS/JS file with their assertions and commented-out assertions."""
    tree = _parser(language).parse(source.encode("utf-8"))
    root = tree.root_node
    roles = _roles(root)
    tests: list[TestCase] = []
    for name, call, body in _test_calls(root, "", roles):
        renames = {n: f"_v{i}" for i, n in enumerate(_bindings(body))}
        reader = _Reader(roles, renames)
        statements = _Statements(reader)
        statements.walk(body)
        cases = _Reader(roles, {}).each_table(call)
        assertions = tuple(place(c, _line(n), _text(n)) for n, c in [*cases, *statements.found])
        commented = tuple(_commented(language, roles, renames, statements.comments))
        tests.append(TestCase(name, _line(call), reader.canon(body), assertions, commented))
    error: str | None = None
    if root.has_error and not tests:
        error = "syntax error: the file does not parse"
    return ParsedTestFile(path, language, tuple(tests), error)
