"""Inline suppression comments: which findings they drop, on facts from real source text."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.placeholders import detect_placeholders
from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.suppression import apply_suppressions, suppress_inline

PATH = "shop/limits.py"


def placeholders(source: str) -> list:
    return detect_placeholders(extract(PATH, source.encode()), ())


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
    assert suppressed(source) == []


def test_a_marker_in_a_directive_is_hidden_only_by_a_directive_that_names_its_rule() -> None:
    for names in ("PH001", "placeholder.todo"):
        source = f"# ralph-validate: ignore[{names}] TODO: tracked in the issue tracker\n"
        assert [f.rule for f in placeholders(source)] == ["PH001"]
        assert suppressed(source) == []
    for names in ("E501", "PH003"):
        source = f"total = compute()  # ralph-validate: ignore[{names}] FIXME leap years\n"
        assert [(line, rule) for line, rule, _ in suppressed(source)] == [(1, "PH001")]


def test_a_directive_never_hides_a_finding_that_reports_a_suppression() -> None:
    source = "MAX_ITEMS = 9999  # ralph-validate: ignore[SU001, suppression.added, PH003] mine\n"
    facts = extract(PATH, source.encode())
    reported = Finding(
        "suppression.added", "SU001", Status.FAIL, PATH, 1, "suppression added in the change set"
    )
    outcome = suppress_inline([reported, *detect_placeholders(facts, ())], lambda path: facts)
    assert outcome.kept == [reported]
    assert [(f.rule, d.line, d.rules) for f, d in outcome.hidden] == [
        ("PH003", 1, ("SU001", "suppression.added", "PH003"))
    ]
