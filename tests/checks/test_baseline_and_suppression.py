"""Baseline subtraction and inline suppression, on facts extracted from real source text."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.baseline import baseline_key, subtract_base
from ralph_validate.validator.checks.integrity import detect_tests
from ralph_validate.validator.checks.placeholders import detect_placeholders
from ralph_validate.validator.suppression import apply_suppressions

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


def suppressed(source: str) -> list[tuple[int, str, str]]:
    facts = extract(PATH, source.encode())
    kept = apply_suppressions(detect_placeholders(facts, ()), lambda path: facts)
    return [(f.line, f.rule, f.message) for f in kept]


def test_suppression_on_the_line_above_with_a_reason_drops_the_finding() -> None:
    source = "# ralph-validate: ignore[PH003] vendor documents 9999 as its cap\nMAX_ITEMS = 9999\n"
    assert suppressed(source) == []


def test_suppression_on_the_same_line_by_kind_name() -> None:
    source = "MAX_ITEMS = 9999  # ralph-validate: ignore[placeholder.sentinel] vendor cap\n"
    assert suppressed(source) == []


def test_suppression_lists_several_ids() -> None:
    source = "MAX_ITEMS = 9999  # ralph-validate: ignore[PH001, ph003] vendor cap\n"
    assert suppressed(source) == []


def test_suppression_of_another_rule_leaves_the_finding() -> None:
    source = "# ralph-validate: ignore[PH001] not this one\nMAX_ITEMS = 9999\n"
    assert [rule for _, rule, _ in suppressed(source)] == ["PH003"]


def test_suppression_two_lines_above_does_not_apply() -> None:
    source = "# ralph-validate: ignore[PH003] too far away\n\nMAX_ITEMS = 9999\n"
    assert [line for line, _, _ in suppressed(source)] == [3]


def test_suppression_without_a_reason_is_ignored_and_says_so() -> None:
    source = "# ralph-validate: ignore[PH003]\nMAX_ITEMS = 9999\n"
    [(line, rule, message)] = suppressed(source)
    assert (line, rule) == (2, "PH003")
    assert message.endswith("(suppression without a reason is ignored)")


def test_a_suppression_comment_is_not_itself_a_todo_marker() -> None:
    source = "# ralph-validate: ignore[PH001] TODO: tracked in the issue tracker\n"
    assert placeholders(source) == []
