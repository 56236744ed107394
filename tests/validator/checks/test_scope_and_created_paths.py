"""Scope fences and ralph-loop's ``Created <path>`` acceptance criteria."""

from __future__ import annotations

import json

PRD = {
    "stories": [
        {
            "id": "FIX-001",
            "title": "Fix the parser",
            "scope": ["src/parser/**", "reports/**", "!src/parser/vendor/**"],
            "acceptance_criteria": ["Created reports/FIX-001.md with findings", "Parser fixed"],
            "passes": True,
        }
    ]
}


def build(repo, files: dict[str, str]) -> None:
    repo.commit("chore: prd", {"audit/prd.json": json.dumps(PRD, indent=2)})
    repo.commit("audit: fix parser", files)


def findings(repo, kind: str) -> list[tuple[str, str]]:
    data = json.loads((repo.root / "audit/validation-report.json").read_text())
    return [(f["file"], f["status"]) for f in data["findings"] if f["kind"] == kind]


def test_files_outside_the_story_scope_are_findings(repo, validate) -> None:
    build(
        repo,
        {
            "src/parser/core.py": "A = 1\n",
            "src/parser/vendor/lib.py": "B = 1\n",
            "src/other.py": "C = 1\n",
            "reports/FIX-001.md": "# Findings\n",
        },
    )
    done = validate("--repo", str(repo.root), "--spec", "audit")
    assert done.returncode == 0, done.stderr
    assert findings(repo, "scope.out-of-scope") == [
        ("src/other.py", "FAIL"),
        ("src/parser/vendor/lib.py", "FAIL"),
    ]
    markdown = (repo.root / "audit/validation-report.md").read_text()
    assert "| scope.out-of-scope | SC001 | src/other.py:1 |" in markdown


def test_scope_from_the_configuration(repo, validate) -> None:
    repo.commit(
        "chore: spec",
        {
            "specs/web/tasks.md": "- [ ] 1. FINAL gate\n",
            ".ralph-validate.toml": 'scope = ["web/**"]\n',
        },
    )
    repo.commit("web: change", {"web/app.ts": "export const a = 1;\n", "api/x.py": "A = 1\n"})
    validate("--repo", str(repo.root), "--spec", "web", "--format", "json")
    data = json.loads((repo.root / "specs/web/validation-report.json").read_text())
    assert [f["file"] for f in data["findings"] if f["kind"] == "scope.out-of-scope"] == [
        "api/x.py"
    ]


def test_created_path_missing_at_head_is_a_fail_row(repo, validate) -> None:
    build(repo, {"src/parser/core.py": "A = 1\n"})
    validate("--repo", str(repo.root), "--spec", "audit", "--format", "json")
    data = json.loads((repo.root / "audit/validation-report.json").read_text())
    (row,) = data["requirements"]
    assert row["status"] == "FAIL"
    assert row["reason"] == (
        "acceptance criterion says Created reports/FIX-001.md; no such file at HEAD"
    )
