"""One audit, start to end: repo, config, spec, change set, facts, checks, LLM pass, report."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.git import Git
from ..core.llm import DEFAULT_TIME_BUDGET, LlmClient, api_key_available, resolve_model
from ..core.specs import find_spec
from ..core.specs.model import Spec
from ..core.version import __version__
from ..extractors.facts import ExtractionError, symbol_name
from .changeset import compute_change_set
from .checks import CHECKS
from .checks.contracts import finding_for as contract_finding
from .checks.traceability import requirement_findings
from .config import load_config
from .context import AnalysisContext, ChangeSet, CheckOutput
from .factstore import FactStore, user_cache_dir
from .findings import KINDS, Finding, Status
from .llm_evidence import CitationSources, StoreSources
from .llm_pass import LlmLimits, run_llm_pass
from .report.model import (
    ContractRow,
    Header,
    Report,
    RequirementRow,
    TestRow,
)
from .suppressions_in_effect import base_config, resolve
from .vendored import Skipped, find_skipped

# The leading bytes in which a generated file's header comment is looked for.
_HEAD_BYTES = 2048


@dataclass(frozen=True)
class AuditOptions:
    """What one ``ralph-validate`` run was asked to do."""

    repo: Path
    spec: str | None = None
    base: str | None = None
    include_dirty: bool = False
    all_files: bool = False
    include_vendored: bool = False
    jobs: int | None = None
    cache: bool = True
    llm: bool = False
    llm_replay: bool = False
    llm_model: str | None = None
    llm_max_cells: int | None = None
    llm_max_tokens: int | None = None
    llm_time_limit: float | None = None  # seconds; None: the client's default


def natural_key(value: str) -> tuple[object, ...]:
    """Sort ``1.2`` before ``1.10`` and ``US-2`` before ``US-10``."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", value))


def llm_cache_dir() -> Path:
    """Where LLM answers are kept for ``--llm-replay``: the per-user cache folder, never the
    audited repository (an agent writing there could plant answers)."""
    return user_cache_dir() / "llm"


def _llm_state(opts: AuditOptions, injected: LlmClient | None) -> tuple[str, LlmClient | None]:
    """(header text, client or None). A replay says what the live run it replays said,
    so that both write the same bytes."""
    model = injected.model if injected is not None else resolve_model(opts.llm_model)
    if not opts.llm:
        return "off (not requested; --llm turns it on)", None
    if injected is not None:
        return f"on (model {model})", injected
    cache = llm_cache_dir()
    if opts.llm_replay:
        return f"on (model {model})", LlmClient(model=model, cache_dir=cache, replay=True)
    if not api_key_available():
        return "off (no ANTHROPIC_API_KEY)", None
    limit = DEFAULT_TIME_BUDGET if opts.llm_time_limit is None else opts.llm_time_limit
    return f"on (model {model})", LlmClient(model=model, cache_dir=cache, time_budget=limit)


def _sorted_report(report: Report) -> Report:
    return replace(
        report,
        requirements=tuple(sorted(report.requirements, key=lambda r: natural_key(r.id))),
        contracts=tuple(
            sorted(
                report.contracts,
                key=lambda c: (
                    c.question,
                    c.boundary,
                    (c.consumer.file, c.consumer.line, c.consumer.path) if c.consumer else (),
                    (c.producer.file, c.producer.line, c.producer.path) if c.producer else (),
                ),
            )
        ),
        tests=tuple(sorted(report.tests, key=lambda t: (t.file, t.line, t.name))),
        findings=tuple(sorted(set(report.findings), key=Finding.sort_key)),
    )


def _apply_llm(
    spec: Spec,
    out: CheckOutput,
    client: LlmClient,
    sources: CitationSources,
    limits: LlmLimits,
) -> None:
    rows: list[RequirementRow] = run_llm_pass(spec, out.requirements, client, sources, limits)
    out.requirements = rows
    out.findings = [f for f in out.findings if not f.kind.startswith("trace.")]
    out.findings += requirement_findings(rows)


def run_audit(
    opts: AuditOptions,
    progress: Callable[[int, int], None] | None = None,
    llm_client: LlmClient | None = None,
) -> Report:
    """Run every check and return the report (nothing is written here).

    ``llm_client`` replaces the client ``--llm`` would build (a different transport)."""
    git = Git.open(opts.repo, snapshot=True)
    repo = git.root
    config = load_config(repo)
    spec = find_spec(repo, opts.spec) if opts.spec else None
    change: ChangeSet = compute_change_set(
        git,
        spec.name if spec else None,
        base=opts.base,
        include_dirty=opts.include_dirty,
        all_files=opts.all_files,
        spec=spec,
    )
    store = FactStore(
        git, config, change.base, worktree=opts.include_dirty, cache=opts.cache, jobs=opts.jobs
    )
    skipped = Skipped()
    if not (opts.include_vendored or config.include_vendored):
        skipped = vendored_files(git, store, change.files)
        store.leave_out(skipped.paths())
    left_out = skipped.paths()
    files = tuple(f for f in change.files if not config.is_excluded(f) and f not in left_out)
    change = replace(change, files=files)
    everything = list(store.files())
    chunk = 256
    for start in range(0, len(everything), chunk):
        store.prefetch(everything[start : start + chunk])
        if progress is not None:
            progress(min(start + chunk, len(everything)), len(everything))
    ctx = AnalysisContext(repo=repo, spec=spec, change_set=change, config=config, facts=store)
    for check in CHECKS:
        ctx.so_far.extend(check.run(ctx))
    llm_text, client = _llm_state(replace(opts, repo=repo), llm_client)
    if client is not None and spec is not None:
        limits = LlmLimits(opts.llm_max_cells, opts.llm_max_tokens)
        _apply_llm(spec, ctx.so_far, client, StoreSources(store), limits)
    notes = list(change.notes) + ctx.so_far.notes
    skipped_note = skipped.note()
    if skipped_note is not None:
        notes.append(skipped_note)
    if store.skipped:
        kinds = sorted(set(store.skipped.values()))
        notes.append(f"{len(store.skipped)} file(s) not parsed ({', '.join(kinds)})")
    failed = extraction_errors(store)
    if failed:
        where = ", ".join(failed[:5]) + (", ..." if len(failed) > 5 else "")
        notes.append(f"{len(failed)} file(s) only partly analysed (an extractor failed: {where})")
    base_settings, _ = base_config(git, change)
    resolution = resolve(
        ctx.so_far.findings, store.head, change.files, config, base_settings, list(store.tracked)
    )
    findings = resolution.kept
    tests = [_retest(t, findings) for t in ctx.so_far.tests]
    tests += orphan_rows(tests, findings)
    contracts = kept_contract_rows(ctx.so_far.contracts, findings)
    header = Header(
        spec_name=spec.name if spec else None,
        spec_path=spec.path if spec else None,
        base=change.base,
        base_rule=change.base_rule,
        head=change.head,
        tool_version=__version__,
        change_set_source=change.source,
        change_set_files=change.files,
        llm=llm_text,
        include_dirty=opts.include_dirty,
        notes=tuple(notes),
    )
    report = Report(
        header=header,
        requirements=tuple(ctx.so_far.requirements),
        contracts=tuple(contracts),
        tests=tuple(tests),
        findings=tuple(findings),
        has_spec=spec is not None,
        suppressions=tuple(resolution.suppressions),
        suppressed=tuple(resolution.hidden),
    )
    return _sorted_report(report)


def vendored_files(git: Git, store: FactStore, changed: tuple[str, ...]) -> Skipped:
    """The tracked (and changed) files that are vendored or generated. Only the files the
    audit would parse are opened, and only their first bytes matter."""
    readable = set(store.files()) | set(changed)

    def read_head(path: str) -> bytes | None:
        data = store.head_bytes(path) if path in readable else None
        return data[:_HEAD_BYTES] if data is not None else None

    return find_skipped(set(store.tracked) | set(changed), git.tracked_ignored(), read_head)


def kept_contract_rows(rows: list[ContractRow], findings: list[Finding]) -> list[ContractRow]:
    """The contract rows whose finding survived suppression, rule selection and exclusion
    (a suppressed read must not stay FAIL in the table the gate reads); PASS rows stay."""
    kept = {(f.kind, f.file, f.line, f.message) for f in findings}
    out = []
    for row in rows:
        finding = contract_finding(row)
        if finding is None or (finding.kind, finding.file, finding.line, finding.message) in kept:
            out.append(row)
    return out


def extraction_errors(store: FactStore) -> list[str]:
    """``file (extractor: error)`` for every file an extractor failed on, sorted."""
    out = []
    for path in store.files():
        facts = store.head(path)
        for error in facts.of_type(ExtractionError) if facts is not None else ():
            out.append(f"{path} ({error.extractor.rsplit('.', 1)[-1]}: {error.error})")
    return sorted(out)


def covers(finding: Finding, row: TestRow) -> bool:
    """Whether a test-integrity finding belongs to a test row: the test's own finding, or one
    on what encloses it (a skipped class or ``describe``, a module-wide ``pytestmark``)."""
    if finding.file != row.file:
        return False
    if finding.symbol == row.file:
        return True
    if not finding.symbol:
        return False
    own = symbol_name(finding.symbol)
    return row.name == own or row.name.startswith((own + "::", own + " > "))


def _retest(row: TestRow, findings: list[Finding]) -> TestRow:
    """A test row recomputed from the findings that survived suppression and rule selection."""
    mine = [
        f
        for f in findings
        if KINDS[f.kind] == "test-integrity" and not f.pre_existing and covers(f, row)
    ]
    statuses = {f.status for f in mine}
    status = Status.FAIL if Status.FAIL in statuses else Status.UNKNOWN if statuses else Status.PASS
    return replace(row, status=status, kinds=tuple(sorted({f.kind for f in mine})))


def orphan_rows(rows: list[TestRow], findings: list[Finding]) -> list[TestRow]:
    """A row for every goal-caused test-integrity finding that no test row holds (a skip on a
    class or module with no test left in the change set): every FAIL of the JSON report must
    be a cell the gate reads (DESIGN §6)."""
    orphans: dict[tuple[str, str, int], list[Finding]] = {}
    for f in findings:
        if KINDS[f.kind] != "test-integrity" or f.pre_existing:
            continue
        if any(covers(f, row) for row in rows):
            continue
        name = symbol_name(f.symbol) if f.symbol and f.symbol != f.file else f.file
        orphans.setdefault((f.file, name, f.line), []).append(f)
    out = []
    for (file, name, line), found in sorted(orphans.items()):
        statuses = {f.status for f in found}
        status = Status.FAIL if Status.FAIL in statuses else Status.UNKNOWN
        kinds = tuple(sorted({f.kind for f in found}))
        out.append(TestRow(file=file, name=name, line=line, status=status, kinds=kinds))
    return out


def threshold_reached(report: Report, fail_on: str | None) -> bool:
    """True when ``--fail-on fail|unknown`` is met by a goal-caused cell."""
    if fail_on is None:
        return False
    counts = report.summary()
    if counts[Status.FAIL.value]:
        return True
    return fail_on == "unknown" and counts[Status.UNKNOWN.value] > 0


def default_out(repo: Path, report: Report) -> Path:
    """The spec folder (a file spec: its folder), else the repository root."""
    spec_path = report.header.spec_path
    if not spec_path or spec_path == ".":
        return repo
    return repo / spec_path


def stderr_is_tty() -> bool:
    """True when progress may be drawn (an interactive terminal, NO_COLOR aside)."""
    return sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
