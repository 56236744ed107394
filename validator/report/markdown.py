"""``validation-report.md``: a header, exactly three tables, then the findings table.

Every table has a ``Status`` column whose cells are exactly PASS, FAIL or
UNKNOWN; cells hold ids, names, paths, ``file:line`` and kinds, never prose.
A table with nothing to check prints one row saying so, with Status PASS
(there is nothing that could fail). The ``Findings`` table lists the
goal-caused findings that belong to no other table (placeholders, scope), so a
gate that reads every Status column counts them; what each non-PASS test row found
(the values a weakened assertion changed, the runner setting that drops a test) is listed
after it, without a Status column, because its row carries the status; findings already
present at BASE are listed next, without a Status column, because the goal did not
cause them; then every suppression in effect, as a list (only when there is one).
Same report, same bytes: rows are sorted, nothing depends on time.

Text the audited repository controls (file names, titles, messages, notes) is written
inert: on one line, control characters as visible ``\\x1b`` escapes, ``|`` escaped, ``<``
as ``&lt;`` (no HTML, comment or fake tag), a cell's unpaired backtick as ``&#96;`` (no code
span swallowing the cell separators), a file name in a code span long enough for the
backticks it holds. Every line starts with text of this writer, so no user text can open a
fence, a heading, a comment or a table row: a reader sees exactly the rows written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...core.inert import escape_controls
from ...extractors.facts import symbol_id
from ..findings import KINDS, Finding
from .model import Location, Report, Suppression

MAX_FILES_IN_HEADER = 20


def cell(value: object) -> str:
    """Table-safe inert text: newlines flattened, controls escaped, pipes escaped, ``<``
    as ``&lt;``, unpaired backticks as ``&#96;``, empty as an em dash."""
    text = escape_controls(" ".join(str(value).split()))
    text = text.replace("|", "\\|").replace("<", "&lt;")
    if text.count("`") % 2:
        text = text.replace("`", "&#96;")
    return text or "—"


def code(value: object) -> str:
    """``value`` as a one-line code span: controls escaped, the fence longer than any run
    of backticks it holds, padded with a space when the text starts or ends with one."""
    text = escape_controls(str(value))
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    edge = text[:1] + text[-1:]
    pad = " " if "`" in edge or (text[:1] == " " and text[-1:] == " ") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _loc(loc: Location) -> str:
    return f"{loc.file}:{loc.line}"


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return lines


def _header(report: Report) -> list[str]:
    h = report.header
    title = h.spec_name or "repository"
    source = {
        "spec-prefix": "spec-prefixed commits",
        "story-commits": "commits naming the spec or its stories",
        "diff": "git diff",
        "all": "all tracked files",
    }.get(h.change_set_source, h.change_set_source)
    lines = [f"# Validation report: {cell(title)}", ""]
    if h.spec_name:
        lines.append(f"- **Spec:** {cell(h.spec_name)} ({code(h.spec_path)})")
    else:
        lines.append("- **Spec:** none given (no traceability)")
    lines += [
        f"- **BASE:** {code(h.base)} ({cell(h.base_rule)})",
        f"- **HEAD:** {code(h.head)}" + (" + uncommitted changes" if h.include_dirty else ""),
        f"- **Tool:** ralph-validate {cell(h.tool_version)}",
        f"- **Change set:** {len(h.change_set_files)} file(s) from {source}",
        f"- **LLM pass:** {cell(h.llm)}",
    ]
    lines += [f"- **Note:** {cell(note)}" for note in h.notes]
    if h.change_set_files:
        lines += ["", "<details><summary>Changed files</summary>", ""]
        lines += [f"- {code(f)}" for f in h.change_set_files[:MAX_FILES_IN_HEADER]]
        hidden = len(h.change_set_files) - MAX_FILES_IN_HEADER
        if hidden > 0:
            lines.append(f"- … and {hidden} more (see validation-report.json)")
        lines += ["", "</details>"]
    return lines


def _requirements(report: Report) -> list[str]:
    headers = ("Req", "Requirement", "Implementation", "Test", "Decided by", "Status")
    if not report.requirements:
        why = "no spec given" if not report.has_spec else "the spec declares no requirements"
        return _table(headers, [("—", why, "—", "—", "—", "PASS")])
    rows = [
        (
            r.id,
            r.title,
            ", ".join(_loc(loc) for loc in r.implementation),
            ", ".join(symbol_id(t.file, t.name) for t in r.tests),
            r.decided_by,
            r.status.value,
        )
        for r in report.requirements
    ]
    return _table(headers, rows)


def _contracts(report: Report) -> list[str]:
    headers = ("Q", "Boundary", "Consumer reads", "Producer writes", "Kind", "Status")
    if not report.contracts:
        return _table(headers, [("—", "no boundary to check", "—", "—", "—", "PASS")])
    rows = [
        (
            c.question,
            c.boundary,
            f"{c.consumer.path} @ {c.consumer.file}:{c.consumer.line}" if c.consumer else "—",
            f"{c.producer.path} @ {c.producer.file}:{c.producer.line}" if c.producer else "—",
            c.kind or "—",
            c.status.value,
        )
        for c in report.contracts
    ]
    return _table(headers, rows)


def _tests(report: Report) -> list[str]:
    headers = ("Test", "Location", "Requirements", "Kinds", "Status")
    if not report.tests:
        return _table(headers, [("—", "no test in the change set", "—", "—", "PASS")])
    rows = [
        (
            t.name,
            f"{t.file}:{t.line}",
            ", ".join(t.requirements),
            ", ".join(t.kinds) or "none",
            t.status.value,
        )
        for t in report.tests
    ]
    return _table(headers, rows)


def _finding_line(f: Finding) -> str:
    return f"- {code(f'{f.file}:{f.line}')} {f.kind} ({f.rule}): {cell(f.message)}"


def _findings(findings: Sequence[Finding]) -> list[str]:
    own = [f for f in findings if KINDS[f.kind] == "findings" and not f.pre_existing]
    lines = ["## Findings", ""]
    if own:
        lines += _table(
            ("Kind", "Rule", "Location", "Message", "Status"),
            [(f.kind, f.rule, f"{f.file}:{f.line}", f.message, f.status.value) for f in own],
        )
    else:
        lines.append("No placeholder or scope finding in the change set.")
    tested = [f for f in findings if KINDS[f.kind] == "test-integrity" and not f.pre_existing]
    if tested:
        lines += ["", "### What the test rows found", ""]
        lines += [_finding_line(f) for f in tested]
    old = [f for f in findings if f.pre_existing]
    if old:
        lines += ["", "### Pre-existing at BASE (not caused by this change)", ""]
        lines += [_finding_line(f) for f in old]
    return lines


def _suppression_line(s: Suppression) -> str:
    what = f"exclude {', '.join(s.paths)}" if s.paths else f"ignore[{', '.join(s.rules)}]"
    if s.paths:
        used = "keeps files out of the audit" if s.used else "matches no file"
    else:
        used = "hid a finding" if s.used else "hid nothing"
    reason = cell(s.reason) if s.reason else "no reason given"
    return f"- {code(f'{s.file}:{s.line}')} {s.source} {cell(what)} ({used}): {reason}"


def _suppressions(report: Report) -> list[str]:
    if not report.suppressions:
        return []
    ordered = sorted(report.suppressions, key=Suppression.sort_key)
    return ["", "## Suppressions in effect", "", *(_suppression_line(s) for s in ordered)]


def render_markdown(report: Report) -> str:
    """The whole Markdown report as text with LF newlines and one trailing newline."""
    findings = sorted(report.findings, key=Finding.sort_key)
    summary = report.summary()
    lines = _header(report)
    lines += [
        "",
        f"**Summary:** {summary['PASS']} PASS, {summary['FAIL']} FAIL, "
        f"{summary['UNKNOWN']} UNKNOWN",
        "",
        "## Requirements traceability",
        "",
        *_requirements(report),
        "",
        "## Cross-component integrity",
        "",
        *_contracts(report),
        "",
        "## Integration test integrity",
        "",
        *_tests(report),
        "",
        *_findings(findings),
        *_suppressions(report),
    ]
    return "\n".join(lines) + "\n"
