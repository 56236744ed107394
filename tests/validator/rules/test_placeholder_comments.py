"""Which comments are TODO-style markers and which admit a shortcut, in code and in prose."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.placeholders import detect_placeholders
from ralph_validate.validator.rules.placeholder.markers import code_marker, shortcut


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("TODO: apply discounts", "TODO"),
        ("handles refunds (TODO) until the policy exists", "TODO"),
        ("todo: split partial refunds", "TODO"),
        ("Todo(ana) merge items", "TODO"),
        ("rounding is off, fixme", "FIXME"),
        ("FixMe - negative amounts", "FIXME"),
        ("returns early, XXX", "XXX"),
        ("hack: skips the ledger", "HACK"),
        ("owner TBD by ops", "TBD"),
        # Beside another tool's directive, or as the reason of this tool's own: the marker
        # is the comment's; a directive naming PH001 then hides it, any other does not.
        ("noqa: E501 FIXME wrong for leap years", "FIXME"),
        ("type: ignore  # TODO narrow the union", "TODO"),
        ("eslint-disable-line no-unused-vars -- TODO remove", "TODO"),
        ("ralph-validate: ignore[E501] FIXME wrong for leap years", "FIXME"),
        ("ralph-validate: ignore[PH001] TODO kept for the changelog", "TODO"),
    ],
)
def test_a_marker_in_any_place_and_case_is_found(text: str, word: str) -> None:
    assert code_marker(text) == word


@pytest.mark.parametrize(
    "text",
    [
        "walk the todos list in order",
        "see TODO.md for the roadmap",
        "sizes from s to xxxl",
        "built at the hackathon",
        "reference: https://example.org/fixme/rounding",
        "the todo items keep their order",
        "The TODO above was resolved",
        "TODO markers are linted elsewhere",
        "TODO-style markers",
        'mirrors the "TODO" rule of the linter',
        "ralph-validate: ignore[placeholder.todo] no TODO below",
        "noqa: E501 the todo items keep their order",
    ],
)
def test_a_word_path_url_or_mention_is_no_marker(text: str) -> None:
    assert code_marker(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Flat rate for now, zones later",
        "use the first match for the time being",
        "temporary hack around the rate limiter",
        "This is temporary",
        "Simplified version of the tax rules",
        "Hardcoded until the pricing service exposes it",
        "hard-coded to make the tests pass",
        "just hardcode the currency",
        "a hacky check to prevent cycles",
        "quick and dirty: ignore coupons",
        "quick fix for the demo",
        "stubbed out until the API exists",
        "this is just a stub",
        "placeholder implementation, returns the input",
        "it's only a placeholder",
        "dummy implementation",
        "returns fake data",
        "In a real implementation this would send an email",
        "in production, this would call the bank",
    ],
)
def test_an_admitted_shortcut_is_found(text: str) -> None:
    assert shortcut(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "written to a temporary directory the caller removes",
        "Simplified Chinese and Traditional Chinese share one label",
        "hardcoded for RFC 7231 compliance because clients parse this format",
        "the placeholder text of the search input",
        "a concrete subclass that leaves a method unimplemented is a stub",
        "keyboard shortcut for saving",
        "stub out the network in tests with respx",
    ],
)
def test_a_description_is_no_admission(text: str) -> None:
    assert shortcut(text) is None


def _rules(path: str, text: str) -> list[tuple[str, int]]:
    return [(f.rule, f.line) for f in detect_placeholders(extract(path, text.encode()), ())]


def test_shortcut_comments_count_in_production_code_only() -> None:
    code = "def rate():\n    # flat rate for now\n    return 4.99\n"
    assert _rules("shop/rates.py", code) == [("PH004", 2)]
    assert _rules("tests/test_rates.py", code) == []
    assert _rules("docs/rates.md", "We ship a flat rate for now.\n") == []


def test_a_marker_is_reported_once_not_also_as_a_shortcut() -> None:
    code = "function rate() {\n  // HACK: flat rate for now\n  return 4.99;\n}\n"
    assert _rules("src/rates.js", code) == [("PH001", 2)]
