"""Python runner probes whose name is not written at the read: module constants, tuples and
the variables of loops and comprehensions over them."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import RunnerProbe


def _probes(source: str) -> list[tuple[int, str, str, bool]]:
    facts = extract("src/app.py", textwrap.dedent(source).encode()).facts
    found = [(p.line, p.source, p.name, p.returns) for p in facts if isinstance(p, RunnerProbe)]
    return sorted(found)


def test_a_comprehension_over_a_tuple_reads_each_name_and_decides_through_a_constant() -> None:
    probes = _probes(
        """
        import sys
        UNDER = any(name in sys.modules for name in ("_pytest", "unittest"))

        def price(weight):
            if UNDER:
                return 108.5
            return weight * 3
        """
    )
    assert probes == [(3, "module", "_pytest", True), (3, "module", "unittest", True)]


def test_a_loop_over_a_frozenset_constant_and_an_aliased_modules_mapping() -> None:
    probes = _probes(
        """
        from sys import modules as loaded
        RUNNERS = frozenset({"nose2", "pytest"})

        def duty(value):
            for runner in RUNNERS:
                if runner in loaded:
                    return 0.0
            return value * 0.05
        """
    )
    assert probes == [(7, "module", "nose2", True), (7, "module", "pytest", True)]


def test_environment_reads_by_a_module_constant_name() -> None:
    probes = _probes(
        """
        import os
        KEY = "PYTEST_XDIST_WORKER"

        def fee(value):
            if os.environ.get(KEY) or os.environ[KEY] or KEY in os.environ:
                return 1
            return value
        """
    )
    assert [(line, source, name) for line, source, name, _ in probes] == [
        (6, "env", "PYTEST_XDIST_WORKER")
    ] * 3


def test_names_that_are_not_constants_make_no_probe() -> None:
    probes = _probes(
        """
        import sys

        def loaded(names, extra):
            wanted = [extra]
            return [n for n in names if n in sys.modules] + [w for w in wanted if w in sys.modules]

        KEY = "A"
        KEY = "B"

        def either(value):
            return 1 if KEY in sys.modules else value
        """
    )
    assert probes == []
