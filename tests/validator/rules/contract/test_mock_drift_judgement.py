"""CT001 compares a mock's answers with the real producer's, read by read."""

from __future__ import annotations

from ralph_validate.validator.contracts.observations import (
    MockComparison,
    MockedRead,
    ModelStub,
    StubEntry,
)
from ralph_validate.validator.contracts.shape import Presence
from ralph_validate.validator.findings import Status
from ralph_validate.validator.report.model import FieldRef, Location
from ralph_validate.validator.rules.contract.CT001_mock_drift import MockDrift
from ralph_validate.validator.rules.contract.rows import ContractTable

MOCK = FieldRef("tests/MockConfigFile.json", 3, "CountRows")
MOCK_FIELD = FieldRef("tests/MockConfigFile.json", 6, "Payload.passed")
WRITTEN = FieldRef("fn/count.py", 12, "Payload.details.passed")


def _read(**changes: object) -> MockedRead:
    seen = {
        "path": "Payload.passed",
        "consumer": FieldRef("infra/machine.asl.json", 20, "Payload.passed"),
        "producer": "CountRows",
        "producer_known": True,
        "real": Presence.ABSENT,
        "fake": Presence.PRESENT,
        "possible": frozenset({Presence.ABSENT}),
        "tolerated": False,
        "optional": False,
        "written": WRITTEN,
        "mock_field": MOCK_FIELD,
        "files": frozenset({"fn/count.py"}),
    }
    seen.update(changes)
    return MockedRead(**seen)  # type: ignore[arg-type]


def _mock(*reads: MockedRead) -> MockComparison:
    return MockComparison(
        boundary="CountRows (mock passed) -> RowCountMachine",
        files=frozenset({"tests/MockConfigFile.json", "infra/machine.asl.json"}),
        mock=MOCK,
        reads=reads,
    )


def _judge(*seen: object) -> tuple[ContractTable, list]:
    table = ContractTable()
    return table, table.run(MockDrift(), list(seen))


def test_a_mock_with_a_field_the_producer_never_writes_fails_at_the_mock() -> None:
    table, findings = _judge(_mock(_read()))
    (answer,) = table.answers
    assert (answer.row.question, answer.row.status, answer.row.kind) == (
        1,
        Status.FAIL,
        "contract.mock-drift",
    )
    assert answer.row.reason == "the mock has Payload.passed, the real CountRows does not"
    assert (answer.row.producer, answer.row.location) == (
        WRITTEN,
        Location("tests/MockConfigFile.json", 6),
    )
    # The drift rests on the producer's file too.
    assert answer.files == frozenset(
        {"tests/MockConfigFile.json", "infra/machine.asl.json", "fn/count.py"}
    )
    assert [(f.rule, f.file, f.line) for f in findings] == [
        ("CT001", "tests/MockConfigFile.json", 6)
    ]


def test_a_mock_lacking_a_field_the_producer_writes_fails_the_other_way() -> None:
    table, _ = _judge(
        _mock(
            _read(
                real=Presence.PRESENT, fake=Presence.ABSENT, possible=frozenset({Presence.PRESENT})
            )
        )
    )
    assert table.answers[0].row.reason == (
        "the mock lacks Payload.passed, the real CountRows writes it"
    )


def test_the_honest_twin_mocking_the_real_shape_passes_without_a_finding() -> None:
    agreeing = _read(
        real=Presence.PRESENT, fake=Presence.PRESENT, possible=frozenset({Presence.PRESENT})
    )
    table, findings = _judge(_mock(agreeing))
    (answer,) = table.answers
    assert (answer.row.status, answer.row.reason) == (
        Status.PASS,
        "the mock agrees with the producer on every field read",
    )
    assert (answer.row.location, answer.finding, findings) == (None, None, [])
    assert answer.files == frozenset({"tests/MockConfigFile.json", "infra/machine.asl.json"})


def test_a_difference_some_path_of_the_producer_allows_or_the_code_tolerates_is_no_drift() -> None:
    on_one_branch = _read(possible=frozenset({Presence.ABSENT, Presence.PRESENT}))
    guarded = _read(tolerated=True)
    optional = _read(optional=True)
    table, findings = _judge(_mock(on_one_branch, guarded, optional))
    assert [a.row.status for a in table.answers] == [Status.PASS]
    assert findings == []


def test_a_mock_of_a_producer_not_known_is_unknown_unless_another_read_drifts() -> None:
    unknown = _read(producer_known=False, real=Presence.UNKNOWN, written=None)
    table, findings = _judge(_mock(unknown))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.UNKNOWN, "the real producer is not known")
    ]
    assert [(f.file, f.line) for f in findings] == [("tests/MockConfigFile.json", 3)]
    table, _ = _judge(_mock(unknown, _read()))
    assert [a.row.status for a in table.answers] == [Status.FAIL]


def test_a_mock_no_read_reaches_gives_no_row() -> None:
    table, findings = _judge(_mock())
    assert (table.answers, findings) == ([], [])


def _stub(*entries: StubEntry) -> ModelStub:
    return ModelStub(
        boundary="botocore athena.get_query_execution (mock, tests/test_wait.py:8)",
        files=frozenset({"tests/test_wait.py"}),
        model="athena GetQueryExecution",
        response=FieldRef("botocore:athena/GetQueryExecution", 0, ""),
        entries=entries,
    )


def _entry(path: tuple[str, ...], line: int, **changes: object) -> StubEntry:
    seen = {
        "path": path,
        "at": FieldRef("tests/test_wait.py", line, ".".join(path)),
        "in_model": True,
        "missing": "",
        "inside": ".".join(path[:-1]),
        "members": (),
        "near": None,
        "written": FieldRef("botocore:athena/GetQueryExecution", 0, ".".join(path)),
        "field": FieldRef("botocore:athena/GetQueryExecution", 0, ".".join(path)),
        "value": None,
        "allowed": (),
    }
    seen.update(changes)
    return StubEntry(**seen)  # type: ignore[arg-type]


def test_a_stubbed_sdk_response_fails_per_key_the_model_lacks_and_per_bad_enum_value() -> None:
    wrong_key = _entry(
        ("QueryExecution", "Status", "state"),
        10,
        in_model=False,
        missing="state",
        inside="QueryExecution.Status",
        near="State",
    )
    under_it = _entry(("QueryExecution", "Status", "state", "x"), 11, in_model=False, missing="x")
    bad_value = _entry(
        ("QueryExecution", "StatementType"),
        12,
        value="QUERY",
        allowed=("DDL", "DML", "UTILITY"),
    )
    table, findings = _judge(_stub(wrong_key, under_it, bad_value))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (
            Status.FAIL,
            "the mock has QueryExecution.Status.state; the athena GetQueryExecution output "
            "has no state in QueryExecution.Status; did you mean State?",
        ),
        (
            Status.FAIL,
            "the mock sets QueryExecution.StatementType to 'QUERY'; the athena "
            "GetQueryExecution model allows only DDL, DML, UTILITY",
        ),
    ]
    assert [f.line for f in findings] == [10, 12]


def test_the_honest_stub_passes() -> None:
    good = _entry(("QueryExecution", "StatementType"), 12, value="DML", allowed=("DDL", "DML"))
    table, findings = _judge(_stub(good))
    assert [(a.row.status, a.row.reason) for a in table.answers] == [
        (Status.PASS, "every key and enum value is in the athena GetQueryExecution output")
    ]
    assert findings == []
