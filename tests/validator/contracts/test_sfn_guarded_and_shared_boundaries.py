"""Through the real check: guarded reads, Parallel results read by branch index and template
lines give their rows, and a shared function or an unclear guard makes a row UNKNOWN rather
than FAIL."""

from __future__ import annotations


def test_guards_parallel_indices_and_template_lines_through_the_check(contract_case) -> None:
    rows = contract_case("sam-sub-parallel-guards", "buggy").output.contracts
    q2 = sorted(
        (r.consumer.line, r.consumer.path, r.status.value, r.producer.file if r.producer else "")
        for r in rows
        if r.question == 2 and r.consumer is not None and r.boundary.endswith("-> Route")
    )
    assert q2 == [
        (41, "checks[0].shortage.note", "PASS", "handlers/stock.js"),  # earlier IsPresent false
        (44, "checks[1].inStock", "FAIL", "handlers/fraud.js"),  # branch 1 is the fraud check
        (45, "checks[0].flags.manual", "FAIL", "handlers/stock.js"),
        (49, "checks[1].reason", "FAIL", "handlers/fraud.js"),
    ]
    fixed = contract_case("sam-sub-parallel-guards", "fixed").output.contracts
    reasons = {
        (r.consumer.line, r.status.value, r.reason)
        for r in fixed
        if r.question == 2 and r.consumer is not None and r.consumer.line == 49
    }
    assert reasons == {(49, "PASS", "missing, but only read under an existence check")}


def test_a_shared_function_makes_q3_unknown_and_an_unclear_guard_is_unknown(
    contract_case,
) -> None:
    def rows(variant: str, question: int) -> list[tuple[str, str]]:
        out = contract_case("cdk-py-guards-shared", variant).output.contracts
        return sorted((r.status.value, r.reason) for r in out if r.question == question)

    unconsumed = rows("fixed", 3)
    assert [s for s, _ in unconsumed] == ["UNKNOWN", "UNKNOWN"]
    assert all("also invoked outside it" in why for _, why in unconsumed)
    assert [s for s, _ in rows("buggy", 3)] == ["FAIL", "FAIL"]
    unclear = rows("unclear-guard", 2)
    assert ("UNKNOWN", "read under an existence check whose path is not understood") in unclear
    assert "FAIL" not in [s for s, _ in unclear]


def test_a_template_function_with_events_makes_q3_unknown(contract_case) -> None:
    def q3(variant: str) -> list[tuple[str, str]]:
        rows = contract_case("sam-events-shared", variant).output.contracts
        return sorted((r.producer.path, r.status.value) for r in rows if r.question == 3)

    assert q3("buggy") == [("Payload.details.count", "FAIL"), ("Payload.success", "FAIL")]
    assert q3("fixed") == [("Payload.details.count", "UNKNOWN"), ("Payload.success", "UNKNOWN")]
