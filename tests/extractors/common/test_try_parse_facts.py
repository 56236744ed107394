"""A handler's guarded block read as one conversion of a held value (the try-parse idiom)
and the names the handler hands back, alike in Python and JS/TS."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import ErrorHandler


def _handlers(path: str, source: str) -> list[tuple[str, tuple[str, ...]]]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return [(f.converts, f.hands_back) for f in facts if isinstance(f, ErrorHandler)]


@pytest.mark.parametrize(
    ("path", "source", "expected"),
    [
        (
            "a.py",
            """
            import json
            def f(text):
                try:
                    return json.loads(text)
                except Exception:
                    return text
            """,
            [("text", ("text",))],
        ),
        (
            "a.py",
            """
            from datetime import datetime
            def f(row):
                try:
                    when = datetime.fromisoformat(row.stamp)
                except Exception:
                    when = None
                return when
            """,
            [("row.stamp", ())],
        ),
        (
            "a.py",
            """
            def f(text):
                try:
                    return int(text, 16)
                except Exception:
                    return None
            """,
            [("text", ())],
        ),
        (
            "a.py",
            """
            def f(params):
                try:
                    page = int(params["page"])
                except Exception:
                    page = 1
                return page
            """,
            [('params["page"]', ())],
        ),
        (
            "a.ts",
            """
            function f(value: string) {
              let parsed = value;
              try { parsed = JSON.parse(value); } catch (err) { /* */ }
              return parsed;
            }
            """,
            [("value", ())],
        ),
        (
            "a.js",
            """
            function f(raw, base) {
              try { new URL(raw, base); return true; } catch { return raw; }
            }
            """,
            [("raw", ("raw",))],
        ),
    ],
)
def test_one_conversion_of_a_held_value(path: str, source: str, expected: list) -> None:
    assert _handlers(path, source) == expected


@pytest.mark.parametrize(
    ("path", "source"),
    [
        # the converted value comes from a call: reading it can fail too
        (
            "a.py",
            """
            import json
            def f(path):
                try:
                    return json.loads(read(path))
                except Exception:
                    return {}
            """,
        ),
        # a conversion and then a computation
        (
            "a.py",
            """
            def f(row):
                try:
                    n = int(row)
                    return n * price(row)
                except Exception:
                    return 0
            """,
        ),
        # not a conversion
        (
            "a.ts",
            """
            function f(order: string) {
              try { return total(order); } catch { return 0; }
            }
            """,
        ),
        # an entry at a computed key
        (
            "a.py",
            """
            def f(params):
                try:
                    return int(params[key()])
                except Exception:
                    return 1
            """,
        ),
        # a second argument that is computed
        (
            "a.js",
            """
            function f(raw) {
              try { return new URL(raw, baseOf(raw)); } catch { return null; }
            }
            """,
        ),
    ],
)
def test_anything_else_is_no_conversion(path: str, source: str) -> None:
    assert [converts for converts, _ in _handlers(path, source)] == [""]
