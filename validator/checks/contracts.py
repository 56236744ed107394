"""Cross-component integrity: the four contract questions over the field graph (DESIGN §6).

Facts of every analysable file are read (producers often live outside the
change set); the graph wires them and the engine (``validator.contracts``) observes
every boundary; the contract rules (``validator/rules/contract/``) judge the
observations, one question each, into rows. A row is goal-caused, and reported, when
any file it rests on is in the change set: the producer's file, the consumer's file,
the mock's file, or a file that declares the wiring between them (the CDK stack, the
SAM template, the ASL definition). Every FAIL/UNKNOWN row is also a finding at its
location: the consumer's read (Q2, Q4), the mock (Q1), the written field (Q3).
A finding the same question also gives at BASE (the changed files as they were) is
``pre_existing``: listed, but not a row of the table, since the goal did not cause it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...extractors.facts import FileFacts
from ..baseline import baseline_key, compare_with_base
from ..context import AnalysisContext, CheckOutput
from ..contracts.aws_models import sdk_observations
from ..contracts.code_boundaries import code_observations
from ..contracts.graph import Wiring, build_graph, collect
from ..contracts.machine_boundaries import machine_observations
from ..contracts.observations import Observation
from ..findings import Finding
from ..report.model import ContractRow
from ..rules import rules_of
from ..rules.contract.rows import Answer, ContractRule, ContractTable


def observations_of(all_facts: Iterable[FileFacts | None]) -> list[Observation]:
    """Every boundary the engine observes in one version of the repository's facts."""
    present = [f for f in all_facts if f is not None]
    facts = collect(present)
    wiring = Wiring(facts)
    graph = build_graph(facts, wiring)
    return (
        machine_observations(facts, wiring)
        + code_observations(facts, wiring, graph)
        + sdk_observations(present)
    )


def _contract_rules() -> list[ContractRule]:
    return [r for r in rules_of("contract") if isinstance(r, ContractRule)]


def judge(observations: Iterable[Observation]) -> list[Answer]:
    """The rows every contract rule answers over ``observations``."""
    seen = list(observations)
    table = ContractTable()
    for rule in _contract_rules():
        table.run(rule, seen)
    return table.answers


def answers_of(all_facts: Iterable[FileFacts | None]) -> list[Answer]:
    """Every contract answer over one version of the repository's facts."""
    return judge(observations_of(all_facts))


def answers(ctx: AnalysisContext) -> list[Answer]:
    """Every contract answer of the repository at HEAD, goal-caused or not."""
    return answers_of(ctx.facts.head(p) for p in ctx.facts.files())


def base_answers(ctx: AnalysisContext) -> list[Answer]:
    """The answers at BASE: changed files as they were there, every other file as it is."""
    changed = set(ctx.change_set.files)
    head_files = list(ctx.facts.files())
    versions = [ctx.facts.base(p) if p in changed else ctx.facts.head(p) for p in head_files]
    versions += [ctx.facts.base(p) for p in sorted(changed - set(head_files))]
    return answers_of(versions)


def _sort_key(row: ContractRow) -> tuple[object, ...]:
    consumer = (row.consumer.file, row.consumer.line, row.consumer.path) if row.consumer else ()
    producer = (row.producer.file, row.producer.line, row.producer.path) if row.producer else ()
    return (row.question, row.boundary, consumer, producer, row.status.value, row.reason)


def finding_for(row: ContractRow) -> Finding | None:
    """The finding a non-PASS row stands for, worded by the rule that answered it."""
    findings = (rule.row_finding(row) for rule in _contract_rules())
    return next((f for f in findings if f is not None), None)


class ContractCheck:
    """Q1 mock drift, Q2 missing field, Q3 unconsumed field, Q4 naming drift."""

    name = "contracts"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Contract rows and findings for the boundaries the change set touches."""
        out = CheckOutput()
        changed = set(ctx.change_set.files)
        found = {a.row: a.finding for a in answers(ctx) if a.files & changed}
        before: set[tuple[str, str, str, str]] = set()
        if found and compare_with_base(ctx):
            found_before = (a.finding for a in base_answers(ctx))
            before = {baseline_key(f) for f in found_before if f is not None}
        for row in sorted(found, key=_sort_key):
            finding = found[row]
            if finding is not None and baseline_key(finding) in before:
                # Not goal-caused: listed as pre-existing, kept out of the table.
                out.findings.append(replace(finding, pre_existing=True))
                continue
            out.contracts.append(row)
            if finding is not None:
                out.findings.append(finding)
        return out
