"""goalkeeper contract.md: Definition-of-Done rows and the settings in its front matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from ralph_validate.core.errors import InputError
from ralph_validate.core.specs import parse_contract

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "specs"
CONTRACT = FIXTURES / "goalkeeper" / ".claude" / "goals" / "nightly-export" / "contract.md"


def test_definition_of_done_items_become_dod_rows() -> None:
    contract = parse_contract(CONTRACT.read_bytes(), "contract.md")
    assert (contract.slug, contract.validator_command, contract.max_rejections) == (
        "nightly-export",
        "make export-check",
        4,
    )
    assert contract.objective == "Export every order of the day to the warehouse by 02:00."
    assert [(r.id, r.title, r.text, r.line) for r in contract.requirements] == [
        (
            "DoD-1",
            "The export job writes one CSV per day under exports/",
            "The export job writes one CSV per day under exports/",
            7,
        ),
        (
            "DoD-2",
            "The job retries a failed upload twice before alerting",
            "The job retries a failed upload twice before alerting",
            8,
        ),
    ]


def test_crlf_and_bom_front_matter_without_optional_keys() -> None:
    data = "\ufeff---\r\ndefinition_of_done:\r\n  - Ship it\r\n---\r\nBody\r\n".encode()
    contract = parse_contract(data, "contract.md")
    assert [(r.id, r.line) for r in contract.requirements] == [("DoD-1", 3)]
    assert (contract.slug, contract.validator_command, contract.max_rejections) == (
        None,
        None,
        None,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# No front matter\n", "contract.md has no YAML front matter between --- lines"),
        ("---\ndefinition_of_done: [a\n---\n", "contract.md: front matter is not valid YAML"),
        ("---\n- a list\n---\n", "contract.md: front matter is not a mapping"),
        ("---\nobjective: x\n---\n", "contract.md: definition_of_done must be a non-empty list"),
        (
            "---\ndefinition_of_done: []\n---\n",
            "contract.md: definition_of_done must be a non-empty",
        ),
        (
            "---\ndefinition_of_done: [a]\nmax_rejections: three\n---\n",
            "contract.md: max_rejections must be a positive whole number",
        ),
        (
            "---\ndefinition_of_done: [a]\nmax_rejections: true\n---\n",
            "contract.md: max_rejections must be a positive whole number",
        ),
        (
            "---\ndefinition_of_done: [a]\nvalidator: make check\n---\n",
            "contract.md: 'validator' must be a mapping",
        ),
        (
            "---\ndefinition_of_done: [a]\nvalidator:\n  command: [make]\n---\n",
            "contract.md: 'command' must be a string",
        ),
    ],
)
def test_malformed_contracts_are_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        parse_contract(text.encode(), "contract.md")
    assert err.value.message.startswith(message)
