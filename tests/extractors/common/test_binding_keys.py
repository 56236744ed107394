"""``Binding.keys``: the keys of the mappings around a bound value, alike in JS, Python,
YAML and TOML, so a value in a linter's rule table is told from an application setting."""

from __future__ import annotations

import textwrap

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.integrity import Binding


def _keys(path: str, source: str) -> dict[str, tuple[str, ...]]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return {f"{f.name}={f.value}": f.keys for f in facts if isinstance(f, Binding)}


@pytest.mark.parametrize(
    ("path", "source", "expected"),
    [
        (
            "eslint.config.js",
            """
            export default [{
              rules: { 'no-console': 'off', quotes: ['error', { avoidEscape: 'x' }] },
              settings: { timeout: 5 },
            }];
            """,
            {
                "no-console='off'": ("rules",),
                "avoidEscape='x'": ("rules", "quotes"),
                "timeout=5": ("settings",),
            },
        ),
        (
            "lint.py",
            """
            CONFIG = {"rules": {"no-console": 0}, "limit": 5}
            """,
            {"no-console=0": ("rules",), "limit=5": ()},
        ),
        (
            ".eslintrc.yaml",
            """
            rules:
              no-console: 0
              semi: [error, always]
            """,
            {"no-console=0": ("rules",), "semi=error": ("rules",), "semi=always": ("rules",)},
        ),
        (
            "pyproject.toml",
            """
            [tool.ruff.lint]
            select = ["E"]
            [tool.app]
            limits = { max = 5 }
            """,
            {"select=E": ("tool", "ruff", "lint"), "max=5": ("tool", "app", "limits")},
        ),
    ],
)
def test_keys_around_a_value(path: str, source: str, expected: dict) -> None:
    assert _keys(path, source) == expected
