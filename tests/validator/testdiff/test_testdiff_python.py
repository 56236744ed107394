"""Python test files: every weakening class is named, and its honest twin gives nothing."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.validator.testdiff import Change, compare_test_file, parse_test_file


def changes(base: str, head: str, path: str = "tests/test_cart.py") -> list[tuple[str, str, str]]:
    """(change, BASE text, HEAD text) of every change in the file, in report order."""
    result = compare_test_file(path, textwrap.dedent(base), textwrap.dedent(head))
    assert result.error is None
    # Every test must be paired and hold assertions, or "no change" would prove nothing.
    assert result.tests and not result.removed and not result.added
    parsed_base = parse_test_file(path, textwrap.dedent(base))
    assert all(t.assertions for t in parsed_base.tests)
    return [(c.change.value, c.base_text, c.head_text or "") for _, c in result.changes]


CHEATS = [
    pytest.param(
        """
        def test_total(cart):
            assert total(cart) == 30
        """,
        """
        def test_total(cart):
            assert total(cart) == 25
        """,
        [("expected-edited", "assert total(cart) == 30", "assert total(cart) == 25")],
        id="expected-edited-plain-assert",
    ),
    pytest.param(
        """
        import unittest

        class TestCart(unittest.TestCase):
            def test_total(self):
                self.assertEqual(total(CART), {"sum": 30, "items": 2})
        """,
        """
        import unittest

        class TestCart(unittest.TestCase):
            def test_total(self):
                self.assertEqual({"sum": 25, "items": 2}, total(CART))
        """,
        [
            (
                "expected-edited",
                'self.assertEqual(total(CART), {"sum": 30, "items": 2})',
                'self.assertEqual({"sum": 25, "items": 2}, total(CART))',
            )
        ],
        id="expected-edited-unittest-swapped-arguments",
    ),
    pytest.param(
        """
        import pytest as pt

        def test_ratio():
            assert ratio() == pt.approx(0.3, rel=1e-6)
        """,
        """
        import pytest as pt

        def test_ratio():
            assert ratio() == pt.approx(0.3, rel=0.1)
        """,
        [
            (
                "tolerance-widened",
                "assert ratio() == pt.approx(0.3, rel=1e-6)",
                "assert ratio() == pt.approx(0.3, rel=0.1)",
            )
        ],
        id="tolerance-widened-pytest-approx-alias",
    ),
    pytest.param(
        """
        def test_ratio():
            assert ratio() == 0.3
        """,
        """
        from pytest import approx

        def test_ratio():
            assert ratio() == approx(0.3, abs=0.05)
        """,
        [("tolerance-widened", "assert ratio() == 0.3", "assert ratio() == approx(0.3, abs=0.05)")],
        id="tolerance-widened-exact-to-approx",
    ),
    pytest.param(
        """
        def test_refund_fee():
            assert fee() == 0.0
        """,
        """
        import pytest

        def test_refund_fee():
            assert fee() == pytest.approx(50.0)
        """,
        [("expected-edited", "assert fee() == 0.0", "assert fee() == pytest.approx(50.0)")],
        id="expected-edited-exact-to-approx-of-another-value",
    ),
    pytest.param(
        """
        import math

        def test_refund_fee():
            assert fee() == 0
        """,
        """
        import math

        def test_refund_fee():
            assert math.isclose(fee(), 0.5, abs_tol=0.01)
        """,
        [("expected-edited", "assert fee() == 0", "assert math.isclose(fee(), 0.5, abs_tol=0.01)")],
        id="expected-edited-exact-to-isclose-of-another-value",
    ),
    pytest.param(
        """
        import unittest

        class TestRatio(unittest.TestCase):
            def test_ratio(self):
                self.assertAlmostEqual(ratio(), 0.3)
        """,
        """
        import unittest

        class TestRatio(unittest.TestCase):
            def test_ratio(self):
                self.assertAlmostEqual(ratio(), 0.3, places=1)
        """,
        [
            (
                "tolerance-widened",
                "self.assertAlmostEqual(ratio(), 0.3)",
                "self.assertAlmostEqual(ratio(), 0.3, places=1)",
            )
        ],
        id="tolerance-widened-assert-almost-equal-places",
    ),
    pytest.param(
        """
        def test_ratio():
            assert abs(ratio() - 0.3) < 0.001
        """,
        """
        def test_ratio():
            assert abs(ratio() - 0.3) < 0.5
        """,
        [
            (
                "tolerance-widened",
                "assert abs(ratio() - 0.3) < 0.001",
                "assert abs(ratio() - 0.3) < 0.5",
            )
        ],
        id="tolerance-widened-abs-difference",
    ),
    pytest.param(
        """
        import pytest as pt

        def test_negative():
            with pt.raises(ValueError, match="negative"):
                withdraw(-1)
        """,
        """
        import pytest as pt

        def test_negative():
            with pt.raises(Exception):
                withdraw(-1)
        """,
        [
            (
                "exception-widened",
                'pt.raises(ValueError, match="negative")',
                "pt.raises(Exception)",
            )
        ],
        id="exception-widened-to-exception",
    ),
    pytest.param(
        """
        from pytest import raises as r

        def test_missing():
            with r(KeyError):
                lookup("x")
        """,
        """
        from pytest import raises as r

        def test_missing():
            with r(LookupError):
                lookup("x")
        """,
        [("exception-widened", "r(KeyError)", "r(LookupError)")],
        id="exception-widened-to-base-class",
    ),
    pytest.param(
        """
        import pytest

        def test_negative():
            with pytest.raises(ValueError, match="must be positive"):
                withdraw(-1)
        """,
        """
        import pytest

        def test_negative():
            with pytest.raises(ValueError):
                withdraw(-1)
        """,
        [
            (
                "exception-widened",
                'pytest.raises(ValueError, match="must be positive")',
                "pytest.raises(ValueError)",
            )
        ],
        id="exception-widened-match-dropped",
    ),
    pytest.param(
        """
        import unittest

        class TestWithdraw(unittest.TestCase):
            def test_negative(self):
                self.assertRaises(ValueError, withdraw, -1)
        """,
        """
        import unittest

        class TestWithdraw(unittest.TestCase):
            def test_negative(self):
                self.assertRaises((ValueError, TypeError), withdraw, -1)
        """,
        [
            (
                "exception-widened",
                "self.assertRaises(ValueError, withdraw, -1)",
                "self.assertRaises((ValueError, TypeError), withdraw, -1)",
            )
        ],
        id="exception-widened-unittest-tuple",
    ),
    pytest.param(
        """
        def test_status():
            assert order().status == "shipped"
        """,
        """
        def test_status():
            assert order().status in ("shipped", "pending")
        """,
        [
            (
                "exact-to-membership",
                'assert order().status == "shipped"',
                'assert order().status in ("shipped", "pending")',
            )
        ],
        id="exact-to-membership",
    ),
    pytest.param(
        """
        import unittest

        class TestError(unittest.TestCase):
            def test_message(self):
                self.assertEqual(error_text(), "user 42 not found")
        """,
        """
        import unittest

        class TestError(unittest.TestCase):
            def test_message(self):
                self.assertIn("not found", error_text())
        """,
        [
            (
                "exact-to-substring",
                'self.assertEqual(error_text(), "user 42 not found")',
                'self.assertIn("not found", error_text())',
            )
        ],
        id="exact-to-substring-unittest",
    ),
    pytest.param(
        """
        def test_body(client):
            body = client.get("/u/1").json()
            assert body == {"id": 1, "name": "Ann", "role": "admin"}
        """,
        """
        def test_body(client):
            body = client.get("/u/1").json()
            assert body["id"] == 1
        """,
        [
            (
                "exact-to-partial",
                'assert body == {"id": 1, "name": "Ann", "role": "admin"}',
                'assert body["id"] == 1',
            )
        ],
        id="exact-to-partial-key-subset",
    ),
    pytest.param(
        """
        def test_body(client):
            assert client.get("/u/1").json() == {"id": 1, "name": "Ann"}
        """,
        """
        def test_body(client):
            assert client.get("/u/1").json().items() >= {"id": 1}.items()
        """,
        [
            (
                "exact-to-partial",
                'assert client.get("/u/1").json() == {"id": 1, "name": "Ann"}',
                'assert client.get("/u/1").json().items() >= {"id": 1}.items()',
            )
        ],
        id="exact-to-partial-items-subset",
    ),
    pytest.param(
        """
        def test_items():
            assert load() == [1, 2, 3]
        """,
        """
        def test_items():
            assert load()
        """,
        [("exact-to-truthiness", "assert load() == [1, 2, 3]", "assert load()")],
        id="exact-to-truthiness",
    ),
    pytest.param(
        """
        import unittest

        class TestUser(unittest.TestCase):
            def test_name(self):
                self.assertEqual(user().name, "Ann")
        """,
        """
        import unittest

        class TestUser(unittest.TestCase):
            def test_name(self):
                self.assertIsNotNone(user().name)
        """,
        [
            (
                "exact-to-none-check",
                'self.assertEqual(user().name, "Ann")',
                "self.assertIsNotNone(user().name)",
            )
        ],
        id="exact-to-none-check",
    ),
    pytest.param(
        """
        def test_count():
            assert count() == 3
        """,
        """
        def test_count():
            assert isinstance(count(), int)
        """,
        [("exact-to-type-check", "assert count() == 3", "assert isinstance(count(), int)")],
        id="exact-to-type-check",
    ),
    pytest.param(
        """
        def test_rows():
            rows = fetch()
            assert len(rows) == 3
        """,
        """
        def test_rows():
            rows = fetch()
            assert len(rows) >= 1
        """,
        [("count-to-bound", "assert len(rows) == 3", "assert len(rows) >= 1")],
        id="count-to-bound-len",
    ),
    pytest.param(
        """
        from unittest import mock as m

        def test_retry():
            sender = m.Mock()
            retry(sender)
            assert sender.call_count == 3
        """,
        """
        from unittest import mock as m

        def test_retry():
            sender = m.Mock()
            retry(sender)
            assert sender.called
        """,
        [("count-to-bound", "assert sender.call_count == 3", "assert sender.called")],
        id="count-to-bound-call-count",
    ),
    pytest.param(
        """
        def test_notify(mailer):
            notify(mailer, "ann")
            mailer.send.assert_called_once_with("ann", subject="hi")
        """,
        """
        def test_notify(mailer):
            notify(mailer, "ann")
            mailer.send.assert_called()
        """,
        [
            (
                "called-with-to-called",
                'mailer.send.assert_called_once_with("ann", subject="hi")',
                "mailer.send.assert_called()",
            ),
            (
                "count-to-bound",
                'mailer.send.assert_called_once_with("ann", subject="hi")',
                "mailer.send.assert_called()",
            ),
        ],
        id="called-with-to-called",
    ),
    pytest.param(
        """
        def test_total(cart):
            assert total(cart) == 30
            assert cart.closed is True
        """,
        """
        def test_total(cart):
            assert total(cart) == 30
        """,
        [("assertion-removed", "assert cart.closed is True", "")],
        id="assertion-removed",
    ),
    pytest.param(
        """
        def test_total(cart):
            result = total(cart)
            assert result == 30
        """,
        """
        def test_total(cart):
            result = total(cart)
            # assert result == 30
        """,
        [("assertion-commented-out", "assert result == 30", "assert result == 30")],
        id="assertion-commented-out",
    ),
    pytest.param(
        """
        def test_total(cart):
            assert total(cart) == {
                "sum": 30,
            }
        """,
        """
        def test_total(cart):
            # assert total(cart) == {
            #     "sum": 30,
            # }
            pass
        """,
        [
            (
                "assertion-commented-out",
                'assert total(cart) == { "sum": 30, }',
                'assert total(cart) == { "sum": 30, }',
            )
        ],
        id="assertion-commented-out-multiline",
    ),
    pytest.param(
        """
        def test_speed():
            assert elapsed() < 100
        """,
        """
        def test_speed():
            assert elapsed() < 1000
        """,
        [("bound-loosened", "assert elapsed() < 100", "assert elapsed() < 1000")],
        id="bound-loosened",
    ),
    pytest.param(
        """
        import unittest

        class TestSpeed(unittest.TestCase):
            def test_speed(self):
                self.assertLess(elapsed(), 100)
        """,
        """
        import unittest

        class TestSpeed(unittest.TestCase):
            def test_speed(self):
                self.assertLessEqual(elapsed(), 100)
        """,
        [
            (
                "bound-loosened",
                "self.assertLess(elapsed(), 100)",
                "self.assertLessEqual(elapsed(), 100)",
            )
        ],
        id="bound-loosened-inclusive",
    ),
    pytest.param(
        """
        import pytest

        @pytest.mark.parametrize("n, expected", [(1, 2), pytest.param(2, 4, id="two"), (3, 6)])
        def test_double(n, expected):
            assert double(n) == expected
        """,
        """
        import pytest

        @pytest.mark.parametrize("n, expected", [(1, 2), (3, 7)])
        def test_double(n, expected):
            assert double(n) == expected
        """,
        [
            ("assertion-removed", 'pytest.param(2, 4, id="two")', ""),
            ("expected-edited", "(3, 6)", "(3, 7)"),
        ],
        id="parametrize-row-dropped-and-edited",
    ),
    pytest.param(
        """
        import numpy as np

        def test_curve():
            np.testing.assert_allclose(curve(), [1.0, 2.0], rtol=1e-9)
        """,
        """
        from numpy.testing import assert_allclose

        def test_curve():
            assert_allclose(curve(), [1.0, 2.0], rtol=1e-2)
        """,
        [
            (
                "tolerance-widened",
                "np.testing.assert_allclose(curve(), [1.0, 2.0], rtol=1e-9)",
                "assert_allclose(curve(), [1.0, 2.0], rtol=1e-2)",
            )
        ],
        id="tolerance-widened-numpy-helper",
    ),
    pytest.param(
        """
        from django.test import TestCase

        class TestApi(TestCase):
            def test_body(self):
                r = self.client.get("/a")
                self.assertJSONEqual(r.content, {"a": 1})
                self.assertContains(r, "hello")
        """,
        """
        from django.test import TestCase

        class TestApi(TestCase):
            def test_body(self):
                r = self.client.get("/a")
                self.assertJSONEqual(r.content, {"a": 2})
        """,
        [
            (
                "expected-edited",
                'self.assertJSONEqual(r.content, {"a": 1})',
                'self.assertJSONEqual(r.content, {"a": 2})',
            ),
            ("assertion-removed", 'self.assertContains(r, "hello")', ""),
        ],
        id="framework-assert-methods",
    ),
]


@pytest.mark.parametrize(("base", "head", "expected"), CHEATS)
def test_each_weakening_is_named_with_both_versions(
    base: str, head: str, expected: list[tuple[str, str, str]]
) -> None:
    """A cheat in a Python test is reported with its class and both versions' text."""
    assert changes(base, head) == expected


HONEST = [
    pytest.param(
        """
        def test_total(cart):
            assert total(cart) == {"sum": 30, "items": [1, 2]}
        """,
        """
        def test_total(cart):
            assert total( cart ) == {
                'sum': 30,
                'items': [1, 2,],
            }
        """,
        id="reformatted",
    ),
    pytest.param(
        """
        def test_total(cart):
            result = total(cart)
            assert result == 30
        """,
        """
        def test_total(cart):
            amount = total(cart)
            assert amount == 30
        """,
        id="local-renamed-consistently",
    ),
    pytest.param(
        """
        def test_user():
            u = user()
            assert u.name == "Ann" and u.age == 3
        """,
        """
        def test_user():
            u = user()
            assert u.name == "Ann"
            assert u.age == 3
        """,
        id="and-split-in-two",
    ),
    pytest.param(
        """
        def test_body(client):
            body = client.get("/u/1").json()
            assert body == {"id": 1, "name": "Ann"}
        """,
        """
        def test_body(client):
            body = client.get("/u/1").json()
            assert body["id"] == 1
            assert body["name"] == "Ann"
        """,
        id="dict-equality-split-key-by-key",
    ),
    pytest.param(
        """
        import unittest

        class TestCart(unittest.TestCase):
            def test_total(self):
                self.assertEqual(total(CART), 30)
                self.assertTrue(CART.closed)
        """,
        """
        import unittest

        class TestCart(unittest.TestCase):
            def test_total(self):
                assert total(CART) == 30
                assert CART.closed
        """,
        id="unittest-to-plain-assert",
    ),
    pytest.param(
        """
        def test_total(cart):
            assert total(cart) == 30
        """,
        """
        def test_total(cart):
            assert total(cart) == 30
            assert cart.closed
        """,
        id="extra-assertion",
    ),
    pytest.param(
        """
        import pytest

        def test_ratio():
            assert ratio() == pytest.approx(0.3, rel=1e-3)
        """,
        """
        import pytest

        def test_ratio():
            assert ratio() == pytest.approx(0.3, rel=1e-9)
        """,
        id="stricter-tolerance",
    ),
    pytest.param(
        """
        import pytest

        def test_negative():
            with pytest.raises(Exception):
                withdraw(-1)
        """,
        """
        import pytest

        def test_negative():
            with pytest.raises(ValueError, match="negative"):
                withdraw(-1)
        """,
        id="more-specific-exception",
    ),
    pytest.param(
        """
        def test_status():
            assert order().status in ("shipped", "pending")
        """,
        """
        def test_status():
            assert order().status == "shipped"
        """,
        id="membership-to-exact",
    ),
    pytest.param(
        """
        def test_rows():
            assert len(fetch()) >= 1
        """,
        """
        def test_rows():
            assert len(fetch()) == 3
        """,
        id="bound-to-count",
    ),
    pytest.param(
        """
        def test_speed():
            assert elapsed() < 100
        """,
        """
        def test_speed():
            assert elapsed() < 50
        """,
        id="tighter-bound",
    ),
    pytest.param(
        """
        def test_notify(mailer):
            mailer.send.assert_called()
        """,
        """
        def test_notify(mailer):
            mailer.send.assert_called_once_with("ann")
        """,
        id="called-to-called-with",
    ),
    pytest.param(
        """
        def test_total(cart):
            # the total includes tax
            assert total(cart) == 30
        """,
        """
        def test_total(cart):
            # the total includes tax (see docs)
            assert total(cart) == 30
        """,
        id="prose-comment-edited",
    ),
    pytest.param(
        """
        def test_items():
            assert load()
        """,
        """
        def test_items():
            assert load() == [1, 2, 3]
        """,
        id="truthiness-to-exact",
    ),
    pytest.param(
        """
        from pytest import mark

        @mark.parametrize("n, expected", [(1, 2), (3, 6)])
        def test_double(n, expected):
            assert double(n) == expected
        """,
        """
        from pytest import mark

        @mark.parametrize(
            "n, expected",
            [
                (1, 2),
                (3, 6),
                (4, 8),
            ],
        )
        def test_double(n, expected):
            assert double(n) == expected
        """,
        id="parametrize-row-added",
    ),
    pytest.param(
        """
        import pytest

        def test_negative():
            with pytest.raises(ValueError, match="negative"):
                withdraw(-1)
        """,
        """
        import pytest

        def test_negative():
            with pytest.raises(ValueError, match="negative amount: -1"):
                withdraw(-1)
        """,
        id="longer-match",
    ),
    pytest.param(
        """
        import unittest

        class TestWithdraw(unittest.TestCase):
            def test_negative(self):
                with self.assertRaises(ValueError):
                    withdraw(-1)
        """,
        """
        import unittest
        import pytest

        class TestWithdraw(unittest.TestCase):
            def test_negative(self):
                with pytest.raises(ValueError):
                    withdraw( -1 )
        """,
        id="assert-raises-to-pytest-raises",
    ),
    pytest.param(
        """
        def test_speed():
            assert elapsed() > 0
        """,
        """
        def test_speed():
            assert elapsed() >= 1
        """,
        id="same-integer-bound-spelled-inclusive",
    ),
]


@pytest.mark.parametrize(("base", "head"), HONEST)
def test_honest_twin_gives_nothing(base: str, head: str) -> None:
    """An edit that asserts as much or more than BASE is not a change."""
    assert changes(base, head) == []


def test_expected_edit_carries_both_typed_values_and_lines() -> None:
    """The caller gets both expected literals as values, with their lines."""
    base = "def test_total():\n    x = 1\n    assert total() == {'sum': 30}\n"
    head = "def test_total():\n\n    x = 1\n    assert total() == {'sum': 25}\n"
    result = compare_test_file("test_t.py", base, head)
    [(name, change)] = result.changes
    assert name == "test_total"
    assert change.change is Change.EXPECTED_EDITED
    assert (change.base_line, change.head_line) == (3, 4)
    assert change.base_value.items == (("sum", 30),)
    assert change.head_value.items == (("sum", 25),)


def test_exception_names_resolve_through_import_aliases() -> None:
    """``import pytest as pt`` and ``from pytest import raises as r`` read the same."""
    base = "import pytest as pt\ndef test_a():\n    with pt.raises(KeyError):\n        f()\n"
    head = "from pytest import raises as r\ndef test_a():\n    with r(KeyError):\n        f()\n"
    assert changes(base, head) == []
