"""A requirements file with text but no requirement read is an UNKNOWN row, never PASS."""

from __future__ import annotations

import json

import pytest

SPEC = ".kiro/specs/boutique"
TASKS = "- [x] 1. Panier\n"
CODE = "def total(prices):\n    return sum(prices)\n"
TABLE = """# Exigences

| ID | Exigence |
|----|----------|
| R1 | Le panier additionne les prix |
"""
LIST = """Requirements for the cart

- the cart sums its prices
- a refund returns the payment
"""
KIRO = """# Requirements Document

### Requirement 1: Cart total

#### Acceptance Criteria

1. WHEN items are in the cart THEN the system SHALL sum their prices
"""


def _audit(repo, validate, gate, requirements: str):
    repo.commit("chore: spec", {f"{SPEC}/requirements.md": requirements, f"{SPEC}/tasks.md": TASKS})
    repo.commit("boutique: cart total", {"shop/cart.py": CODE})
    done = validate("--repo", str(repo.root), "--spec", "boutique", "--quiet")
    report = json.loads((repo.root / SPEC / "validation-report.json").read_text())
    verdict = gate("--repo", str(repo.root), "--spec", "boutique")
    return done, report, verdict


@pytest.mark.reliability(cls="false COMPLETE", outcome="UNKNOWN")
@pytest.mark.parametrize(("requirements", "line"), [(TABLE, 3), (LIST, 1)])
def test_an_unread_requirements_file_is_an_unknown_row_a_finding_and_a_warning(
    repo, validate, gate, requirements, line
) -> None:
    done, report, verdict = _audit(repo, validate, gate, requirements)
    assert done.returncode == 0
    where = f"{SPEC}/requirements.md:{line}"
    assert done.stderr == (
        f"ralph-validate: warning: {where}: no 'Requirement N' section read from this file; "
        "its requirements were not traced\n"
    )
    [row] = report["requirements"]
    assert (row["id"], row["status"], row["decided_by"]) == (
        "requirements.md",
        "UNKNOWN",
        "analysis",
    )
    [finding] = [f for f in report["findings"] if f["rule"] == "TR003"]
    assert (finding["kind"], finding["status"]) == ("trace.not-understood", "UNKNOWN")
    assert f"{finding['file']}:{finding['line']}" == where
    markdown = (repo.root / SPEC / "validation-report.md").read_text()
    assert "the spec declares no requirements" not in markdown
    assert "| requirements.md | not understood: no 'Requirement N' section" in markdown
    assert "<promise>COMPLETE</promise>" not in verdict.stdout


@pytest.mark.parametrize("requirements", [KIRO, "# Requirements\n\n"])
def test_a_read_or_empty_requirements_file_gets_no_such_row(
    repo, validate, gate, requirements
) -> None:
    done, report, _ = _audit(repo, validate, gate, requirements)
    assert done.returncode == 0 and done.stderr == ""
    assert not [f for f in report["findings"] if f["rule"] == "TR003"]
    assert all(r["id"] != "requirements.md" for r in report["requirements"])
