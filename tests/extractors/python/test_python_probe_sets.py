"""Python runner probes spelled as set algebra on the environment's or sys.modules' names."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import RunnerProbe


def _probes(source: str) -> list[tuple[int, str, str, bool]]:
    facts = extract("src/fees.py", textwrap.dedent(source).encode()).facts
    return sorted(
        (f.line, f.source, f.name, f.returns) for f in facts if isinstance(f, RunnerProbe)
    )


def test_intersections_with_the_environment_or_modules_read_each_name() -> None:
    found = _probes(
        """
        import os
        from os import environ as env
        import sys

        RUNNERS = ("PYTEST_CURRENT_TEST", "PYTEST_XDIST_WORKER")

        def a(x):
            return 0 if env.keys() & {"PYTEST_CURRENT_TEST"} else x

        def b(x):
            if {"pytest"} & set(sys.modules.keys()):
                return 0
            return x

        def c(x):
            if not frozenset(os.environ).isdisjoint(RUNNERS):
                return 0
            return x

        def d(x):
            return os.environ.keys() - {"HOME"}
        """
    )
    assert found == [
        (9, "env", "PYTEST_CURRENT_TEST", True),
        (12, "module", "pytest", True),
        (17, "env", "PYTEST_CURRENT_TEST", True),
        (17, "env", "PYTEST_XDIST_WORKER", True),
        (22, "env", "HOME", False),
    ]
