"""Kiro requirements.md: sections, titles, written criterion numbers, lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs import Criterion, Requirement, parse_requirements

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "specs"
CHECKOUT = FIXTURES / "kiro-checkout" / ".kiro" / "specs" / "checkout" / "requirements.md"


def test_checkout_requirements_keep_written_numbers_and_continuations() -> None:
    path = ".kiro/specs/checkout/requirements.md"
    story = "As a shopper, I want to pay for my cart, so that my order ships."
    criteria = (
        Criterion(
            "1.1", "WHEN the shopper submits a valid card THEN the system SHALL create an order", 15
        ),
        Criterion(
            "1.2",
            "WHEN the card is declined THEN the system SHALL keep the cart unchanged "
            "and show the decline reason",
            16,
        ),
        Criterion("1.4", "IF the cart is empty THEN the system SHALL refuse to start checkout", 18),
    )
    first, second = parse_requirements(CHECKOUT.read_bytes(), path)
    assert first == Requirement(
        "1", story, " ".join([story, *(c.text for c in criteria)]), criteria, path, 9
    )
    assert (second.id, second.title, second.line) == ("2", "Order confirmation e-mail", 20)
    assert [c.id for c in second.criteria] == ["2.1"]
    assert second.text.startswith("As a shopper, I want a confirmation")


@pytest.mark.parametrize(
    ("heading", "req_id", "title"),
    [
        ("### Requirement 4", "4", "As a user, I want it."),
        ("## Requirement 4: Export", "4", "Export"),
        ("### Requirement 2.1 — Sub-requirement", "2.1", "Sub-requirement"),
        ("### Requirement FR-7. Audit log", "FR-7", "Audit log"),
        ("### R3", "3", "As a user, I want it."),
        ("## Req. 5 Retry", "5", "Retry"),
    ],
)
def test_heading_styles(heading: str, req_id: str, title: str) -> None:
    story = "**User Story:** As a user, I want it."
    data = f"# Doc\n\n{heading}\n\n{story}\n\n#### Acceptance Criteria\n\n1. WHEN x THEN y\n"
    (req,) = parse_requirements(data.encode(), "requirements.md")
    assert (req.id, req.title, req.line, [c.id for c in req.criteria]) == (
        req_id,
        title,
        3,
        [f"{req_id}.1"],
    )


def test_prose_headings_and_fenced_examples_are_not_requirements() -> None:
    data = b"""# Requirements

## Requirements overview

Requirement 9 is mentioned in prose.

```markdown
### Requirement 8
```

### Requirement 1

**User Story:** As a reader, I want one section.

#### Acceptance Criteria

1. WHEN read THEN shown

#### Notes

2. This numbered note is not a criterion
"""
    (req,) = parse_requirements(data, "requirements.md")
    assert (req.id, req.line, [c.id for c in req.criteria]) == ("1", 11, ["1.1"])


def test_story_on_the_next_line_bold_criteria_label_and_paren_numbers() -> None:
    data = (
        "\ufeff## Requirement 2\r\n\r\n**User Story:**\r\nAs an operator, I want a limit.\r\n\r\n"
        "**Acceptance Criteria**\r\n\r\n1) IF too big THEN reject\r\n3) IF empty THEN reject\r\n"
    ).encode()
    (req,) = parse_requirements(data, "r.md")
    assert (req.title, [(c.id, c.text, c.line) for c in req.criteria]) == (
        "As an operator, I want a limit.",
        [("2.1", "IF too big THEN reject", 8), ("2.3", "IF empty THEN reject", 9)],
    )
    assert req.text == "As an operator, I want a limit. IF too big THEN reject IF empty THEN reject"


def test_a_requirement_without_story_or_title_is_named_by_its_id() -> None:
    (req,) = parse_requirements(b"### Requirement 6\n", "r.md")
    assert (req.title, req.text, req.criteria) == ("Requirement 6", "", ())


def test_non_utf8_requirements_name_the_file() -> None:
    with pytest.raises(InputError, match=r"^specs/x/requirements\.md is not UTF-8 text"):
        parse_requirements(b"### Requirement 1\n\xff\n", "specs/x/requirements.md")
