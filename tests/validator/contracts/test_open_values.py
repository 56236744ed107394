"""Unread fields of a value we cannot fully see are UNKNOWN, never FAIL (Q3)."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import answers_of


def _unconsumed(source: str) -> list[tuple[str, str]]:
    answers = answers_of([extract("app/args.py", source.encode())])
    return sorted(
        (a.row.producer.path, a.row.status.value)
        for a in answers
        if a.row.question == 3 and a.row.producer is not None
    )


def test_fields_set_on_a_copied_object_are_not_a_closed_record() -> None:
    source = (
        "import copy\n"
        "\n"
        "def _copy_argument(table, name, alias):\n"
        "    arg = copy.copy(table[name])\n"
        "    arg.name = alias\n"
        "    return arg\n"
        "\n"
        "def hide(table, name, alias):\n"
        "    arg = _copy_argument(table, name, alias)\n"
        "    arg.hidden = True\n"
    )
    assert _unconsumed(source) == [("name", "UNKNOWN")]


def test_an_unread_field_of_a_private_literal_is_still_a_fail() -> None:
    source = (
        "def _limits():\n"
        "    return {'retries': 3, 'timeout': 5}\n"
        "\n"
        "def retries():\n"
        "    limits = _limits()\n"
        "    return limits['retries']\n"
    )
    assert _unconsumed(source) == [("timeout", "FAIL")]
