"""The contract tracer's JSONPath reader and its Step Functions flow on damaged input: a path is
a plain path whose parts can be written and read back, or not a plain path (unknown), never an
exception; a damaged state machine definition gives a machine the flow runs through, or none."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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


def _plain_and_read_back_or_unknown(path: str) -> bool:
    """A plain path's parts written into a value read back; a path that is not plain reads
    and writes unknown."""
    parts = parse_path(path)
    if parts is None:
        read = select(obj({"a": ShapeField("a", scalar(), 1)}), path)
        return read.kind == UNKNOWN and place(obj({}), path, scalar()).kind == UNKNOWN
    written = place(obj({}), path, scalar(7))
    # a wildcard names no field to read back
    return "*" in parts or (
        lookup(written, parts).presence is Presence.PRESENT and select(written, path).line == 7
    )


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@FUZZ
@given(mutated(PATHS))
def test_a_damaged_path_is_a_plain_path_read_back_or_unknown(data: bytes) -> None:
    """A damaged JSONPath is read as a plain path or as unknown, never an exception."""
    path = data.decode("utf-8", errors="replace")
    assert _plain_and_read_back_or_unknown(path)
    assert all(read.startswith("$") and read in path for read in intrinsic_paths(path))


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


def _flows(name: str, data: bytes) -> list[sfn_flow.Flow]:
    machines = [f for f in extract(name, data).facts if isinstance(f, StateMachine)]
    return [sfn_flow.run(m.machine, lambda _state: None) for m in machines]


def test_the_undamaged_definitions_give_machines_the_flow_reads() -> None:
    flows = {name: _flows(name, path.read_bytes()) for name, path in DEFINITIONS.items()}
    assert [name for name, ran in flows.items() if not ran or not all(f.reads for f in ran)] == []


@pytest.mark.reliability(cls="fuzzed input", outcome="survived")
@pytest.mark.parametrize("name", sorted(DEFINITIONS))
@settings(max_examples=examples(30), suppress_health_check=[HealthCheck.too_slow])
@given(drawn=st.data())
def test_the_flow_runs_through_a_damaged_definition_or_there_is_no_machine(
    name: str, drawn: st.DataObject
) -> None:
    """A damaged Step Functions definition (JSON, YAML) gives a machine the flow runs, or none."""
    flows = _flows(name, drawn.draw(mutated((DEFINITIONS[name].read_bytes(),))))
    assert all(isinstance(read.against, Shape) for flow in flows for read in flow.reads)
    assert all(isinstance(out, Shape) for flow in flows for out in flow.final)
