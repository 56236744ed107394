"""Cross-component integrity: the four contract questions over the field graph (DESIGN §6).

Facts of every analysable file are read (producers often live outside the
change set); the graph wires them and ``validator.contracts.questions`` answers
Q1-Q4 per boundary. A row is goal-caused, and reported, when any file it rests
on is in the change set: the producer's file, the consumer's file, the mock's
file, or a file that declares the wiring between them (the CDK stack, the SAM
template, the ASL definition). Every FAIL/UNKNOWN row is also a finding at its
location: the consumer's read (Q2, Q4), the mock (Q1), the written field (Q3).
"""

from __future__ import annotations

from ralph_validate.validator.context import AnalysisContext, CheckOutput
from ralph_validate.validator.contracts.graph import Wiring, build_graph, collect
from ralph_validate.validator.contracts.questions import Answer, code_answers, machine_answers
from ralph_validate.validator.contracts.rules import RULE_FOR_QUESTION
from ralph_validate.validator.findings import Finding, Status
from ralph_validate.validator.report.model import ContractRow


def answers(ctx: AnalysisContext) -> list[Answer]:
    """Every contract answer of the repository, goal-caused or not."""
    facts = collect(f for f in (ctx.facts.head(p) for p in ctx.facts.files()) if f is not None)
    wiring = Wiring(facts)
    build_graph(facts, wiring)
    return machine_answers(facts, wiring) + code_answers(facts, wiring)


def _sort_key(row: ContractRow) -> tuple[object, ...]:
    consumer = (row.consumer.file, row.consumer.line, row.consumer.path) if row.consumer else ()
    producer = (row.producer.file, row.producer.line, row.producer.path) if row.producer else ()
    return (row.question, row.boundary, consumer, producer, row.status.value, row.reason)


def finding_for(row: ContractRow) -> Finding | None:
    """The finding a non-PASS row stands for, located at the offending line."""
    if row.status is Status.PASS or row.kind is None or row.location is None:
        return None
    return Finding(
        kind=row.kind,
        rule=RULE_FOR_QUESTION[row.question],
        status=row.status,
        file=row.location.file,
        line=row.location.line,
        message=f"{row.boundary}: {row.reason}",
    )


class ContractCheck:
    """Q1 mock drift, Q2 missing field, Q3 unconsumed field, Q4 naming drift."""

    name = "contracts"

    def run(self, ctx: AnalysisContext) -> CheckOutput:
        """Contract rows and findings for the boundaries the change set touches."""
        out = CheckOutput()
        changed = set(ctx.change_set.files)
        rows = {a.row for a in answers(ctx) if a.files & changed}
        for row in sorted(rows, key=_sort_key):
            out.contracts.append(row)
            finding = finding_for(row)
            if finding is not None:
                out.findings.append(finding)
        return out
