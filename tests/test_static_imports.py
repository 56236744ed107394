"""Static tools follow every first-party import from a plain checkout (no install needed)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("package", "core", "extractors", "validator", "gate")


def test_every_first_party_import_is_relative() -> None:
    """Absolute ``ralph_validate.*`` imports only resolve through the installed mapping."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in SOURCES
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.lstrip().startswith(("from ralph_validate", "import ralph_validate"))
    ]
    assert offenders == []


@pytest.mark.slow
def test_basedpyright_resolves_every_import() -> None:
    exe = shutil.which("basedpyright")
    assert exe is not None, "basedpyright comes with the test extra"
    done = subprocess.run(
        [exe, "--outputjson", *SOURCES], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    diagnostics = json.loads(done.stdout)["generalDiagnostics"]
    unresolved = [
        f"{Path(d['file']).relative_to(ROOT)}:{d['range']['start']['line'] + 1} {d['message']}"
        for d in diagnostics
        if d.get("rule") in ("reportMissingImports", "reportMissingModuleSource")
        or "is unknown import symbol" in d["message"]
    ]
    assert unresolved == []
