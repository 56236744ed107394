"""What an answer's input may be: the literals its parameter's declared type lists (a
closed domain) and the words the production code writes as values, in Python and JS/TS."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import LiteralAnswer, ProducedWords


def _domains(path: str, source: str) -> dict[str, tuple[str, ...]]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return {f.key: f.domain for f in facts if isinstance(f, LiteralAnswer)}


def _words(path: str, source: str) -> tuple[str, ...]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return next((f.words for f in facts if isinstance(f, ProducedWords)), ())


_TS_CASES = [
    ('s: "a" | "b"', ("s:a", "s:b")),
    ("s: Kind", ("s:a", "s:b")),
    ("s: Mode", ("s:x", "s:y")),
    ("s?: Kind", ("s:a", "s:b")),
    ('s: "a" | "b" | null', ("s:a", "s:b", "none")),
    ('s: string | "a"', ()),
    ("s: string", ()),
    ("s: Imported", ()),
    ("s", ()),
]


@pytest.mark.parametrize(("parameter", "domain"), _TS_CASES)
def test_a_ts_parameter_is_closed_when_its_type_lists_its_values(
    parameter: str, domain: tuple[str, ...]
) -> None:
    source = f"""
        type Kind = "a" | "b";
        export enum Mode {{ X = "x", Y = "y" }}
        import type {{ Imported }} from "./kinds";

        export function label({parameter}): string {{
          if (s === "a") return "Alpha";
          return "Other";
        }}
    """
    assert _domains("src/label.ts", source) == {"s:a": domain}


def test_a_ts_record_table_is_closed_by_its_key_type() -> None:
    source = """
        type Kind = "a" | "b";
        const LABELS: Record<Kind, string> = { a: "Alpha", b: "Beta" };
        const OPEN: Record<string, string> = { c: "Gamma" };
    """
    assert _domains("src/labels.ts", source) == {"s:a": ("s:a", "s:b"), "s:b": ("s:a", "s:b")} | {
        "s:c": ()
    }


_PY_CASES = [
    ('s: Literal["a", "b"]', ("s:a", "s:b")),
    ('s: typing.Literal["a", "b"]', ("s:a", "s:b")),
    ("s: Kind", ("s:a", "s:b")),
    ("s: Mode", ("s:x", "s:y")),
    ('s: Kind | Literal["c"]', ("s:a", "s:b", "s:c")),
    ('s: Literal["a"] | str', ()),
    ("s: str", ()),
    ("s: Plain", ()),  # a class that is no Enum
    ("s", ()),
]


@pytest.mark.parametrize(("parameter", "domain"), _PY_CASES)
def test_a_python_parameter_is_closed_when_its_type_lists_its_values(
    parameter: str, domain: tuple[str, ...]
) -> None:
    source = f"""
        Kind = Literal["a", "b"]

        class Mode(str, Enum):
            X = "x"
            Y = "y"

        class Plain:
            X = "x"

        def label({parameter}) -> str:
            if s == "a":
                return "Alpha"
            return "Other"
    """
    assert _domains("src/label.py", source) == {"s:a": domain}


def test_a_python_table_is_closed_by_its_literal_key_type() -> None:
    source = """
        Kind = Literal["a", "b"]
        LABELS: dict[Kind, str] = {"a": "Alpha", "b": "Beta"}
        OPEN: dict[str, str] = {"c": "Gamma"}
    """
    assert _domains("src/labels.py", source) == {
        "s:a": ("s:a", "s:b"),
        "s:b": ("s:a", "s:b"),
        "s:c": (),
    }


def test_ts_words_are_the_strings_written_as_values() -> None:
    source = """
        import { x } from "./module";
        export const TOOLS = [{ name: "search" }, { name: "quote" }];
        export function state(a: number): string {
          if (a > 1) return "ready";
          return "two words";
        }
        export function label(s: string): string {
          if (s === "compared") return "Compared";
          switch (s) { case "switched": return "Switched"; }
          return { keyed: "x1" }[s] ?? s;
        }
    """
    assert _words("src/tools.ts", source) == (
        "Compared",
        "Switched",
        "quote",
        "ready",
        "search",
        "x1",
    )


def test_python_words_are_the_strings_written_as_values() -> None:
    source = '''
        """A docstring."""
        TOOLS = [{"name": "search"}]
        MODE = "fast"

        def label(s) -> str:
            if s == "compared" or s in ("listed", "names"):
                return "Compared"
            return {"keyed": "x1"}.get(s, "two words")
    '''
    assert _words("src/tools.py", source) == ("Compared", "fast", "search", "x1")


def test_a_test_file_writes_no_program_words() -> None:
    assert _words("tests/test_tools.py", 'MODE = "fast"\n') == ()
