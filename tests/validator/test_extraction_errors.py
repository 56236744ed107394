"""An extractor that fails on one file loses only its own facts, and the report says so."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract, register
from ralph_validate.extractors.facts import ExtractionError
from ralph_validate.extractors.facts.integrity import Comment
from ralph_validate.validator.pipeline import AuditOptions, run_audit


def _fails_on_marker(source):
    if b"BREAK-THE-EXTRACTOR" in source.data:
        raise RecursionError("too deep")
    return []


register("python", (".py",), _fails_on_marker)


@pytest.mark.reliability(cls="crash or hang", outcome="survived")
def test_a_failing_extractor_keeps_the_other_extractors_facts() -> None:
    source = b"# TODO: kept\nX = 'BREAK-THE-EXTRACTOR'\n"
    facts = extract("src/odd.py", source).facts
    errors = [f for f in facts if isinstance(f, ExtractionError)]
    assert [(e.file, e.error, e.extractor.rsplit(".", 1)[-1]) for e in errors] == [
        ("src/odd.py", "RecursionError", "test_extraction_errors")
    ]
    assert any(isinstance(f, Comment) and "TODO" in f.text for f in facts)


@pytest.mark.reliability(cls="crash or hang", outcome="survived")
def test_the_report_notes_files_only_partly_analysed(repo) -> None:
    repo.commit("chore: start", {"README.md": "x\n"})
    repo.commit(
        "odd: add files",
        {"src/odd.py": "X = 'BREAK-THE-EXTRACTOR'\n", "src/fine.py": "Y = 1\n"},
    )
    report = run_audit(AuditOptions(repo=repo.root, cache=False, jobs=1))
    assert (
        "1 file(s) only partly analysed (an extractor failed: "
        "src/odd.py (test_extraction_errors: RecursionError))"
    ) in report.header.notes
