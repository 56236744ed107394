"""Every FAIL of the JSON report is a FAIL cell the gate reads in the Markdown, and back.

DESIGN §6: "Every FAIL in the JSON report is in a Markdown table the gate reads." For every
fixture the project has (the report snapshots' cases and both variants of every cheat case),
the audit's Markdown is read with the gate's own reader and each goal-caused FAIL finding of
the JSON must be held by a FAIL row: a test-integrity finding by the row of the test it is
about (its symbol names the test, or the class, ``describe`` or module around it) whose Kinds
name its kind, a findings-table finding by the row of its kind and ``file:line``, a contract
finding by a row of its kind, a traceability finding by its requirement's row. Every FAIL row
must hold at least one such finding, so neither side has a FAIL the other lacks. The audit
runs through the pipeline (as the CLI does) so that each finding's symbol is at hand.

That sweep audits every fixture a second time, so it runs with --with-slow. The default run
checks the same agreement on the reports the suite writes anyway: here on every pinned
snapshot (which ``test_report_snapshots.py`` keeps byte-equal to what the audit writes now),
and in ``test_cheat_fixtures.py`` on both variants of every cheat case
(``fail_cell_agreement.py``).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fail_cell_agreement import (
    CONTRACT_TABLE,
    FINDINGS_TABLE,
    TEST_TABLE,
    TRACE_TABLE,
    disagreements,
    location,
)

from ralph_validate.gate.report_reader import StatusRow, read_report
from ralph_validate.validator.findings import KINDS, Finding, Status
from ralph_validate.validator.pipeline import AuditOptions, run_audit
from ralph_validate.validator.report.json_report import report_dict
from ralph_validate.validator.report.markdown import render_markdown

HERE = Path(__file__).resolve().parent


def _load(path: Path, name: str) -> ModuleType:
    """A sibling test module by path (the suite has no packages), for its fixture builders."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


SNAPSHOTS = _load(HERE / "test_report_snapshots.py", "_fail_cells_snapshot_cases")
CHEATS = _load(HERE.parent / "test_cheat_fixtures.py", "_fail_cells_cheat_cases")

Builder = Callable[[Path], tuple[Path, tuple[str, ...]]]


def _snapshot_builder(case: Any) -> Builder:
    return lambda root: (SNAPSHOTS._build(case, root), tuple(case.args))


def _cheat_builder(case: str, variant: str) -> Builder:
    def build(root: Path) -> tuple[Path, tuple[str, ...]]:
        repo, meta = CHEATS.build(case, variant, root)
        return repo, ("--spec", str(meta["spec"]))

    return build


CASES: list[tuple[str, Builder]] = [(c.id, _snapshot_builder(c)) for c in SNAPSHOTS.CASES] + [
    (f"cheats-{case}-{variant}", _cheat_builder(case, variant))
    for case in CHEATS.CASES
    for variant in ("cheat", "clean")
]


def _options(repo: Path, args: tuple[str, ...]) -> AuditOptions:
    """The CLI arguments the fixtures are audited with, as pipeline options."""
    spec = args[args.index("--spec") + 1] if "--spec" in args else None
    base = args[args.index("--base") + 1] if "--base" in args else None
    return AuditOptions(repo=repo, spec=spec, base=base, all_files="--all" in args, jobs=1)


def _about(finding: Finding, name: str) -> bool:
    """Whether a test row's name is what a test-integrity finding's symbol names."""
    if finding.symbol == finding.file or not finding.symbol:
        return name in (finding.file, finding.symbol)
    own = finding.symbol.split("::", 1)[-1]
    return name == own or name.startswith((own + "::", own + " > "))


def _holders(finding: Finding, rows: list[StatusRow], report: dict[str, Any]) -> list[int]:
    """Indexes of the FAIL rows that hold a FAIL finding."""
    table = KINDS[finding.kind]
    held = []
    for index, row in enumerate(rows):
        if table == "test-integrity" and row.table == TEST_TABLE:
            file, _ = location(row.cells[1])
            module_wide = finding.symbol == finding.file
            if (
                file == finding.file
                and finding.kind in row.cells[3].split(", ")
                and (module_wide or _about(finding, row.cells[0]))
            ):
                held.append(index)
        elif table == "findings" and row.table == FINDINGS_TABLE:
            if (row.cells[0], location(row.cells[2])) == (
                finding.kind,
                (finding.file, finding.line),
            ):
                held.append(index)
        elif table == "cross-component" and row.table == CONTRACT_TABLE:
            if row.cells[4] == finding.kind:
                held.append(index)
        elif table == "traceability" and row.table == TRACE_TABLE:
            ids = {
                r["id"]
                for r in report["requirements"]
                if (r["file"], r["line"]) == (finding.file, finding.line)
            }
            if row.cells[0] in ids:
                held.append(index)
    return held


# A second audit of every fixture the snapshot and cheat tests audit already: a sweep like
# fuzzing, run by CI (--with-slow) and left out of the quick local run.
@pytest.mark.slow
@pytest.mark.parametrize("build", [b for _, b in CASES], ids=[i for i, _ in CASES])
def test_json_fails_and_the_gates_fail_cells_are_the_same(build: Builder, tmp_path: Path) -> None:
    repo, args = build(tmp_path / "repo")
    audited = run_audit(_options(repo, args))
    report = report_dict(audited)
    markdown = tmp_path / "validation-report.md"
    markdown.write_text(render_markdown(audited), encoding="utf-8")
    rows = [r for r in read_report(markdown).rows if r.status == "FAIL"]
    fails = [f for f in audited.findings if f.status is Status.FAIL and not f.pre_existing]
    assert {
        (f["kind"], f["file"], f["line"])
        for f in report["findings"]
        if f["status"] == "FAIL" and not f["pre_existing"]
    } == {(f.kind, f.file, f.line) for f in fails}
    held: set[int] = set()
    orphans = []
    for finding in fails:
        holders = _holders(finding, rows, report)
        if not holders:
            orphans.append((finding.kind, finding.file, finding.line))
        held.update(holders)
    assert orphans == [], "FAIL in the JSON, in no FAIL cell the gate reads"
    unbacked = [(r.table, r.cells) for i, r in enumerate(rows) if i not in held]
    assert unbacked == [], "FAIL cell the gate reads, with no FAIL finding in the JSON"
    assert report["summary"]["FAIL"] == len(rows)


@pytest.mark.parametrize("case", [c.id for c in SNAPSHOTS.CASES])
def test_each_pinned_reports_json_fails_are_the_gates_fail_cells(case: str) -> None:
    folder = SNAPSHOTS.SNAPSHOTS / case
    report = json.loads((folder / "validation-report.json").read_text(encoding="utf-8"))
    assert disagreements(report, folder / "validation-report.md") == []


def test_the_agreement_check_sees_a_fail_cell_the_json_lacks_and_back(tmp_path: Path) -> None:
    """A FAIL row moved out of the Markdown, or a FAIL finding out of the JSON, is named."""
    folder = SNAPSHOTS.SNAPSHOTS / "rules-PH001"
    report = json.loads((folder / "validation-report.json").read_text(encoding="utf-8"))
    markdown = (folder / "validation-report.md").read_text(encoding="utf-8")
    fail_rows = [line for line in markdown.splitlines() if line.endswith("| FAIL |")]
    assert fail_rows
    cut = tmp_path / "validation-report.md"
    cut.write_text(markdown.replace(fail_rows[0] + "\n", "", 1), encoding="utf-8")
    assert any("FAIL in the JSON, in no FAIL cell" in d for d in disagreements(report, cut))
    fewer = {**report, "findings": [f for f in report["findings"] if f["status"] != "FAIL"]}
    found = disagreements(fewer, folder / "validation-report.md")
    assert any("with no FAIL finding in the JSON" in d for d in found)


def test_every_fixture_family_is_audited() -> None:
    families = {case_id.split("-", 1)[0] for case_id, _ in CASES}
    assert families == {"contracts", "example", "rules", "extractors", "specs", "cheats"}
