"""Heavy libraries are imported by the command that uses them, not at start-up.

Each case runs the CLI in a fresh interpreter (the test process has long since imported
everything) and reads the third-party modules it loaded from ``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY = ("anthropic", "botocore", "networkx", "jsonschema", "rich", "libcst", "yaml")

# Runs one CLI's main(argv) and prints, as JSON, its exit code and which HEAVY top-level
# packages ended up in sys.modules.
PROBE = """\
import contextlib, importlib, io, json, sys
module, argv, heavy = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
main = importlib.import_module(module).main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main(argv)
    except SystemExit as done:
        code = done.code
loaded = sorted(name for name in heavy if name in sys.modules)
print(json.dumps({"code": code, "loaded": loaded}))
"""


def loaded_by(module: str, argv: list[str], cwd: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, module, json.dumps(argv), json.dumps(HEAVY)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def small_repo(repo):  # the conftest's GitRepo
    repo.commit(
        "spec and code",
        {
            "specs/demo/requirements.md": "# Requirements\n\n## Requirement 1\n\n"
            "The tool SHALL count rows.\n",
            "specs/demo/tasks.md": "- [x] 1. Count rows\n",
            "src/rows.py": "def count_rows(rows):\n    return len(rows)\n",
        },
    )
    return repo


def test_version_loads_no_heavy_library(tmp_path: Path) -> None:
    assert loaded_by("ralph_validate.validator.cli", ["--version"], tmp_path) == {
        "code": 0,
        "loaded": [],
    }


def test_usage_error_loads_no_heavy_library(tmp_path: Path) -> None:
    assert loaded_by("ralph_validate.validator.cli", ["--format", "pdf"], tmp_path) == {
        "code": 2,
        "loaded": [],
    }


def test_audit_without_llm_never_imports_anthropic(repo) -> None:
    small_repo(repo)
    result = loaded_by("ralph_validate.validator.cli", ["--spec", "demo", "--all"], repo.root)
    assert result["code"] == 0
    assert "anthropic" not in result["loaded"]
    assert "jsonschema" not in result["loaded"]
    assert "botocore" not in result["loaded"]
    assert (repo.root / "specs/demo/validation-report.md").is_file()


def test_gate_never_imports_anthropic(repo) -> None:
    small_repo(repo)
    result = loaded_by("ralph_validate.gate.cli", ["--spec", "demo"], repo.root)
    assert result["code"] == 1  # no report yet: INCOMPLETE
    assert "anthropic" not in result["loaded"]
    assert "networkx" not in result["loaded"]
