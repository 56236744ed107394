"""Tables built from literal pairs are read as tables: ``new Map([[k, v]])``,
``Object.fromEntries([[k, v]])``, ``dict([(k, v)])`` and ``dict(zip(keys, values))``; other
constructors and pairs of another shape are not."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import LiteralAnswer


def _entries(path: str, source: str) -> list[tuple[int, str, str, tuple[str, ...]]]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return [(f.line, f.key, f.value, f.functions) for f in facts if isinstance(f, LiteralAnswer)]


@pytest.mark.parametrize(
    "table",
    [
        "new Map([[31, 87], [12, 49]])",
        "new Map([\n  [31, 87],\n  [12, 49],\n])",
        "Object.fromEntries([[31, 87], [12, 49]])",
    ],
)
def test_a_js_table_from_rows_is_read(table: str) -> None:
    source = f"const FEES = {table};\nexport function fee(kg: number) {{ return FEES.get(kg); }}\n"
    found = _entries("src/fees.ts", source)
    assert [(key, value, fns) for _, key, value, fns in found] == [
        ("n:31", "n:87", ("fee",)),
        ("n:12", "n:49", ("fee",)),
    ]


@pytest.mark.parametrize(
    "table",
    [
        "new Set([[31, 87]])",
        "new Map(rows)",
        "new Map([[31, 87, 1]])",
        "new Map([[31, price]])",
        "Map([[31, 87]])",
        "new Object.fromEntries([[31, 87]])",
    ],
)
def test_other_js_constructors_are_no_table(table: str) -> None:
    assert _entries("src/fees.ts", f"const FEES = {table};\n") == []


@pytest.mark.parametrize(
    "table",
    [
        "dict([(31, 87), (12, 49)])",
        "dict([[31, 87], [12, 49]])",
        "dict(((31, 87), (12, 49)))",
        "dict(zip([31, 12], [87, 49]))",
        "OrderedDict([(31, 87), (12, 49)])",
    ],
)
def test_a_python_dict_from_pairs_is_read(table: str) -> None:
    source = f"FEES = {table}\n\ndef fee(kg):\n    return FEES[kg]\n"
    found = _entries("src/fees.py", source)
    assert [(key, value, fns) for _, key, value, fns in found] == [
        ("n:31", "n:87", ("fee",)),
        ("n:12", "n:49", ("fee",)),
    ]


@pytest.mark.parametrize(
    "table",
    [
        "dict(a=87)",
        "dict(zip(keys, values))",
        "dict(zip([31, 12], [87]))",
        "dict([(31, 87, 1)])",
        "set([(31, 87)])",
        "dict(pairs)",
    ],
)
def test_other_python_calls_are_no_table(table: str) -> None:
    assert _entries("src/fees.py", f"FEES = {table}\n") == []
