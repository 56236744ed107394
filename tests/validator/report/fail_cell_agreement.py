"""Whether a written report's JSON and the Markdown the gate reads hold the same FAILs.

DESIGN §6: "Every FAIL in the JSON report is in a Markdown table the gate reads." This
compares the two files an audit wrote, nothing else: the Markdown is read with the gate's
own reader; each goal-caused FAIL finding of the JSON must be held by a FAIL row (a
test-integrity finding by a row of its file whose Kinds name its kind, a findings-table
finding by the row of its kind and ``file:line``, a contract finding by a row of its kind,
a traceability finding by its requirement's row), every FAIL row must hold one, and the
FAIL rows of the test, contract and requirement tables are the JSON's FAIL rows of those
tables. Used on every report the suite already writes (the cheat cases' and the pinned
snapshots'); ``test_fail_cells.py`` also sweeps fresh audits with the findings' symbols.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ralph_validate.gate.report_reader import StatusRow, read_report
from ralph_validate.validator.findings import KINDS

TEST_TABLE = "Integration test integrity"
FINDINGS_TABLE = "Findings"
CONTRACT_TABLE = "Cross-component integrity"
TRACE_TABLE = "Requirements traceability"


def location(cell: str) -> tuple[str, int]:
    """``file:line`` of a Location cell."""
    file, _, line = cell.rpartition(":")
    return file, int(line)


def _holds(row: StatusRow, finding: dict[str, Any], report: dict[str, Any]) -> bool:
    table = KINDS[finding["kind"]]
    if table == "test-integrity" and row.table == TEST_TABLE:
        return location(row.cells[1])[0] == finding["file"] and finding["kind"] in row.cells[
            3
        ].split(", ")
    if table == "findings" and row.table == FINDINGS_TABLE:
        return (row.cells[0], location(row.cells[2])) == (
            finding["kind"],
            (finding["file"], finding["line"]),
        )
    if table == "cross-component" and row.table == CONTRACT_TABLE:
        return row.cells[4] == finding["kind"]
    if table == "traceability" and row.table == TRACE_TABLE:
        ids = {
            r["id"]
            for r in report["requirements"]
            if (r["file"], r["line"]) == (finding["file"], finding["line"])
        }
        return row.cells[0] in ids
    return False


def _table_rows(rows: list[StatusRow], report: dict[str, Any]) -> list[str]:
    """Where a table's FAIL rows in the Markdown differ from the JSON's FAIL rows."""
    out = []
    pairs = (
        (
            TEST_TABLE,
            {(r.cells[0], r.cells[1], r.cells[3]) for r in rows if r.table == TEST_TABLE},
            {
                (t["name"], f"{t['file']}:{t['line']}", ", ".join(t["kinds"]))
                for t in report["tests"]
                if t["status"] == "FAIL"
            },
        ),
        (
            CONTRACT_TABLE,
            {(r.cells[0], r.cells[4]) for r in rows if r.table == CONTRACT_TABLE},
            {(str(c["question"]), c["kind"]) for c in report["contracts"] if c["status"] == "FAIL"},
        ),
        (
            TRACE_TABLE,
            {r.cells[0] for r in rows if r.table == TRACE_TABLE},
            {r["id"] for r in report["requirements"] if r["status"] == "FAIL"},
        ),
    )
    for table, markdown, json_rows in pairs:
        if markdown != json_rows:
            out.append(
                f"{table}: Markdown FAIL rows {sorted(markdown)} != JSON {sorted(json_rows)}"
            )
    return out


def disagreements(report: dict[str, Any], markdown: Path) -> list[str]:
    """Every FAIL one of the two files has and the other lacks; [] when they agree."""
    rows = [r for r in read_report(markdown).rows if r.status == "FAIL"]
    fails = [f for f in report["findings"] if f["status"] == "FAIL" and not f["pre_existing"]]
    held: set[int] = set()
    out = []
    for finding in fails:
        holders = {i for i, row in enumerate(rows) if _holds(row, finding, report)}
        if not holders:
            where = f"{finding['kind']} {finding['file']}:{finding['line']}"
            out.append(f"FAIL in the JSON, in no FAIL cell the gate reads: {where}")
        held |= holders
    out += [
        f"FAIL cell the gate reads, with no FAIL finding in the JSON: {r.table} {r.cells}"
        for i, r in enumerate(rows)
        if i not in held
    ]
    out += _table_rows(rows, report)
    if report["summary"]["FAIL"] != len(rows):
        out.append(f"summary says {report['summary']['FAIL']} FAIL, the gate reads {len(rows)}")
    return out
