"""Python number literals in every notation are read, never crash the extractor."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Assertion, Binding
from ralph_validate.extractors.python.assertions import number_value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0o400", 256.0),
        ("0xFF", 255.0),
        ("0b11", 3.0),
        ("1_000", 1000.0),
        ("2.5e3", 2500.0),
        ("-7", -7.0),
        ("3j", None),
        ("1.5j", None),
    ],
)
def test_number_value_reads_every_notation(text: str, value: float | None) -> None:
    assert number_value(text) == value


def test_loops_over_ranges_in_any_notation_and_bindings_do_not_crash() -> None:
    source = (
        "def test_ranges():\n"
        "    for i in range(0o400):\n"
        "        assert i >= 0\n"
        "    for j in range(3j):\n"
        "        assert j\n"
        "    for k in range(0x10, 0b11):\n"
        "        assert k\n"
        "LIMIT = 0o777\n"
    )
    facts = extract("tests/test_ranges.py", source.encode()).facts
    conditional = [a.conditional for a in facts if isinstance(a, Assertion)]
    # range(0o400) runs its body; range(3j) is not understood; range(16, 3) never runs.
    assert conditional == [False, True, True]
    assert [(b.name, b.number) for b in facts if isinstance(b, Binding)] == [("LIMIT", 511.0)]
