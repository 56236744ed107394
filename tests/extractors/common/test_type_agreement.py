"""The types an equality hook agrees with on a type test of the other object alone, in
Python and JS/TS: a returned disjunct, a conditional or an ``if`` answering ``true``."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import EqualityOverride


def _agrees(path: str, source: str) -> tuple[str, ...]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    hooks = [f for f in facts if isinstance(f, EqualityOverride)]
    assert len(hooks) == 1
    return hooks[0].agrees_with_types


_PY = [
    ("return isinstance(other, (int, float)) or self.v == other", ("float", "int")),
    ("return True if isinstance(other, numbers.Number) else self.v == other", ("numbers.Number",)),
    ("if type(other) is str:\n            return True\n        return False", ("str",)),
    (
        "if type(other) in (str, bytes):\n            return True\n        return False",
        ("bytes", "str"),
    ),
    ("return (isinstance(other, Decimal)) or self.v == other.v", ("Decimal",)),
    ("return isinstance(other, Box) and self.v == other.v", ()),
    ("if isinstance(other, int):\n            return self.v == other\n        return False", ()),
    ("return not isinstance(other, int) and self.v == other", ()),
    ("return isinstance(self, int) or self.v == other", ()),
    ("return False if isinstance(other, int) else self.v == other", ()),
]


@pytest.mark.parametrize(("body", "types"), _PY)
def test_python_type_agreement(body: str, types: tuple[str, ...]) -> None:
    source = f"class Box:\n    def __eq__(self, other):\n        {body}\n"
    assert _agrees("src/box.py", source) == types


_JS = [
    ("return typeof o === 'number' || this.v === o.v;", ("number",)),
    ("return 'string' == typeof o || this.v === o.v;", ("string",)),
    ("if (o instanceof Date) return true; return this.v === o.v;", ("Date",)),
    ("if (o instanceof Date) { return true; } return false;", ("Date",)),
    ("return typeof o === 'number' ? true : this.v === o.v;", ("number",)),
    ("return o instanceof Box && this.v === o.v;", ()),
    ("if (typeof o === 'number') return this.v === o; return false;", ()),
    ("return typeof this.v === 'number' || this.v === o.v;", ()),
    ("return typeof o !== 'number' && this.v === o.v;", ()),
]


@pytest.mark.parametrize(("body", "types"), _JS)
def test_js_type_agreement(body: str, types: tuple[str, ...]) -> None:
    source = f"export class Box {{\n  equals(o) {{\n    {body}\n  }}\n}}\n"
    assert _agrees("src/box.ts", source) == types
