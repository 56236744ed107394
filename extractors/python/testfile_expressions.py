"""Python expressions read into normalized checks: literals, conditions (``assert x``,
``assertTrue``), equalities within tolerances, comparisons, membership and ordering."""

from __future__ import annotations

import ast

import libcst as cst

from ..common.testfile_checks import Check, hashable
from ..facts.testfile import Expected, Kind, Tolerance
from .testfile_module import SourceModule, renamed

_PYTEST_APPROX = Tolerance(rel=1e-6, abs=1e-12)
_ORDER_OPS: dict[type[cst.BaseCompOp], str] = {
    cst.LessThan: "<",
    cst.LessThanEqual: "<=",
    cst.GreaterThan: ">",
    cst.GreaterThanEqual: ">=",
}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
_NEGATE_ORDER = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


class ExpressionReader:
    """Turns one test's expressions into normalized checks (``Reader`` adds statements)."""

    def __init__(self, module: SourceModule, renames: dict[str, str]) -> None:
        self.module: SourceModule = module
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
        return ast.unparse(renamed(tree, self.renames))

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
