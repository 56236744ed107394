"""SARIF 2.1.0 for code-scanning dashboards: one result per finding, rules from the registry.

Every non-PASS cell of the report is a finding (DESIGN §7), so the results are
the findings: requirement rows that fail point at the requirement's heading in
the spec. Findings a suppression hid are results too, carrying ``suppressions[]`` (an
inline directive is ``inSource``, a settings entry ``external``), as SARIF 2.1.0 §3.27.23
asks, so a dashboard shows them as suppressed rather than not at all. Fingerprints hash
what identifies a finding except its line, so a finding keeps its fingerprint when code
above it moves.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from ..findings import Finding, Status
from .model import Report, SuppressedFinding

SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/ralph-validate/"
FINGERPRINT_KEY = "ralphValidate/v1"


@dataclass(frozen=True)
class RuleMeta:
    """What SARIF says about a rule: id, kind, a short name, a summary and its documentation."""

    id: str
    kind: str
    name: str
    summary: str
    help_markdown: str = ""


def fingerprint(finding: Finding) -> str:
    """A line-independent identity for a finding, stable across runs."""
    material = "\x1f".join(
        (finding.kind, finding.rule, finding.file, finding.symbol, finding.message)
    )
    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:32]


def _rule_descriptor(meta: RuleMeta) -> dict[str, object]:
    descriptor: dict[str, object] = {
        "id": meta.id,
        "name": meta.name,
        "shortDescription": {"text": meta.summary},
        "properties": {"kind": meta.kind, "tags": [meta.kind.split(".")[0]]},
    }
    if meta.help_markdown:
        descriptor["fullDescription"] = {"text": meta.summary}
        descriptor["help"] = {"text": meta.summary, "markdown": meta.help_markdown}
    return descriptor


def _fallback_meta(finding: Finding) -> RuleMeta:
    """Metadata for a rule the registry does not list (e.g. a report read from elsewhere)."""
    return RuleMeta(finding.rule, finding.kind, finding.kind, f"{finding.kind} finding")


def _result(finding: Finding, rule_index: int) -> dict[str, object]:
    return {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": "error" if finding.status is Status.FAIL else "warning",
        "message": {"text": finding.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": finding.file, "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": max(1, finding.line)},
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(finding)},
        "baselineState": "unchanged" if finding.pre_existing else "new",
        "properties": {"kind": finding.kind, "status": finding.status.value},
    }


def _suppressed_result(hidden: SuppressedFinding, rule_index: int) -> dict[str, object]:
    result = _result(hidden.finding, rule_index)
    by = hidden.suppression
    kind = "inSource" if by.source == "inline" else "external"
    suppression: dict[str, object] = {"kind": kind, "status": "accepted"}
    if by.reason:
        suppression["justification"] = by.reason
    result["suppressions"] = [suppression]
    return result


def render_sarif(report: Report, rules: Sequence[RuleMeta] = ()) -> str:
    """The SARIF log of ``report`` as deterministic JSON text."""
    findings = sorted(report.findings, key=Finding.sort_key)
    hidden = sorted(report.suppressed, key=lambda h: h.finding.sort_key())
    known = {meta.id: meta for meta in rules}
    used: dict[str, RuleMeta] = {}
    for finding in [*findings, *(h.finding for h in hidden)]:
        used.setdefault(finding.rule, known.get(finding.rule) or _fallback_meta(finding))
    ordered = sorted(used.values(), key=lambda meta: meta.id)
    index = {meta.id: i for i, meta in enumerate(ordered)}
    header = report.header
    run: dict[str, object] = {
        "tool": {
            "driver": {
                "name": "ralph-validate",
                "version": header.tool_version,
                "informationUri": INFORMATION_URI,
                "rules": [_rule_descriptor(meta) for meta in ordered],
            }
        },
        "results": [_result(f, index[f.rule]) for f in findings]
        + [_suppressed_result(h, index[h.finding.rule]) for h in hidden],
        "properties": {"base": header.base, "head": header.head, "spec": header.spec_name},
    }
    log = {"$schema": SARIF_SCHEMA_URI, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
