"""The rule fixture harness: run the rules on ``fixtures/rules/<ID>/`` and compare.

A rule's folder is a small repository: its files (or a ``base/`` and a ``head/`` tree for
a rule that compares with BASE), with a spec under ``.kiro/specs/<name>/`` when the rule
needs one. The folder is committed into a fresh git repository over its BASE (``base/``,
else an empty commit, so that every rule has a BASE to compare with) and audited in-process,
so every rule of the registry runs on it as in a real audit. The findings must agree with
the folder's annotations and, message for message, with ``expected.txt`` beside them.

    python -m ralph_validate.validator.rules.harness fixtures/rules      # check
    python -m ralph_validate.validator.rules.harness --update fixtures/rules  # rewrite
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from ..findings import Finding
from ..pipeline import AuditOptions, run_audit
from ..report.model import Report
from .annotations import read_annotations

EXPECTED = "expected.txt"
_RULE_ID = re.compile(r"^[A-Z]{2}\d{3}$")
_GIT_ENV = {
    "GIT_AUTHOR_NAME": "Agent",
    "GIT_AUTHOR_EMAIL": "agent@example.invalid",
    "GIT_COMMITTER_NAME": "Agent",
    "GIT_COMMITTER_EMAIL": "agent@example.invalid",
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00+00:00",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00+00:00",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
}


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", *args],
        cwd=root,
        env={**os.environ, **_GIT_ENV},
        check=True,
        capture_output=True,
    )


def head_tree(folder: Path) -> Path:
    """The tree audited: ``head/`` of a BASE/head pair, else the folder itself."""
    return folder / "head" if (folder / "base").is_dir() else folder


def _fixture_files(tree: Path) -> list[Path]:
    return sorted(p for p in tree.rglob("*") if p.is_file() and p.name != EXPECTED)


def _commit_tree(tree: Path, repo: Path, message: str) -> None:
    for path in _fixture_files(tree):
        target = repo / path.relative_to(tree)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "--allow-empty", "-m", message)


def _spec_name(tree: Path) -> str | None:
    specs = tree / ".kiro" / "specs"
    names = sorted(p.name for p in specs.iterdir() if p.is_dir()) if specs.is_dir() else []
    return names[0] if names else None


def run_folder(folder: Path) -> list[Finding]:
    """Every finding of an audit of the rule folder, sorted."""
    return list(audit_folder(folder).findings)


def audit_folder(folder: Path) -> Report:
    """The report of an audit of the rule folder committed into a fresh repository (its
    tables show what the family's engine observed there)."""
    with tempfile.TemporaryDirectory(prefix="rule-fixture-") as scratch:
        repo = Path(scratch)
        _git(repo, "init", "-q", "-b", "main")
        paired = (folder / "base").is_dir()
        # An unpaired folder is audited against an empty BASE: the rules that compare with
        # BASE see nothing removed or edited, rather than no BASE at all.
        if paired:
            _commit_tree(folder / "base", repo, "tests at BASE")
        else:
            _git(repo, "commit", "-q", "--allow-empty", "-m", "empty BASE")
        _commit_tree(head_tree(folder), repo, "rules: change")
        opts = AuditOptions(
            repo=repo,
            spec=_spec_name(head_tree(folder)),
            base="HEAD~1",
            all_files=not paired,
            jobs=1,
            cache=False,
        )
        return run_audit(opts)


def expected_lines(findings: Iterable[Finding]) -> list[str]:
    """One line per finding: ``file:line status kind rule message``, and `` [pre-existing]``
    after a finding the same rule also gives at BASE."""
    return [
        f"{f.file}:{f.line} {f.status} {f.kind} {f.rule} {f.message}"
        + (" [pre-existing]" if f.pre_existing else "")
        for f in findings
    ]


def problems(folder: Path, findings: list[Finding]) -> list[str]:
    """Where the findings disagree with the folder's annotations and expected file."""
    tree = head_tree(folder)
    must, must_not, todo = set(), set(), set()
    for path in _fixture_files(tree):
        rel = path.relative_to(tree).as_posix()
        found = read_annotations(path.read_text(encoding="utf-8", errors="replace"))
        must |= {(rule, rel, line) for rule, line in found.must}
        must_not |= {(rule, rel, line) for rule, line in found.must_not}
        todo |= {(rule, rel, line) for rule, line in found.todo}
    actual = {(f.rule, f.file, f.line) for f in findings}
    out = [f"missed: {r} at {file}:{line}" for r, file, line in sorted(must - actual)]
    unlabelled = actual - must - todo
    out += [f"not annotated: {r} at {file}:{line}" for r, file, line in sorted(unlabelled)]
    out += [f"fires on ok: {r} at {file}:{line}" for r, file, line in sorted(must_not & actual)]
    out += [f"todoruleid fires now: {r} at {f}:{n}" for r, f, n in sorted(todo & actual)]
    expected = folder / EXPECTED
    want = expected.read_text(encoding="utf-8").splitlines() if expected.is_file() else []
    if want != expected_lines(findings):
        out.append(f"{expected} differs from the findings (regenerate with --update)")
    return out


def rule_folders(root: Path) -> list[Path]:
    """Every rule folder under ``root`` (``fixtures/rules``), sorted by rule id."""
    return sorted(p for p in root.iterdir() if p.is_dir() and _RULE_ID.match(p.name))


def main(argv: list[str] | None = None) -> int:
    """Check (or with ``--update`` rewrite the expected files of) the given rule folders."""
    args = sys.argv[1:] if argv is None else argv
    update = "--update" in args
    roots = [Path(a) for a in args if a != "--update"] or [Path("fixtures/rules")]
    folders = [f for r in roots for f in ([r] if _RULE_ID.match(r.name) else rule_folders(r))]
    failed = 0
    for folder in folders:
        findings = run_folder(folder)
        if update:
            text = "".join(line + "\n" for line in expected_lines(findings))
            (folder / EXPECTED).write_text(text, encoding="utf-8")
        for problem in problems(folder, findings):
            failed += 1
            print(f"{folder.name}: {problem}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
