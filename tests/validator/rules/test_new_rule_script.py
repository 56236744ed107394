"""scripts/new_rule.py writes a rule module the registry can load and a failing fixture."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from ralph_validate.validator.findings import KINDS
from ralph_validate.validator.rules.annotations import read_annotations

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "new_rule.py"


def _script():
    spec = importlib.util.spec_from_file_location("new_rule", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Loads the written module as a member of the real package, in a fresh interpreter (so the
# rule it defines never joins this process's registry), and runs it on real facts.
_LOAD = """
import importlib.util, inspect, sys
from ralph_validate.validator.rules import list_rules
name = "ralph_validate.validator.rules.test.XX901_env_skip"
spec = importlib.util.spec_from_file_location(name, sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
cls = module.EnvSkip
print(cls.id, cls.kind, cls.name, cls.severity)
print("abstract" if inspect.isabstract(cls) else "concrete")
print("XX901" in {r.id for r in list_rules()})
"""


def test_writes_the_module_the_fixture_and_an_empty_expected_file(tmp_path: Path) -> None:
    code = _script().main(["XX901", "test.skipped", "env_skip", "--root", str(tmp_path)])
    assert code == 0
    module = tmp_path / "validator/rules/test/XX901_env_skip.py"
    fixture = tmp_path / "fixtures/rules/XX901"
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.*")) == [
        "fixtures/rules/XX901/expected.txt",
        "fixtures/rules/XX901/test_env_skip.py",
        "validator/rules/test/XX901_env_skip.py",
        "validator/rules/test/__init__.py",
    ]
    assert (fixture / "expected.txt").read_text() == ""
    found = read_annotations((fixture / "test_env_skip.py").read_text())
    assert (found.must, found.must_not) == ({("XX901", 3)}, {("XX901", 8)})
    done = subprocess.run(
        [sys.executable, "-c", _LOAD, str(module)], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == [
        "XX901 test.skipped env-skip FAIL",
        "abstract",
        "False",
    ]
    text = module.read_text()
    for section in ("## What it does", "## Why is this bad?", "## Example", "Use instead:"):
        assert section in text
    assert "ignore[XX901]" in text


def test_the_written_module_passes_the_linter(tmp_path: Path) -> None:
    _script().write_rule(tmp_path, "XX902", "placeholder.todo", "odd_marker")
    module = tmp_path / "validator/rules/placeholder/XX902_odd_marker.py"
    config = str(ROOT / "pyproject.toml")
    for command in (["check", "--no-cache"], ["format", "--check"]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "--config", config, str(module)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["T1", "test.skipped", "x"], "a rule id is two capitals and three digits, not 'T1'"),
        (["XX903", "test.nothing", "x"], "unknown kind 'test.nothing'"),
        (["XX903", "test.skipped", "Bad-Name"], "the name is snake_case, not 'Bad-Name'"),
        (["XX903", "trace.untested", "x"], "trace rules read rows, not file facts"),
    ],
)
def test_refuses_wrong_arguments_before_writing(
    argv: list[str], error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _script().main([*argv, "--root", str(tmp_path)]) == 2
    assert error in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_refuses_a_family_no_check_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kind of a family with no driver yet (every family of today's vocabulary has one, so
    the vocabulary gains a new one here) gets no rule module no audit would run."""
    monkeypatch.setitem(KINDS, "license.missing-header", "findings")
    assert _script().main(["XX905", "license.missing-header", "x", "--root", str(tmp_path)]) == 2
    assert "no check runs license rules yet" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_refuses_an_id_that_exists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    assert script.main(["XX904", "test.skipped", "first", "--root", str(tmp_path)]) == 0
    assert script.main(["XX904", "test.tautology", "second", "--root", str(tmp_path)]) == 2
    assert "XX904 exists already" in capsys.readouterr().err
    assert not (tmp_path / "validator/rules/test/XX904_second.py").exists()
