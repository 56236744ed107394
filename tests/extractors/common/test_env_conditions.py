"""Skip conditions that read one environment variable: which variable, and where they skip."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.env_conditions import env_condition, skip_env, skip_platform


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
    ],
)
def test_a_condition_on_one_variable_says_where_it_holds(
    condition: str, expected: tuple[str, str]
) -> None:
    assert env_condition(condition) == expected


@pytest.mark.parametrize(
    "condition",
    [
        'sys.platform == "win32"',
        'os.environ.get("A") and os.name == "nt"',
        "process.env.CI || process.platform === 'win32'",
        "process.platform === 'win32'",
        "config.slow",
    ],
)
def test_a_condition_that_reads_anything_else_is_no_environment_condition(condition: str) -> None:
    assert env_condition(condition) == ("", "")


def test_run_if_and_skip_unless_skip_where_their_condition_does_not_hold() -> None:
    assert skip_env("process.env.RUN_SLOW", skips_when_true=False) == (("RUN_SLOW",), "unset")
    assert skip_env("!process.env.CI", skips_when_true=False) == (("CI",), "set")
    assert skip_env("process.platform === 'win32'") == ((), "")


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
    ],
)
def test_a_condition_on_the_platform_says_where_it_skips(
    condition: str, skips_when_true: bool, expected: tuple[tuple[str, ...], str]
) -> None:
    assert skip_platform(condition, skips_when_true) == expected


@pytest.mark.parametrize(
    "condition",
    [
        'sys.platform == "win32" and os.environ.get("A")',
        "sys.version_info < (3, 11)",
        'sys.platform in ("win32", other)',
        "process.env.CI",
        "platform",
    ],
)
def test_a_condition_that_reads_more_than_the_platform_names_none(condition: str) -> None:
    assert skip_platform(condition) == ((), "")
