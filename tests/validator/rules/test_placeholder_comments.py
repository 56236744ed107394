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


@pytest.mark.parametrize(
    "text",
    [
        # sample data under a hypothesis, with its purpose or condition
        "range; corrupted wicks on the card would be fake data.",
        "High-fidelity fallback mock data used when the API server is not running.",
        "Shape of a single tenant's fallback mock data set.",
        "mock data for the storybook",
        "use mock data in tests",
        "compute it from the ledger instead of mock data",
        # a placeholder on screen
        'The tile shows the existing "Preview paused" placeholder until the user resumes',
        # the program's run, a third party's behaviour
        "Non-410 errors (5xx, network) = transient, skip for now",
        "for now the API returns only the first page",
        "the API only returns the first page for now",
        "the Stripe API only supports USD for now",
        "GitHub caps the page size at 100 for now",
        "the browser doesn't support the codec for now",
    ],
)
def test_words_that_describe_something_else_are_no_admission(text: str) -> None:
    assert shortcut(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Only allow reordering within the same group for now",
        "For now we use standard numbers since JS safely supports bitwise ops up to 32 bits,",
        "(callers may type their own response shapes for now) while still keeping",
        "mock data for now",
        "Mock data until the backend is ready",
        "Return fake data",
        "Using fake data until the rates API exists",
        "this only handles USD for now",
        "transient errors: skip for now, add retries later",
        "Flat rate for now, the zone table comes later",
        "for now, until the logger lands",
        "placeholder until we wire the real preview",
        "for now, the server returns mock data",
        "for now the price is fixed at 4.99",
        "the price defaults to 0 for now",
        "the list is capped at 10 items for now",
        "the API returns every row, so we only show the first page for now",
    ],
)
def test_the_same_words_about_the_code_itself_are_admissions(text: str) -> None:
    assert shortcut(text) is not None
