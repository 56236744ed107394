"""Which Python calls are checks, and what kind: the one vocabulary the integrity facts
(tree-sitter) and the test comparison (libcst) both read, so that they count the same.

A reader hands in the call's qualified name (imports resolved), its last segment, and
whether it is called on ``self``/``cls``; the answer says how the call checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..facts.integrity import AssertionStyle

# Deprecated unittest spellings, read as the method they alias.
UNITTEST_ALIASES = {
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
# unittest methods that expect an exception or a warning (a call or a ``with`` item).
UNITTEST_EXPECTS = frozenset(
    {"assertRaises", "assertRaisesRegex", "assertWarns", "assertWarnsRegex"}
)
# unittest methods that check what is logged inside their ``with`` block.
UNITTEST_LOGS = frozenset({"assertLogs", "assertNoLogs"})
# pytest's context managers that fail the test when the block does not raise or warn.
PYTEST_EXPECTS = frozenset({"pytest.raises", "pytest.warns", "pytest.deprecated_call"})
# What ``pytest.deprecated_call()`` expects.
DEPRECATION_WARNINGS = ("DeprecationWarning", "PendingDeprecationWarning")

MockCheck = Literal["called-with", "called-once-with", "called", "called-once", "not-called"]
# unittest.mock's assertion methods, each with what it checks about the calls.
MOCK_ASSERTS: dict[str, MockCheck] = {
    "assert_called_with": "called-with",
    "assert_called_once_with": "called-once-with",
    "assert_any_call": "called-with",
    "assert_has_calls": "called-with",
    "assert_awaited_with": "called-with",
    "assert_awaited_once_with": "called-once-with",
    "assert_any_await": "called-with",
    "assert_has_awaits": "called-with",
    "assert_called": "called",
    "assert_awaited": "called",
    "assert_called_once": "called-once",
    "assert_awaited_once": "called-once",
    "assert_not_called": "not-called",
    "assert_not_awaited": "not-called",
}


@dataclass(frozen=True)
class CheckCall:
    """How one call checks: its style, its method as the vocabulary names it (unittest
    aliases resolved), and whether it is a check as a ``with`` item."""

    style: AssertionStyle
    method: str
    expects_exception: bool = False  # pytest.raises/warns/deprecated_call, assertRaises...
    checks_logs: bool = False  # assertLogs / assertNoLogs
    mock: MockCheck | None = None

    @property
    def context(self) -> bool:
        """True when, as a ``with`` item, the call checks what its block does."""
        return self.expects_exception or self.checks_logs


def check_call(name: str, *, on_self: bool) -> CheckCall | None:
    """What a call named ``name`` (qualified, imports resolved) checks, or None for a call
    that checks nothing. ``on_self``: called on ``self``/``cls`` (a unittest method)."""
    last = name.rsplit(".", 1)[-1]
    if on_self and (last.startswith("assert") or last.startswith("fail")):
        method = UNITTEST_ALIASES.get(last, last)
        return CheckCall(
            "unittest",
            method,
            expects_exception=method in UNITTEST_EXPECTS,
            checks_logs=method in UNITTEST_LOGS,
        )
    if name in PYTEST_EXPECTS:
        return CheckCall("raises", last, expects_exception=True)
    if name == "pytest.fail":
        return CheckCall("fail", "fail")
    if last in MOCK_ASSERTS and "." in name:
        return CheckCall("mock", last, mock=MOCK_ASSERTS[last])
    if last.startswith("assert") and last != "assert_":  # assert_frame_equal, assertThat
        return CheckCall("call", last)
    return None
