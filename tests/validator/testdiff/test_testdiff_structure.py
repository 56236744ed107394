"""Which tests exist, how BASE and HEAD tests pair, and the shape of the result."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from ralph_validate.validator.testdiff import (
    Change,
    Expected,
    Kind,
    MapValue,
    RemovedTest,
    Tolerance,
    compare_test_file,
    language_of,
    parse_test_file,
)


def test_python_tests_are_functions_methods_and_nested_classes() -> None:
    """pytest functions, unittest methods and nested classes get pytest-style names; a
    class nested in a unittest test case is not collected (pytest's ``UnitTestCase``
    collects its test methods only)."""
    source = textwrap.dedent(
        """
        import unittest
        import pytest

        def helper():
            assert False

        @pytest.mark.parametrize("n", [1, 2])
        def test_double(n):
            assert double(n) == 2 * n

        async def test_fetch():
            assert await fetch() == 1

        class TestCart(unittest.TestCase):
            def setUp(self):
                self.assertTrue(True)

            def test_total(self):
                self.assertEqual(total(), 3)

            class TestIgnored:
                def test_never(self):
                    assert False

        class TestShop:
            class TestNested:
                def test_inner(self):
                    assert inner() is None
        """
    )
    parsed = parse_test_file("tests/test_cart.py", source)
    assert [(t.name, t.line) for t in parsed.tests] == [
        ("test_double", 9),
        ("test_fetch", 12),
        ("TestCart::test_total", 19),
        ("TestShop::TestNested::test_inner", 28),
    ]
    [inner] = parsed.tests[3].assertions  # the nested class's test
    assert (inner.kind, inner.subject, inner.expected) == (
        Kind.NONE_CHECK,
        "inner()",
        Expected("None", None, True),
    )


def test_js_tests_are_named_through_nested_describes() -> None:
    """``describe`` nesting, template-literal titles and ``test.each`` make the names."""
    source = textwrap.dedent(
        """
        describe('cart', () => {
          describe(`total in ${currency}`, () => {
            it('adds', () => { expect(add(1, 2)).toBe(3); });
            it.skip("skips", () => { expect(1).toBe(1); });
          });
          test.each([[1, 2]])('doubles %i', (a, b) => { expect(a * 2).toBe(b); });
        });
        test(`top level`, function () { assert.ok(x); });
        """
    )
    parsed = parse_test_file("cart.test.tsx", source)
    assert [(t.name, t.line) for t in parsed.tests] == [
        ("cart > total in ${currency} > adds", 4),
        ("cart > total in ${currency} > skips", 5),
        ("cart > doubles %i", 7),
        ("top level", 9),
    ]
    assert parsed.language == "tsx"


def test_assertion_model_holds_typed_values_tolerances_and_exceptions() -> None:
    """Literals become typed values, tolerances numbers, exception names qualified."""
    source = textwrap.dedent(
        """
        import pytest as pt
        from app import errors

        def test_all(m):
            assert result() == {"a": [1, 2], "b": None}
            assert ratio() != pt.approx(0.5, abs=0.01)
            with pt.raises((errors.NotFound, KeyError), match="gone"):
                get()
            m.assert_called_once_with(1, key="v")
            assert not len(rows()) > 3
        """
    )
    [test] = parse_test_file("test_m.py", source).tests
    found = [
        (a.kind, a.subject, a.expected, a.op, a.tolerance, a.exceptions, a.match, a.negated)
        for a in test.assertions
    ]
    assert found == [
        (
            Kind.EQUALITY,
            "result()",
            Expected("{'a': [1, 2], 'b': None}", MapValue((("a", (1, 2)), ("b", None))), True),
            None,
            None,
            (),
            None,
            False,
        ),
        (
            Kind.APPROX,
            "ratio()",
            Expected("0.5", 0.5, True),
            None,
            Tolerance(rel=1e-6, abs=0.01),
            (),
            None,
            True,
        ),
        (
            Kind.RAISES,
            "get()",
            None,
            None,
            None,
            ("KeyError", "app.errors.NotFound"),
            "gone",
            False,
        ),
        (Kind.CALLED_WITH, "m", Expected("(1, key='v')"), None, None, (), None, False),
        (Kind.CALLED_TIMES, "m", Expected("1", 1, True), "==", None, (), None, False),
        (Kind.LENGTH, "rows()", Expected("3", 3, True), "<=", None, (), None, False),
    ]


def test_commented_out_assertions_are_listed_per_test() -> None:
    """Assertions inside comments are kept apart, with their line, for the commented rule."""
    source = (
        "it('a', () => {\n  // expect(a).toBe(1);\n  // just prose here\n"
        "  expect(b).toBe(2);\n});\n"
    )
    [test] = parse_test_file("a.test.js", source).tests
    assert [(a.line, a.text, a.commented) for a in test.commented] == [
        (2, "expect(a).toBe(1);", True)
    ]
    assert [a.text for a in test.assertions] == ["expect(b).toBe(2);"]


def test_removed_and_added_tests_are_reported() -> None:
    """A BASE test missing at HEAD is removed; a new HEAD test is listed as added."""
    base = "def test_a():\n    assert f() == 1\n\ndef test_b():\n    assert g() == 2\n"
    head = "def test_a():\n    assert f() == 1\n\ndef test_c():\n    assert h(5) > 0\n"
    result = compare_test_file("test_x.py", base, head)
    assert result.removed == (RemovedTest("test_b", 4, 1),)
    assert result.added == ("test_c",)
    assert [t.name for t in result.tests] == ["test_a"]


def test_rename_with_near_identical_body_is_a_pair() -> None:
    """A renamed test with the same body is compared, not reported as removed."""
    base = "it('adds two numbers', () => {\n  const r = add(1, 2);\n  expect(r).toBe(3);\n});\n"
    head = (
        "it('sums two numbers', () => {\n  const s = add(1, 2);\n  expect(s).toBeTruthy();\n});\n"
    )
    result = compare_test_file("add.test.js", base, head)
    [test] = result.tests
    assert (test.name, test.head_name, test.renamed) == (
        "adds two numbers",
        "sums two numbers",
        True,
    )
    assert [c.change for c in test.changes] == [Change.EXACT_TO_TRUTHINESS]
    assert result.removed == () and result.added == ()


def test_same_kind_on_a_changed_subject_pairs_by_position() -> None:
    """A new input keeps the assertion paired; only its expected value is judged."""
    base = "def test_a():\n    assert area(2) == 4\n    assert area(3) == 9\n"
    honest = "def test_a():\n    assert area(5) == 4\n    assert area(3) == 9\n"
    edited = "def test_a():\n    assert area(5) == 25\n    assert area(3) == 9\n"
    assert compare_test_file("test_a.py", base, honest).changes == ()
    [(_, change)] = compare_test_file("test_a.py", base, edited).changes
    assert (change.change, change.base_value, change.head_value) == (
        Change.EXPECTED_EDITED,
        4,
        25,
    )


def test_output_is_sorted_and_frozen() -> None:
    """Tests sort by name and changes by line; results cannot be mutated."""
    base = (
        "def test_z():\n    assert f() == 1\n    assert g() < 5\n\n"
        "def test_a():\n    assert h() == 'x'\n"
    )
    head = "def test_z():\n    assert f()\n    assert g() < 50\n\ndef test_a():\n    pass\n"
    result = compare_test_file("test_s.py", base, head)
    assert [(n, c.change.value, c.base_line) for n, c in result.changes] == [
        ("test_a", "assertion-removed", 6),
        ("test_z", "exact-to-truthiness", 2),
        ("test_z", "bound-loosened", 3),
    ]
    assert result == compare_test_file("test_s.py", base, head)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.tests[0].changes[0].base_line = 1  # type: ignore[misc]


def test_unparseable_version_is_an_error_not_a_guess() -> None:
    """A version that does not parse yields an error and no changes."""
    result = compare_test_file("test_x.py", "def test_a(:\n", "def test_a():\n    pass\n")
    assert result.error is not None and result.error.startswith("ParserSyntaxError")
    assert result.tests == () and result.removed == ()


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("a/test_x.py", "python"),
        ("a/x.test.ts", "typescript"),
        ("a/x.test.MTS", "typescript"),
        ("a/x.test.cts", "typescript"),
        ("a/x.test.tsx", "tsx"),
        ("a/x.test.js", "javascript"),
        ("a/x.test.jsx", "javascript"),
        ("a/x.test.mjs", "javascript"),
        ("a/x.test.cjs", "javascript"),
        ("a/x.go", None),
    ],
)
def test_language_is_chosen_by_extension(path: str, language: str | None) -> None:
    """The file extension alone selects the parser."""
    assert language_of(path) == language


def test_files_read_from_disk_compare_like_strings(tmp_path: Path) -> None:
    """Two versions written to files compare the same as the strings they hold."""
    base_file, head_file = tmp_path / "base.test.ts", tmp_path / "head.test.ts"
    base_file.write_text("test('t', async () => {\n  await expect(p()).resolves.toBe(3);\n});\n")
    head_file.write_text("test('t', async () => {\n  await expect(p()).resolves.toBe(4);\n});\n")
    result = compare_test_file("t.test.ts", base_file.read_text(), head_file.read_text())
    assert [(c.change, c.base_value, c.head_value) for _, c in result.changes] == [
        (Change.EXPECTED_EDITED, 3, 4)
    ]
