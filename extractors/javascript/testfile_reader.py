"""TS/JS assertions (``expect``, ``should``, ``assert``) read into normalized checks."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import final

from tree_sitter import Node

from ..common import treesitter as T
from ..common.literals import js_number_text
from ..common.testfile_checks import Check, hashable
from ..facts.testfile import Expected, Kind, MapValue, Tolerance
from .strings import decoded_string
from .testfile_syntax import (
    FUNCTION_TYPES,
    call_arguments,
    length_of,
    mock_calls,
    property_name,
    quote,
    typeof_operand,
    unparen,
)
from .testfile_words import (
    APPROX,
    BINARY_ORDER,
    CALLED,
    CALLED_N,
    CALLED_ONCE_WITH,
    CALLED_TIMES,
    CALLED_WITH,
    EQUAL,
    FLIP,
    INCLUDE,
    KEYS,
    MATCH,
    NEGATE_ORDER,
    NOT_EQUAL,
    NOT_INCLUDE,
    ORDER,
    PARTIAL,
    PROPERTY,
    SNAPSHOT,
    THROW,
    TYPE,
)


@final
class Reader:
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
            value = decoded_string(node)
            out.append(quote(value) if value is not None else T.text(node))
            return
        if node.type in ("identifier", "shorthand_property_identifier"):
            out.append(self.renames.get(T.text(node), T.text(node)))
            return
        if node.child_count == 0 or node.type in ("number", "regex"):
            if node.type == "," or (node.type == ";" and node.parent is not None):
                following = node.next_sibling
                if following is not None and following.type in (")", "]", "}"):
                    return
            out.append(T.text(node))
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
            number = js_number_text(T.text(node))
            return number is not None, number
        if kind in ("string", "template_string"):
            value = decoded_string(node)
            return value is not None, value
        if kind in ("true", "false"):
            return True, kind == "true"
        if kind in ("null", "undefined"):
            return True, None
        if kind == "unary_expression" and node.child_count == 2:
            operator, argument = node.children
            found, value = self.literal(argument)
            if found and isinstance(value, int | float) and T.text(operator) in ("-", "+"):
                return True, -value if T.text(operator) == "-" else value
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
                    key_value: object = T.text(key)
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
        node = unparen(node)
        if node.type == "binary_expression":
            left = node.child_by_field_name("left")
            right = node.child_by_field_name("right")
            operator = node.child_by_field_name("operator")
            op = T.text(operator) if operator is not None else ""
            if left is not None and right is not None:
                if op == "&&" and not negated:
                    return self.condition(left) + self.condition(right)
                if op in ("===", "==", "!==", "!="):
                    return [self.equal(left, right, negated ^ op.startswith("!"))]
                if op in BINARY_ORDER:
                    return [self.order(left, BINARY_ORDER[op], right, negated)]
                if op == "instanceof":
                    types = Expected(self.canon(right))
                    return [Check(Kind.TYPE_CHECK, self.canon(left), types, negated=negated)]
                if op == "in":
                    return [self.membership(left, right, negated)]
        if node.type == "unary_expression" and T.text(node.children[0]) == "!":
            return self.condition(node.children[1], not negated)
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            args = call_arguments(node)
            if (
                function is not None
                and function.type == "member_expression"
                and property_name(function) == "includes"
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
        called = mock_calls(subject)
        if called is not None and called[0] == "count":
            return Check(Kind.CALLED_TIMES, self.canon(called[1]), value, "==", negated=negated)
        if called is not None and unparen(expected).type == "array":
            items = [a for a in unparen(expected).named_children if a.type != "comment"]
            shown = Expected("(" + ", ".join(self.canon(a) for a in items) + ")")
            return Check(Kind.CALLED_WITH, self.canon(called[1]), shown, negated=negated)
        if value.is_literal and value.value is None:
            return Check(Kind.NONE_CHECK, self.canon(subject), value, negated=negated)
        length = length_of(subject)
        if length is not None:
            return Check(Kind.LENGTH, self.canon(length), value, "==", negated=negated)
        typed = typeof_operand(subject)
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
        if owner is None or self.roles.get(T.text(owner)) != "expect":
            return None
        name = property_name(function)
        args = call_arguments(expected)
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
            op = NEGATE_ORDER[op]
        if self.is_literal(left) and not self.is_literal(right):
            left, right, op = right, left, FLIP[op]
        called = mock_calls(left)
        if called is not None and called[0] == "count":
            return Check(Kind.CALLED_TIMES, self.canon(called[1]), self.expected(right), op)
        length = length_of(left)
        if length is not None:
            return Check(Kind.LENGTH, self.canon(length), self.expected(right), op)
        return Check(Kind.COMPARISON, self.canon(left), self.expected(right), op)

    def raises(self, subject: Node, args: list[Node]) -> Check:
        """An expected throw or rejection: error class and/or message pattern."""
        types: list[str] = []
        match: str | None = None
        for arg in args:
            value = decoded_string(arg)
            if value is not None:
                match = value
            elif arg.type == "regex":
                pattern = arg.child_by_field_name("pattern")
                match = T.text(pattern) if pattern is not None else T.text(arg)
            elif arg.type in ("identifier", "member_expression"):
                types.append(T.text(arg))
            elif arg.type == "new_expression":
                constructor = arg.child_by_field_name("constructor")
                if constructor is not None:
                    types.append(T.text(constructor))
                inner = arg.child_by_field_name("arguments")
                message = inner.named_children[0] if inner and inner.named_children else None
                if message is not None and decoded_string(message) is not None:
                    match = decoded_string(message)
            elif arg.type not in FUNCTION_TYPES:
                match = self.canon(arg)
        return Check(Kind.RAISES, self.canon(subject), exceptions=tuple(sorted(types)), match=match)

    def table_rows(self, table: Node) -> list[tuple[Node, Check]]:
        """Each row of the table a test runs over (``test.each``, a loop) as a check: inputs
        the subject, last value the expected one (editing a row's expected value edits the
        test's expectation)."""
        rows: list[tuple[Node, Check]] = []
        for row in table.named_children:
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
        if word in EQUAL and args:
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
        if word in INCLUDE | NOT_INCLUDE and args:
            if "deep" in flags and args[0].type == "object":
                return [Check(Kind.PARTIAL, target, self.expected(args[0]), negated=neg)]
            return [self.membership(args[0], subject, neg ^ (word in NOT_INCLUDE))]
        if word == "oneOf" and args:
            return [Check(Kind.MEMBERSHIP, target, self.expected(args[0]), negated=neg)]
        if word in PARTIAL and args:
            return [Check(Kind.PARTIAL, target, self.expected(args[0]), negated=neg)]
        if word in PROPERTY and args:
            shown = ", ".join(self.canon(a) for a in args)
            return [Check(Kind.PARTIAL, target, Expected(f"property({shown})"), negated=neg)]
        if word in KEYS and args:
            shown = ", ".join(self.canon(a) for a in args)
            return [Check(Kind.PARTIAL, target, Expected(f"keys({shown})"), negated=neg)]
        if word in ("toHaveLength", "lengthOf", "length") and args:
            return [Check(Kind.LENGTH, target, self.expected(args[0]), "==", negated=neg)]
        if word in ORDER and args:
            return [self.order(subject, ORDER[word], args[0], neg)]
        if word in APPROX and args:
            if word == "toBeCloseTo":
                digits = self.literal(args[1])[1] if len(args) > 1 else 2
                places = digits if isinstance(digits, int | float) else 2
                tolerance = Tolerance(abs=10.0**-places / 2)
            else:
                delta = self.literal(args[1])[1] if len(args) > 1 else 0.0
                tolerance = Tolerance(abs=float(delta) if isinstance(delta, int | float) else 0.0)
            check = Check(Kind.APPROX, target, self.expected(args[0]), tolerance=tolerance)
            return [replace(check, negated=neg)]
        if word in TYPE and args:
            return [Check(Kind.TYPE_CHECK, target, self.expected(args[0]), negated=neg)]
        if word in MATCH and args:
            return [Check(Kind.SUBSTRING, target, self.expected(args[0]), negated=neg)]
        if word in THROW:
            return [replace(self.raises(subject, args), negated=neg)]
        if word in CALLED_WITH | CALLED_ONCE_WITH:
            shown = Expected("(" + ", ".join(self.canon(a) for a in args) + ")")
            checks = [Check(Kind.CALLED_WITH, target, shown, negated=neg)]
            if word in CALLED_ONCE_WITH:
                checks.append(Check(Kind.CALLED_TIMES, target, Expected("1", 1, True), "=="))
            return checks
        if word in CALLED:
            return [Check(Kind.CALLED, target, negated=neg)]
        if word in CALLED_N:
            count = CALLED_N[word]
            return [Check(Kind.CALLED_TIMES, target, Expected(str(count), count, True), "==")]
        if word in CALLED_TIMES and args:
            times = self.expected(args[0])
            return [Check(Kind.CALLED_TIMES, target, times, "==", negated=neg)]
        if word in SNAPSHOT:
            shown = Expected(", ".join(self.canon(a) for a in args))
            return [Check(Kind.SNAPSHOT, target, shown, negated=neg)]
        return [self.custom(target, word, args, neg)]

    def custom(self, target: str, word: str, args: list[Node], negated: bool) -> Check:
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
        if method in NOT_EQUAL and len(args) > 1:
            return [self.equal(args[0], args[1], True)]
        if method in ("throws", "rejects", "throw", "isRejected") and args:
            return [self.raises(args[0], args[1:])]
        if method in ("doesNotThrow", "doesNotReject") and args:
            # ``expect(fn).not.toThrow()`` written with node:assert.
            return [replace(self.raises(args[0], []), negated=True)]
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
