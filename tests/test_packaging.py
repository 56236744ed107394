"""Installed under the ralph_validate namespace, with every package listed."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE_ROOTS = {
    "core": "ralph_validate.core",
    "extractors": "ralph_validate.extractors",
    "validator": "ralph_validate.validator",
    "gate": "ralph_validate.gate",
}


def test_no_generic_top_level_module_is_importable(tmp_path: Path) -> None:
    code = (
        "import importlib.util as u\n"
        "print([n for n in ('gate', 'validator', 'extractors', 'core') if u.find_spec(n)])\n"
        "import ralph_validate.gate.cli, ralph_validate.validator.cli, "
        "ralph_validate.extractors.common.dispatch, ralph_validate.core.specs\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_every_source_package_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = set()
    for folder, package in SOURCE_ROOTS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((package, *parts)))
    assert found <= listed, sorted(found - listed)


def test_console_scripts_are_declared() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {
        "ralph-validate": "ralph_validate.validator.cli:main",
        "ralph-gate": "ralph_validate.gate.cli:main",
    }
