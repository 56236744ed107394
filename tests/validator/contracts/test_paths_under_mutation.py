"""The contract tracer's JSONPath reader and its Step Functions flow on damaged input: a path is
a plain path whose parts can be written and read back, or not a plain path (unknown), never an
exception; a damaged state machine definition gives a machine the flow runs through, or none."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from mutations import examples, mutated

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import (
    UNKNOWN,
    Shape,
    ShapeField,
    StateMachine,
    obj,
    scalar,
    unknown,
)
from ralph_validate.extractors.infra.asl import intrinsic_paths
from ralph_validate.validator.contracts import sfn_flow
from ralph_validate.validator.contracts.shape import (
    MAX_PATH,
    Presence,
    lookup,
    parse_path,
    place,
    select,
)

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "contracts"
PATHS = (
    b"$.order.items[0].price",
    b"$.detail['order-id']",
    b"$$.Execution.Input",
    b"$.items[*].sku",
    b"States.Format('{} of {}', $.name, $.count)",
    b"States.JsonToString($.Payload.body)",
    b"$.a[?(@.b > 1)]",
    b"$[1:3]",
    b"$",
    b"$" + b".a" * 400,
)
DEFINITIONS = {
    "sam/tally.asl.json": FIXTURES / "cdk-jsonata/buggy/sam/tally.asl.json",
    "statemachine/parcel.asl.yaml": FIXTURES
    / "asl-yaml-bare-arn/buggy/statemachine/parcel.asl.yaml",
}
FUZZ = settings(suppress_health_check=[HealthCheck.too_slow])


def _reads_back_or_is_unknown(path: str) -> None:
    parts = parse_path(path)
    if parts is None:
        assert select(obj({"a": ShapeField("a", scalar(), 1)}), path).kind == UNKNOWN
        assert place(obj({}), path, scalar()).kind == UNKNOWN
    else:
        assert all(isinstance(part, str) for part in parts)
        written = place(obj({}), path, scalar(7))
        if "*" not in parts:  # a wildcard names no field to read back
            assert lookup(written, parts).presence is Presence.PRESENT
            assert select(written, path).line == 7
    for read in intrinsic_paths(path):
        assert read.startswith("$") and read in path


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@FUZZ
@given(mutated(PATHS))
def test_a_damaged_path_is_a_plain_path_read_back_or_unknown(data: bytes) -> None:
    """A damaged JSONPath is read as a plain path or as unknown, never an exception."""
    _reads_back_or_is_unknown(data.decode("utf-8", errors="replace"))


@pytest.mark.reliability(cls="crash or hang", outcome="UNKNOWN")
@pytest.mark.parametrize(
    "path",
    ["$" + ".a" * 3_000, "$" + "[0]" * 3_000, "$" + ".a" * 20_000, "$." + "x" * MAX_PATH],
    ids=["3000-fields", "3000-indices", "20000-fields", "one-long-name"],
)
def test_a_path_too_long_to_be_a_state_machines_is_unknown_not_a_recursion_error(
    path: str,
) -> None:
    """A path thousands of segments deep raised RecursionError from the JSONPath parser."""
    assert parse_path(path) is None
    assert select(obj({"a": ShapeField("a", scalar(), 1)}), path).kind == UNKNOWN
    assert place(unknown(), path, scalar()).kind == UNKNOWN


def test_paths_up_to_the_bound_are_still_read() -> None:
    path = "$" + ".a" * ((MAX_PATH - 1) // 2)
    parts = parse_path(path)
    assert parts is not None and len(parts) == (MAX_PATH - 1) // 2
    assert lookup(place(obj({}), path, scalar()), parts).presence is Presence.PRESENT


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@pytest.mark.parametrize("name", sorted(DEFINITIONS))
def test_the_flow_runs_through_a_damaged_definition_or_there_is_no_machine(name: str) -> None:
    """A damaged Step Functions definition (JSON, YAML) gives a machine the flow runs, or none."""
    seed = DEFINITIONS[name].read_bytes()
    assert [f for f in extract(name, seed).facts if isinstance(f, StateMachine)]

    @settings(max_examples=examples(30), suppress_health_check=[HealthCheck.too_slow])
    @given(mutated((seed,)))
    def damaged(data: bytes) -> None:
        for fact in extract(name, data).facts:
            if isinstance(fact, StateMachine):
                flow = sfn_flow.run(fact.machine, lambda _state: None)
                assert all(isinstance(read.against, Shape) for read in flow.reads)
                assert all(isinstance(out, Shape) for out in flow.final)

    damaged()
