"""Shell rules for whether a test command's failure reaches the script's exit status."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.runners.shell import split_script
from ralph_validate.validator.testruns.commands import propagation


def _reasons(script: str, errexit: bool, pipefail: bool = False) -> list[str]:
    """Why the first ``pytest`` of the script cannot fail it ([] when it can)."""
    commands = split_script(script)
    index = next(i for i, c in enumerate(commands) if c.words[0] == "pytest")
    return propagation(commands, index, errexit, pipefail)


@pytest.mark.parametrize(
    ("script", "errexit", "pipefail", "expected"),
    [
        ("pytest", False, False, []),
        ("pytest || true", True, False, ["|| true"]),
        ("pytest || exit 1", True, False, []),
        ("pytest || { echo failed; exit 1; }", True, False, []),
        ("pytest || echo failed", True, False, ["|| echo failed"]),
        ("pytest; exit 0", False, False, ["exit 0 follows without set -e"]),
        ("pytest; exit 0", True, False, []),
        ("pytest; exit $?", False, False, []),
        ("set +e\npytest\necho done", True, False, ["echo done follows without set -e"]),
        ("set +e\nset -e\npytest\necho done", True, False, []),
        ("set +o errexit\npytest\necho done", True, False, ["echo done follows without set -e"]),
        ("pytest | tee log", True, False, ["piped into tee without pipefail"]),
        ("pytest | tee log", True, True, []),
        ("set -o pipefail\npytest | tee log", True, False, []),
        ("pytest && echo ok", True, False, []),
        (
            "pytest && echo ok\necho more",
            True,
            False,
            ["not last of an && list, echo more follows"],
        ),
        ("pytest && echo ok || echo bad", True, False, ["&& ... || echo bad"]),
        ("if pytest; then echo ok; fi", True, False, ["used as a condition"]),
        ("! pytest", True, False, ["negated with !"]),
        ("pytest &\nwait", True, False, ["run in the background"]),
    ],
)
def test_failure_propagation(
    script: str, errexit: bool, pipefail: bool, expected: list[str]
) -> None:
    assert _reasons(script, errexit, pipefail) == expected
