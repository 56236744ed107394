"""``validation-report.json`` (DESIGN §7, ``schema_version`` 1): fixed key order, same bytes."""

from __future__ import annotations

import json
from typing import Any

from ..findings import Finding
from .model import FieldRef, Report, Suppression

SCHEMA_VERSION = 1


def _field(ref: FieldRef | None) -> dict[str, Any] | None:
    return None if ref is None else {"file": ref.file, "line": ref.line, "path": ref.path}


def suppression_dict(s: Suppression) -> dict[str, Any]:
    """One suppression in effect, as the report lists it."""
    return {
        "file": s.file,
        "line": s.line,
        "rules": list(s.rules),
        "paths": list(s.paths),
        "reason": s.reason,
        "source": s.source,
        "used": s.used,
    }


def report_dict(report: Report) -> dict[str, Any]:
    """The report as the JSON object of DESIGN §7; ``suppressions`` (every suppression in
    effect) is there only when there is one, so a report without any keeps its bytes."""
    out = _core_dict(report)
    if report.suppressions:
        summary = out.pop("summary")
        ordered = sorted(report.suppressions, key=Suppression.sort_key)
        out["suppressions"] = [suppression_dict(s) for s in ordered]
        out["summary"] = summary
    return out


def _core_dict(report: Report) -> dict[str, Any]:
    h = report.header
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "ralph-validate", "version": h.tool_version},
        "spec": {"name": h.spec_name, "path": h.spec_path} if h.spec_name else None,
        "base": h.base,
        "base_rule": h.base_rule,
        "head": h.head,
        "change_set": {
            "source": h.change_set_source,
            "files": list(h.change_set_files),
            "include_dirty": h.include_dirty,
        },
        "llm": h.llm,
        "notes": list(h.notes),
        "requirements": [
            {
                "id": r.id,
                "title": r.title,
                "status": r.status.value,
                "implementation": [{"file": i.file, "line": i.line} for i in r.implementation],
                "tests": [{"file": t.file, "name": t.name, "line": t.line} for t in r.tests],
                "decided_by": r.decided_by,
                "reason": r.reason,
                "file": r.file,
                "line": r.line,
            }
            for r in report.requirements
        ],
        "contracts": [
            {
                "question": c.question,
                "boundary": c.boundary,
                "producer": _field(c.producer),
                "consumer": _field(c.consumer),
                "status": c.status.value,
                "kind": c.kind,
                "reason": c.reason,
            }
            for c in report.contracts
        ],
        "tests": [
            {
                "file": t.file,
                "name": t.name,
                "line": t.line,
                "status": t.status.value,
                "kinds": list(t.kinds),
                "requirements": list(t.requirements),
            }
            for t in report.tests
        ],
        "findings": [
            {
                "kind": f.kind,
                "rule": f.rule,
                "status": f.status.value,
                "file": f.file,
                "line": f.line,
                "message": f.message,
                "pre_existing": f.pre_existing,
            }
            for f in sorted(report.findings, key=Finding.sort_key)
        ],
        "summary": report.summary(),
    }


def render_json(report: Report) -> str:
    """The JSON report as text: two-space indent, UTF-8, trailing newline."""
    return json.dumps(report_dict(report), indent=2, ensure_ascii=False) + "\n"
