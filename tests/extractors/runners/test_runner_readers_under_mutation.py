"""The readers of how a revision runs its tests (package.json scripts, pyproject.toml, tox.ini,
noxfile.py, Makefile, CI workflows, jest/vitest configs, pytest and coverage settings) on a
damaged config file: no exception; every script they give is of a file of the revision with
its lines, an unreadable file is the one UNREADABLE script, a configuration is read or left
unknown. The seeds are the configs of the cheat fixtures' BASE trees."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import examples, mutated

from ralph_validate.extractors.runners.coverage import config_thresholds
from ralph_validate.extractors.runners.dependencies import (
    declared_distributions,
    importable_modules,
)
from ralph_validate.extractors.runners.entrypoints import revision_scripts
from ralph_validate.extractors.runners.js_config import jest_config, vitest_config
from ralph_validate.extractors.runners.pytest_config import locate_pytest_config
from ralph_validate.extractors.runners.view import RevisionView

CHEATS = Path(__file__).resolve().parents[3] / "fixtures" / "cheats"
SEEDS = {
    "package.json": "js-make-jest-narrowed/base/package.json",
    "Makefile": "js-make-jest-narrowed/base/Makefile",
    "jest.config.js": "js-jest-config-coverage-lowered/base/jest.config.js",
    "vitest.config.js": "js-vitest-exclude/base/vitest.config.js",
    "pyproject.toml": "py-coverage-fail-under/base/pyproject.toml",
    "setup.cfg": "py-setupcfg-p-no/base/setup.cfg",
    "tox.ini": "py-tox-narrowed/base/tox.ini",
    "noxfile.py": "py-nox-k-not/base/noxfile.py",
    "pytest.ini": "py-cov-fail-under-addopts/base/pytest.ini",
}
OTHERS = {"src/app.py": b"def total(xs):\n    return sum(xs)\n", "tests/test_app.py": b""}


def _reads(name: str, data: bytes) -> None:
    view = RevisionView({**OTHERS, name: data})
    scripts = revision_scripts(view)
    assert [s for s in scripts if not view.exists(s.file) or min(s.lines, default=1) < 1] == []
    assert all(isinstance(d, str) for d in declared_distributions(view))
    assert all(isinstance(m, str) for m in importable_modules(view))
    assert [t for t in config_thresholds(view) if not view.exists(t.file)] == []
    jest_config(view, "")
    vitest_config(view, "")
    config = locate_pytest_config(view)
    assert "\n" not in config.error


def test_the_seeds_are_read() -> None:
    view = RevisionView({**OTHERS, **{n: (CHEATS / p).read_bytes() for n, p in SEEDS.items()}})
    assert {s.file for s in revision_scripts(view)} >= {"package.json", "Makefile", "tox.ini"}
    config = locate_pytest_config(view)
    assert config.error == "" and config.settings


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@pytest.mark.parametrize("name", sorted(SEEDS))
@settings(max_examples=examples(10), suppress_health_check=[HealthCheck.too_slow])
@given(drawn=st.data())
def test_a_damaged_runner_config_is_read_or_left_unknown(name: str, drawn: st.DataObject) -> None:
    """A damaged runner config (scripts, pytest, coverage, jest, vitest) is read or unknown."""
    _reads(name, drawn.draw(mutated(((CHEATS / SEEDS[name]).read_bytes(),))))
