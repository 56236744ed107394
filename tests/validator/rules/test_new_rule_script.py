"""scripts/new_rule.py writes, for a rule of any family, a module the registry can load and a
fixture folder the harness accepts, which fails until the rule works."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ralph_validate.validator.findings import KINDS, TABLES
from ralph_validate.validator.rules.annotations import read_annotations
from ralph_validate.validator.rules.harness import EXPECTED, audit_folder, head_tree, problems

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
        (["XX903", "nothing.else", "x"], "unknown kind 'nothing.else'"),
        (["XX903", "test.skipped", "Bad-Name"], "the name is snake_case, not 'Bad-Name'"),
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
    monkeypatch.setitem(TABLES, "license", "findings")
    assert _script().main(["XX905", "license.missing-header", "x", "--root", str(tmp_path)]) == 2
    assert "no check runs license rules yet" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_refuses_an_id_that_exists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    assert script.main(["XX904", "test.skipped", "first", "--root", str(tmp_path)]) == 0
    assert script.main(["XX904", "test.tautology", "second", "--root", str(tmp_path)]) == 2
    assert "XX904 exists already" in capsys.readouterr().err
    assert not (tmp_path / "validator/rules/test/XX904_second.py").exists()


# One rule of every family, each with the first kind of its family in the vocabulary.
FAMILIES = {
    "test": "TI",
    "placeholder": "PH",
    "impl": "IM",
    "contract": "CT",
    "trace": "TR",
    "scope": "SC",
    "suppression": "SU",
}


def _first_kind(family: str) -> str:
    return sorted(k for k in KINDS if k.split(".", 1)[0] == family)[0]


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the rule packages with one new rule of every family written into it."""
    root = tmp_path_factory.mktemp("scaffold")
    shutil.copytree(
        ROOT / "validator" / "rules",
        root / "validator" / "rules",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    script = _script()
    for family, prefix in FAMILIES.items():
        argv = [f"{prefix}901", _first_kind(family), f"sample_{family}", "--root", str(root)]
        assert script.main(argv) == 0, family
    return root


def test_the_script_covers_every_family_of_the_vocabulary() -> None:
    assert {kind.split(".", 1)[0] for kind in KINDS} == set(FAMILIES)


# Imports every written module as a member of the real package in one fresh interpreter.
_LOAD_ALL = """
import importlib.util, inspect, sys
from ralph_validate.validator.rules import list_rules
for path in sys.argv[1:]:
    family, stem = path.split("/")[-2], path.split("/")[-1][:-3]
    name = f"ralph_validate.validator.rules.{family}.{stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (cls,) = [c for c in vars(module).values() if getattr(c, "__module__", "") == name]
    print(cls.id, cls.kind, "abstract" if inspect.isabstract(cls) else "concrete")
print(sorted(r.id for r in list_rules() if r.id.endswith("901")))
"""


def test_every_familys_module_loads_abstract_and_passes_the_linter(scaffolded: Path) -> None:
    modules = [
        (scaffolded / "validator/rules" / family / f"{prefix}901_sample_{family}.py").as_posix()
        for family, prefix in FAMILIES.items()
    ]
    done = subprocess.run(
        [sys.executable, "-c", _LOAD_ALL, *modules], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        *(f"{p}901 {_first_kind(f)} abstract" for f, p in FAMILIES.items()),
        "[]",
    ]
    config = str(ROOT / "pyproject.toml")
    for command in (["check", "--no-cache"], ["format", "--check"]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "--config", config, *modules],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_harness_accepts_the_folder_and_reports_only_the_positive_missed(
    family: str, scaffolded: Path
) -> None:
    """No rule of today fires on the sample; the new rule's positives are missed until its
    ``detect`` is written, and the family's engine observes the sample."""
    folder = scaffolded / "fixtures/rules" / f"{FAMILIES[family]}901"
    tree = head_tree(folder)
    must = set()
    for path in (p for p in tree.rglob("*") if p.is_file() and p.name != EXPECTED):
        rel = path.relative_to(tree).as_posix()
        must |= {(rule, rel, line) for rule, line in read_annotations(path.read_text()).must}
        assert read_annotations(path.read_text()).must_not or rel != "", rel
    assert {rule for rule, _, _ in must} == {folder.name}
    report = audit_folder(folder)
    assert problems(folder, list(report.findings)) == [
        f"missed: {rule} at {file}:{line}" for rule, file, line in sorted(must)
    ]
    seen = {
        "contract": [r.status.value for r in report.contracts],
        "trace": [r.status.value for r in report.requirements],
        "suppression": [s.used for s in report.suppressions],
    }
    assert seen.get(family, ["observed"]) and set(seen.get(family, [])) <= {"PASS", True}
