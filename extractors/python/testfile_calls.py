"""Python assertion statements read into normalized checks: ``self.assert*`` methods, mock
asserts, ``pytest.raises`` and friends, library ``assert_*`` helpers, parametrize rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import final

import libcst as cst

from ..common.testfile_checks import Check
from ..facts.testfile import Expected, Kind, Tolerance
from .testfile_expressions import ExpressionReader
from .testfile_tables import Table

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
