"""ralph-gate and ralph-validate on repositories written in every surveyed task format.

A task format is read or refused loudly, never misread: with a report that is all
PASS, the gate's verdict follows the done states read (an entry whose state is outside
the vocabulary is an UNKNOWN, so never COMPLETE), and the audit traces the requirements
read from the same files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gate_repo import report_text

CASES = Path(__file__).resolve().parents[2] / "fixtures" / "formats"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "case.json").is_file())
EXIT = {"COMPLETE": 0, "COMPLETE-WITH-GAPS": 0, "INCOMPLETE": 1}


def build(repo, name: str) -> tuple[dict, str]:
    """The fixture's files committed in ``repo``; the case and the spec's folder."""
    files = {
        p.relative_to(CASES / name / "repo").as_posix(): p.read_bytes()
        for p in sorted((CASES / name / "repo").rglob("*"))
        if p.is_file()
    }
    repo.commit(f"{name}: spec and code", files)
    case = json.loads((CASES / name / "case.json").read_text(encoding="utf-8"))
    return case, case["spec"]


def spec_folder(repo, spec: str) -> Path:
    for root in (".kiro/specs",):
        if (repo.root / root / spec).is_dir():
            return repo.root / root / spec
    return repo.root


@pytest.mark.parametrize("name", NAMES)
def test_the_gate_decides_from_the_done_states_read(repo, gate, name: str) -> None:
    case, spec = build(repo, name)
    head = repo.git("rev-parse", "HEAD").strip()
    (spec_folder(repo, spec) / "validation-report.md").write_text(report_text(head))
    done = gate("--repo", str(repo.root), "--spec", spec, "--json")
    verdict = json.loads(done.stdout)
    expected = case["verdict_with_passing_report"]
    assert (verdict["verdict"], done.returncode) == (expected, EXIT[expected]), done.stderr
    assert sorted(u["line"] for u in verdict["unread"]) == (
        case["unread_lines"] if expected != "INCOMPLETE" else []
    )
    assert sorted(t["id"] for t in verdict.get("open_tasks", [])) == sorted(case["open"])


@pytest.mark.parametrize("name", NAMES)
def test_the_audit_traces_the_requirements_read(repo, validate, name: str) -> None:
    case, spec = build(repo, name)
    done = validate("--repo", str(repo.root), "--spec", spec, "--no-llm", "--quiet")
    assert done.returncode == 0, done.stderr
    report = json.loads((spec_folder(repo, spec) / "validation-report.json").read_text())
    rows = [r["id"] for r in report["requirements"]]
    if case["requirements"]:
        assert rows == case["requirements"]
        assert "Traceback" not in done.stderr and "not understood" not in done.stderr
    else:
        assert [(r["id"], r["status"]) for r in report["requirements"]] == [
            ("requirements.md", "UNKNOWN")
        ]
