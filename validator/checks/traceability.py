"""The Requirements traceability table: one row per requirement (DESIGN §6, §7).

The tracer gathers each requirement's evidence (``validator/trace/``): implementing
code, covering tests with those test integrity flagged apart, promised files missing
at HEAD. The trace rules (``validator/rules/trace/``) decide the rows from it:
unimplemented is FAIL, implemented without an honest test UNKNOWN, else PASS.

Every row is ``decided_by: analysis``; the optional LLM pass may later fill
UNKNOWN rows only. Agent self-reports never reach this check: the fact store
does not serve never-read files.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...core.errors import InputError
from ...core.git import Git
from ...core.specs.model import Requirement
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding, Status
from ..report.model import RequirementRow
from ..rules import rule_named, rules_of
from ..rules.trace.rows import RequirementTable, RowRule, TraceRule
from ..trace.artefacts import alike, named_paths
from ..trace.artefacts import present as _named_present
from ..trace.commits import files_by_task
from ..trace.evidence import Evidence, Tracer, classify
from ..trace.observed import RequirementEvidence, requirement_evidence
from ..trace.scope import SpecScope, claimed_by_others, read_set, spec_scope

_CREATED = re.compile(r"^Created\s+`?(?P<path>[^`\s]+)`?(?:\s+.*)?$")

# Implementation evidence on the line of a flagged stub does not count.
STUB = "stub-body"
# A requirements file with text but no requirement read.
NOT_READ = "requirements-not-read"


def _trace_rules() -> list[TraceRule]:
    return [r for r in rules_of("trace") if isinstance(r, TraceRule)]


def _row_rules() -> list[RowRule]:
    return [r for r in rules_of("trace") if isinstance(r, RowRule)]


def judge_requirements(evidence: list[RequirementEvidence]) -> list[RequirementRow]:
    """The row of every requirement, as the trace rules decide it from its evidence."""
    table = RequirementTable()
    for rule in _trace_rules():
        table.run(rule, evidence)
    return table.rows(evidence)


def requirement_findings(rows: list[RequirementRow]) -> list[Finding]:
    """The findings the non-PASS requirement rows stand for, worded by the trace rule of
    each row's kind (also after the LLM pass changed a row)."""
    return [f for row in rows for rule in _row_rules() if (f := rule.row_finding(row))]


def created_paths(req: Requirement) -> list[str]:
    """Paths a ralph-loop ``Created <path>`` acceptance criterion promises."""
    found = [_CREATED.match(c.text.strip()) for c in req.criteria]
    return [m.group("path") for m in found if m is not None]


def _scope(ctx: AnalysisContext, commit_files: dict[str, list[str]]) -> SpecScope:
    """The spec's own files: its change set and the files of its tasks' commits."""
    assert ctx.spec is not None
    task_files = sorted({p for paths in commit_files.values() for p in paths})
    try:
        return spec_scope(
            ctx.facts.git,
            ctx.spec,
            ctx.change_set.base,
            ctx.change_set.files,
            task_files,
            _tracked(ctx),
        )
    except InputError:  # unreadable history: the change set alone
        return SpecScope("", "", frozenset(ctx.change_set.files) | set(task_files))


def _tracked(ctx: AnalysisContext) -> list[str]:
    tracked = getattr(ctx.facts, "tracked", None)
    return list(tracked) if tracked is not None else list(ctx.facts.files())


def _files_to_read(
    ctx: AnalysisContext, commit_files: dict[str, list[str]], readable: list[str]
) -> list[str]:
    """Every analysable file for ``--all``; else the change set, the files of the spec's
    task commits, and what they import."""
    if ctx.change_set.source == "all":
        return readable
    roots = set(ctx.change_set.files) | {p for paths in commit_files.values() for p in paths}
    return read_set(roots, readable, ctx.facts.head)


def _present(ctx: AnalysisContext) -> frozenset[str]:
    files = set(_tracked(ctx))
    if ctx.change_set.include_dirty:
        files |= set(ctx.change_set.files)
    return frozenset(files)


def _exists(ctx: AnalysisContext, git: Git, path: str) -> bool:
    if ctx.change_set.include_dirty and (ctx.repo / path).is_file():
        return True
    return git.show("HEAD", path) is not None


def _outside_evidence(
    ctx: AnalysisContext, scope: SpecScope, stubs: set[tuple[str, int]]
) -> dict[str, Evidence]:
    """Where each requirement is implemented in the files only commits outside the change
    set changed (they name neither the spec nor a story of it)."""
    assert ctx.spec is not None
    paths = set(ctx.change_set.outside) - set(ctx.change_set.files)
    if not paths:
        return {}
    try:
        paths -= claimed_by_others(ctx.facts.git, ctx.change_set.base, scope)
    except InputError:  # unreadable history: no other spec's work is told apart
        return {}
    files = []
    graph = {}
    for path in sorted(paths):
        facts = ctx.facts.head(path)
        if facts is None:
            continue
        graph[path] = facts
        classified = classify(path, facts, ctx.spec)
        if classified is not None:
            files.append(classified)
    own = replace(scope, files=scope.files | frozenset(graph), reached=frozenset(graph))
    tracer = Tracer(ctx.spec, files, own, graph)
    tracer.add_implementation()
    for evidence in tracer.evidence.values():
        evidence.implementation = [
            h for h in evidence.implementation if (h.file, h.line) not in stubs
        ]
    return {rid: ev for rid, ev in tracer.evidence.items() if ev.implementation}


class TraceabilityCheck:
    """Trace every requirement of the spec to code and honest tests."""

    name = "traceability"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Rows and findings for every requirement; nothing without a spec."""
        out = CheckOutput()
        spec = ctx.spec
        if spec is None:
            return out
        unread = list(spec.requirements_unread)
        if unread:
            table = RequirementTable()
            out.findings.extend(rule_named(NOT_READ).detect(unread, table))
            out.requirements.extend(table.extra())
        if not spec.requirements:
            return out
        commit_files: dict[str, list[str]] = {}
        if ctx.change_set.commits:
            try:
                commit_files = files_by_task(ctx.facts.git, spec, ctx.change_set.commits)
            except InputError:
                commit_files = {}  # unreadable history weakens the evidence, never stops the audit
        scope = _scope(ctx, commit_files)
        readable = list(ctx.facts.files())
        scope = replace(scope, reached=frozenset(read_set(scope.files, readable, ctx.facts.head)))
        files = []
        graph = {}
        for path in _files_to_read(ctx, commit_files, readable):
            facts = ctx.facts.head(path)
            if facts is None:
                continue
            graph[path] = facts
            classified = classify(path, facts, spec)
            if classified is not None:
                files.append(classified)
        tracer = Tracer(spec, files, scope, graph)
        tracer.add_implementation()
        # A stub is no implementation: evidence on a flagged stub's line does not count.
        stub_kind = rule_named(STUB).kind
        stubs = {(f.file, f.line) for f in ctx.so_far.findings if f.kind == stub_kind}
        for evidence in tracer.evidence.values():
            evidence.implementation = [
                h for h in evidence.implementation if (h.file, h.line) not in stubs
            ]
        tracer.add_task_commits(commit_files)
        tracer.add_tests()
        flagged = {(t.file, t.line) for t in ctx.so_far.tests if t.status is not Status.PASS}
        git = ctx.facts.git
        present = _present(ctx)
        outside = _outside_evidence(ctx, scope, stubs)
        evidence = []
        for req in spec.requirements:
            missing = [p for p in named_paths(req) if not _named_present(p, present)]
            evidence.append(
                requirement_evidence(
                    req,
                    tracer.evidence[req.id],
                    flagged,
                    [p for p in created_paths(req) if not _exists(ctx, git, p)],
                    missing,
                    outside.get(req.id),
                    tracer.unread_work(req.id),
                    tuple((p, found) for p in missing if (found := alike(p, present))),
                )
            )
        out.requirements.extend(judge_requirements(evidence))
        out.findings.extend(requirement_findings(out.requirements))
        return out
