"""Baseline subtraction: findings already at BASE are pre-existing (facts from real source)."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.baseline import baseline_key, subtract_base
from ralph_validate.validator.checks.integrity import detect_tests
from ralph_validate.validator.checks.placeholders import detect_placeholders

PATH = "shop/limits.py"


def placeholders(source: str) -> list:
    return detect_placeholders(extract(PATH, source.encode()), ())


def test_a_finding_that_moved_lines_is_still_pre_existing() -> None:
    base = extract(PATH, b"# TODO: old debt\nMAX_ROWS = 9999\n")
    head_text = "import os\n\n\n# TODO: old debt\nMAX_ROWS = 9999\nMAX_COLS = 9999\n"
    found = subtract_base(placeholders(head_text), base, lambda f: detect_placeholders(f, ()))
    assert [(f.line, f.kind, f.pre_existing) for f in found] == [
        (4, "placeholder.todo", True),
        (5, "placeholder.sentinel", True),
        (6, "placeholder.sentinel", False),
    ]


def test_a_changed_offending_text_is_new() -> None:
    base = extract(PATH, b"MAX_ROWS = 9999\n")
    found = subtract_base(
        placeholders("MAX_ROWS = 99999\n"), base, lambda f: detect_placeholders(f, ())
    )
    assert [f.pre_existing for f in found] == [False]


def test_without_a_base_version_nothing_is_pre_existing() -> None:
    found = subtract_base(placeholders("# FIXME: x\n"), None, lambda f: detect_placeholders(f, ()))
    assert [f.pre_existing for f in found] == [False]


def test_baseline_key_ignores_the_line_and_whitespace() -> None:
    first, second = placeholders("LIMIT_MS = 9999\n\n\nLIMIT_MS =  9999\n")
    assert first.line != second.line
    assert baseline_key(first)[:3] == baseline_key(second)[:3]


def test_integrity_findings_at_base_are_pre_existing_by_test_id() -> None:
    test_path = "tests/test_cart.py"
    base = extract(test_path, b"def test_total():\n    assert True\n")
    head = extract(test_path, b"import os\n\n\ndef test_total():\n    assert True\n")
    found = subtract_base(detect_tests(head), base, detect_tests)
    assert [(f.rule, f.line, f.pre_existing) for f in found] == [("TI001", 5, True)]


def test_a_finding_whose_describe_block_was_renamed_is_pre_existing() -> None:
    path = "tests/parse.test.js"
    body = "  test('parses', () => {\n    try { go() } catch (e) {}\n    expect(x).toBe(1)\n  })\n"
    base = extract(path, f"describe('old name', () => {{\n{body}}})\n".encode())
    head = extract(path, f"describe('Parser', () => {{\n{body}}})\n".encode())
    found = subtract_base(detect_tests(head), base, detect_tests)
    assert [(f.rule, f.pre_existing) for f in found] == [("TI003", True)]


def test_a_second_copy_of_an_old_finding_under_a_new_block_is_new() -> None:
    path = "tests/test_cart.py"
    test = "    def test_total(self):\n        assert True\n"
    base = extract(path, f"class TestOld:\n{test}".encode())
    head = extract(path, f"class TestCart:\n{test}\n\nclass TestCheckout:\n{test}".encode())
    found = subtract_base(detect_tests(head), base, detect_tests)
    assert sorted(f.pre_existing for f in found) == [False, True]


def test_a_skip_respelled_is_the_same_skip() -> None:
    path = "tests/string.test.ts"
    base = extract(path, b"xit('trims', () => {\n  expect(trim(' a ')).toBe('a')\n})\n")
    head = extract(path, b"it.skip('trims', () => {\n  expect(trim(' a ')).toBe('a')\n})\n")
    found = subtract_base(detect_tests(head), base, detect_tests)
    assert [(f.rule, f.pre_existing) for f in found] == [("TI006", True)]


def test_a_skip_of_another_test_is_new() -> None:
    path = "tests/string.test.ts"
    body = "  expect(trim(' a ')).toBe('a')\n})\n"
    base = extract(path, f"xit('trims', () => {{\n{body}it('pads', () => {{\n{body}".encode())
    head = extract(path, f"it('trims', () => {{\n{body}it.skip('pads', () => {{\n{body}".encode())
    found = subtract_base(detect_tests(head), base, detect_tests)
    assert [(f.rule, f.pre_existing) for f in found] == [("TI006", False)]
