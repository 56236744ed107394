"""JUnit XML for CI dashboards: one test suite per report table, one test case per row.

FAIL rows are failures; UNKNOWN rows are skipped with the reason, so a
dashboard shows them without turning the build red on its own (``--fail-on``
decides the exit code).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..findings import KINDS, Status
from .model import Report

_Row = tuple[str, str, Status, str]  # (classname, name, status, message)
# Characters XML 1.0 forbids (ElementTree writes them raw, making the document ill-formed).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _xml(text: str) -> str:
    """``text`` with every character XML cannot hold written as a visible ``\\x1b`` escape."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _requirement_rows(report: Report) -> list[_Row]:
    return [
        (
            f"requirements.{report.header.spec_name or 'spec'}",
            f"{r.id} {r.title}",
            r.status,
            r.reason,
        )
        for r in report.requirements
    ]


def _contract_rows(report: Report) -> list[_Row]:
    rows: list[_Row] = []
    for c in report.contracts:
        read = c.consumer.path if c.consumer else "-"
        rows.append((f"contracts.Q{c.question}", f"{c.boundary} {read}", c.status, c.reason))
    return rows


def _test_rows(report: Report) -> list[_Row]:
    return [(f"tests.{t.file}", t.name, t.status, ", ".join(t.kinds)) for t in report.tests]


def _finding_rows(report: Report) -> list[_Row]:
    return [
        (f"findings.{f.kind}", f"{f.file}:{f.line}", f.status, f.message)
        for f in report.findings
        if KINDS[f.kind] == "findings" and not f.pre_existing
    ]


def _suite(name: str, rows: Sequence[_Row]) -> ET.Element:
    failures = sum(1 for r in rows if r[2] is Status.FAIL)
    skipped = sum(1 for r in rows if r[2] is Status.UNKNOWN)
    suite = ET.Element(
        "testsuite",
        {
            "name": name,
            "tests": str(len(rows)),
            "failures": str(failures),
            "errors": "0",
            "skipped": str(skipped),
        },
    )
    for row in rows:
        classname, case_name, message = _xml(row[0]), _xml(row[1]), _xml(row[3])
        status = row[2]
        case = ET.SubElement(suite, "testcase", {"classname": classname, "name": case_name})
        if status is Status.FAIL:
            failure = ET.SubElement(case, "failure", {"message": message or "FAIL", "type": "FAIL"})
            failure.text = message
        elif status is Status.UNKNOWN:
            ET.SubElement(case, "skipped", {"message": f"UNKNOWN: {message}".rstrip(": ")})
    return suite


def render_junit(report: Report) -> str:
    """The report as a JUnit XML document (deterministic text)."""
    root = ET.Element("testsuites", {"name": "ralph-validate"})
    for name, rows in (
        ("Requirements traceability", _requirement_rows(report)),
        ("Cross-component integrity", _contract_rows(report)),
        ("Integration test integrity", _test_rows(report)),
        ("Findings", _finding_rows(report)),
    ):
        root.append(_suite(name, rows))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
