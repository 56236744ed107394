"""A module's top-level imports are kept as aliases, so a consumer importing a name from it reaches
what it imported."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import PyAlias


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def test_module_level_imports_are_kept_as_aliases() -> None:
    source = (
        "from __future__ import annotations\n"
        "import os.path\n"
        "import app.client as c\n"
        "from . import service\n"
        "from .client import fetch as get\n"
        "def f():\n"
        "    from app import hidden\n"
    )
    aliases = sorted((a.name, a.qualified) for a in _facts("app/__init__.py", source, PyAlias))
    assert aliases == [
        ("c", "app.client"),
        ("get", "app.client.fetch"),
        ("os", "os"),
        ("service", "app.service"),
    ]
