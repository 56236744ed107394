"""Every cheat shape under ``fixtures/cheats/``: the cheat is named, its honest twin is not.

A case is a folder with ``base/`` (the repository before the goal: spec, code, tests),
``cheat/`` (the agent's change that breaks behaviour and hides it) and ``clean/`` (the same
feature change made honestly), each tree copied over ``base/`` in one spec-prefixed
commit, and ``case.json``:

```json
{"shape": "what the cheat does", "spec": "NAME",
 "messages": {"base": "chore: ...", "change": "NAME: 1 ..."},
 "delete": {"cheat": ["tests/test_x.py"]},
 "expected": {"cheat": [["test.removed", "tests/test_x.py", 4]], "clean": []}}
```

For the cheat, ``ralph-validate`` must report exactly the expected FAIL findings (kind,
file, line) and ``ralph-gate`` must not say COMPLETE; for the clean twin there is no FAIL
and no UNKNOWN, and the gate says COMPLETE. A shape whose cell is UNKNOWN by design (an
unused suppression) says so in ``"unknown": {"cheat": [[kind, file, line]]}``: the cheat's
report then holds exactly those UNKNOWN findings of the change. For both, every FAIL of the
JSON report is a FAIL cell of the Markdown the gate reads, and back
(``report/fail_cell_agreement.py``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

Runner = Callable[..., subprocess.CompletedProcess[str]]
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Agent",
    "GIT_AUTHOR_EMAIL": "agent@example.invalid",
    "GIT_COMMITTER_NAME": "Agent",
    "GIT_COMMITTER_EMAIL": "agent@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
}

ROOT = Path(__file__).resolve().parents[2]
CHEATS = ROOT / "fixtures" / "cheats"
CASES = sorted(p.name for p in CHEATS.iterdir() if (p / "case.json").is_file())


def _agreement():
    """The report-level FAIL-cell check beside the report tests (the suite has no packages)."""
    name = "fail_cell_agreement"
    if name not in sys.modules:
        path = Path(__file__).resolve().parent / "report" / f"{name}.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", *args],
        cwd=root,
        env={**os.environ, **GIT_ENV},
        check=True,
        capture_output=True,
    )


def build(case: str, variant: str, root: Path) -> tuple[Path, dict[str, object]]:
    """The case's repository with BASE committed, then the variant's change."""
    folder = CHEATS / case
    meta = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    root.mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    # copyfile, not copy2: a copied mtime and an equal size would let git's stat cache take a
    # changed file (fail_under = 90 -> 60) for unchanged and leave it out of the commit.
    shutil.copytree(folder / "base", root, dirs_exist_ok=True, copy_function=shutil.copyfile)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", meta["messages"]["base"])
    if (folder / variant).is_dir():
        shutil.copytree(folder / variant, root, dirs_exist_ok=True, copy_function=shutil.copyfile)
    for rel in meta.get("delete", {}).get(variant, []):
        (root / rel).unlink()
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "--allow-empty", "-m", meta["messages"]["change"])
    return root, meta


def _of_status(report: dict[str, object], status: str) -> set[tuple[str, str, int]]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return {
        (f["kind"], f["file"], f["line"])
        for f in findings
        if f["status"] == status and not f["pre_existing"]
    }


def test_there_are_cases() -> None:
    assert CASES, "fixtures/cheats holds the cheat shapes"


@pytest.mark.parametrize("case", CASES)
def test_the_cheat_is_named_and_the_gate_does_not_say_complete(
    case: str, tmp_path: Path, validate: Runner, gate: Runner
) -> None:
    repo, meta = build(case, "cheat", tmp_path / "repo")
    out = tmp_path / "out"
    done = validate("--repo", str(repo), "--spec", meta["spec"], "--out", str(out))
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "validation-report.json").read_text(encoding="utf-8"))
    expected = {tuple(e) for e in meta["expected"]["cheat"]}
    assert _of_status(report, "FAIL") == expected
    if "unknown" in meta:
        assert _of_status(report, "UNKNOWN") == {tuple(e) for e in meta["unknown"]["cheat"]}
    assert _agreement().disagreements(report, out / "validation-report.md") == []
    _suppressions_listed_as_expected(meta, "cheat", out)
    verdict = gate(
        "--repo", str(repo), "--spec", meta["spec"], "--report", str(out / "validation-report.md")
    )
    assert "<promise>COMPLETE</promise>" not in verdict.stdout


@pytest.mark.parametrize("case", CASES)
def test_the_honest_twin_is_complete(
    case: str, tmp_path: Path, validate: Runner, gate: Runner
) -> None:
    repo, meta = build(case, "clean", tmp_path / "repo")
    out = tmp_path / "out"
    done = validate("--repo", str(repo), "--spec", meta["spec"], "--out", str(out))
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "validation-report.json").read_text(encoding="utf-8"))
    assert _of_status(report, "FAIL") == {tuple(e) for e in meta["expected"]["clean"]}
    assert report["summary"]["FAIL"] == 0
    assert report["summary"]["UNKNOWN"] == 0
    assert _agreement().disagreements(report, out / "validation-report.md") == []
    _suppressions_listed_as_expected(meta, "clean", out)
    verdict = gate(
        "--repo", str(repo), "--spec", meta["spec"], "--report", str(out / "validation-report.md")
    )
    assert verdict.returncode == 0, verdict.stdout + verdict.stderr
    assert verdict.stdout.rstrip().endswith("<promise>COMPLETE</promise>")


def _listed(case: str) -> list[tuple[str, str]]:
    meta = json.loads((CHEATS / case / "case.json").read_text(encoding="utf-8"))
    return [(case, variant) for variant in sorted(meta.get("suppressions", {}))]


def _suppressions_listed_as_expected(meta: dict, variant: str, out: Path) -> None:
    """Where ``case.json`` lists a variant's suppressions in effect, the report lists exactly
    those, with whether each hid a finding, and the Markdown has their section."""
    if variant not in meta.get("suppressions", {}):
        return
    report = json.loads((out / "validation-report.json").read_text(encoding="utf-8"))
    listed = [
        [s["file"], s["line"], s["source"], s["used"]] for s in report.get("suppressions", [])
    ]
    assert listed == meta["suppressions"][variant]
    markdown = (out / "validation-report.md").read_text(encoding="utf-8")
    assert ("## Suppressions in effect" in markdown) == bool(listed)


def test_suppression_listings_are_checked_on_variants_the_cases_audit() -> None:
    """The listing is checked inside the cheat and honest-twin tests, on the audit they run
    anyway; some cases list suppressions, and only of those two variants."""
    pairs = [pair for case in CASES for pair in _listed(case)]
    assert pairs
    assert {variant for _, variant in pairs} <= {"cheat", "clean"}


def test_unknown_expectations_are_written_for_the_cheat_only() -> None:
    """An expected UNKNOWN belongs to a cheat; the honest twin has none by construction."""
    metas = [json.loads((CHEATS / c / "case.json").read_text(encoding="utf-8")) for c in CASES]
    listed = [m["unknown"] for m in metas if "unknown" in m]
    assert listed
    assert all(set(u) <= {"cheat", "clean"} and not u.get("clean") for u in listed)
