"""JavaScript/TypeScript allow-lists (constant arrays and sets, inline searched arrays,
regex alternatives) and the literal inputs of calls in test files."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import AllowList, TestInput


def _facts(source: str, path: str) -> tuple:
    return extract(path, textwrap.dedent(source).encode()).facts


def test_constant_inline_and_regex_allow_lists_are_named_for_base_comparison() -> None:
    facts = _facts(
        """
        export const FORMATS = Object.freeze(['png', 'gif'] as const);
        const LOCALES = new Set(['en', 'de']);
        const IMAGE = /\\.(png|gif)$/i;

        export function accepts(name: string, size: number): boolean {
          if ([1, 2].includes(size)) return true;
          const archive = new RegExp('\\\\.(zip|tar)$');
          return /^(a|b)$/.test(name) || archive.test(name);
        }
        """,
        "src/formats.ts",
    )
    found = [(f.name, f.form, f.members, f.lines) for f in facts if isinstance(f, AllowList)]
    assert found == [
        ("FORMATS", "set", ("s:png", "s:gif"), (2, 2)),
        ("LOCALES", "set", ("s:en", "s:de"), (3, 3)),
        ("IMAGE", "regex", ("s:png", "s:gif"), (4, 4)),
        ("accepts#1", "set", ("n:1", "n:2"), (7, 7)),
        ("accepts#re1", "regex", ("s:zip", "s:tar"), (8, 8)),
        ("accepts#re2", "regex", ("s:a", "s:b"), (9, 9)),
    ]


def test_literal_arguments_of_calls_in_tests_are_inputs_and_titles_are_not() -> None:
    source = """
    it.each([['webp'], ['avif']])('accepts %s', (name) => {
      expect(accepts(name, 3)).toBe(true);
    });
    describe.only('png', () => {});
    """
    facts = _facts(source, "src/formats.test.ts")
    inputs = sorted((f.line, f.callee, f.value) for f in facts if isinstance(f, TestInput))
    assert inputs == [
        (2, "each", "s:avif"),
        (2, "each", "s:webp"),
        (3, "accepts", "n:3"),
        (3, "toBe", "b:true"),
    ]
    assert not [f for f in _facts(source, "src/formats.ts") if isinstance(f, TestInput)]


def test_an_allow_list_records_how_its_searches_normalise_the_input() -> None:
    facts = _facts(
        """
        const KNOWN = new Set(['EUR', 'USD']);
        const RAW = ['a', 'b'];

        export function accepts(code: string): boolean {
          return KNOWN.has(code.toUpperCase());
        }

        export function padded(code: string): boolean {
          const wanted = code.trim().toLowerCase();
          return KNOWN.has(wanted) || ['p', 'q'].includes((code as string).trim());
        }

        export function raw(value: string): boolean {
          return RAW.indexOf(value) >= 0;
        }
        """,
        "src/codes.ts",
    )
    found = {f.name: f.folds for f in facts if isinstance(f, AllowList)}
    assert found == {"KNOWN": ("lower+strip", "upper"), "RAW": ("",), "padded#1": ("strip",)}
