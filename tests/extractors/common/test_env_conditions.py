"""Skip conditions that read one environment variable: which variable, and where they skip.

Each condition is parsed as Python, or as JavaScript where Python cannot parse it, and
lowered by that language's reader (``python/conditions.py``, ``javascript/conditions.py``).
"""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.common.env_conditions import (
    Cond,
    env_condition,
    skip_env,
    skip_platform,
)
from ralph_validate.extractors.javascript.conditions import lower_condition as lower_js
from ralph_validate.extractors.python.conditions import lower_condition as lower_py


def _read(condition: str) -> Cond:
    """The condition as the language that parses it reads it."""
    python = SourceFile("t.py", f"({condition})\n".encode(), "python")
    if not python.tree.root_node.has_error:
        [statement] = python.tree.root_node.named_children
        return lower_py(statement.named_children[0])
    js = SourceFile("t.ts", f"({condition});\n".encode(), "typescript")
    assert not js.tree.root_node.has_error, condition
    [statement] = js.tree.root_node.named_children
    return lower_js(statement.named_children[0])


@pytest.mark.parametrize(
    ("condition", "expected"),
    [
        ('os.environ.get("RUN_SLOW")', ("RUN_SLOW", "set")),
        ("not os.environ.get('RUN_SLOW')", ("RUN_SLOW", "unset")),
        ('os.getenv("CI", "")', ("CI", "set")),
        ('"CI" in os.environ', ("CI", "set")),
        ('"CI" not in os.environ', ("CI", "unset")),
        ('os.environ.get("MODE") == "full"', ("MODE", "set")),
        ('os.environ.get("MODE", "") == ""', ("MODE", "unset")),
        ("(not (os.environ['X']))", ("X", "unset")),
        ("process.env.CI", ("CI", "set")),
        ("!process.env.RUN_SLOW", ("RUN_SLOW", "unset")),
        ("!!process.env.RUN_SLOW", ("RUN_SLOW", "set")),
        ("process.env['SLOW'] === '1'", ("SLOW", "set")),
        ('process.env.SLOW !== "true"', ("SLOW", "unset")),
        ('process.env.SLOW === "false"', ("SLOW", "unset")),
        ("import.meta.env.CI", ("CI", "set")),
        # Spellings read off the syntax tree: extra parentheses, comments, line breaks.
        ('((os.environ.get("RUN_SLOW")))', ("RUN_SLOW", "set")),
        (
            'not (\n    os.getenv(\n        "RUN_SLOW",  # opt in\n        "",\n    )\n)',
            ("RUN_SLOW", "unset"),
        ),
        ('os.environ.get("MODE")  # the mode\n    == "full"', ("MODE", "set")),
        ('"CI" not in (os.environ)', ("CI", "unset")),
        ("!(/* opt in */ process.env.RUN_SLOW)", ("RUN_SLOW", "unset")),
        ("process.env\n  .CI", ("CI", "set")),
        ("process.env?.CI === 'true'", ("CI", "set")),
        ('(process.env["SLOW"]) !== ("1")', ("SLOW", "unset")),
        ('"CI" in process.env', ("CI", "set")),
    ],
)
def test_a_condition_on_one_variable_says_where_it_holds(
    condition: str, expected: tuple[str, str]
) -> None:
    assert env_condition(_read(condition)) == expected


@pytest.mark.parametrize(
    "condition",
    [
        'sys.platform == "win32"',
        'os.environ.get("A") and os.name == "nt"',
        "process.env.CI || process.platform === 'win32'",
        "process.platform === 'win32'",
        "config.slow",
        'os.environ.get("A") == other',
        'os.environ.get("A") or os.environ.get("B")',
        "'(os.environ.get(\"X\"))'",
    ],
)
def test_a_condition_that_reads_anything_else_is_no_environment_condition(condition: str) -> None:
    assert env_condition(_read(condition)) == ("", "")


def test_run_if_and_skip_unless_skip_where_their_condition_does_not_hold() -> None:
    assert skip_env(_read("process.env.RUN_SLOW"), skips_when_true=False) == (
        ("RUN_SLOW",),
        "unset",
    )
    assert skip_env(_read("!process.env.CI"), skips_when_true=False) == (("CI",), "set")
    assert skip_env(_read("process.platform === 'win32'")) == ((), "")


@pytest.mark.parametrize(
    ("condition", "skips_when_true", "expected"),
    [
        ('sys.platform == "win32"', True, (("win32",), "on")),
        ('sys.platform != "win32"', True, (("win32",), "off")),
        ('"win32" == sys.platform', True, (("win32",), "on")),
        ("not sys.platform.startswith('linux')", True, (("linux",), "off")),
        ('os.name == "nt"', True, (("nt",), "on")),
        ('platform.system() != "Windows"', True, (("Windows",), "off")),
        ('sys.platform in ("win32", "cygwin")', True, (("win32", "cygwin"), "on")),
        ('sys.platform not in ["darwin"]', True, (("darwin",), "off")),
        ('process.platform !== "darwin"', True, (("darwin",), "off")),
        ("os.platform() === 'win32'", True, (("win32",), "on")),
        # runIf / skipUnless: the test is skipped where the condition does not hold
        ('process.platform === "darwin"', False, (("darwin",), "off")),
        ('sys.platform.startswith("linux")', False, (("linux",), "off")),
        ('process.platform !== "win32"', False, (("win32",), "on")),
        # Spellings read off the syntax tree: extra parentheses, comments, line breaks.
        ('(sys.platform) == ("win32")', True, (("win32",), "on")),
        (
            'sys.platform in (\n    "win32",  # Windows\n    "cygwin",\n)',
            True,
            (("win32", "cygwin"), "on"),
        ),
        ("not (sys.platform\n    .startswith('linux'))", True, (("linux",), "off")),
        ("platform.system ( ) == 'Darwin'", True, (("Darwin",), "on")),
        ("(process.platform) /* the os */ === 'win32'", True, (("win32",), "on")),
    ],
)
def test_a_condition_on_the_platform_says_where_it_skips(
    condition: str, skips_when_true: bool, expected: tuple[tuple[str, ...], str]
) -> None:
    assert skip_platform(_read(condition), skips_when_true) == expected


@pytest.mark.parametrize(
    "condition",
    [
        'sys.platform == "win32" and os.environ.get("A")',
        "sys.version_info < (3, 11)",
        'sys.platform in ("win32", other)',
        "process.env.CI",
        "platform",
        'sys.platform == "win32" or other',
        "'sys.platform == \"win32\"'",
    ],
)
def test_a_condition_that_reads_more_than_the_platform_names_none(condition: str) -> None:
    assert skip_platform(_read(condition)) == ((), "")


def test_the_facts_read_a_condition_written_over_lines_with_comments() -> None:
    from ralph_validate.extractors.common.dispatch import extract
    from ralph_validate.extractors.facts.integrity import Skip

    python = (
        "import os\nimport pytest\n\n"
        "@pytest.mark.skipif(\n    not (  # opt in\n        os.environ.get('RUN_SLOW')\n    ),\n"
        "    reason='slow',\n)\ndef test_slow():\n    assert 1\n"
    )
    js = (
        "import { it, expect } from 'vitest';\n"
        "it.skipIf(!(process.env // opt in\n  .RUN_SLOW))('slow', () => {\n"
        "  expect(1).toBe(1);\n});\n"
    )
    for path, source in (("tests/test_slow.py", python), ("src/slow.test.ts", js)):
        [skip] = extract(path, source.encode()).of_type(Skip)
        assert (skip.env, skip.skipped_where) == (("RUN_SLOW",), "unset"), path
