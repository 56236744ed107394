"""Enum-like fields: the string literals a producer writes when they are a closed set."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Producer, Shape, scalar, union
from ralph_validate.validator.contracts.mock_drift import literal_values


def _shape(source: str) -> Shape:
    (producer,) = [f for f in extract("app/p.py", source.encode()).facts if isinstance(f, Producer)]
    return producer.shape


def test_literals_of_every_return_are_one_closed_set() -> None:
    shape = _shape(
        "def load(i, ok):\n    if ok:\n        return {'id': i, 'state': 'SETTLED'}\n"
        "    return {'id': i, 'state': 'PENDING'}\n"
    )
    assert literal_values(shape, ("state",)) == {"PENDING", "SETTLED"}
    assert literal_values(shape, ("id",)) is None


def test_a_value_passed_through_or_computed_opens_the_set() -> None:
    passed = _shape(
        "def load(i, ok, s):\n    if ok:\n        return {'state': s}\n"
        "    return {'state': 'NEW'}\n"
    )
    assert literal_values(passed, ("state",)) is None
    computed = _shape("def load(i, ok):\n    return {'state': 'A' if ok else 'B'}\n")
    assert literal_values(computed, ("state",)) is None


def test_a_union_of_many_literals_is_data_not_states() -> None:
    many = union([Shape("scalar", values=(f"v{i}",)) for i in range(40)])
    assert many.values == ()
    assert union([Shape("scalar", values=("a",)), scalar()]).values == ()
    assert union([Shape("scalar", values=("a",)), Shape("scalar", values=("b",))]).values == (
        "a",
        "b",
    )
