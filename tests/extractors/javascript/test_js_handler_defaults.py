"""What a JavaScript/TypeScript handler returns: ``new Map()``, ``Object.create(null)`` or
``Promise.resolve([])`` is a literal default, a spread copy of a held value a name."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import ErrorHandler


def _steps(source: str) -> list[tuple[tuple[str, ...], str]]:
    facts = extract("src/load.ts", textwrap.dedent(source).encode()).facts
    return [(f.steps, f.form) for f in facts if isinstance(f, ErrorHandler)]


def test_empty_constructors_resolved_defaults_and_copies_are_defaults() -> None:
    found = _steps(
        """
        export function a(p: string) {
          try { return read(p); } catch { return new Map(); }
        }
        export function b(p: string) {
          try { return read(p); } catch (e) { return { ...DEFAULTS }; }
        }
        export function c(p: string) {
          try { return read(p); } catch (e) { return { ...e }; }
        }
        export const d = (p: string) => load(p).catch(() => Promise.resolve([]));
        export const e = (p: string) => load(p).catch((err) => Promise.reject(err));
        """
    )
    assert found == [
        (("return:literal",), "catch"),
        (("return:name",), "catch"),
        (("return:error",), "catch"),
        (("return:literal",), "promise-catch"),
        (("call:error",), "promise-catch"),
    ]
