"""Only boundaries the change set touches are reported (goal-caused rows)."""

from __future__ import annotations

ALL_FILES = (
    "lambda/count.ts",
    "lib/pipeline-stack.ts",
    "test/MockConfigFile.json",
)


def test_a_boundary_untouched_by_the_change_set_is_not_reported(contract_case) -> None:
    result = contract_case("ts-cdk-nodejs", "buggy", untouched=ALL_FILES)
    assert result.output.contracts == []
    assert result.output.findings == []


def test_a_changed_handler_brings_its_state_machine_boundary_into_the_report(
    contract_case,
) -> None:
    untouched = ("lib/pipeline-stack.ts", "test/MockConfigFile.json")
    result = contract_case("ts-cdk-nodejs", "buggy", untouched=untouched)
    assert ("contract.missing-field", "lib/pipeline-stack.ts", 26) in result.fails()


def test_a_changed_mock_alone_brings_only_the_rows_that_rest_on_it(contract_case) -> None:
    untouched = ("lambda/count.ts", "lib/pipeline-stack.ts")
    result = contract_case("ts-cdk-nodejs", "buggy", untouched=untouched)
    assert result.fails() == {("contract.mock-drift", "test/MockConfigFile.json", 18)}
