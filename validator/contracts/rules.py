"""Which rule answers which contract question; the rules themselves live in the catalogue."""

from __future__ import annotations

from ..rules.catalogue import (
    MissingField,
    MockDrift,
    NamingDrift,
    UnconsumedField,
)

RULE_FOR_QUESTION: dict[int, str] = {
    1: MockDrift.id,
    2: MissingField.id,
    3: UnconsumedField.id,
    4: NamingDrift.id,
}
