"""The Requirements traceability table: one row per requirement (DESIGN §6, §7).

- no implementing production code → FAIL (``trace.unimplemented``);
- implemented, but no covering test that test integrity left unflagged →
  UNKNOWN (``trace.untested``);
- implemented and covered by an honest test → PASS.

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
from ...extractors.facts import symbol_id
from ..context import AnalysisContext, CheckOutput
from ..findings import Finding, Status
from ..report.model import Location, RequirementRow, TestRef, TestRow
from ..rules import rule_named, rules_of
from ..trace.commits import files_by_task
from ..trace.evidence import Evidence, Tracer, classify

_CREATED = re.compile(r"^Created\s+`?(?P<path>[^`\s]+)`?(?:\s+.*)?$")
MAX_IMPLEMENTATION_CELLS = 3  # the strongest few locations; the JSON row lists the same
MAX_TEST_CELLS = 5


# The rules a row's status stands for; the row carries the rule's kind.
UNIMPLEMENTED = "requirement-unimplemented"
UNTESTED = "requirement-untested"
STUB = "stub-body"


def _row(
    req: Requirement, evidence: Evidence, flagged: dict[tuple[str, int], TestRow]
) -> RequirementRow:
    hits = sorted(evidence.implementation, key=lambda h: (-h.strength, h.file, h.line))
    seen: set[str] = set()
    implementation: list[Location] = []
    for hit in hits:
        if hit.file not in seen:
            seen.add(hit.file)
            implementation.append(Location(hit.file, hit.line))
    implementation = implementation[:MAX_IMPLEMENTATION_CELLS]
    honest = sorted(c for c in evidence.tests if (c.file, c.line) not in flagged)
    dishonest = sorted(c for c in evidence.tests if (c.file, c.line) in flagged)
    tests = tuple(TestRef(c.file, c.name, c.line) for c in honest[:MAX_TEST_CELLS])
    if not implementation:
        status, kind = Status.FAIL, rule_named(UNIMPLEMENTED).kind
        reason = f"no production code names requirement {req.id} or matches its terms"
    elif not honest:
        status, kind = Status.UNKNOWN, rule_named(UNTESTED).kind
        if dishonest:
            names = ", ".join(symbol_id(c.file, c.name) for c in dishonest[:MAX_TEST_CELLS])
            reason = f"implemented; its only covering tests are flagged by test integrity: {names}"
        else:
            reason = "implemented; no test covers it"
    else:
        status, kind, reason = Status.PASS, None, "implemented and covered by an honest test"
    return RequirementRow(
        id=req.id,
        title=req.title,
        status=status,
        implementation=tuple(implementation),
        tests=tests,
        decided_by="analysis",
        reason=reason,
        file=req.file,
        line=req.line,
        kind=kind,
    )


def requirement_findings(rows: list[RequirementRow]) -> list[Finding]:
    """The findings the trace rules give for the non-PASS requirement rows."""
    return [f for rule in rules_of("trace") for f in rule.detect(rows, None)]


def created_paths(req: Requirement) -> list[str]:
    """Paths a ralph-loop ``Created <path>`` acceptance criterion promises."""
    found = [_CREATED.match(c.text.strip()) for c in req.criteria]
    return [m.group("path") for m in found if m is not None]


def _exists(ctx: AnalysisContext, git: Git, path: str) -> bool:
    if ctx.change_set.include_dirty and (ctx.repo / path).is_file():
        return True
    return git.show("HEAD", path) is not None


class TraceabilityCheck:
    """Trace every requirement of the spec to code and honest tests."""

    name = "traceability"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Rows and findings for every requirement; nothing without a spec."""
        out = CheckOutput()
        spec = ctx.spec
        if spec is None or not spec.requirements:
            return out
        files = []
        for path in ctx.facts.files():
            facts = ctx.facts.head(path)
            if facts is None:
                continue
            classified = classify(path, facts, spec)
            if classified is not None:
                files.append(classified)
        tracer = Tracer(spec, files)
        tracer.add_implementation()
        # A stub is no implementation: evidence on a flagged stub's line does not count.
        stub_kind = rule_named(STUB).kind
        stubs = {(f.file, f.line) for f in ctx.so_far.findings if f.kind == stub_kind}
        for evidence in tracer.evidence.values():
            evidence.implementation = [
                h for h in evidence.implementation if (h.file, h.line) not in stubs
            ]
        commit_files: dict[str, list[str]] = {}
        if ctx.change_set.commits:
            try:
                commit_files = files_by_task(Git.open(ctx.repo), spec, ctx.change_set.commits)
            except InputError:
                commit_files = {}  # unreadable history weakens the evidence, never stops the audit
        tracer.add_task_commits(commit_files)
        tracer.add_tests()
        flagged = {(t.file, t.line): t for t in ctx.so_far.tests if t.status is not Status.PASS}
        git = Git.open(ctx.repo)
        for req in spec.requirements:
            row = _row(req, tracer.evidence[req.id], flagged)
            missing = [p for p in created_paths(req) if not _exists(ctx, git, p)]
            if missing:
                row = replace(
                    row,
                    status=Status.FAIL,
                    kind=rule_named(UNIMPLEMENTED).kind,
                    reason=f"acceptance criterion says Created {missing[0]}; no such file at HEAD",
                )
            out.requirements.append(row)
        out.findings.extend(requirement_findings(out.requirements))
        return out
