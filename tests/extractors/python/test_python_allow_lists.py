"""Python allow-lists (constant collections, inline membership collections, regex
alternatives) and the literal inputs of calls in test files."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import AllowList, TestInput


def _facts(source: str, path: str) -> tuple:
    return extract(path, textwrap.dedent(source).encode()).facts


def test_constant_inline_and_regex_allow_lists_are_named_for_base_comparison() -> None:
    facts = _facts(
        """
        import re as regex

        KNOWN = frozenset({"EUR", "USD"})
        EXT = regex.compile(r"^(?:png|jpe?g|gif)$")
        SIZES = [s for s in "sml"]

        class Config:
            MODES = ("fast", "safe")

        def region(code):
            if code in ("SEK", "NOK"):
                return "nordic"
            if code not in {1, 2}:
                return "other"
            return regex.fullmatch(r"(eu|us)-\\d+", code)
        """,
        "src/codes.py",
    )
    found = [(f.name, f.form, f.members, f.lines) for f in facts if isinstance(f, AllowList)]
    assert found == [
        ("KNOWN", "set", ("s:EUR", "s:USD"), (4, 4)),
        ("EXT", "regex", ("s:png", "s:gif"), (5, 5)),
        ("Config.MODES", "set", ("s:fast", "s:safe"), (9, 9)),
        ("region#1", "set", ("s:SEK", "s:NOK"), (12, 12)),
        ("region#2", "set", ("n:1", "n:2"), (14, 14)),
        ("region#re1", "regex", ("s:eu", "s:us"), (16, 16)),
    ]


def test_literal_arguments_of_calls_in_tests_are_inputs_and_production_has_none() -> None:
    source = """
    import pytest

    @pytest.mark.parametrize("code", ["CHF", "JPY"])
    def test_accepts(code):
        assert accepts(code, strict=True, region="eu")
    """
    facts = _facts(source, "tests/test_codes.py")
    inputs = [(f.callee, f.value) for f in facts if isinstance(f, TestInput)]
    assert inputs == [
        ("parametrize", "s:code"),
        ("parametrize", "s:CHF"),
        ("parametrize", "s:JPY"),
        ("accepts", "b:true"),
        ("accepts", "s:eu"),
    ]
    assert not [f for f in _facts(source, "src/codes.py") if isinstance(f, TestInput)]


def test_an_allow_list_records_how_its_membership_tests_normalise_the_input() -> None:
    facts = _facts(
        """
        KNOWN = frozenset({"EUR", "USD"})
        RAW = {"a", "b"}

        class Codes:
            NAMES = ("x", "y")

            def has(self, name):
                return name.casefold() in self.NAMES

        def accepts(code):
            return code.upper() in KNOWN

        def accepts_padded(code):
            wanted = code.strip().upper()
            return wanted in KNOWN

        def raw(value, other):
            return value in RAW or other.lower().title() in ("p", "q")
        """,
        "src/codes.py",
    )
    found = {f.name: f.folds for f in facts if isinstance(f, AllowList)}
    assert found == {
        "KNOWN": ("strip+upper", "upper"),
        "RAW": ("",),
        "Codes.NAMES": ("lower",),
        "raw#1": ("",),  # ``title`` is no step a lookup can be compared through
    }
