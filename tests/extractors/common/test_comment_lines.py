"""The code a comment line covers, by Python's and JavaScript's comment syntax."""

from __future__ import annotations

from ralph_validate.extractors.common.comment_lines import code_at

LINES = [
    "def total(x):  # pragma: no cover",
    "    # pragma: no cover",
    "",
    "    return x * 2",
    "const rate = 3; // c8 ignore next",
    "/* istanbul ignore next */",
    " * continued",
    "function f() {}",
    "# only comments follow",
]


def test_a_comment_after_code_covers_that_code() -> None:
    assert code_at(LINES, 1) == "def total(x):"
    assert code_at(LINES, 5) == "const rate = 3;"


def test_a_comment_alone_covers_the_next_line_of_code() -> None:
    assert code_at(LINES, 2) == "return x * 2"
    assert code_at(LINES, 6) == "function f() {}"


def test_a_comment_with_no_code_after_it_covers_nothing() -> None:
    assert code_at(LINES, 9) == ""
    assert code_at(LINES, 42) == ""
