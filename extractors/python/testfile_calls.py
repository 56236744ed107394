"""Python assertion statements read into normalized checks: ``self.assert*`` methods, mock
asserts, ``pytest.raises`` and friends, library ``assert_*`` helpers, parametrize rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import final

import libcst as cst

from ..common.testfile_checks import Check
from ..facts.testfile import Expected, Kind, Tolerance
from .check_calls import (
    DEPRECATION_WARNINGS,
    UNITTEST_ALIASES,
    UNITTEST_EXPECTS,
    CheckCall,
    check_call,
)
from .testfile_expressions import ExpressionReader
from .testfile_tables import Table

_UNITTEST_ORDER = {
    "assertGreater": ">",
    "assertGreaterEqual": ">=",
    "assertLess": "<",
    "assertLessEqual": "<=",
}


@final
class Reader(ExpressionReader):
    """Turns one test's statements into normalized checks."""

    def table_rows(
        self, tables: Sequence[Table], columns: dict[str, str]
    ) -> list[tuple[cst.CSTNode, Check]]:
        """Each row of the tables a test runs over (``@pytest.mark.parametrize``, a loop) as a
        check: inputs the subject, last value the expected one (editing a row's expected
        value edits the test's expectation). Columns are named as ``columns`` numbers them,
        so that a parameter and a loop variable in the same place read alike."""
        rows: list[tuple[cst.CSTNode, Check]] = []
        for table in tables:
            names = ", ".join(columns.get(c, c) for c in table.columns)
            for row in table.rows:
                if (
                    table.from_parametrize
                    and isinstance(row, cst.Call)
                    and (self.module.qualify(row.func) or "").endswith("param")
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
        found = self._check_call(call)
        if found is None:
            return []
        func = call.func
        if found.style == "unittest":
            return self._unittest(found.method, call)
        if found.mock is not None and isinstance(func, cst.Attribute):
            mock = self.canon(func.value)
            once = Expected("1", 1, True)
            if found.mock in ("called-with", "called-once-with"):
                checks = [Check(Kind.CALLED_WITH, mock, Expected(self._arguments(call)))]
                if found.mock == "called-once-with":
                    checks.append(Check(Kind.CALLED_TIMES, mock, once, "=="))
                return checks
            if found.mock == "called-once":
                return [Check(Kind.CALLED_TIMES, mock, once, "==")]
            return [Check(Kind.CALLED, mock, negated=found.mock == "not-called")]
        if found.style == "fail":
            return [Check(Kind.FAIL, "")]
        args = self._positional(call)
        if found.style == "raises":
            # As a plain call (``pytest.raises(E, f, *args)``) it checks only with a callable.
            if len(args) < 2:
                return []
            rest = ", ".join(self.canon(a) for a in args[2:])
            return [self.raises(call, f"{self.canon(args[1])}({rest})")]
        return [self._library_assert(found.method, call)]

    def with_checks(self, call: cst.BaseExpression, subject: str) -> list[Check]:
        """What a ``with`` item checks about its block (``subject``): an expected exception
        or warning, or what is logged."""
        found = self._check_call(call) if isinstance(call, cst.Call) else None
        if found is None or not found.context or not isinstance(call, cst.Call):
            return []
        if found.expects_exception:
            return [self.raises(call, subject)]
        args = self._positional(call)
        logger = ", ".join(self.canon(a) for a in args)
        negated = found.method == "assertNoLogs"
        return [Check(Kind.TRUTHINESS, f"logs({logger}): {subject}", negated=negated)]

    def _check_call(self, call: cst.Call) -> CheckCall | None:
        func = call.func
        on_self = (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value in ("self", "cls")
        )
        name = self.module.qualify(func) or ""
        if not name and isinstance(func, cst.Attribute):
            name = f"{self.canon(func.value)}.{func.attr.value}"
        return check_call(name, on_self=on_self)

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
            types: tuple[str, ...] = DEPRECATION_WARNINGS
        else:
            types = self.exception_names(args[0]) if args else ()
        match = self._string(self._keyword(call, "match"))
        method = name.rsplit(".", 1)[-1]
        method = UNITTEST_ALIASES.get(method, method)
        if method in ("assertRaisesRegex", "assertWarnsRegex"):
            match = self._string(
                args[1] if len(args) > 1 else self._keyword(call, "expected_regex")
            )
        return Check(Kind.RAISES, subject, exceptions=types, match=match)

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
        if method in UNITTEST_EXPECTS:
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
