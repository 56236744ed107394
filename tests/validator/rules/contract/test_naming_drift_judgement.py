"""CT004 fails a missing read the same producer writes under another spelling or depth."""

from __future__ import annotations

from ralph_validate.validator.contracts.observations import FieldRead, ModelRead
from ralph_validate.validator.contracts.shape import Presence
from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import FieldRef, Location
from ralph_validate.validator.rules.contract.CT004_naming_drift import NamingDrift
from ralph_validate.validator.rules.contract.rows import ContractTable

READ = FieldRef("web/order.ts", 5, "estimatedDelivery")
WIRE = FieldRef("api/main.py", 20, "estimated_delivery")


def _read(**changes: object) -> FieldRead:
    seen = {
        "boundary": "GET /orders/{id} -> web/order.ts::show",
        "files": frozenset({"web/order.ts", "api/main.py"}),
        "consumer": READ,
        "path": "estimatedDelivery",
        "producer": "GET /orders/{id}",
        "presence": Presence.ABSENT,
        "written": FieldRef("api/main.py", 18, ""),
        "elsewhere": WIRE,
    }
    seen.update(changes)
    return FieldRead(**seen)  # type: ignore[arg-type]


def _judge(*seen: object) -> tuple[ContractTable, list]:
    table = ContractTable()
    return table, table.run(NamingDrift(), list(seen))


def test_a_read_spelled_otherwise_than_the_producer_writes_it_fails_at_the_read() -> None:
    table, findings = _judge(_read())
    (answer,) = table.answers
    assert (answer.row.question, answer.row.status, answer.row.kind) == (
        4,
        Status.FAIL,
        "contract.naming-drift",
    )
    assert answer.row.reason == (
        "reads estimatedDelivery; GET /orders/{id} writes estimated_delivery (spelled differently)"
    )
    assert (answer.row.producer, answer.row.consumer) == (WIRE, READ)
    assert answer.row.location == Location("web/order.ts", 5)
    assert [(f.rule, f.line) for f in findings] == [("CT004", 5)]


def test_the_same_name_at_another_depth_says_so() -> None:
    deeper = FieldRef("fn/count.py", 9, "Payload.details.passed")
    table, _ = _judge(
        _read(path="Payload.passed", elsewhere=deeper, same_name=True, producer="CountRows")
    )
    assert table.answers[0].row.reason == (
        "reads Payload.passed; CountRows writes Payload.details.passed (at another depth)"
    )


def test_the_honest_twin_reading_the_wire_name_gives_no_row() -> None:
    table, findings = _judge(_read(presence=Presence.PRESENT, elsewhere=None, written=WIRE))
    assert (table.answers, findings) == ([], [])


def test_no_drift_is_claimed_where_the_read_is_not_known_to_be_missing() -> None:
    unknown = _read(presence=Presence.UNKNOWN)
    unresolved = _read(unresolved="its handler is not in the repository")
    execution_input = _read(execution_input=True)
    vague_guard = _read(guard_understood=False)
    table, findings = _judge(unknown, unresolved, execution_input, vague_guard)
    assert (table.answers, findings) == ([], [])


def test_an_sdk_read_near_a_member_of_the_model_fails_naming_the_member() -> None:
    near = FieldRef("botocore:athena/GetQueryExecution", 0, "QueryExecution.Status.State")
    seen = ModelRead(
        boundary="botocore athena.get_query_execution -> app.py::wait",
        files=frozenset({"app.py"}),
        consumer=FieldRef("app.py", 7, "QueryExecution.Status.state"),
        path="QueryExecution.Status.state",
        model="athena GetQueryExecution",
        in_model=False,
        written=FieldRef("botocore:athena/GetQueryExecution", 0, "QueryExecution.Status"),
        missing="state",
        inside="QueryExecution.Status",
        members=("State", "StateChangeReason"),
        near=near,
        guarded=False,
    )
    table, _ = _judge(seen)
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (
            Status.FAIL,
            "reads QueryExecution.Status.state; the athena GetQueryExecution output has "
            "QueryExecution.Status.State",
        )
    ]
    honest = ModelRead(**{**seen.__dict__, "in_model": True, "near": None, "missing": ""})
    table, _ = _judge(honest)
    assert table.answers == []
