"""CT003 fails a field nobody reads where the value stays put, UNKNOWN where it escapes."""

from __future__ import annotations

import pytest

from ralph_validate.validator.contracts.observations import Escape, Holder, UnreadField
from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import FieldRef, Location
from ralph_validate.validator.rules.contract.CT003_unconsumed_field import UnconsumedField
from ralph_validate.validator.rules.contract.rows import ContractTable

ROWS = FieldRef("fn/count.py", 14, "Payload.rows")


def _unread(holder: Holder, *escapes: Escape) -> UnreadField:
    return UnreadField(
        boundary="CountRows -> RowCountMachine",
        files=frozenset({"fn/count.py", "infra/machine.asl.json"}),
        written=ROWS,
        holder=holder,
        escapes=escapes,
    )


def _judge(*seen: UnreadField) -> tuple[ContractTable, list]:
    table = ContractTable()
    return table, table.run(UnconsumedField(), list(seen))


def test_a_field_the_state_machine_drops_unread_fails_at_the_write() -> None:
    table, findings = _judge(_unread(Holder.STATE_MACHINE))
    (answer,) = table.answers
    assert (answer.row.question, answer.row.status, answer.row.kind) == (
        3,
        Status.FAIL,
        "contract.unconsumed-field",
    )
    assert answer.row.reason == "nobody reads it before the state machine drops it"
    assert (answer.row.producer, answer.row.location) == (ROWS, Location("fn/count.py", 14))
    assert [(f.rule, f.file, f.line, f.status) for f in findings] == [
        ("CT003", "fn/count.py", 14, Status.FAIL)
    ]
    assert findings[0].message == (
        "CountRows -> RowCountMachine: Payload.rows: "
        "nobody reads it before the state machine drops it"
    )


@pytest.mark.parametrize(
    ("escapes", "reason"),
    [
        (
            (Escape.EXECUTION_OUTPUT,),
            "nobody in the state machine reads it; it reaches the execution output",
        ),
        (
            (Escape.SHARED_FUNCTION, Escape.TASK_INPUT),
            "nobody in the state machine reads it; it is passed to a task (or a JSONata "
            "state) whose reads are not known",
        ),
        (
            (Escape.SHARED_FUNCTION,),
            "nobody in the state machine reads it; the function is also invoked outside it "
            "(an API, a URL, an event source), whose readers are not known",
        ),
    ],
)
def test_a_machine_value_that_escapes_is_unknown_and_says_where(
    escapes: tuple[Escape, ...], reason: str
) -> None:
    table, findings = _judge(_unread(Holder.STATE_MACHINE, *escapes))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [(Status.UNKNOWN, reason)]
    assert [f.status for f in findings] == [Status.UNKNOWN]


def test_a_private_functions_unread_field_fails_and_an_exported_ones_is_unknown() -> None:
    table, _ = _judge(_unread(Holder.CODE))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.FAIL, "no reader of this value reads it")
    ]
    for escape in (Escape.ROUTE, Escape.PUBLIC, Escape.FOREIGN_READER, Escape.PASSED_ON):
        table, _ = _judge(_unread(Holder.CODE, escape))
        assert [(a.row.status, a.row.reason) for a in table.answers] == [
            (Status.UNKNOWN, "no reader here reads it; the value also goes where we cannot see")
        ]
