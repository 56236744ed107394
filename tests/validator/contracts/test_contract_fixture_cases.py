"""Every contract fixture case, buggy and fixed, through the real facts and the real check.

Each case's ``expected.json`` lists the FAIL findings (kind, file, line) the buggy
variant must produce; the fixed variant must produce none. The comparison is
exact, so an extra finding fails as surely as a missing one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ralph_validate.validator.rules import rules_of

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "contracts"

CASES = sorted(
    (case.name, variant)
    for case in FIXTURES.iterdir()
    if (case / "expected.json").is_file()
    for variant in ("buggy", "fixed")
    if (case / variant).is_dir()
)


def _expected(case: str, variant: str) -> set[tuple[str, str, int]]:
    data = json.loads((FIXTURES / case / "expected.json").read_text(encoding="utf-8"))
    return {(f["kind"], f["file"], f["line"]) for f in data[variant]}


@pytest.mark.parametrize(("case", "variant"), CASES)
def test_fail_findings_match_the_annotated_expectation(contract_case, case, variant) -> None:
    result = contract_case(case, variant)
    assert result.fails() == _expected(case, variant)


@pytest.mark.parametrize("case", sorted({c for c, v in CASES if v == "fixed"}))
def test_the_fixed_variant_has_no_fail_at_all(contract_case, case) -> None:
    result = contract_case(case, "fixed")
    assert [r for r in result.output.contracts if r.status.value == "FAIL"] == []


def test_every_non_pass_row_is_a_finding_at_its_location_with_its_rule(contract_case) -> None:
    result = contract_case("ts-cdk-nodejs", "buggy")
    rows = [r for r in result.output.contracts if r.status.value != "PASS"]
    findings = {(f.kind, f.rule, f.status, f.file, f.line) for f in result.output.findings}
    assert rows
    for row in rows:
        assert row.location is not None
        rule = next(r for r in rules_of("contract") if r.question == row.question)
        key = (row.kind, rule.id, row.status, *vars(row.location).values())
        assert key in findings


def test_the_motivating_bug_is_reported_at_the_choice_and_at_the_mock(contract_case) -> None:
    rows = contract_case("ts-cdk-nodejs", "buggy").output.contracts
    missing = [r for r in rows if r.question == 2 and r.status.value == "FAIL"]
    assert [(r.boundary, r.consumer.path, r.producer.path) for r in missing] == [
        ("Count -> DidCountPass", "countResult.Payload.passed", "Payload.details.passed")
    ]
    assert missing[0].location.file == "lib/pipeline-stack.ts"
    assert missing[0].location.line == 26
    drift = [r for r in rows if r.question == 1]
    assert [(r.status.value, r.location.file, r.location.line) for r in drift] == [
        ("FAIL", "test/MockConfigFile.json", 18)
    ]


def test_fields_that_reach_the_execution_output_unread_are_unknown_not_fail(contract_case) -> None:
    rows = contract_case("ts-cdk-nodejs", "fixed").output.contracts
    unread = sorted((r.producer.path, r.status.value) for r in rows if r.question == 3)
    assert unread == [("Payload.details.count", "UNKNOWN"), ("Payload.success", "UNKNOWN")]


def test_a_function_the_stack_cannot_name_gives_unknown_reads(contract_case) -> None:
    rows = contract_case("cdk-unresolved", "fixed").output.contracts
    assert sorted((r.consumer.path, r.status.value) for r in rows) == [
        ("check.Payload.ok", "UNKNOWN"),
        ("shared.Payload.level", "UNKNOWN"),
    ]


def test_a_read_under_an_existence_check_is_not_missing(contract_case) -> None:
    rows = contract_case("py-private-guards", "fixed").output.contracts
    proxy = [r for r in rows if r.consumer is not None and r.consumer.path == "proxy"]
    assert [(r.question, r.status.value) for r in proxy] == [(2, "PASS")]
    assert "existence check" in proxy[0].reason


def test_rows_are_the_same_on_every_run(contract_case) -> None:
    first = contract_case("sam-asl-json", "buggy").output
    second = contract_case("sam-asl-json", "buggy").output
    assert first.contracts == second.contracts
    assert first.findings == second.findings


_HELPER_HANDLERS = {
    "cdk-ts-helpers": {
        "ValidateOrder": "handlers/validate.ts",  # a module-level factory
        "PriceOrder": "handlers/price.ts",  # a construct class keeping its function
        "ShipOrder": "handlers/ship.ts",  # a class that is the function
        "CheckStock": "handlers/stock.ts",  # a loop over a constant array
        "NotifyCustomer": "handlers/notify.ts",  # a method of the stack
    },
    "cdk-py-helpers": {
        "ValidateOrder": "lambdas/validate/index.py",  # a module-level factory
        "PriceOrder": "lambdas/price/index.py",  # a method of the stack
        "ShipOrder": "lambdas/ship/index.py",  # a construct class keeping its function
        "CheckStock": "lambdas/stock/index.py",  # a loop over a constant list
    },
}


@pytest.mark.parametrize("case", sorted(_HELPER_HANDLERS))
def test_functions_built_through_helpers_are_wired_to_their_handlers(contract_case, case) -> None:
    """Each task's read is answered by the handler its helper builds, PASS when fixed."""
    rows = contract_case(case, "fixed").output.contracts
    reads = {
        r.boundary.split(" -> ")[0]: (r.producer.file if r.producer else None, r.status.value)
        for r in rows
        if r.question == 2
    }
    assert reads == {task: (file, "PASS") for task, file in _HELPER_HANDLERS[case].items()}


def test_a_machine_the_engine_cannot_check_is_never_silent(contract_case) -> None:
    """Tasks whose functions are not known and nothing reads, and JSONata states, each get
    an UNKNOWN row saying why instead of "no boundary to check"."""
    rows = contract_case("cdk-unchecked-machines", "fixed").output.contracts
    found = sorted((r.question, r.boundary, r.status.value, r.reason) for r in rows)
    assert found == [
        (
            2,
            "Summary (JSONata)",
            "UNKNOWN",
            "state Summarize uses JSONata expressions, whose reads are not checked",
        ),
        (
            3,
            "Audit -> Collection",
            "UNKNOWN",
            "what the function returns is not known: the code of function construct AuditFn "
            "(built in fromEnvironment()) is not known",
        ),
        (
            3,
            "Collect -> Collection",
            "UNKNOWN",
            "what the function returns is not known: the function comes from makeWorker() of "
            "./workers, defined in another file",
        ),
    ]
