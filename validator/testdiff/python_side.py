"""Python tests and their assertions, read with libcst (comments and literals stay exact)."""

from __future__ import annotations

import ast
import copy
import re
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import final

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from .canonical import Check, hashable, place
from .model import Assertion, Expected, Kind, ParsedTestFile, TestCase, Tolerance

_PYTEST_APPROX = Tolerance(rel=1e-6, abs=1e-12)
_MOCK_CALLED_WITH = {
    "assert_called_with": False,
    "assert_called_once_with": True,
    "assert_any_call": False,
    "assert_has_calls": False,
    "assert_awaited_with": False,
    "assert_awaited_once_with": True,
    "assert_any_await": False,
    "assert_has_awaits": False,
}
_MOCK_CALLED = {"assert_called", "assert_awaited"}
_MOCK_CALLED_ONCE = {"assert_called_once", "assert_awaited_once"}
_MOCK_NOT_CALLED = {"assert_not_called", "assert_not_awaited"}
# Deprecated unittest spellings, read as the method they alias.
_UNITTEST_ALIASES = {
    "assertEquals": "assertEqual",
    "failUnlessEqual": "assertEqual",
    "assertNotEquals": "assertNotEqual",
    "failIfEqual": "assertNotEqual",
    "failUnless": "assertTrue",
    "assert_": "assertTrue",
    "failIf": "assertFalse",
    "failUnlessRaises": "assertRaises",
    "assertAlmostEquals": "assertAlmostEqual",
    "failUnlessAlmostEqual": "assertAlmostEqual",
    "assertNotAlmostEquals": "assertNotAlmostEqual",
    "failIfAlmostEqual": "assertNotAlmostEqual",
    "assertRaisesRegexp": "assertRaisesRegex",
    "assertRegexpMatches": "assertRegex",
    "assertNotRegexpMatches": "assertNotRegex",
    "assertDictEqual": "assertEqual",
    "assertListEqual": "assertEqual",
    "assertTupleEqual": "assertEqual",
    "assertSetEqual": "assertEqual",
    "assertSequenceEqual": "assertEqual",
    "assertMultiLineEqual": "assertEqual",
    "assertCountEqual": "assertEqual",
}
_ORDER_OPS: dict[type[cst.BaseCompOp], str] = {
    cst.LessThan: "<",
    cst.LessThanEqual: "<=",
    cst.GreaterThan: ">",
    cst.GreaterThanEqual: ">=",
}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
_NEGATE_ORDER = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
_UNITTEST_ORDER = {
    "assertGreater": ">",
    "assertGreaterEqual": ">=",
    "assertLess": "<",
    "assertLessEqual": "<=",
}


def _dotted(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def _renamed(tree: ast.AST, renames: dict[str, str]) -> ast.AST:
    """The tree with test-local variables named by binding order (consistent renames vanish)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            node.id = renames.get(node.id, node.id)
    return tree


@final
class _Module:
    """One parsed module: its import aliases and its code."""

    def __init__(self, module: cst.Module, aliases: dict[str, str] | None = None) -> None:
        self.module: cst.Module = module
        self.aliases: dict[str, str] = dict(aliases or {})
        for statement in module.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                self._read_import(small)

    def _read_import(self, node: cst.BaseSmallStatement) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = _dotted(alias.name) or ""
                if alias.asname and isinstance(alias.asname.name, cst.Name):
                    self.aliases[alias.asname.name.value] = full
        elif isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar):
            source = _dotted(node.module) if node.module else ""
            for alias in node.names:
                name = _dotted(alias.name) or ""
                local = name
                if alias.asname and isinstance(alias.asname.name, cst.Name):
                    local = alias.asname.name.value
                self.aliases[local] = f"{source}.{name}" if source else name

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """The qualified name an expression refers to through the module's imports."""
        dotted = _dotted(node)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        full = self.aliases.get(head, head)
        return f"{full}.{rest}" if rest else full

    def code(self, node: cst.CSTNode) -> str:
        """The node's source as written."""
        return self.module.code_for_node(node)


@final
class _Reader:
    """Turns one test's statements into normalized checks."""

    def __init__(self, module: _Module, renames: dict[str, str]) -> None:
        self.module: _Module = module
        self.renames: dict[str, str] = renames

    # -- canonical text and literal values -------------------------------------------------

    def _tree(self, node: cst.BaseExpression) -> ast.expr | None:
        try:
            parsed = ast.parse("(\n" + self.module.code(node).strip() + "\n)", mode="eval")
        except SyntaxError:
            return None
        return parsed.body

    def canon(self, node: cst.BaseExpression) -> str:
        """Formatting-free text of an expression, test-local names numbered."""
        tree = self._tree(node)
        if tree is None:
            return " ".join(self.module.code(node).split())
        return ast.unparse(_renamed(tree, self.renames))

    def expected(self, node: cst.BaseExpression) -> Expected:
        """The expected side of a check, with its value when it is a literal."""
        tree = self._tree(node)
        text = self.canon(node)
        if tree is not None:
            try:
                value: object = ast.literal_eval(tree)  # pyright: ignore[reportAny]
                return Expected(text, hashable(value), True)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                pass
        return Expected(text)

    def is_literal(self, node: cst.BaseExpression) -> bool:
        """True for literals (and None/True/False, and pytest.approx of one)."""
        if self._approx(node) is not None:
            return True
        return self.expected(node).is_literal

    def _string(self, node: cst.BaseExpression | None) -> str | None:
        if node is None:
            return None
        value = self.expected(node)
        if value.is_literal and isinstance(value.value, str):
            return value.value
        return value.text

    # -- helpers on calls --------------------------------------------------------------------

    def _approx(self, node: cst.BaseExpression) -> cst.Call | None:
        if isinstance(node, cst.Call) and self.module.qualify(node.func) == "pytest.approx":
            return node
        return None

    def _call_of(self, node: cst.BaseExpression, qualified: str) -> cst.BaseExpression | None:
        """The single argument of ``qualified(arg)``, else None."""
        if (
            isinstance(node, cst.Call)
            and self.module.qualify(node.func) == qualified
            and len(node.args) == 1
        ):
            return node.args[0].value
        return None

    @staticmethod
    def _attr_of(node: cst.BaseExpression, attr: str) -> cst.BaseExpression | None:
        if isinstance(node, cst.Attribute) and node.attr.value == attr:
            return node.value
        return None

    @staticmethod
    def _positional(call: cst.Call) -> list[cst.BaseExpression]:
        return [a.value for a in call.args if a.keyword is None and not a.star]

    @staticmethod
    def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == name:
                return arg.value
        return None

    def _number(self, node: cst.BaseExpression | None, default: float) -> float:
        if node is None:
            return default
        value = self.expected(node).value
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        return default

    def exception_names(self, node: cst.BaseExpression) -> tuple[str, ...]:
        """Qualified exception names of ``X`` or ``(X, Y)``, sorted."""
        if isinstance(node, cst.Tuple):
            names = [self.module.qualify(e.value) or self.canon(e.value) for e in node.elements]
            return tuple(sorted(names))
        return (self.module.qualify(node) or self.canon(node),)

    # -- conditions (plain assert, assertTrue) ----------------------------------------------

    def condition(self, node: cst.BaseExpression, negated: bool = False) -> list[Check]:
        """The checks a boolean expression makes when asserted (``and`` splits in two)."""
        if (
            isinstance(node, cst.BooleanOperation)
            and isinstance(node.operator, cst.And)
            and not negated
        ):
            return self.condition(node.left) + self.condition(node.right)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return self.condition(node.expression, not negated)
        if isinstance(node, cst.Comparison):
            if len(node.comparisons) > 1 and not negated:
                checks: list[Check] = []
                left = node.left
                for target in node.comparisons:
                    checks += self.compare(left, target.operator, target.comparator, False)
                    left = target.comparator
                return checks
            if len(node.comparisons) == 1:
                target = node.comparisons[0]
                return self.compare(node.left, target.operator, target.comparator, negated)
        if isinstance(node, cst.Call):
            found = self._condition_call(node, negated)
            if found is not None:
                return [found]
        called = self._attr_of(node, "called")
        if called is not None:
            return [Check(Kind.CALLED, self.canon(called), negated=negated)]
        return [Check(Kind.TRUTHINESS, self.canon(node), negated=negated)]

    def _condition_call(self, node: cst.Call, negated: bool) -> Check | None:
        name = self.module.qualify(node.func)
        args = self._positional(node)
        if name == "isinstance" and len(args) == 2:
            return Check(
                Kind.TYPE_CHECK,
                self.canon(args[0]),
                Expected(" | ".join(self.exception_names(args[1]))),
                negated=negated,
            )
        if name == "math.isclose" and len(args) == 2:
            tolerance = Tolerance(
                rel=self._number(self._keyword(node, "rel_tol"), 1e-9),
                abs=self._number(self._keyword(node, "abs_tol"), 0.0),
            )
            return self._equal(args[0], args[1], negated, tolerance)
        return None

    def _equal(
        self,
        subject: cst.BaseExpression,
        expected: cst.BaseExpression,
        negated: bool,
        tolerance: Tolerance | None = None,
    ) -> Check:
        """An equality (exact or within a tolerance) with the literal side as expected."""
        if self.is_literal(subject) and not self.is_literal(expected):
            subject, expected = expected, subject
        approx = self._approx(expected)
        if approx is not None and approx.args:
            tolerance = Tolerance(
                rel=self._number(self._keyword(approx, "rel"), _PYTEST_APPROX.rel),
                abs=self._number(self._keyword(approx, "abs"), _PYTEST_APPROX.abs),
            )
            expected = approx.args[0].value
        if tolerance is not None:
            return Check(
                Kind.APPROX,
                self.canon(subject),
                self.expected(expected),
                tolerance=tolerance,
                negated=negated,
            )
        value = self.expected(expected)
        if value.is_literal and value.value is None:
            return Check(Kind.NONE_CHECK, self.canon(subject), value, negated=negated)
        counted = self._counted(subject, "==", expected, negated)
        if counted is not None:
            return counted
        typed = self._call_of(subject, "type")
        if typed is not None:
            return Check(Kind.TYPE_CHECK, self.canon(typed), value, negated=negated)
        for attr in ("call_args", "call_args_list", "await_args", "await_args_list"):
            mock = self._attr_of(subject, attr)
            if mock is not None:
                return Check(Kind.CALLED_WITH, self.canon(mock), value, negated=negated)
        return Check(Kind.EQUALITY, self.canon(subject), value, negated=negated)

    def _counted(
        self,
        subject: cst.BaseExpression,
        op: str,
        expected: cst.BaseExpression,
        negated: bool,
    ) -> Check | None:
        """``len(x) op n`` and ``m.call_count op n`` as length and call-count checks."""
        measured = self._call_of(subject, "len")
        if measured is not None:
            return Check(
                Kind.LENGTH, self.canon(measured), self.expected(expected), op, negated=negated
            )
        mock = self._attr_of(subject, "call_count") or self._attr_of(subject, "await_count")
        if mock is not None:
            return Check(
                Kind.CALLED_TIMES, self.canon(mock), self.expected(expected), op, negated=negated
            )
        return None

    def compare(
        self,
        left: cst.BaseExpression,
        operator: cst.BaseCompOp,
        right: cst.BaseExpression,
        negated: bool,
    ) -> list[Check]:
        """The check ``left <operator> right`` makes."""
        if isinstance(operator, cst.Equal | cst.NotEqual):
            return [self._equal(left, right, negated ^ isinstance(operator, cst.NotEqual))]
        if isinstance(operator, cst.Is | cst.IsNot):
            negated ^= isinstance(operator, cst.IsNot)
            if self.is_literal(left) and not self.is_literal(right):
                left, right = right, left
            value = self.expected(right)
            if value.is_literal and value.value is None:
                return [Check(Kind.NONE_CHECK, self.canon(left), value, negated=negated)]
            kind = Kind.EQUALITY if value.is_literal else Kind.IDENTITY
            return [Check(kind, self.canon(left), value, negated=negated)]
        if isinstance(operator, cst.In | cst.NotIn):
            return [self._membership(left, right, negated ^ isinstance(operator, cst.NotIn))]
        op = _ORDER_OPS.get(type(operator))
        if op is None:
            return [Check(Kind.TRUTHINESS, self.canon(left) + " ? " + self.canon(right))]
        return [self.order(left, op, right, negated)]

    def _membership(
        self, item: cst.BaseExpression, container: cst.BaseExpression, negated: bool
    ) -> Check:
        literal_container = isinstance(container, cst.List | cst.Tuple | cst.Set)
        if literal_container and not self.is_literal(item):
            return Check(
                Kind.MEMBERSHIP, self.canon(item), self.expected(container), negated=negated
            )
        value = self.expected(item)
        kind = Kind.SUBSTRING if isinstance(value.value, str) else Kind.MEMBERSHIP
        return Check(kind, self.canon(container), value, negated=negated)

    def order(
        self, left: cst.BaseExpression, op: str, right: cst.BaseExpression, negated: bool
    ) -> Check:
        """An ordering check, subject on the left, ``not`` folded into the operator."""
        if negated:
            op = _NEGATE_ORDER[op]
        if self.is_literal(left) and not self.is_literal(right):
            left, right, op = right, left, _FLIP[op]
        distance = self._call_of(left, "abs")
        if (
            op in ("<", "<=")
            and isinstance(distance, cst.BinaryOperation)
            and isinstance(distance.operator, cst.Subtract)
        ):
            tolerance = Tolerance(abs=self._number(right, 0.0))
            return self._equal(distance.left, distance.right, False, tolerance)
        left_items = self._items(left)
        right_items = self._items(right)
        if left_items is not None and right_items is not None and op in ("<=", ">="):
            whole, part = (right_items, left_items) if op == "<=" else (left_items, right_items)
            return Check(Kind.PARTIAL, self.canon(whole), self.expected(part))
        counted = self._counted(left, op, right, False)
        if counted is not None:
            return counted
        return Check(Kind.COMPARISON, self.canon(left), self.expected(right), op)

    def _items(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        if (
            isinstance(node, cst.Call)
            and not node.args
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "items"
        ):
            return node.func.value
        return None

    # -- statements ----------------------------------------------------------------------------

    def parametrized(self, function: cst.FunctionDef) -> list[tuple[cst.CSTNode, Check]]:
        """Each ``@pytest.mark.parametrize`` row as a check: inputs the subject, last value
        the expected one (editing a row's expected value edits the test's expectation)."""
        rows: list[tuple[cst.CSTNode, Check]] = []
        for decorator in function.decorators:
            call = decorator.decorator
            if not isinstance(call, cst.Call):
                continue
            name = self.module.qualify(call.func) or ""
            args = self._positional(call)
            if not name.endswith("mark.parametrize") or len(args) < 2:
                continue
            table = args[1]
            if not isinstance(table, cst.List | cst.Tuple):
                continue
            names = self._string(args[0]) or self.canon(args[0])
            for element in table.elements:
                row = element.value
                if isinstance(row, cst.Call) and (self.module.qualify(row.func) or "").endswith(
                    "param"
                ):
                    values = self._positional(row)
                elif isinstance(row, cst.Tuple | cst.List):
                    values = [e.value for e in row.elements]
                else:
                    values = [row]
                if not values:
                    continue
                inputs = ", ".join(self.canon(v) for v in values[:-1])
                subject = f"parametrize({names}): {inputs}"
                rows.append((row, Check(Kind.EQUALITY, subject, self.expected(values[-1]))))
        return rows

    def call_checks(self, call: cst.Call) -> list[Check]:
        """Checks made by a call statement: ``self.assert*``, mock asserts, pytest.fail."""
        func = call.func
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            receiver = func.value
            if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
                return self._unittest(_UNITTEST_ALIASES.get(method, method), call)
            if method in _MOCK_CALLED_WITH:
                mock = self.canon(receiver)
                args = Expected(self._arguments(call))
                checks = [Check(Kind.CALLED_WITH, mock, args)]
                if _MOCK_CALLED_WITH[method]:
                    checks.append(Check(Kind.CALLED_TIMES, mock, Expected("1", 1, True), "=="))
                return checks
            if method in _MOCK_CALLED:
                return [Check(Kind.CALLED, self.canon(receiver))]
            if method in _MOCK_NOT_CALLED:
                return [Check(Kind.CALLED, self.canon(receiver), negated=True)]
            if method in _MOCK_CALLED_ONCE:
                one = Expected("1", 1, True)
                return [Check(Kind.CALLED_TIMES, self.canon(receiver), one, "==")]
        name = self.module.qualify(func)
        if name == "pytest.fail":
            return [Check(Kind.FAIL, "")]
        if name in ("pytest.raises", "pytest.warns") and len(self._positional(call)) > 1:
            args = self._positional(call)
            subject = self.canon(args[1]) + "(" + ", ".join(self.canon(a) for a in args[2:]) + ")"
            return [self.raises(call, subject)]
        last = (name or "").rsplit(".", 1)[-1]
        if last.startswith("assert_"):
            return [self._library_assert(last, call)]
        return []

    def _library_assert(self, function: str, call: cst.Call) -> Check:
        """``assert_allclose``, ``assert_frame_equal`` and other library assert helpers."""
        args = self._positional(call)
        if len(args) >= 2 and function in (
            "assert_allclose",
            "assert_almost_equal",
            "assert_array_almost_equal",
        ):
            decimal = self._keyword(call, "decimal")
            if function == "assert_allclose":
                rel = self._number(self._keyword(call, "rtol"), 1e-7)
                tolerance = Tolerance(rel=rel, abs=self._number(self._keyword(call, "atol"), 0.0))
            else:
                places = self._number(decimal if decimal is not None else None, 7.0)
                tolerance = Tolerance(abs=1.5 * 10**-places)
            return self._equal(args[0], args[1], False, tolerance)
        if len(args) >= 2 and function.endswith("_equal"):
            return self._equal(args[0], args[1], False)
        return self._custom(function, args)

    def _custom(self, function: str, args: list[cst.BaseExpression]) -> Check:
        """An assertion helper of unknown meaning: an equality on ``first.helper`` with the
        other arguments expected, so edits to them still show."""
        if not args:
            return Check(Kind.TRUTHINESS, function)
        subject = f"{self.canon(args[0])}.{function}"
        if len(args) == 2:
            return Check(Kind.EQUALITY, subject, self.expected(args[1]))
        if len(args) == 1:
            return Check(Kind.TRUTHINESS, subject)
        return Check(Kind.EQUALITY, subject, Expected(", ".join(self.canon(a) for a in args[1:])))

    def _arguments(self, call: cst.Call) -> str:
        parts: list[str] = []
        for arg in call.args:
            prefix = f"{arg.keyword.value}=" if arg.keyword else str(arg.star)
            parts.append(prefix + self.canon(arg.value))
        return "(" + ", ".join(parts) + ")"

    def raises(self, call: cst.Call, subject: str) -> Check:
        """``pytest.raises`` / ``pytest.warns`` / ``assertRaises*`` as an expected exception."""
        name = self.module.qualify(call.func) or ""
        args = self._positional(call)
        if name == "pytest.deprecated_call":
            types: tuple[str, ...] = ("DeprecationWarning", "PendingDeprecationWarning")
        else:
            types = self.exception_names(args[0]) if args else ()
        match = self._string(self._keyword(call, "match"))
        method = name.rsplit(".", 1)[-1]
        if method in ("assertRaisesRegex", "assertWarnsRegex"):
            match = self._string(
                args[1] if len(args) > 1 else self._keyword(call, "expected_regex")
            )
        return Check(Kind.RAISES, subject, exceptions=types, match=match)

    def is_raises(self, call: cst.BaseExpression) -> bool:
        """True for a context manager that expects an exception or a warning."""
        if not isinstance(call, cst.Call):
            return False
        name = self.module.qualify(call.func) or ""
        if name in ("pytest.raises", "pytest.warns", "pytest.deprecated_call"):
            return True
        return isinstance(call.func, cst.Attribute) and _UNITTEST_ALIASES.get(
            call.func.attr.value, call.func.attr.value
        ) in ("assertRaises", "assertRaisesRegex", "assertWarns", "assertWarnsRegex")

    def _unittest(self, method: str, call: cst.Call) -> list[Check]:
        args = self._positional(call)
        neg = "Not" in method or method == "assertFalse"

        def arg(index: int, keyword: str) -> cst.BaseExpression | None:
            return args[index] if len(args) > index else self._keyword(call, keyword)

        first, second = arg(0, "first"), arg(1, "second")
        if method in ("assertTrue", "assertFalse") and (first := arg(0, "expr")) is not None:
            return self.condition(first, neg)
        if method in ("assertEqual", "assertNotEqual") and first and second:
            return [self._equal(first, second, neg)]
        if method in ("assertAlmostEqual", "assertNotAlmostEqual") and first and second:
            delta = self._keyword(call, "delta")
            places = self._number(arg(2, "places"), 7.0)
            bound = self._number(delta, 0.0) if delta is not None else 0.5 * 10**-places
            return [self._equal(first, second, neg, Tolerance(abs=bound))]
        if method in ("assertIs", "assertIsNot") and first and second:
            return self.compare(first, cst.Is(), second, neg)
        if method in ("assertIsNone", "assertIsNotNone") and (first := arg(0, "obj")):
            none = Expected("None", None, True)
            return [Check(Kind.NONE_CHECK, self.canon(first), none, negated=neg)]
        if method in ("assertIn", "assertNotIn") and first and second:
            return [self._membership(first, second, neg)]
        if method in ("assertIsInstance", "assertNotIsInstance") and first and second:
            types = Expected(" | ".join(self.exception_names(second)))
            return [Check(Kind.TYPE_CHECK, self.canon(first), types, negated=neg)]
        if method in _UNITTEST_ORDER and first and second:
            return [self.order(first, _UNITTEST_ORDER[method], second, False)]
        if method in ("assertRegex", "assertNotRegex") and first and second:
            pattern = self.expected(second)
            return [Check(Kind.SUBSTRING, self.canon(first), pattern, negated=neg)]
        if method == "assertDictContainsSubset" and first and second:
            return [Check(Kind.PARTIAL, self.canon(second), self.expected(first))]
        if method in ("assertRaises", "assertRaisesRegex", "assertWarns", "assertWarnsRegex"):
            skip = 2 if method.endswith("Regex") else 1
            if len(args) > skip:
                rest = ", ".join(self.canon(a) for a in args[skip + 1 :])
                return [self.raises(call, f"{self.canon(args[skip])}({rest})")]
            return []
        if method == "fail":
            return [Check(Kind.FAIL, "")]
        if method.startswith("assert"):
            return [self._custom(method, args)]
        return []


def _walk(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under ``root`` (comments included), in source order."""
    stack: list[cst.CSTNode] = [root]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


_TARGETS = cst.AssignTarget | cst.AnnAssign | cst.For | cst.CompFor | cst.NamedExpr


def _bindings(root: cst.CSTNode) -> list[str]:
    """Names a test binds, in the order it first binds them."""
    names: list[str] = []

    def bind(target: cst.CSTNode) -> None:
        if isinstance(target, cst.Name):
            if target.value not in names:
                names.append(target.value)
        elif isinstance(target, cst.Tuple | cst.List):
            for element in target.elements:
                bind(element.value)
        elif isinstance(target, cst.StarredElement):
            bind(target.value)

    for node in _walk(root):
        if isinstance(node, _TARGETS):
            bind(node.target)
        elif isinstance(node, cst.AsName):
            bind(node.name)
    return names


@final
class _Collector:
    """The checks and comments inside one test function, with the nodes that made them."""

    def __init__(self, reader: _Reader, root: cst.CSTNode) -> None:
        self.reader: _Reader = reader
        self.found: list[tuple[cst.CSTNode, Check]] = []
        self.comments: list[cst.Comment] = []
        for node in _walk(root):
            if isinstance(node, cst.Assert):
                self.found += [(node, c) for c in reader.condition(node.test)]
            elif isinstance(node, cst.Expr):
                self._expression(node)
            elif isinstance(node, cst.With):
                self._with(node)
            elif isinstance(node, cst.Comment):
                self.comments.append(node)

    def _expression(self, node: cst.Expr) -> None:
        value = node.value
        if isinstance(value, cst.Await):
            value = value.expression
        if isinstance(value, cst.Call):
            self.found += [(node, c) for c in self.reader.call_checks(value)]

    def _with(self, node: cst.With) -> None:
        subject = "; ".join(self._statement_text(s) for s in node.body.body)
        for item in node.items:
            if self.reader.is_raises(item.item) and isinstance(item.item, cst.Call):
                self.found.append((item, self.reader.raises(item.item, subject)))

    def _statement_text(self, statement: cst.CSTNode) -> str:
        """A statement inside ``with pytest.raises``, canonical when it is an expression."""
        parts: Sequence[cst.CSTNode] = [statement]
        if isinstance(statement, cst.SimpleStatementLine | cst.SimpleStatementSuite):
            parts = statement.body
        return "; ".join(
            self.reader.canon(p.value)
            if isinstance(p, cst.Expr)
            else " ".join(self.reader.module.code(p).split())
            for p in parts
        )


def _tests(body: Sequence[cst.CSTNode], prefix: str) -> Iterator[tuple[str, cst.FunctionDef]]:
    """Test functions and methods, with pytest-style qualified names (``Class::test``)."""
    for node in body:
        if isinstance(node, cst.FunctionDef) and node.name.value.startswith("test"):
            yield prefix + node.name.value, node
        elif isinstance(node, cst.ClassDef) and isinstance(node.body, cst.IndentedBlock):
            yield from _tests(node.body.body, f"{prefix}{node.name.value}::")


def _comment_blocks(comments: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Runs of comment lines, each as (first line, text without ``#``), then each line."""
    runs: list[list[tuple[int, str]]] = []
    for line, text in comments:
        if runs and runs[-1][-1][0] == line - 1:
            runs[-1].append((line, text))
        else:
            runs.append([(line, text)])
    for run in runs:
        if len(run) > 1:
            yield run[0][0], textwrap.dedent("\n".join(t for _, t in run))
        yield from ((line, text.strip()) for line, text in run)


def _uncomment(comment: str) -> str:
    return re.sub(r"^#+ ?", "", comment)


def parse_python(path: str, source: str) -> ParsedTestFile:
    """The tests of one Python file with their assertions and commented-out assertions."""
    try:
        wrapper = MetadataWrapper(cst.parse_module(source))
    except cst.ParserSyntaxError as error:
        return ParsedTestFile(path, "python", (), f"{type(error).__name__}: {error.message}")
    positions = wrapper.resolve(PositionProvider)
    module = _Module(wrapper.module)
    bodies = _bodies(source)
    tests: list[TestCase] = []
    for name, function in _tests(wrapper.module.body, ""):
        renames = {n: f"_v{i}" for i, n in enumerate(_bindings(function.body))}
        collector = _Collector(_Reader(module, renames), function)
        cases = _Reader(module, {}).parametrized(function)
        assertions = tuple(
            place(check, positions[node].start.line, module.code(node))
            for node, check in [*cases, *collector.found]
        )
        comments = [(positions[c].start.line, _uncomment(c.value)) for c in collector.comments]
        commented = tuple(_commented(module, renames, comments))
        line = positions[function.name].start.line
        body = _body_text(bodies.get(line, []), renames)
        tests.append(TestCase(name, line, body, assertions, commented))
    return ParsedTestFile(path, "python", tuple(tests))


def _bodies(source: str) -> dict[int, list[ast.stmt]]:
    """Every function body by the line of its name, read by ``ast`` for a formatting-free form."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    return {
        node.lineno: node.body
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def _body_text(body: list[ast.stmt], renames: dict[str, str]) -> str:
    """A test body without formatting and with its local names numbered (to spot renames)."""
    module = ast.Module(body=copy.deepcopy(body), type_ignores=[])
    return ast.unparse(_renamed(module, renames))


def _commented(
    module: _Module, renames: dict[str, str], comments: list[tuple[int, str]]
) -> Iterator[Assertion]:
    """Assertions written inside comments: a comment block that parses as test code."""
    seen: set[int] = set()
    for line, text in _comment_blocks(comments):
        if line in seen:
            continue
        try:
            small = cst.parse_module(text + "\n")
        except cst.ParserSyntaxError:
            continue
        wrapper = MetadataWrapper(small)
        positions = wrapper.resolve(PositionProvider)
        # A commented snippet reads names through the file's imports.
        inner = _Module(wrapper.module, module.aliases)
        collector = _Collector(_Reader(inner, renames), wrapper.module)
        for node, check in collector.found:
            at = line + positions[node].start.line - 1
            seen.add(at)
            yield replace(place(check, at, inner.code(node)), commented=True)
